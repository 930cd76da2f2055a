/// Working lists of `DrawnFrame.plan(for:on:background:scratch:)`, kept from frame to frame by the grid so that a
/// key press allocates none of them again.
struct RenderScratch {
    /// Per element of the new frame: draw it.
    var redraw: [Bool] = []
    /// Per element of the last frame: it is still on the canvas as drawn.
    var kept: [Bool] = []
    /// Per element of the new frame: it is beneath an opaque header or footer.
    var hidden: [Bool] = []
    /// Per element of the new frame: where it is on the canvas.
    var screen: [Rect] = []
    /// Areas cleared, which whatever meets them is drawn over again.
    var dirty: [Rect] = []
    /// Per element of the new frame, for `growRedrawSet`: its place, rows first.
    var boxes: [(minY: Int, maxY: Int, minX: Int, maxX: Int)] = []
    /// Per element of the new frame, for `growRedrawSet`: drawn, hidden or empty already.
    var settled: [Bool] = []

    mutating func reset(previous: Int, next: Int) {
        redraw.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        hidden.removeAll(keepingCapacity: true)
        screen.removeAll(keepingCapacity: true)
        dirty.removeAll(keepingCapacity: true)
        for _ in 0..<next { redraw.append(false); hidden.append(false) }
        for _ in 0..<previous { kept.append(false) }
    }

    /// Every one of `count` elements to be drawn.
    mutating func redrawAll(_ count: Int) {
        redraw.removeAll(keepingCapacity: true)
        for _ in 0..<count { redraw.append(true) }
    }
}
