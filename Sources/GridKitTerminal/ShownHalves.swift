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
    private var cells: [Int64] = []
    static let unknown: Int64 = -1

    /// The two halves packed as stored (colour numbers are not negative in a picture cell).
    static func packed(top: Int, bottom: Int) -> Int64 { Int64(top) << 32 | Int64(UInt32(truncatingIfNeeded: bottom)) }

    /// Forgets everything: a cleared or resized screen.
    mutating func reset(_ size: Size) {
        self.size = size
        let n = max(0, size.width) * max(0, size.height)
        if cells.count == n {
            for i in cells.indices { cells[i] = Self.unknown }
        } else {
            cells = Array(repeating: Self.unknown, count: n)
        }
    }

    func halves(x: Int, y: Int) -> Int64 {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return Self.unknown }
        return cells[y * size.width + x]
    }

    mutating func set(x: Int, y: Int, top: Int, bottom: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        cells[y * size.width + x] = Self.packed(top: top, bottom: bottom)
    }

    /// Forgets columns `columns` of row `y` (something else written or erased there).
    mutating func forget(_ columns: Range<Int>, y: Int) {
        guard y >= 0, y < size.height else { return }
        for x in columns.clamped(to: 0..<size.width) { cells[y * size.width + x] = Self.unknown }
    }

    /// The terminal scrolled `shift.rows` by `shift.distance` (up when positive): the rows let in are blank.
    mutating func scroll(_ shift: RowShift) {
        let rows = shift.rows.clamped(to: 0..<size.height), d = shift.distance, w = size.width
        guard !rows.isEmpty else { return }
        let order = d > 0 ? Array(rows) : rows.reversed()
        for y in order {
            let from = y + d
            for x in 0..<w { cells[y * w + x] = rows.contains(from) ? cells[from * w + x] : Self.unknown }
        }
    }

    /// The terminal moved the band of `shift` sideways as `FrameWriter.shiftColumns` has it do
    /// (characters deleted at one edge, blanks inserted at the other; for a move right, the
    /// row's last columns fall off and come back blank).
    mutating func shiftColumns(_ shift: ColumnShift) {
        let w = size.width
        let rows = shift.rows.clamped(to: 0..<size.height), columns = shift.columns.clamped(to: 0..<w)
        let n = abs(shift.distance), x0 = columns.lowerBound, x1 = columns.upperBound
        guard n > 0, n < columns.count else { return }
        for y in rows {
            let row = y * w
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
