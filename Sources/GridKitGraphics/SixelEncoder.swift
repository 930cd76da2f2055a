import Foundation
import GridKit

/// Sixel, DEC's bitmap format that xterm, foot, mlterm, WezTerm, Windows Terminal and Konsole
/// draw: a palette, then bands six pixels tall, one run-length coded pass per colour.
///
/// The palette is chosen per image by median cut (boxes of colour space split at the median of
/// their longest side), and pixels are mapped to it with Floyd–Steinberg dithering unless
/// turned off. Alpha is laid over black.
public enum SixelEncoder {
    /// Dithering for pictures encoded by `sixel(_:colors:)`: on, unless
    /// `GRIDKIT_SIXEL_DITHER=off` (flat colours, fewer bytes).
    public static let dithersByDefault: Bool = {
        guard let value = getenv("GRIDKIT_SIXEL_DITHER") else { return true }
        return String(cString: value) != "off"
    }()

    /// The DCS sequence for `image` with at most `colors` palette entries, made once per image
    /// and palette size (kept on the image, with its colours: `quantized(_:colors:)`).
    public static func sixel(_ image: TerminalImage, colors: Int) -> [UInt8] {
        image.encoding("sixel-\(colors)") {
            let pixels = quantized(image, colors: colors)
            return encode(pixels, region: Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        }
    }

    /// `image`'s sixel colours with the default dithering, decided once per image and palette
    /// size and kept on the image: the picture's preparation (off the main thread) decides them
    /// with its whole sixel, and a piece cut from it later needs no work of its own.
    package static func quantized(_ image: TerminalImage, colors: Int) -> Quantized {
        let kept = image.encoding("sixel-colours-\(colors)") { quantized(image, colors: colors, dither: dithersByDefault).stored }
        return Quantized(stored: kept, width: image.width, height: image.height)
    }

    /// The DCS sequence for `image` with at most `colors` palette entries (2…256). Its
    /// background is transparent (P2 = 1), so the bottom band's pixels below the image leave
    /// what is under them alone.
    public static func encode(_ image: TerminalImage, colors: Int = 256, dither: Bool = true) -> [UInt8] {
        let pixels = quantized(image, colors: colors, dither: dither)
        return encode(pixels, region: Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
    }

    /// A picture's colours decided once for sixel: its palette and each pixel's entry in it.
    /// A piece cut from it (`encode(_:region:)`) shows exactly the pixels the whole picture
    /// shows there, where a piece quantized on its own would choose its own palette and dither
    /// differently: a tile cut by a header then differs from the same tile scrolled there.
    package struct Quantized: Sendable {
        package let width: Int, height: Int
        package let palette: [(UInt8, UInt8, UInt8)]
        /// Palette entries, a byte a pixel, row by row.
        package let indexes: [UInt8]

        init(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], indexes: [UInt8]) {
            self.width = width; self.height = height; self.palette = palette; self.indexes = indexes
        }

        /// As kept on an image: the palette's size, its colours (three bytes each), the entries.
        var stored: [UInt8] {
            var out: [UInt8] = [UInt8(truncatingIfNeeded: palette.count - 1)]
            out.reserveCapacity(1 + palette.count * 3 + indexes.count)
            for c in palette { out += [c.0, c.1, c.2] }
            return out + indexes
        }

        init(stored: [UInt8], width: Int, height: Int) {
            guard let first = stored.first, width > 0, height > 0 else { self.init(width: 0, height: 0, palette: [], indexes: []); return }
            let n = Int(first) + 1
            var palette: [(UInt8, UInt8, UInt8)] = []
            palette.reserveCapacity(n)
            for i in 0..<n {
                let at = 1 + i * 3
                palette.append((stored[at], stored[at + 1], stored[at + 2]))
            }
            self.init(width: width, height: height, palette: palette, indexes: Array(stored[(1 + n * 3)...]))
        }
    }

    /// `image`'s palette (at most `colors` entries, median cut) and pixels mapped to it.
    package static func quantized(_ image: TerminalImage, colors: Int, dither: Bool) -> Quantized {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return Quantized(width: 0, height: 0, palette: [], indexes: []) }
        let rgb = opaque(image)
        let palette = medianCut(rgb, count: max(2, min(256, colors)))
        return Quantized(width: w, height: h, palette: palette, indexes: quantize(rgb, width: w, height: h, palette: palette, dither: dither))
    }

