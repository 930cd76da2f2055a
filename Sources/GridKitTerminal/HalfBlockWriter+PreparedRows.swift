import Glibc
import GridKit

/// Rows of pictures made ahead (`PreparedRowBytes`, kept in `PictureRowCache`): where a changed
/// cell starts a block's row that the canvas still holds (`Canvas.blockRows(ofRow:)`) and the
/// cache has the bytes of, the writer moves there and sends them.
extension HalfBlockWriter {
    /// Whether a prepared row may start at (x, y): false where the row's block rows are at
    /// hand and none is left that starts at or before x, as for most changed cells (text, a
    /// row without pictures), which then cost no call. `putPreparedRow` would find the same.
    @inline(__always)
    func mayStartPreparedRow(at x: Int, _ y: Int) -> Bool {
        y != preparedY || (preparedNext < preparedPlaces.count && preparedPlaces[preparedNext].x <= x)
    }

    /// Where in `preparedBlocks` the rows made for block `identity` are, found this frame
    /// already or in the shared cache.
    private mutating func preparedBlock(_ identity: UInt64) -> Int? {
        var k = preparedIdentities.count - 1
        while k >= 0 {
            if preparedIdentities[k] == identity { return k }
            k -= 1
        }
        guard let made = rows?.rows(of: identity)?.made else { return nil }
        // A screenful of tiles at most: the oldest go first.
        if preparedBlocks.count == 32 {
            preparedIdentities.removeFirst()
            preparedBlocks.removeFirst()
        }
        preparedIdentities.append(identity)
        preparedBlocks.append(made)
        return preparedBlocks.count - 1
    }

    /// Writes the prepared row that starts at (x, y), if the canvas holds one there and most
    /// of its cells need writing; false to write the cell as usual.
    mutating func putPreparedRow(at x: Int, _ y: Int, in canvas: Canvas, into out: inout PenWriter) -> Bool {
        if preparedY != y {
            preparedY = y
            preparedPlaces = canvas.blockRows(ofRow: y)
            preparedNext = 0
        }
        // Cells come from the left: rows that start before this cell are behind.
        while preparedNext < preparedPlaces.count && preparedPlaces[preparedNext].x < x { preparedNext += 1 }
        guard preparedNext < preparedPlaces.count, preparedPlaces[preparedNext].x == x else { return false }
        let place = preparedPlaces[preparedNext]
        preparedNext += 1
        let width = place.width
        guard out.charset == nil, skipsShownCells, let k = preparedBlock(place.block) else { return false }
        let made = preparedBlocks[k]
        guard made.width == width, place.row < made.rows.count, let row = made.rows[place.row],
            // Not up to the last column: after it the cursor waits at the margin, and the row's
            // steps back would land one column off.
            x + width < out.size.width
        else { return false }
        if out.clearsToEndOfLine {
            if out.blankTail[y] < 0 { out.blankTail[y] = out.tailStart(of: y, in: canvas) }
            guard x + width <= out.blankTail[y] else { return false }
        }
        return made.cells.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[(place.row * width)..<((place.row + 1) * width)])
            // Drawn over since? Compared as bytes, which is as cells: every byte of a cell is a
            // field's, no padding (`CanvasCellTests` checks the layout).
            let stride = MemoryLayout<CanvasCell>.stride
            guard memcmp(canvas.rowCells(y) + x, cells.baseAddress!, width * stride) == 0 else { return false }
            // Mostly on screen already (a mark drawn and taken off): only what changed goes.
            guard out.shown.showing(prepared: cells, x: x, y: y) * 2 < width else { return false }
            out.flushBlanks()
            flush(into: &out)
            if !out.pen.attributes.isEmpty {
                out.bytes += out.caps.reset
                out.pen = out.caps.attributesResetColors ? (-1, -1, []) : (-2, -2, [])
            }
            out.move(to: x, y)
            // The row's first colours go out as this pen needs them: only what differs.
            let lead = row.lead
            if lead.count > 0 {
                out.setPen(
                    lead.foreground == -2 ? out.pen.fg : lead.foreground,
                    lead.background == -2 ? out.pen.bg : lead.background, [])
            }
            let sent = (row.bytes.lowerBound + lead.count)..<row.bytes.upperBound
            made.bytes.withUnsafeBufferPointer { bytes in
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sent]))
            }
            out.pen.fg = row.foreground
            out.pen.bg = row.background
            out.cursor = (x + row.cursorColumn, y)
            out.columnIsSure = true
            out.shown.set(prepared: cells, x: x, y: y)
            preparedSkip = (y, x + width)
            preparedRowsWritten += 1
            return true
        }
    }
}
