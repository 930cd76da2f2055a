import GridKit
import GridKitPresenting

@testable import GridKitTerminal

/// A frame through the diff and the writer as the terminal backend plays it: a cleared screen
/// when the diff reports everything, the rows the terminal can move, the sideways moves worth
/// making, then the cells that changed.
struct FramePlayback {
    /// The frame's bytes, the cursor left where asked.
    var bytes: [UInt8]
    /// Whether the screen was cleared for it (the terminal then shows only this frame).
    var everything: Bool
    /// Whether the terminal scrolled rows, and how many sideways moves it made.
    var scrolled: Bool, sidewaysMoves: Int

    @MainActor
    static func play(_ canvas: Canvas, writer: inout FrameWriter, diff: inout FrameDiff, cursor: Point? = nil)
        -> FramePlayback
    {
        let everything = diff.reportsEverything(for: canvas)
        writer.begin(size: canvas.size, cleared: everything)
        var scrolled = false, sideways = 0
        if !everything, let shift = diff.rowShift(to: canvas) {
            writer.scroll(shift)
            diff.apply(shift)
            scrolled = true
        }
        for shift in everything ? [] : diff.sidewaysShifts(to: canvas) {
            writer.shiftColumns(shift)
            diff.apply(shift)
            sideways += 1
        }
        // As the terminal sends: a row of a picture sent as prepared bytes is one run.
        diff.updateWritingRuns(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        return FramePlayback(
            bytes: writer.finish(cursor: cursor), everything: everything, scrolled: scrolled, sidewaysMoves: sideways)
    }
}
