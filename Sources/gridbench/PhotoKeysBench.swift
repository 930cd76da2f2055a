import Demos
import Foundation
import GridKit
import GridKitPresenting
import GridKitTerminal
import GridKitTesting

/// The photo grid's key path in process, with every thumbnail decoded: per Down that scrolls,
/// the time to handle the key and draw the grid (`draw`), to diff the frame and write it as
/// escape sequences (`write`, with the thumbnails' rows made ahead as the terminal has them,
/// `PreparedRowBytes`), and the bytes written. The bytes match what ptybench counts per
/// Down on the same folder in half blocks, less the title and status lines. Run with exact
/// picture colours and with the writer's default tolerance (`HalfBlockChoice`), and the colour
/// error each leaves on a screenful of thumbnails. `COLD=1` runs other memory through the
/// caches before each key, as the rest of the machine does between two key presses.
@MainActor
func benchPhotoKeys() {
    // `PHOTOKEYS_DIR=path` measures another folder (a library from `write-library`, say).
    let dir = ProcessInfo.processInfo.environment["PHOTOKEYS_DIR"] ?? jpegFolder(width: 1920, height: 1080, count: 200)
    row(["photo grid, Downs that scroll", "median", "p95"])
    var errors: [Int: Double] = [:]
    // `TOLERANCES=0,400,800` measures others too (the error of each is printed against exact).
    let asked = ProcessInfo.processInfo.environment["TOLERANCES"]?.split(separator: ",").compactMap { Int($0) } ?? []
    let tolerances =
        [0, HalfBlockChoice.standardTolerance] + asked.filter { $0 != 0 && $0 != HalfBlockChoice.standardTolerance }
    for tolerance in tolerances {
        let (draw, write, bytes, error, landing, pageDraw, pageWrite) = photoKeys(folder: dir, tolerance: tolerance)
        errors[tolerance] = error
        row(["  tolerance \(tolerance): draw (ms)", ms(percentile(draw, 0.5)), ms(percentile(draw, 0.95))])
        if tolerance == HalfBlockChoice.standardTolerance {
            row(["  a thumbnail lands: draw (ms)", ms(percentile(landing, 0.5)), ms(percentile(landing, 0.95))])
            row(["  Page Down/Up: draw (ms)", ms(percentile(pageDraw, 0.5)), ms(percentile(pageDraw, 0.95))])
            row(["  Page Down/Up: write (ms)", ms(percentile(pageWrite, 0.5)), ms(percentile(pageWrite, 0.95))])
        }
        row(["  tolerance \(tolerance): write (ms)", ms(percentile(write, 0.5)), ms(percentile(write, 0.95))])
        row(["  tolerance \(tolerance): write, replayed (ms)", ms(replayed[tolerance] ?? 0), ""])
        row(["  tolerance \(tolerance): bytes", String(percentile(bytes, 0.5)), String(percentile(bytes, 0.95))])
    }
    let exact = errors[0] ?? 1, standard = errors[HalfBlockChoice.standardTolerance] ?? 0
    row([
        "  colour error, exact and \(HalfBlockChoice.standardTolerance)", format2(exact), format2(standard),
        "×" + format2(standard / exact)
    ])
    for tolerance in tolerances.dropFirst(2) {
        row([
            "  colour error at \(tolerance)", format2(errors[tolerance] ?? 0), "",
            "×" + format2((errors[tolerance] ?? 0) / exact)
        ])
    }
    // What preparing the thumbnails' cells costs the decode threads, a screenful at once: time
    // there delays the thumbnails a page ahead, which must be ready before the next Page Down.
    let screenful = pixelsAtTheTop(of: dir, size: Size(width: 120, height: 38))
    let block = CellBlock(size: screenful.size, cells: (0..<38).flatMap { y in (0..<120).map { screenful[$0, y] } })
    if let prepare = HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: HalfBlockChoice.standardTolerance)
    {
        var times: [UInt64] = []
        for _ in 0..<20 {
            var copy = block
            let t0 = now()
            prepare(&copy)
            times.append(now() - t0)
        }
        let pictureCells = block.cells.filter { $0.isHalfBlock }.count
        row([
            "  preparing a screenful's cells (ms)", ms(percentile(times, 0.5)), ms(percentile(times, 0.95)),
            "\(pictureCells) picture cells"
        ])
    }
    // The same on the library's first screenful (800×600 rings and gradients, where colour
    // given up shows more than on this folder's pictures), as its thumbnails are prepared.
    let library = pixelsAtTheTop(of: photoLibrary(folders: 20, perFolder: 1000), size: Size(width: 120, height: 38))
    let exactThere = preparedError(library, tolerance: 0),
        standardThere = preparedError(library, tolerance: HalfBlockChoice.standardTolerance)
    row([
        "  colour error, the library", format2(exactThere), format2(standardThere),
        "×" + format2(standardThere / exactThere)
    ])
    // How far the tolerance moves what shows from the exact picture, as the eye weighs colour
    // (mean ΔE, CIE 1976, over the half cells): the squared distance to the pixels above hardly
    // moves when cells trade one near entry for another, which a person sees side by side.
    for (name, pixels) in [("this folder", screenful), ("the library", library)] {
        row([
            "  ΔE from exact, \(name)", format2(changeFromExact(pixels, tolerance: HalfBlockChoice.standardTolerance)),
            ""
        ])
    }
    // And the bytes of its pictures' rows (`PreparedRowBytes`), as the terminal makes them: each
    // run of picture cells on the screen as a block of its own, as a thumbnail's row is.
    if let profile = PreparedRowBytes.Profile(
        capabilities: .ansi, colors: ColorMapper(mode: .palette256), tolerance: HalfBlockChoice.standardTolerance),
        let prepare = HalfBlockPreparation.preparer(
            colorMode: .palette256, tolerance: HalfBlockChoice.standardTolerance)
    {
        var runs: [CellBlock] = []
        for y in 0..<block.size.height {
            var x = 0
            while x < block.size.width {
                guard block.cells[y * block.size.width + x].isHalfBlock else { x += 1; continue }
                var end = x
                while end < block.size.width && block.cells[y * block.size.width + end].isHalfBlock { end += 1 }
                var run = CellBlock(
                    size: Size(width: end - x, height: 1),
                    cells: Array(block.cells[(y * block.size.width + x)..<(y * block.size.width + end)]))
                _ = prepare(&run)
                runs.append(run)
                x = end
            }
        }
        var times: [UInt64] = []
        for _ in 0..<20 {
            let t0 = now()
            for run in runs { PreparedRowBytes(for: run, profile: profile).complete() }
            times.append(now() - t0)
        }
        let made = runs.map { run -> PreparedRowBytes in
            let rows = PreparedRowBytes(for: run, profile: profile)
            rows.complete()
            return rows
        }
        let bytes = made.reduce(0) { $0 + ($1.rows ?? []).reduce(0) { $0 + ($1?.bytes.count ?? 0) } }
        let cells = runs.reduce(0) { $0 + $1.cells.count }
        row([
            "  ... and its pictures' rows as bytes (ms)", ms(percentile(times, 0.5)), ms(percentile(times, 0.95)),
            "\(runs.count) rows, \(format2(Double(bytes) / Double(max(1, cells)))) B a cell"
        ])
    }
}

