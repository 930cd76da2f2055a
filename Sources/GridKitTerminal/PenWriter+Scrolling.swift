import GridKit

/// Content the terminal moves itself: rows scrolled in a region, and a band of columns moved
/// sideways, so only what comes in is sent. (`FrameWriter` sends what its rows hold back first.)
extension PenWriter {
    /// Whether the terminal can move rows itself (`scroll`).
    var canScroll: Bool { caps.scrollRegion != nil }

    /// Has the terminal move the rows of `shift` (a list scrolled by a line, a grid by a row of
    /// tiles): cheaper than writing them again. The rows it leaves are blank in the default colours.
    mutating func scroll(_ shift: RowShift) {
        guard let region = caps.scrollRegion, let up = caps.scrollUp, let down = caps.scrollDown else { return }
        func cached(_ kind: Int32, _ a: Int, _ b: Int, _ make: (Int, Int) -> [UInt8]) -> [UInt8] {
            let key = SIMD3(kind, Int32(a), Int32(b))
            if let known = scrollCodes[key] { return known }
            let code = make(a, b)
            scrollCodes[key] = code
            return code
        }
        setPen(-1, -1, [])
        shown.scroll(shift)
        bytes += cached(0, shift.rows.lowerBound, shift.rows.upperBound - 1, region)
        cursor = nil
        if shift.distance > 0 {
            move(to: 0, shift.rows.upperBound - 1)
            bytes += cached(1, shift.distance, 0) { n, _ in up(n) }
        } else {
            move(to: 0, shift.rows.lowerBound)
            bytes += cached(2, -shift.distance, 0) { n, _ in down(n) }
        }
        bytes += cached(0, 0, size.height - 1, region)
        cursor = nil
    }

    /// Whether the terminal can move content sideways within a row (`shiftColumns`).
    var canShiftColumns: Bool { caps.deleteCharacters != nil && caps.insertCharacters != nil }

    /// Has the terminal move the content of `shift`'s band sideways on each of its rows (a row
    /// of tiles scrolled by a tile): characters deleted at one edge of the band and blanks
    /// inserted at the other, so only the columns let in need sending. `FrameDiff.apply` makes
    /// the same moves to what it remembers.
    mutating func shiftColumns(_ shift: ColumnShift) {
        guard let delete = caps.deleteCharacters, let insert = caps.insertCharacters else { return }
        let rows = shift.rows.clamped(to: 0..<size.height), columns = shift.columns.clamped(to: 0..<size.width)
        let n = abs(shift.distance)
        guard n > 0, n < columns.count else { return }
        // The blanks come in the background in effect (bce): the default one, as the diff assumes.
        setPen(-1, -1, [])
        shown.shiftColumns(shift)
        let deleteCode = delete(n), insertCode = insert(n), reachesEnd = columns.upperBound == size.width
        for y in rows {
            if shift.distance > 0 {
                move(to: columns.lowerBound, y)
                bytes += deleteCode
                if !reachesEnd {
                    move(to: columns.upperBound - n, y)
                    bytes += insertCode
                }
            } else {
                move(to: columns.lowerBound, y)
                bytes += insertCode
                if !reachesEnd {
                    move(to: columns.upperBound, y)
                    bytes += deleteCode
                }
            }
        }
    }
}