    /// The DCS sequence for the pixels of `region` (inside the picture) of `pixels`: its own
    /// size, the picture's palette, only the entries the region uses defined. A colour's pass
    /// over a band ends at its last pixel there (the rest of the band stays as it is).
    ///
    /// Pieces of cut tiles are encoded on the main thread, a screenful of them after a scroll:
    /// no text is formatted and no array made per run (that cost 21 ms a Down in xterm's size).
    package static func encode(_ pixels: Quantized, region requested: Rect) -> [UInt8] {
        let region = requested.intersection(Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        let w = region.width, h = region.height, palette = pixels.palette, n = palette.count
        guard w > 0, h > 0, n > 0, pixels.indexes.count >= pixels.width * pixels.height else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(64 + n * 16 + w * h / 2)
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func append(decimal value: Int) {
            var v = value, digits = 1
            while v >= 10 { v /= 10; digits *= 10 }
            v = value
            while digits > 0 {
                out.append(UInt8(48 + v / digits))
                v %= digits
                digits /= 10
            }
        }
        append("\u{1B}P0;1;0q\"1;1;")
        append(decimal: w)
        out.append(59) // ;
        append(decimal: h)
        var used = [Bool](repeating: false, count: n)
        pixels.indexes.withUnsafeBufferPointer { all in
            let indexes = all.baseAddress!
            for y in region.minY..<region.maxY {
                for x in region.minX..<region.maxX { used[Int(indexes[y * pixels.width + x])] = true }
            }
        }
        for (i, c) in palette.enumerated() where used[i] {
            out.append(35) // #
            append(decimal: i)
            append(";2;")
            append(decimal: Int(c.0) * 100 / 255)
            out.append(59)
            append(decimal: Int(c.1) * 100 / 255)
            out.append(59)
            append(decimal: Int(c.2) * 100 / 255)
        }
        // Per colour, a band's six rows of bits across the region, and where in the band the
        // colour is (its first and last column; first > last when it is not in the band).
        var bits = [UInt8](repeating: 0, count: n * w)
        var first = [Int](repeating: Int.max, count: n), last = [Int](repeating: -1, count: n)
        func run(_ sixel: UInt8, _ count: Int) {
            if count > 3 {
                out.append(33) // !
                append(decimal: count)
                out.append(sixel)
            } else {
                for _ in 0..<count { out.append(sixel) }
            }
        }
        pixels.indexes.withUnsafeBufferPointer { all in
            bits.withUnsafeMutableBufferPointer { bitBuffer in
                first.withUnsafeMutableBufferPointer { firstBuffer in
                    last.withUnsafeMutableBufferPointer { lastBuffer in
                        let indexes = all.baseAddress!, bits = bitBuffer.baseAddress!
                        let first = firstBuffer.baseAddress!, last = lastBuffer.baseAddress!
                        var band = 0
                        while band < h {
                            let rows = min(6, h - band)
                            for r in 0..<rows {
                                let base = (region.minY + band + r) * pixels.width + region.minX
                                let bit = UInt8(1) << UInt8(r)
                                for x in 0..<w {
                                    let c = Int(indexes[base + x])
                                    bits[c * w + x] |= bit
                                    if x < first[c] { first[c] = x }
                                    if x > last[c] { last[c] = x }
                                }
                            }
                            var passes = 0
                            for c in 0..<n where first[c] <= last[c] {
                                if passes > 0 { out.append(36) } // $: back to the band's start
                                passes += 1
                                out.append(35) // #
                                append(decimal: c)
                                let row = bits + c * w
                                run(63, first[c])
                                var x = first[c]
                                while x <= last[c] {
                                    let v = row[x]
                                    var count = 1
                                    while x + count <= last[c] && row[x + count] == v { count += 1 }
                                    run(63 + v, count)
                                    x += count
                                }
                                for k in first[c]...last[c] { row[k] = 0 }
                                first[c] = Int.max
                                last[c] = -1
                            }
                            band += 6
                            if band < h { out.append(45) } // -: next band
                        }
                    }
                }
            }
        }
        append("\u{1B}\\")
        return out
    }

    /// RGB, alpha laid over black.
    static func opaque(_ image: TerminalImage) -> [UInt8] {
        let n = image.width * image.height
        var out = [UInt8](repeating: 0, count: n * 3)
        image.rgba.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { outBuffer in
                guard n > 0, let src = srcBuffer.baseAddress, let out = outBuffer.baseAddress else { return }
                for i in 0..<n {
                    let a = Int(src[i * 4 + 3])
                    out[i * 3] = UInt8(Int(src[i * 4]) * a / 255)
                    out[i * 3 + 1] = UInt8(Int(src[i * 4 + 1]) * a / 255)
                    out[i * 3 + 2] = UInt8(Int(src[i * 4 + 2]) * a / 255)
                }
            }
        }
        return out
    }