@MainActor
private func photoKeys(
    folder: String, tolerance: Int
) -> (
    draw: [UInt64], write: [UInt64], bytes: [UInt64], error: Double, landing: [UInt64], pageDraw: [UInt64],
    pageWrite: [UInt64]
) {
    let size = Size(width: 120, height: 38)
    let mailbox = Mailbox()
    let screen = PhotosScreen(library: PhotoLibrary.scan([RawPath(folder)]))
    defer { screen.pool.stop() }
    // The thumbnails' cells and their rows' bytes prepared on the decode threads, as the terminal
    // has them (`HalfBlockPreparation`, `PreparedRowBytes`).
    let rowCache = PreparedRowBytes.Profile(
        capabilities: .ansi, colors: ColorMapper(mode: .palette256), tolerance: tolerance
    )
    .map { PictureRowCache(profile: $0) }
    let context = ScreenContext(
        mailbox: mailbox, colorMode: .palette256,
        prepareCells: HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance, rowBytes: rowCache))
    let h = GridHarness(screen: screen, size: size, context: context)
    var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
    writer.halfBlocks.tolerance = tolerance
    writer.pictureRows = rowCache
    var diff = FrameDiff()
    var shown = ShownColors(size: size)
    func settle() {
        // Until the decodes asked for have landed and nothing more arrives for a while.
        var quiet = 0
        while quiet < 20 {
            if mailbox.drain() > 0 { quiet = 0 } else { quiet += 1 }
            usleep(2_000)
        }
    }
    func present() -> [UInt8] { presentFrame(h.canvas, &diff, &writer, size) }
    h.render()
    _ = present()
    settle()
    // Every row once, so each thumbnail is decoded and cached.
    for _ in 0..<40 {
        h.gridView.handle(.key(.down))
        settle()
        h.render()
        _ = present()
    }
    h.gridView.handle(.key(.home))
    h.render()
    shown.read(present())
    let cold = ProcessInfo.processInfo.environment["COLD"] != nil
    var junk = [UInt8](repeating: 0, count: cold ? 32 << 20 : 0)
    var draw: [UInt64] = [], write: [UInt64] = [], bytes: [UInt64] = []
    let (diff0, writer0) = (diff, writer)
    var frames: [Canvas] = []
    for _ in 0..<3 {
        for _ in 0..<30 {
            if cold {
                for i in stride(from: 0, to: junk.count, by: 64) { junk[i] &+= 1 }
                usleep(30_000)
            }
            let t0 = now()
            h.gridView.handle(.key(.down))
            h.render()
            let t1 = now()
            let out = present()
            let t2 = now()
            if out.count > 1000 {
                draw.append(t1 - t0)
                write.append(t2 - t1)
                bytes.append(UInt64(out.count))
            }
            shown.read(out)
            frames.append(h.canvas.copy())
        }
        h.gridView.handle(.key(.home))
        h.render()
        shown.read(present())
    }
    // Page Down and Page Up, a screenful of new tiles each (all decoded by now). `PAGELOOP=n`
    // repeats them n times instead of 5 (long enough for a profiler to see them).
    var pageDraw: [UInt64] = [], pageWrite: [UInt64] = []
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["PAGELOOP"] ?? "") ?? 5) {
        for key in Array(repeating: Key.pageDown, count: 3) + Array(repeating: Key.pageUp, count: 3) {
            let t0 = now()
            h.gridView.handle(.key(key))
            h.render()
            let t1 = now()
            let out = present()
            pageDraw.append(t1 - t0)
            pageWrite.append(now() - t1)
            shown.read(out)
        }
    }
    // A thumbnail landing, as `PhotosScreen` shows it: its tile is reloaded and the frame drawn
    // (the same picture here, so the write finds nothing to send: only drawing is timed).
    var landing: [UInt64] = []
    for i in 0..<60 {
        let tiles = h.gridView.indexPathsForVisibleItems
        guard !tiles.isEmpty else { break }
        let t0 = now()
        h.gridView.reloadItems(at: [tiles[(i * 7) % tiles.count]])
        h.render()
        landing.append(now() - t0)
        shown.read(present())
    }
    // The same frames written again and again from the same start: the least time of 30 is the
    // writer's own cost, with what the machine does besides taken out.
    var best = UInt64.max
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["REPLAYS"] ?? "") ?? 30) {
        var (d, w) = (diff0, writer0)
        let t0 = now()
        for f in frames { _ = presentFrame(f, &d, &w, size) }
        best = min(best, now() - t0)
    }
    replayed[tolerance] = best / UInt64(max(1, frames.count))
    return (
        draw, write, bytes, shown.error(against: pixelsAtTheTop(of: folder, size: size)), landing, pageDraw, pageWrite
    )
}

