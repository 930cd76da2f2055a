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

    /// Forgets the cells of `rows` of the last frame: the next `update` reports them (a
    /// destination that lost them, say to a picture drawn over them, has them written again).
    public mutating func invalidate(rows: Range<Int>) {
        guard let size = lastSize else { return }
        let rows = rows.clamped(to: 0..<size.height)
        for i in (rows.lowerBound * size.width)..<(rows.upperBound * size.width) { last[i] = Self.unknown }
    }

    /// A band of rows whose content moved up (`distance` > 0) or down since the last frame, as
    /// when a list scrolls by a line: a terminal can move them itself (a scroll region) and be
    /// sent only what is new.
    public struct RowShift: Equatable, Sendable {
        /// The rows of the scroll region: content moves within them, the rows it leaves are new.
        public let rows: Range<Int>
        /// Rows moved: positive up, negative down.
        public let distance: Int
    }

    /// The shift (of at most a third of the height) that leaves the most rows of `canvas` equal to the last frame's
    /// rows, or nil when none saves at least 4 rows' writing.
    public func rowShift(to canvas: Canvas) -> RowShift? {
        guard lastSize == canvas.size else { return nil }
        let w = canvas.size.width, h = canvas.size.height
        return last.withUnsafeBufferPointer { old in
            canvas.cells.withUnsafeBufferPointer { new in
                func same(_ a: UnsafeBufferPointer<CanvasCell>, _ ra: Int, _ b: UnsafeBufferPointer<CanvasCell>, _ rb: Int) -> Bool {
                    var x = 0
                    while x < w && a[ra * w + x] == b[rb * w + x] { x += 1 }
                    return x == w
                }
                // Rows that changed at all; a frame that changed few (a focus move) has no
                // shift worth finding.
                var changed = [Bool](repeating: false, count: h), changedCount = 0
                for y in 0..<h where !same(new, y, old, y) { changed[y] = true; changedCount += 1 }
                var best: RowShift?, bestGain = 3
                guard changedCount > bestGain else { return nil }
                // Nearest distances first: a list moves by a line, a grid by a row of tiles.
                for d in (1...max(1, h / 3)).flatMap({ [$0, -$0] }) {
                    // The longest run of rows y with new[y] == old[y + d], counting the changed ones.
                    var y = max(0, -d), runStart = -1, gain = 0
                    while y <= min(h, h - d) {
                        let matches = y < min(h, h - d) && (!changed[y] ? old[y * w] == old[(y + d) * w] && same(old, y, old, y + d)
                                                                        : same(new, y, old, y + d))
                        if matches {
                            if runStart < 0 { runStart = y; gain = 0 }
                            if changed[y] { gain += 1 }
                        } else if runStart >= 0 {
                            if gain > bestGain {
                                bestGain = gain
                                best = d > 0 ? RowShift(rows: runStart..<(y + d), distance: d) : RowShift(rows: (runStart + d)..<y, distance: d)
                            }
                            runStart = -1
                        }
                        y += 1
                    }
                }
                return best
            }
        }
    }

    /// Moves the remembered rows as `shift` moves them on the terminal; the rows it leaves are
    /// blank (`CanvasCell.blank`), as a terminal leaves them when it scrolls in its default colours.
    public mutating func apply(_ shift: RowShift) {
        guard let size = lastSize else { return }
        let w = size.width, d = shift.distance, rows = shift.rows
        if d > 0 {
            for y in rows.lowerBound..<(rows.upperBound - d) { for x in 0..<w { last[y * w + x] = last[(y + d) * w + x] } }
            for y in (rows.upperBound - d)..<rows.upperBound { for x in 0..<w { last[y * w + x] = .blank } }
        } else {
            for y in stride(from: rows.upperBound - 1, through: rows.lowerBound - d, by: -1) {
                for x in 0..<w { last[y * w + x] = last[(y + d) * w + x] }
            }
            for y in rows.lowerBound..<(rows.lowerBound - d) { for x in 0..<w { last[y * w + x] = .blank } }
        }
    }

    /// A cell that equals nothing a canvas can hold, so every cell differs from it.
    private static let unknown = CanvasCell(scalar: 0, width: 255, style: .plain)

    /// True when `update(to: canvas)` will report every cell: nothing remembered, or a frame of
    /// another size (a destination may want to clear first).
    public func reportsEverything(for canvas: Canvas) -> Bool { lastSize != canvas.size }

    /// Calls `body(x, y, cell)` for each cell of `canvas` that differs from the last frame (all of
    /// them after `invalidate()` or a size change), then remembers `canvas` as the last frame.
    /// The memory is updated in place, so no frame is copied. Returns how many cells were reported.
    @discardableResult
    public mutating func update(to canvas: Canvas, _ body: (_ x: Int, _ y: Int, _ cell: CanvasCell) -> Void) -> Int {
        if lastSize != canvas.size {
            last = Array(repeating: Self.unknown, count: canvas.cells.count)
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
