import Foundation

/// The block element and two colours that draw one cell of a picture closest to its pixels:
/// chafa's method. A cell is sampled as 2 × 6 *atoms* (the least grid on which the half blocks,
/// quadrants and sextants all fall on atom edges: halves and quadrants take three atom rows,
/// sextants two). Each candidate symbol splits the atoms into those under its foreground and
/// those under its background; the best colours for each side are the mean of its atoms, and
/// the symbol's error is the sum of the squared distances of the atoms from their side's mean.
/// The symbol with the least error wins.
///
/// Distances are in CIELAB (CIE 1976: what `make bench`'s picture quality measures), so the
/// means and the error follow what the eye sees more than RGB does. In 256 colours the two
/// means are matched to the palette (entries 16–255: a user's theme may change the first 16)
/// in the same space, and the symbols nearest the best are compared again with the palette's
/// colours, whose distance from the means adds to their error exactly (the means are the
/// centroids of their sides).
package struct CellSymbolChoice: Sendable {
    /// Atoms across and down a cell.
    package static let atomColumns = 2, atomRows = 6
    package static let atomCount = atomColumns * atomRows

    /// One way of splitting a cell: the atoms under the foreground (bit `row * 2 + column`)
    /// and the character that shows them so.
    struct Split: Sendable {
        let mask: UInt16
        let scalar: UInt32
        /// Whether the symbol costs more than a half block (a cell the writer cannot fold into
        /// a picture run): it must then be better by more than `margin`.
        let fine: Bool
    }

    /// The symbols this choice may use, each split once (complements draw the same picture
    /// with the colours swapped).
    let splits: [Split]
    /// Whether colours are palette entries (256 colours) rather than RGB.
    let palette256: Bool
    /// Whether colours are direct (RGB the terminal shows as it is): then a finer symbol need
    /// not win by `margin` (no half-block rows are prepared in direct colour, and the writer
    /// holds cells of every symbol by colour pair alike), and a colour close to one the row
    /// has already is drawn in that one (`RowColors`, `reuseShare`).
    let direct: Bool

    /// Squared Lab distance, summed over a cell's atoms, that a finer symbol must win by before
    /// it replaces a half block: a flat patch stays in half blocks, which scroll as prepared
    /// picture runs, instead of flickering between symbols on noise.
    static let margin: Float = 24

    /// Symbols of `symbols`, colours for a canvas of `colorMode`: the 256-colour palette's in
    /// 256 colours, RGB otherwise (direct colour with the choices `direct` makes).
    package init(symbols: PictureSymbols, colorMode: ColorMode) {
        self.init(symbols: symbols, palette256: colorMode == .palette256, direct: colorMode == .direct)
    }

    /// Symbols of `symbols`, colours from the 256-colour palette when `palette256`, RGB
    /// otherwise; `direct` as that property says.
    package init(symbols: PictureSymbols, palette256: Bool, direct: Bool = false) {
        self.palette256 = palette256
        self.direct = direct && !palette256
        var splits = [Split(mask: 0x03F, scalar: 0x2580, fine: false)] // ▀ (upper half)
        if symbols >= .quadrants {
            splits += [
                Split(mask: 0x555, scalar: 0x258C, fine: true), // ▌
                Split(mask: 0x015, scalar: 0x2598, fine: true), // ▘
                Split(mask: 0x02A, scalar: 0x259D, fine: true), // ▝
                Split(mask: 0x540, scalar: 0x2596, fine: true), // ▖
                Split(mask: 0xA80, scalar: 0x2597, fine: true), // ▗
                Split(mask: 0xA95, scalar: 0x259A, fine: true) // ▚
            ]
        }
        if symbols >= .sextants {
            // Sextant n (bit b: row b / 2, column b % 2 of a 2 × 3 grid), n and 63 - n being the
            // same split; 21, the left half, is ▌ (Unicode has no sextant for it) and already in.
            for n in 1...31 where n != 21 {
                var mask: UInt16 = 0
                for b in 0..<6 where n >> b & 1 == 1 {
                    let r = b / 2, c = b % 2
                    mask |= 1 << ((2 * r) * 2 + c) | 1 << ((2 * r + 1) * 2 + c)
                }
                splits.append(Split(mask: mask, scalar: Self.sextant(n), fine: true))
            }
        }
        self.splits = splits
    }

    /// The sextant character with the parts of `n` (1–62, not 21 or 42) in the foreground.
    package static func sextant(_ n: Int) -> UInt32 { UInt32(0x1FB00 + n - 1 - (n > 21 ? 1 : 0) - (n > 42 ? 1 : 0)) }

    /// The cell for `atoms` (`atomCount` Lab colours, row by row): its character, foreground and
    /// background. A cell best shown in one colour, or as top and bottom halves, comes out as
    /// an upper half block (two equal colours for one), the form the writer draws pictures in.
    package func choose(_ atoms: UnsafeBufferPointer<SIMD3<Float>>) -> (scalar: UInt32, fg: Color, bg: Color) {
        var exact = RowColors(reuses: false)
        return choose(atoms, reusing: &exact)
    }

    /// The cell for `atoms`, as `choose(_:)`; in direct colour each side's colour is one that
    /// `row` gave a cell to the left where that is close enough (`reuseShare`).
    package func choose(_ atoms: UnsafeBufferPointer<SIMD3<Float>>, reusing row: inout RowColors) -> (
        scalar: UInt32, fg: Color, bg: Color
    ) {
        var total = SIMD3<Float>(repeating: 0), squares: Float = 0
        for a in atoms {
            total += a
            squares += (a * a).sum()
        }
        let n = Float(Self.atomCount)
        // Candidates by error: the cell in one colour, then every split. In 256 colours the few
        // best go on to the palette's colours, kept in order of error as they come (a fixed
        // buffer: this runs for every cell of every picture, and allocates nothing).
        var best = (error: squares - (total * total).sum() / n, split: -1)
        var top = Candidates()
        if palette256 { top.offer(best.error, -1) }
        for (i, split) in splits.enumerated() {
            var inside = SIMD3<Float>(repeating: 0)
            var bits = split.mask
            while bits != 0 {
                inside += atoms[bits.trailingZeroBitCount]
                bits &= bits - 1
            }
            let k = Float(split.mask.nonzeroBitCount), outside = total - inside
            let error =
                squares - (inside * inside).sum() / k - (outside * outside).sum() / (n - k)
                + (split.fine && !direct ? Self.margin : 0)
            if error < best.error { best = (error, i) }
            if palette256 { top.offer(error, i) }
        }
        func means(_ split: Int) -> (fg: SIMD3<Float>, bg: SIMD3<Float>) {
            guard split >= 0 else { return (total / n, total / n) }
            var inside = SIMD3<Float>(repeating: 0)
            var bits = splits[split].mask
            while bits != 0 {
                inside += atoms[bits.trailingZeroBitCount]
                bits &= bits - 1
            }
            let k = Float(splits[split].mask.nonzeroBitCount)
            return (inside / k, (total - inside) / (n - k))
        }
        func written(_ split: Int, _ fg: Color, _ bg: Color) -> (scalar: UInt32, fg: Color, bg: Color) {
            (split >= 0 ? splits[split].scalar : 0x2580, fg, bg)
        }
        guard palette256 else {
            let (fg, bg) = means(best.split)
            guard direct else { return written(best.split, color(fg), color(bg)) }
            // Each side's tolerance: a share of its atoms' spread about their mean (what drawing
            // them in one colour already blurs), squared.
            func tolerance(inside: Bool) -> Float {
                var spread: Float = 0, count: Float = 0
                let mean = inside ? fg : bg
                let mask = best.split >= 0 ? splits[best.split].mask : 0xFFF
                for a in 0..<Self.atomCount where (mask >> a & 1 == 1) == inside {
                    let d = atoms[a] - mean
                    spread += (d * d).sum()
                    count += 1
                }
                return min(Self.reuseLimit * Self.reuseLimit, Self.reuseShare * Self.reuseShare * spread / count)
            }
            let fgColor = row.color(fg, within: tolerance(inside: true))
            return written(
                best.split, fgColor, best.split >= 0 ? row.color(bg, within: tolerance(inside: false)) : fgColor)
        }
        // The few best, again with the palette's colours. Beside the entries nearest each side's
        // mean, each side is also tried with the other side's error carried into it (error
        // diffusion inside the cell): two entries whose mix is the cell's mean, where the
        // palette has no entry near it. Their score weighs how far the mix, which is what the
        // eye sees from a little way off, is from the cell's mean (`mixWeight`).
        let palette = PaletteLab.shared, mean = total / n
        var chosen = (error: Float.infinity, split: -1, fg: 0, bg: 0)
        func offer(_ error: Float, _ split: Int, _ k: Float, _ fg: SIMD3<Float>, _ bg: SIMD3<Float>, _ f: Int, _ b: Int)
        {
            let qf = palette.lab(f), qb = palette.lab(b)
            let df = fg - qf, db = bg - qb, mix = mean - (k * qf + (n - k) * qb) / n
            let e = error + k * (df * df).sum() + (n - k) * (db * db).sum() + Self.mixWeight * n * (mix * mix).sum()
            if e < chosen.error { chosen = (e, split, f, b) }
        }
        for c in 0..<top.count {
            let (error, split) = top[c]
            let (fg, bg) = means(split)
            let f = palette.nearest(fg).index
            guard split >= 0 else {
                offer(error, split, n, fg, bg, f, f)
                continue
            }
            let k = Float(splits[split].mask.nonzeroBitCount)
            let b = palette.nearest(bg).index
            offer(error, split, k, fg, bg, f, b)
            let carriedToBackground = palette.nearest(bg - k / (n - k) * (palette.lab(f) - fg)).index
            if carriedToBackground != b { offer(error, split, k, fg, bg, f, carriedToBackground) }
            let carriedToForeground = palette.nearest(fg - (n - k) / k * (palette.lab(b) - bg)).index
            if carriedToForeground != f { offer(error, split, k, fg, bg, carriedToForeground, b) }
        }
        return written(chosen.split, .palette(UInt8(chosen.fg)), .palette(UInt8(chosen.bg)))
    }

    /// The `paletteCandidates` least errors offered and their splits, least first; of equal
    /// errors, the one offered first first (as a stable sort of all of them would have it).
    struct Candidates {
        // SIMD vectors: fixed storage on the stack that Swift 6.0 has (InlineArray is 6.2's).
        private var errors = SIMD8<Float>(repeating: 0)
        private var splits = SIMD8<Int32>(repeating: 0)
        private(set) var count = 0
        private static let capacity = CellSymbolChoice.paletteCandidates

        subscript(i: Int) -> (error: Float, split: Int) { (errors[i], Int(splits[i])) }

        mutating func offer(_ error: Float, _ split: Int) {
            var at = count
            while at > 0 && errors[at - 1] > error { at -= 1 }
            guard at < Self.capacity else { return }
            var j = min(count, Self.capacity - 1)
            while j > at {
                errors[j] = errors[j - 1]
                splits[j] = splits[j - 1]
                j -= 1
            }
            errors[at] = error
            splits[at] = Int32(split)
            count = min(count + 1, Self.capacity)
        }
    }

    /// How many of the best splits (by their error in exact colours) are tried in the palette's
    /// (the size of `Candidates`, at most its vectors' 8 lanes).
    static let paletteCandidates = 6
    /// In direct colour, how far (CIE76 ΔE) a side's colour may be from one its row has already
    /// to be drawn in that one (`RowColors`), as a share of the root mean square distance of the
    /// side's atoms from their mean: a colour off by a fifth or so of what the side's own pixels
    /// vary by is lost in them, while a flat patch (a sky), whose cells vary by next to nothing,
    /// keeps its exact colours. (On the photos `make bench` measures, a fixed tolerance of
    /// 0.75 raised the blurred ΔE of the smoothest by 6 %, this one by under 0.5 %, and saved
    /// more bytes on the generated folder. From 0.2 to 0.22 a Down on the 1080p folder went
    /// from 11,424 to 11,351 bytes, the four photos' blurred ΔE up by at most 0.001.)
    package static let reuseShare: Float = 0.22
    /// The most a side's colour may be off (CIE76 ΔE) however much its atoms vary.
    package static let reuseLimit: Float = 8
    /// Weight of the squared distance between a cell's mean and the mean of its two palette
    /// colours, per atom, against the atoms' own squared distances.
    static let mixWeight: Float = 1

    /// The colour written for a Lab one: RGB, or the nearest palette entry in 256 colours.
    package func color(_ lab: SIMD3<Float>) -> Color {
        if palette256 { return .palette(UInt8(PaletteLab.shared.nearest(lab).index)) }
        let (r, g, b) = Lab.rgb(lab)
        return .rgb(r, g, b)
    }
}