/// The mean weighted squared distance (as `ColorMapper` weighs it) between each pixel of the
/// half-block picture cells of `pixels` and the palette colour its cell is prepared with
/// (`HalfBlockPreparation`, which the frame then writes as it is).
@MainActor
private func preparedError(_ pixels: Canvas, tolerance: Int) -> Double {
    let size = pixels.size
    let cells = (0..<size.height).flatMap { y in (0..<size.width).map { pixels[$0, y] } }
    var block = CellBlock(size: size, cells: cells)
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance)?(&block)
    var sum = 0, count = 0
    for (original, prepared) in zip(cells, block.cells) {
        guard original.isHalfBlock, case .rgb(let r1, let g1, let b1) = original.style.foreground.kind,
            case .rgb(let r2, let g2, let b2) = original.style.background.kind,
            case .palette(let top) = prepared.style.foreground.kind,
            case .palette(let bottom) = prepared.style.background.kind
        else { continue }
        sum += weightedDistance((r1, g1, b1), Int(top)) + weightedDistance((r2, g2, b2), Int(bottom))
        count += 2
    }
    return count == 0 ? 0 : Double(sum) / Double(count)
}

/// The palette's weighted squared distance (as `ColorMapper` matches colours) from a pixel to
/// palette entry `entry`.
private func weightedDistance(_ pixel: (UInt8, UInt8, UInt8), _ entry: Int) -> Int {
    let (pr, pg, pb) = ColorMapper.rgb(ofPalette: entry)
    let dr = Int(pixel.0) - pr, dg = Int(pixel.1) - pg, db = Int(pixel.2) - pb
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
}

