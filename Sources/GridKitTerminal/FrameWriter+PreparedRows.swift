import GridKit

/// Rows of pictures made ahead (`PreparedRowBytes`, kept in `PictureRowCache`): where a changed
/// cell starts a block's row that the canvas still holds (`Canvas.blockRows(ofRow:)`) and the
/// cache has the bytes of, the writer moves there and sends them.
extension FrameWriter {
    /// Writes the prepared row that starts at (x, y), if the canvas holds one there and most
    /// of its cells need writing; false to write the cell as usual.
    mutating func putPreparedRow(at x: Int, _ y: Int, in canvas: Canvas) -> Bool {
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
        guard let cache = pictureRows, charset == nil, skipsShownPictureCells, let made = cache.rows(of: place.block),
            made.width == width, let rows = made.rows, place.row < rows.count, let row = rows[place.row],
            // Not up to the last column: after it the cursor waits at the margin, and the row's
            // steps back would land one column off.
            x + width < size.width
        else { return false }
        if clearsToEndOfLine {
            if blankTail[y] < 0 { blankTail[y] = tailStart(of: y, in: canvas) }
            guard x + width <= blankTail[y] else { return false }
        }
        return made.cells.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[(place.row * width)..<((place.row + 1) * width)])
            let onCanvas = canvas.rowCells(y) + x
            for i in 0..<width where onCanvas[i] != cells[i] { return false } // drawn over since
            // Mostly on screen already (a mark drawn and taken off): only what changed goes.
            guard shown.showing(prepared: cells, x: x, y: y) * 2 < width else { return false }
            flushRow()
            if !pen.attributes.isEmpty {
                bytes += caps.reset
                pen = caps.attributesResetColors ? (-1, -1, []) : (-2, -2, [])
            }
            move(to: x, y)
            // The row's first colours go out as this pen needs them: only what differs.
            let lead = row.lead
            if lead.count > 0 {
                setPen(lead.foreground == -2 ? pen.fg : lead.foreground, lead.background == -2 ? pen.bg : lead.background, [])
                bytes += row.bytes[lead.count...]
            } else {
                bytes += row.bytes
            }
            pen.fg = row.foreground
            pen.bg = row.background
            cursor = (x + row.cursorColumn, y)
            columnIsSure = true
            shown.set(prepared: cells, x: x, y: y)
            preparedSkip = (y, x + width)
            preparedRowsWritten += 1
            return true
        }
    }
}
