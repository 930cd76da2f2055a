import Foundation
import GridKit
import GridKitTerminal

/// The photo grid's key path in process, with every thumbnail decoded: per Down that scrolls,
/// the time to handle the key and draw the grid (`draw`), to diff the frame and write it as
/// escape sequences (`write`, with the thumbnails' rows made ahead as the terminal has them,
/// `PreparedRowBytes`), and the bytes written. The bytes match what ptybench counts per
/// Down on the same folder in half blocks, less the title and status lines. Run with exact
/// picture colours and with the writer's default tolerance (`HalfBlockChoice`), and the colour
/// error each leaves on a screenful of thumbnails. `COLD=1` runs other memory through the
/// caches before each key, as the rest of the machine does between two key presses; `QUIET=ms`
/// (without `COLD`) only sleeps that long before each.
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
        let bytes = made.reduce(0) { $0 + ($1.rowBytes ?? []).reduce(0) { $0 + ($1?.count ?? 0) } }
        let cells = runs.reduce(0) { $0 + $1.cells.count }
        row([
            "  ... and its pictures' rows as bytes (ms)", ms(percentile(times, 0.5)), ms(percentile(times, 0.95)),
            "\(runs.count) rows, \(format2(Double(bytes) / Double(max(1, cells)))) B a cell"
        ])
    }
}