/// The mean CIE 1976 colour difference between each half cell of `pixels`' pictures prepared
/// with `tolerance` and prepared exactly (the nearest entries).
@MainActor
private func changeFromExact(_ pixels: Canvas, tolerance: Int) -> Double {
    let size = pixels.size
    let cells = (0..<size.height).flatMap { y in (0..<size.width).map { pixels[$0, y] } }
    var exact = CellBlock(size: size, cells: cells), chosen = exact
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 0)?(&exact)
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance)?(&chosen)
    var sum = 0.0, count = 0
    for (a, b) in zip(exact.cells, chosen.cells) {
        guard case .palette(let t1) = a.style.foreground.kind, case .palette(let b1) = a.style.background.kind,
            case .palette(let t2) = b.style.foreground.kind, case .palette(let b2) = b.style.background.kind
        else { continue }
        sum += deltaE(Int(t1), Int(t2)) + deltaE(Int(b1), Int(b2))
        count += 2
    }
    return count == 0 ? 0 : sum / Double(count)
}

/// CIE 1976 ΔE between two palette entries (sRGB, D65).
private func deltaE(_ a: Int, _ b: Int) -> Double {
    func lab(_ i: Int) -> (Double, Double, Double) {
        let (r, g, b) = ColorMapper.rgb(ofPalette: i)
        func linear(_ c: Int) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
    let (l1, a1, b1) = lab(a), (l2, a2, b2) = lab(b)
    return ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
}

/// What a terminal shows after the writer's bytes, for picture cells: the colours of each
/// half-block cell's two halves, read back from the SGR, cursor, scroll and block sequences the
/// writer sends in 256 colours. Compared with the canvas's pixels, it measures the colour error
/// a tolerance costs.
private struct ShownColors {
    let size: Size
    /// Per cell: the top and bottom palette entries shown (-1 where not a picture cell).
    var top: [Int], bottom: [Int]
    var x = 0, y = 0, fg = -1, bg = -1
    var region = 0..<0

    init(size: Size) {
        self.size = size
        top = Array(repeating: -1, count: size.width * size.height)
        bottom = top
        region = 0..<size.height
    }

    mutating func read(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                var j = i + 2
                while j < bytes.count, bytes[j] < 0x40 { j += 1 }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(
                    separator: ";", omittingEmptySubsequences: false
                ).map { Int($0) ?? 0 }
                control(bytes[j], params)
                i = j + 1
                continue
            }
            if bytes[i] == 0x1B {
                i += i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "(") ? 3 : 2 // a charset or other short escape
                continue
            }
            if bytes[i] == 0x08 || bytes[i] == 0x0D {
                x = bytes[i] == 0x0D ? 0 : max(0, x - 1)
                i += 1
                continue
            }
            // One UTF-8 character: its scalar decides what the cell shows.
            var n = 1
            if bytes[i] >= 0xF0 { n = 4 } else if bytes[i] >= 0xE0 { n = 3 } else if bytes[i] >= 0xC0 { n = 2 }
            let scalar =
                String(decoding: bytes[i..<min(bytes.count, i + n)], as: UTF8.self).unicodeScalars.first?.value ?? 0
            if x < size.width && y < size.height {
                let k = y * size.width + x
                switch scalar {
                case 0x2580: (top[k], bottom[k]) = (fg, bg)
                case 0x2584: (top[k], bottom[k]) = (bg, fg)
                case 0x2588: (top[k], bottom[k]) = (fg, fg)
                case 0x20: (top[k], bottom[k]) = (bg, bg) // a picture cell of one colour
                default: (top[k], bottom[k]) = (-1, -1)
                }
            }
            x += 1
            i += n
        }
    }

    private mutating func control(_ final: UInt8, _ p: [Int]) {
        switch final {
        case UInt8(ascii: "H"): y = max(0, (p.first ?? 1) - 1); x = max(0, (p.count > 1 ? p[1] : 1) - 1)
        case UInt8(ascii: "G"): x = max(0, (p.first ?? 1) - 1)
        case UInt8(ascii: "C"): x = min(size.width - 1, x + max(1, p.first ?? 1))
        case UInt8(ascii: "D"): x = max(0, x - max(1, p.first ?? 1))
        case UInt8(ascii: "A"): y = max(0, y - max(1, p.first ?? 1))
        case UInt8(ascii: "B"): y = min(size.height - 1, y + max(1, p.first ?? 1))
        case UInt8(ascii: "r"): region = max(0, (p.first ?? 1) - 1)..<(p.count > 1 ? p[1] : size.height)
        case UInt8(ascii: "K"):
            for c in x..<size.width where y < size.height {
                top[y * size.width + c] = -1; bottom[y * size.width + c] = -1
            }
        case UInt8(ascii: "X"):
            for c in x..<min(size.width, x + max(1, p.first ?? 1)) where y < size.height {
                top[y * size.width + c] = -1; bottom[y * size.width + c] = -1
            }
        case UInt8(ascii: "S"): scroll(by: p.first ?? 1)
        case UInt8(ascii: "T"): scroll(by: -(p.first ?? 1))
        case UInt8(ascii: "m"):
            var k = 0
            if p.isEmpty || p == [0] { fg = -1; bg = -1 }
            while k < p.count {
                if p[k] == 38, k + 2 < p.count { fg = p[k + 2]; k += 3; continue }
                if p[k] == 48, k + 2 < p.count { bg = p[k + 2]; k += 3; continue }
                if p[k] == 0 || p[k] == 39 { fg = -1 }
                if p[k] == 0 || p[k] == 49 { bg = -1 }
                k += 1
            }
        default: break
        }
    }

    private mutating func scroll(by n: Int) {
        let w = size.width
        let rows = Array(region)
        let order = n > 0 ? rows : rows.reversed()
        for r in order {
            let from = r + n
            for c in 0..<w {
                let inside = region.contains(from)
                top[r * w + c] = inside ? top[from * w + c] : -1
                bottom[r * w + c] = inside ? bottom[from * w + c] : -1
            }
        }
    }

    /// The mean weighted squared distance between each picture pixel of `canvas` and what is shown.
    func error(against canvas: Canvas) -> Double {
        var sum = 0, count = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = canvas[x, y], k = y * size.width + x
                guard cell.text == "▀", case .rgb(let r1, let g1, let b1) = cell.style.foreground.kind,
                    case .rgb(let r2, let g2, let b2) = cell.style.background.kind, top[k] >= 16, bottom[k] >= 16
                else { continue }
                sum += weightedDistance((r1, g1, b1), top[k]) + weightedDistance((r2, g2, b2), bottom[k])
                count += 2
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }
}

