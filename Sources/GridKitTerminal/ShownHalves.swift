import GridKit

/// What the terminal shows in each cell where the writer put a picture cell and nothing since:
/// the colour numbers of its two halves. Moved as the terminal moves rows and columns, and
/// forgotten wherever anything else is written or erased, or the screen is cleared.
///
/// A picture cell that `FrameDiff` reports again, but whose colours come out the same, need
/// not be sent: a tile cut by the band's left edge after a sideways move is reported whole
/// (its colours are decided from its new start), and only its first few cells change.
struct ShownHalves {
    private(set) var size = Size(width: 0, height: 0)
    /// Top colour in the high half, bottom in the low; `unknown` where not a picture cell.
    /// Row `y` is at `slots[y]`, so the terminal moving rows moves slot numbers, not the cells.
    /// A slot whose `rowKnown` is false holds stale numbers: its row is all unknown.
    private var cells: [Int64] = []
    private var slots: [Int] = []
    /// Per slot: whether its numbers are current (false: the row is all unknown, whatever the
    /// slot holds; made `unknown` when a cell of the row is next set). The rows a scroll lets
    /// in, and rows of text, then cost nothing to follow, look up or forget.
    private var rowKnown: [Bool] = []
    /// Whether any cell is known: a screen without pictures (a list) costs nothing to follow.
    private var knowsAny = false
    static let unknown: Int64 = -1

    /// The two halves packed as stored (colour numbers are not negative in a picture cell).
    static func packed(top: Int, bottom: Int) -> Int64 { Int64(top) << 32 | Int64(UInt32(truncatingIfNeeded: bottom)) }

    /// Forgets everything: a cleared or resized screen.
    mutating func reset(_ size: Size) {
        let n = max(0, size.width) * max(0, size.height)
        if cells.count != n { cells = Array(repeating: Self.unknown, count: n) }
        slots = Array(0..<max(0, size.height))
        rowKnown = Array(repeating: false, count: max(0, size.height))
        self.size = size
        knowsAny = false
    }

    /// Where cell (x, y) is kept.
    @inline(__always)
    private func index(_ x: Int, _ y: Int) -> Int { slots[y] * size.width + x }

    func halves(x: Int, y: Int) -> Int64 {
        guard knowsAny, x >= 0, y >= 0, x < size.width, y < size.height, rowKnown[slots[y]] else { return Self.unknown }
        return cells[index(x, y)]
    }

    mutating func set(x: Int, y: Int, top: Int, bottom: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        know(y)
        cells[index(x, y)] = Self.packed(top: top, bottom: bottom)
    }

    /// Row `y` is about to hold a known cell: if none was, its stale numbers go first.
    @inline(__always)
    private mutating func know(_ y: Int) {
        let slot = slots[y]
        if rowKnown[slot] { return }
        rowKnown[slot] = true
        knowsAny = true
        let w = size.width
        cells.withUnsafeMutableBufferPointer {
            $0.baseAddress!.advanced(by: slot * w).update(repeating: Self.unknown, count: w)
        }
    }

    /// The halves a prepared picture cell shows, as the writer numbers colours (palette
    /// entries, `HalfBlockPreparation`; in direct colour also RGB, `ColorMapper.directFlag`);
    /// `unknown` for any other cell.
    @inline(__always)
    static func halves(ofPrepared cell: CanvasCell) -> Int64 {
        guard cell.isHalfBlock, let top = number(cell.style.foreground), let bottom = number(cell.style.background)
        else { return unknown }
        return packed(top: top, bottom: bottom)
    }

    /// A palette entry's or an RGB colour's number as `ColorMapper` gives it in direct colour
    /// (a palette entry's is the same in 256 colours); nil for other colours.
    @inline(__always)
    private static func number(_ c: Color) -> Int? {
        switch c.rawValue >> 24 {
        case 2: Int(c.rawValue & 0xFF)
        case 3: ColorMapper.directFlag | Int(c.rawValue & 0xFF_FFFF)
        default: nil
        }
    }

