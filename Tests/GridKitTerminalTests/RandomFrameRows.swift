import GridKit

/// The rows of a random-frame test (what each cell should show) and the moves a frame may
/// make to them as a screen makes them: rows scrolled by one in a band, a band of rows moved
/// sideways. The tests that play such frames share these, so each move is written once.
struct RandomFrameRows<Content> {
    var rows: [[Content]]
    let blank: Content
    let size: Size

    init(size: Size, blank: Content) {
        self.size = size
        self.blank = blank
        rows = Array(repeating: Array(repeating: blank, count: size.width), count: size.height)
    }

    /// One time in six, the rows between the first and the last scrolled by one, up or down,
    /// blanks coming in.
    mutating func maybeScroll(_ rng: inout Seeded) {
        guard rng.next(6) == 0 else { return }
        let d = rng.next(2) == 0 ? 1 : -1, band = 1..<(size.height - 1)
        let moved = band.map { y in
            band.contains(y + d) ? rows[y + d] : Array(repeating: blank, count: size.width)
        }
        for (k, y) in band.enumerated() { rows[y] = moved[k] }
    }

    /// One time in five, a band of rows moved sideways within columns 3..<27 by up to
    /// `farthest` columns, blanks coming in behind; the move, for the canvas to note.
    mutating func maybeMoveSideways(_ rng: inout Seeded, farthest: Int) -> ColumnShift? {
        guard rng.next(5) == 0 else { return nil }
        let d = (1 + rng.next(farthest)) * (rng.next(2) == 0 ? 1 : -1), r0 = rng.next(size.height - 2)
        let r1 = r0 + 2 + rng.next(size.height - r0 - 2), columns = 3..<27
        for y in r0..<r1 {
            let old = rows[y]
            for x in columns { rows[y][x] = columns.contains(x + d) ? old[x + d] : blank }
        }
        return ColumnShift(rows: r0..<r1, columns: columns, distance: d)
    }
}