/// CIELAB (D65) from and to 8-bit sRGB.
package enum Lab {
    /// sRGB byte to linear light.
    private static let linear: [Float] = (0..<256).map { i in
        let c = Float(i) / 255
        return c <= 0.04045 ? c / 12.92 : Float(pow(Double((c + 0.055) / 1.055), 2.4))
    }

    private static let white = SIMD3<Float>(0.95047, 1.0, 1.08883)
    private static let edge: Float = 6.0 / 29.0

    /// The Lab colour of an sRGB one.
    package static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SIMD3<Float> {
        let lr = linear[Int(r)], lg = linear[Int(g)], lb = linear[Int(b)]
        let xyz =
            SIMD3<Float>(
                0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb,
                0.2126729 * lr + 0.7151522 * lg + 0.0721750 * lb,
                0.0193339 * lr + 0.1191920 * lg + 0.9503041 * lb) / white
        func f(_ t: Float) -> Float { t > edge * edge * edge ? cbrtf(t) : t / (3 * edge * edge) + 4.0 / 29.0 }
        let fx = f(xyz.x), fy = f(xyz.y), fz = f(xyz.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The sRGB colour nearest a Lab one (out-of-gamut channels clamped).
    package static func rgb(_ lab: SIMD3<Float>) -> (UInt8, UInt8, UInt8) {
        let fy = (lab.x + 16) / 116, fx = fy + lab.y / 500, fz = fy - lab.z / 200
        func finv(_ f: Float) -> Float { f > edge ? f * f * f : 3 * edge * edge * (f - 4.0 / 29.0) }
        let x = finv(fx) * white.x, y = finv(fy) * white.y, z = finv(fz) * white.z
        let lin = SIMD3<Float>(
            3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
            -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
            0.0556434 * x - 0.2040259 * y + 1.0572252 * z)
        func byte(_ c: Float) -> UInt8 {
            let c = min(1, max(0, c))
            let s = c <= 0.0031308 ? 12.92 * c : 1.055 * Float(pow(Double(c), 1 / 2.4)) - 0.055
            return UInt8(min(255, max(0, (s * 255).rounded())))
        }
        return (byte(lin.x), byte(lin.y), byte(lin.z))
    }
}

/// The xterm 256-colour palette's entries 16–255 (the colour cube and the grey ramp, the same in
/// every terminal that has them) in Lab, for matching a colour to its nearest entry.
package final class PaletteLab: Sendable {
    package static let shared = PaletteLab()
    /// Lab of entries 16–255, by entry less 16.
    let entries: [SIMD3<Float>]
    /// The same entries ordered by lightness (L), as Lab and entry less 16: the nearest entry
    /// is looked for outwards from a colour's lightness, and the search stops where lightness
    /// alone is further than the nearest found (a picture cell in 256 colours asks this up to
    /// two dozen times; a scan of all 240 was most of its time).
    private let byLightness: [(lab: SIMD3<Float>, entry: Int)]

    private init() {
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        var entries: [SIMD3<Float>] = []
        for i in 0..<216 { entries.append(Lab.lab(steps[i / 36], steps[i / 6 % 6], steps[i % 6])) }
        for i in 0..<24 {
            let v = UInt8(8 + 10 * i)
            entries.append(Lab.lab(v, v, v))
        }
        self.entries = entries
        byLightness = entries.enumerated().map { ($0.element, $0.offset) }.sorted {
            ($0.lab.x, $0.entry) < ($1.lab.x, $1.entry)
        }
    }

    /// The Lab colour of entry `index` (16–255).
    @inline(__always)
    package func lab(_ index: Int) -> SIMD3<Float> { entries[index - 16] }

    /// The entry nearest `lab` and its squared distance; of entries equally near, the lowest.
    package func nearest(_ lab: SIMD3<Float>) -> (index: Int, distance: Float) {
        byLightness.withUnsafeBufferPointer { sorted in
            // The first entry at least as light as `lab`, then outwards both ways.
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid].lab.x < lab.x { low = mid + 1 } else { high = mid }
            }
            var best = (entry: Int.max, distance: Float.infinity)
            func offer(_ i: Int) {
                let d = sorted[i].lab - lab, dd = (d * d).sum()
                if dd < best.distance || (dd == best.distance && sorted[i].entry < best.entry) {
                    best = (sorted[i].entry, dd)
                }
            }
            // Each way, until lightness alone is further than the nearest (an entry exactly as
            // far could still be a lower one: those are looked at too).
            var up = low, down = low - 1
            while up < sorted.count || down >= 0 {
                if up < sorted.count {
                    let dl = sorted[up].lab.x - lab.x
                    if dl * dl > best.distance { up = sorted.count } else { offer(up); up += 1 }
                }
                if down >= 0 {
                    let dl = lab.x - sorted[down].lab.x
                    if dl * dl > best.distance { down = -1 } else { offer(down); down -= 1 }
                }
            }
            return (best.entry + 16, best.distance)
        }
    }

    /// The entry nearest `lab` by looking at every one: what `nearest` must agree with.
    package func nearestByScan(_ lab: SIMD3<Float>) -> (index: Int, distance: Float) {
        var best = (index: 16, distance: Float.infinity)
        for (i, e) in entries.enumerated() {
            let d = e - lab, dd = (d * d).sum()
            if dd < best.distance { best = (i + 16, dd) }
        }
        return best
    }
}
