import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// The same frames written twice, by a writer that sends picture rows made ahead and by one
/// that writes every cell, onto two small terminals that must show the same: what the prepared
/// rows' tests share.
@MainActor
enum SideBySidePlayback {
    /// Draws frame `n` of `count` with `draw` on one canvas for each writer, plays both, and
    /// expects no problem on the prepared side and no difference (`difference`) between the
    /// screens after each frame. Returns the bytes each writer sent.
    static func play(
        _ count: Int, size: Size, plain: inout FrameWriter, prepared: inout FrameWriter,
        draw: (Canvas, Int) -> Void, difference: (MiniTerminal, MiniTerminal) -> String?
    ) -> (plain: Int, prepared: Int) {
        var plainDiff = FrameDiff(), preparedDiff = FrameDiff()
        var plainScreen = MiniTerminal(width: size.width, height: size.height), preparedScreen = plainScreen
        let plainCanvas = Canvas(size: size), preparedCanvas = Canvas(size: size)
        var bytes = (plain: 0, prepared: 0)
        for n in 0..<count {
            draw(plainCanvas, n)
            draw(preparedCanvas, n)
            let a = FramePlayback.play(plainCanvas, writer: &plain, diff: &plainDiff)
            let b = FramePlayback.play(preparedCanvas, writer: &prepared, diff: &preparedDiff)
            plainScreen.feed(a.bytes)
            preparedScreen.feed(b.bytes)
            bytes.plain += a.bytes.count
            bytes.prepared += b.bytes.count
            #expect(preparedScreen.problems.isEmpty, "frame \(n): \(preparedScreen.problems.prefix(3))")
            #expect(difference(preparedScreen, plainScreen) == nil, "frame \(n)")
        }
        return bytes
    }
}
