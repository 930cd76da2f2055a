/// What changed between two frames, cell by cell: the part of drawing that every destination
/// shares. The terminal sends only these cells; tests and benchmarks count them.
///
/// The rule for wide characters: the right half of a wide character (width 0 after a width-2
/// cell) is never reported on its own, because drawing the left half draws both; it is still
/// remembered, so the next frame compares against it.
public struct FrameDiff {
    private var last: [CanvasCell] = []
    private var lastSize: Size?

    /// A diff that reports every cell of the first frame it sees.
    public init() {}

    /// Forgets the last frame: the next `update` reports every cell (after a resize, or when
    /// the destination was cleared behind our back).
    public mutating func invalidate() { lastSize = nil }

    /// True when `update(to: canvas)` will report every cell: nothing remembered, or a frame of
    /// another size (a destination may want to clear first).
    public func reportsEverything(for canvas: Canvas) -> Bool { lastSize != canvas.size }

    /// Calls `body(x, y, cell)` for each cell of `canvas` that differs from the last frame (all of
    /// them after `invalidate()` or a size change), then remembers `canvas` as the last frame.
    /// The memory is updated in place, so no frame is copied. Returns how many cells were reported.
    @discardableResult
    public mutating func update(to canvas: Canvas, _ body: (_ x: Int, _ y: Int, _ cell: CanvasCell) -> Void) -> Int {
        if lastSize != canvas.size {
            // A cell that equals nothing a canvas can hold, so every cell differs from it.
            last = Array(repeating: CanvasCell(scalar: 0, width: 255, style: .plain), count: canvas.cells.count)
            lastSize = canvas.size
        }
        return last.withUnsafeMutableBufferPointer { prev in
            canvas.cells.withUnsafeBufferPointer { cells in
                Self.visit(cells, width: canvas.size.width, against: prev, remember: true, body)
            }
        }
    }

    /// The cells of `canvas` that differ from `previous`, in reading order, without remembering
    /// anything (every cell when `previous` is nil or of another size).
    public static func changes(from previous: Canvas?, to canvas: Canvas) -> [(x: Int, y: Int, cell: CanvasCell)] {
        var out: [(x: Int, y: Int, cell: CanvasCell)] = []
        if let previous, previous.size == canvas.size {
            var copy = previous.cells
            copy.withUnsafeMutableBufferPointer { prev in
                canvas.cells.withUnsafeBufferPointer { cells in
                    _ = visit(cells, width: canvas.size.width, against: prev, remember: false) { out.append(($0, $1, $2)) }
                }
            }
        } else {
            var diff = FrameDiff()
            diff.update(to: canvas) { out.append(($0, $1, $2)) }
        }
        return out
    }

    @inline(__always)
    private static func visit(_ cells: UnsafeBufferPointer<CanvasCell>, width w: Int,
                              against prev: UnsafeMutableBufferPointer<CanvasCell>, remember: Bool,
                              _ body: (Int, Int, CanvasCell) -> Void) -> Int {
        var reported = 0
        for i in 0..<cells.count where prev[i] != cells[i] {
            let c = cells[i]
            if remember { prev[i] = c }
            if c.width == 0, i % w > 0, cells[i - 1].width == 2 { continue }
            reported += 1
            body(i % w, i / w, c)
        }
        return reported
    }
}

extension Canvas {
    /// The cells that differ from `previous` (every cell when it is nil or of another size),
    /// with the wide-character rule of `FrameDiff`.
    public func changes(since previous: Canvas?) -> [(x: Int, y: Int, cell: CanvasCell)] {
        FrameDiff.changes(from: previous, to: self)
    }
}