/// The top of the grid, where the keys end (Home), its thumbnails' cells in their pixels' own
/// colours (no cells prepared for the terminal): what the colours shown are measured against.
@MainActor
private func pixelsAtTheTop(of folder: String, size: Size) -> Canvas {
    let mailbox = Mailbox()
    let screen = PhotosScreen(library: PhotoLibrary.scan([RawPath(folder)]))
    defer { screen.pool.stop() }
    let h = GridHarness(screen: screen, size: size, context: ScreenContext(mailbox: mailbox, colorMode: .palette256))
    h.render()
    var quiet = 0
    while quiet < 20 {
        if mailbox.drain() > 0 { quiet = 0 } else { quiet += 1 }
        usleep(2_000)
    }
    h.render()
    return h.canvas
}

/// Each frame's write, replayed (per tolerance), in the same unit as `now()`.
@MainActor var replayed: [Int: UInt64] = [:]

private func presentFrame(_ canvas: Canvas, _ diff: inout FrameDiff, _ writer: inout FrameWriter, _ size: Size)
    -> [UInt8]
{
    writer.begin(size: size, cleared: diff.reportsEverything(for: canvas))
    if let shift = diff.rowShift(to: canvas) {
        writer.scroll(shift)
        diff.apply(shift)
    }
    diff.updateWritingRuns(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
    return writer.finish(cursor: nil)
}
