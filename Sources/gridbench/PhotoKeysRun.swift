import Demos
import Foundation
import GridKit
import GridKitPresenting
import GridKitTerminal
import GridKitTesting

/// One run of `benchPhotoKeys` on `folder` with the writer at `tolerance`: the times and
/// bytes of each Down that scrolls, of Page Down/Up and of a thumbnail landing, and the colour
/// error left on the screen.
@MainActor
func photoKeys(
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
    // `QUIET=ms` sleeps that long before each key instead, touching nothing: on a virtual
    // machine an idle core may serve others meanwhile and come back with its caches emptied.
    let quiet = ProcessInfo.processInfo.environment["QUIET"].flatMap { Double($0) }.map {
        useconds_t(min(max($0, 0), 1000) * 1000) // up to a second
    }
    var junk = [UInt8](repeating: 0, count: cold ? 32 << 20 : 0)
    var draw: [UInt64] = [], write: [UInt64] = [], bytes: [UInt64] = []
    let (diff0, writer0) = (diff, writer)
    var frames: [Canvas] = []
    for _ in 0..<3 {
        for _ in 0..<30 {
            if cold {
                for i in stride(from: 0, to: junk.count, by: 64) { junk[i] &+= 1 }
                usleep(30_000)
            } else if let quiet {
                usleep(quiet)
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