    /// Row `y` shows `cells` (prepared picture cells and others) from column `x` on.
    /// (Their halves are worked out here rather than kept with the prepared row, which would be
    /// eight bytes a cell more to read on every Down; the arithmetic does not show in the time:
    /// Performance article.)
    mutating func set(prepared cells: UnsafeBufferPointer<CanvasCell>, x: Int, y: Int) {
        guard y >= 0, y < size.height, x >= 0, x + cells.count <= size.width else { return }
        know(y)
        let start = index(x, y)
        self.cells.withUnsafeMutableBufferPointer { all in
            for i in 0..<cells.count { all[start + i] = Self.halves(ofPrepared: cells[i]) }
        }
    }

    /// How many of `cells` (prepared ones) row `y` shows already from column `x` on.
    func showing(prepared cells: UnsafeBufferPointer<CanvasCell>, x: Int, y: Int) -> Int {
        guard knowsAny, y >= 0, y < size.height, x >= 0, x + cells.count <= size.width, rowKnown[slots[y]] else {
            return 0
        }
        let start = index(x, y)
        return self.cells.withUnsafeBufferPointer { all in
            // The shown number first: where it is unknown (most of a row a scroll let in, but
            // for tiles written on it already) nothing else is read.
            var n = 0
            for i in 0..<cells.count {
                let shown = all[start + i]
                if shown != Self.unknown && shown == Self.halves(ofPrepared: cells[i]) { n += 1 }
            }
            return n
        }
    }

    /// Forgets columns `columns` of row `y` (something else written or erased there).
    mutating func forget(_ columns: Range<Int>, y: Int) {
        guard knowsAny, y >= 0, y < size.height, rowKnown[slots[y]] else { return }
        let row = slots[y] * size.width
        for x in columns.clamped(to: 0..<size.width) { cells[row + x] = Self.unknown }
    }

    /// The terminal scrolled `shift.rows` by `shift.distance` (up when positive): the rows let
    /// in are blank. The rows that stay keep their cells; their slots move.
    mutating func scroll(_ shift: RowShift) {
        let rows = shift.rows.clamped(to: 0..<size.height), d = shift.distance
        guard knowsAny, !rows.isEmpty else { return }
        let moved = slots[rows]
        let n = rows.count, k = ((d % n) + n) % n
        // Row y shows what row y + d showed; the rows let in take the slots that went off the edge.
        for (i, y) in rows.enumerated() { slots[y] = moved[moved.startIndex + (i + k) % n] }
        let fresh =
            d > 0
            ? max(rows.lowerBound, rows.upperBound - d)..<rows.upperBound
            : rows.lowerBound..<min(rows.upperBound, rows.lowerBound - d)
        for y in fresh { rowKnown[slots[y]] = false }
    }

    /// The terminal moved the band of `shift` sideways as `FrameWriter.shiftColumns` has it do
    /// (characters deleted at one edge, blanks inserted at the other; for a move right, the
    /// row's last columns fall off and come back blank).
    mutating func shiftColumns(_ shift: ColumnShift) {
        let w = size.width
        let rows = shift.rows.clamped(to: 0..<size.height), columns = shift.columns.clamped(to: 0..<w)
        let n = abs(shift.distance), x0 = columns.lowerBound, x1 = columns.upperBound
        guard knowsAny, n > 0, n < columns.count else { return }
        for y in rows where rowKnown[slots[y]] {
            let row = slots[y] * w
            if shift.distance > 0 {
                for x in x0..<(x1 - n) { cells[row + x] = cells[row + x + n] }
                for x in (x1 - n)..<x1 { cells[row + x] = Self.unknown }
            } else {
                for x in stride(from: x1 - 1, through: x0 + n, by: -1) { cells[row + x] = cells[row + x - n] }
                for x in x0..<(x0 + n) { cells[row + x] = Self.unknown }
                if x1 < w { for x in max(x1, w - n)..<w { cells[row + x] = Self.unknown } }
            }
        }
    }
}