    /// Up to `count` colours that represent `rgb` well: median cut over (a sample of) its pixels.
    package static func medianCut(_ rgb: [UInt8], count: Int) -> [(UInt8, UInt8, UInt8)] {
        let pixels = rgb.count / 3
        let step = max(1, pixels / 65_536) // a sample is enough to choose a palette
        var samples: [UInt32] = []
        samples.reserveCapacity(pixels / step + 1)
        var i = 0
        while i < pixels { samples.append(UInt32(rgb[i * 3]) << 16 | UInt32(rgb[i * 3 + 1]) << 8 | UInt32(rgb[i * 3 + 2])); i += step }
        func channel(_ v: UInt32, _ c: Int) -> UInt32 { (v >> UInt32(16 - 8 * c)) & 0xFF }
        // A box is a range of `samples`, with its widest channel worked out once when it is
        // made: looking again at every box for each of up to 255 splits made a picture's
        // palette cost 255 passes over its pixels (a second a tile in a debug build).
        struct Box {
            var range: Range<Int>
            var channel = 0
            var spread: UInt32 = 0
        }
        func measured(_ range: Range<Int>) -> Box {
            var box = Box(range: range)
            guard range.count > 1 else { return box }
            var lo: (UInt32, UInt32, UInt32) = (255, 255, 255), hi: (UInt32, UInt32, UInt32) = (0, 0, 0)
            samples.withUnsafeBufferPointer { all in
                let base = all.baseAddress!
                for i in range {
                    let v = base[i], r = v >> 16 & 0xFF, g = v >> 8 & 0xFF, b = v & 0xFF
                    lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                    hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
                }
            }
            // The first channel with the largest spread, as the split below expects.
            for (c, spread) in [hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2].enumerated() where spread > box.spread {
                box.channel = c
                box.spread = spread
            }
            return box
        }
        var boxes = [measured(0..<samples.count)]
        while boxes.count < count {
            // Split the box with the widest spread (the first of equals); stop when none can be split.
            var pick = -1, pickSpread: UInt32 = 0
            for (k, b) in boxes.enumerated() where b.spread > pickSpread {
                pick = k
                pickSpread = b.spread
            }
            guard pick >= 0 else { break }
            let box = boxes[pick]
            sortByChannel(&samples, box.range, shift: UInt32(16 - 8 * box.channel))
            let mid = box.range.lowerBound + box.range.count / 2
            boxes[pick] = measured(box.range.lowerBound..<mid)
            boxes.append(measured(mid..<box.range.upperBound))
        }
        return boxes.map { box in
            var r = 0, g = 0, b = 0
            for v in samples[box.range] { r += Int(channel(v, 0)); g += Int(channel(v, 1)); b += Int(channel(v, 2)) }
            let n = max(1, box.range.count)
            return (UInt8(r / n), UInt8(g / n), UInt8(b / n))
        }
    }

