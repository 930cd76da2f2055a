import Demos
import Foundation
import GridKit
import GridKitTerminal
import GridKitTesting

/// The photo grid's key path in process, with every thumbnail decoded: per Down, the time to
/// handle the key and draw the grid (`draw`), to diff the frame and write it as escape
/// sequences (`write`), and the bytes written. The bytes match what ptybench counts per Down on
/// the same folder in half blocks, less the title and status lines.
@MainActor
func benchPhotoKeys() {
    let size = Size(width: 120, height: 38)
    let dir = jpegFolder(width: 1920, height: 1080, count: 200)
    let mailbox = Mailbox()
    let screen = PhotosScreen(library: PhotoLibrary.scan([RawPath(dir)]))
    let h = GridHarness(screen: screen, size: size, context: ScreenContext(mailbox: mailbox, colorMode: .palette256))
    var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
    var diff = FrameDiff()
    func settle() {
        // Until the decodes asked for have landed and nothing more arrives for a while.
        var quiet = 0
        while quiet < 20 {
            if mailbox.drain() > 0 { quiet = 0 } else { quiet += 1 }
            usleep(2_000)
        }
    }
    func present() -> Int {
        h.render()
        writer.begin(size: size, cleared: diff.reportsEverything(for: h.canvas))
        if let shift = diff.rowShift(to: h.canvas) { writer.scroll(shift); diff.apply(shift) }
        diff.update(to: h.canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: h.canvas) }
        return writer.finish(cursor: nil).count
    }
    _ = present()
    settle()
    // Every row once, so each thumbnail is decoded and cached.
    for _ in 0..<40 { h.gridView.handle(.key(.down)); settle(); _ = present() }
    h.gridView.handle(.key(.home)); _ = present()
    var junk = [UInt8](repeating: 0, count: 32 << 20)
    var draw: [UInt64] = [], write: [UInt64] = [], bytes: [UInt64] = []
    for _ in 0..<3 {
        for _ in 0..<30 {
            if ProcessInfo.processInfo.environment["COLD"] != nil {
                // What another process does between two keys: other memory through the caches.
                for i in stride(from: 0, to: junk.count, by: 64) { junk[i] &+= 1 }
                usleep(30_000)
            }
            let t0 = now()
            h.gridView.handle(.key(.down))
            h.render()
            let t1 = now()
            writer.begin(size: size, cleared: false)
            if let shift = diff.rowShift(to: h.canvas) { writer.scroll(shift); diff.apply(shift) }
            diff.update(to: h.canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: h.canvas) }
            let n = writer.finish(cursor: nil).count
            let t2 = now()
            if n > 1000 { draw.append(t1 - t0); write.append(t2 - t1); bytes.append(UInt64(n)) }
        }
        h.gridView.handle(.key(.home)); _ = present()
    }
    row(["photo grid Downs that scroll (\(draw.count))", "median", "p95"])
    row(["  handle + draw (ms)", ms(percentile(draw, 0.5)), ms(percentile(draw, 0.95))])
    row(["  diff + write (ms)", ms(percentile(write, 0.5)), ms(percentile(write, 0.95))])
    row(["  bytes", String(percentile(bytes, 0.5)), String(percentile(bytes, 0.95))])
    screen.pool.stop()
}