    /// Sorts `samples[range]` by one 8-bit channel, keeping the order of equal values (what a
    /// stable sort does, in one counting pass instead of comparisons).
    package static func sortByChannel(_ samples: inout [UInt32], _ range: Range<Int>, shift: UInt32) {
        guard range.count > 1 else { return }
        var counts = [Int](repeating: 0, count: 257)
        var sorted = [UInt32](repeating: 0, count: range.count)
        samples.withUnsafeMutableBufferPointer { all in
            counts.withUnsafeMutableBufferPointer { countBuffer in
                sorted.withUnsafeMutableBufferPointer { sortedBuffer in
                    let base = all.baseAddress!, counts = countBuffer.baseAddress!, out = sortedBuffer.baseAddress!
                    for i in range { counts[Int(base[i] >> shift & 0xFF) + 1] += 1 }
                    for v in 0..<256 { counts[v + 1] += counts[v] }
                    for i in range {
                        let v = Int(base[i] >> shift & 0xFF)
                        out[counts[v]] = base[i]
                        counts[v] += 1
                    }
                    for k in 0..<range.count { base[range.lowerBound + k] = out[k] }
                }
            }
        }
    }

    /// Palette indexes for every pixel, nearest colour (by squared distance), with optional
    /// Floyd–Steinberg error diffusion.
    static func quantize(_ rgb: [UInt8], width w: Int, height h: Int, palette: [(UInt8, UInt8, UInt8)], dither: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        guard w > 0, h > 0, !palette.isEmpty, rgb.count >= w * h * 3 else { return out }
        var cache = [Int16](repeating: -1, count: 1 << 15) // 5 bits a channel
        let colours: [Int] = palette.flatMap { [Int($0.0), Int($0.1), Int($0.2)] }
        let n = palette.count
        var err = [Int](repeating: 0, count: (w + 2) * 3 * 2) // this row and the next
        // Raw pointers: per-pixel loops over arrays ran 50 times slower in a debug build, where
        // the tests run the app.
        rgb.withUnsafeBufferPointer { rgbBuffer in
            colours.withUnsafeBufferPointer { colourBuffer in
                cache.withUnsafeMutableBufferPointer { cacheBuffer in
                    err.withUnsafeMutableBufferPointer { errBuffer in
                        out.withUnsafeMutableBufferPointer { outBuffer in
                            let src = rgbBuffer.baseAddress!, pal = colourBuffer.baseAddress!
                            let cache = cacheBuffer.baseAddress!, err = errBuffer.baseAddress!, out = outBuffer.baseAddress!
                            func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
                                let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                                if cache[key] >= 0 { return Int(cache[key]) }
                                var best = 0, bestD = Int.max, i = 0
                                while i < n {
                                    let dr = r - pal[i * 3], dg = g - pal[i * 3 + 1], db = b - pal[i * 3 + 2]
                                    let d = dr * dr + dg * dg + db * db
                                    if d < bestD { best = i; bestD = d }
                                    i += 1
                                }
                                cache[key] = Int16(best)
                                return best
                            }
                            for y in 0..<h {
                                let cur = (y % 2) * (w + 2) * 3, next = ((y + 1) % 2) * (w + 2) * 3
                                for k in 0..<((w + 2) * 3) { err[next + k] = 0 }
                                var x = 0
                                while x < w {
                                    let p = (y * w + x) * 3
                                    var r = Int(src[p]), g = Int(src[p + 1]), b = Int(src[p + 2])
                                    if dither {
                                        let e = cur + (x + 1) * 3
                                        r = max(0, min(255, r + err[e] / 16))
                                        g = max(0, min(255, g + err[e + 1] / 16))
                                        b = max(0, min(255, b + err[e + 2] / 16))
                                    }
                                    let i = nearest(r, g, b)
                                    out[y * w + x] = UInt8(i)
                                    if dither {
                                        let errors = (r - pal[i * 3], g - pal[i * 3 + 1], b - pal[i * 3 + 2])
                                        for k in 0..<3 {
                                            let e = k == 0 ? errors.0 : k == 1 ? errors.1 : errors.2
                                            err[cur + (x + 2) * 3 + k] += e * 7
                                            err[next + x * 3 + k] += e * 3
                                            err[next + (x + 1) * 3 + k] += e * 5
                                            err[next + (x + 2) * 3 + k] += e
                                        }
                                    }
                                    x += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
