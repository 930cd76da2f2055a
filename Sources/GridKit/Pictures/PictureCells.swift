/// Cells covered by a picture. `DrawContext.placeImage` marks each visible cell of the picture
/// with the image and which of its cells this is; anything drawn later over a cell (a pinned
/// header, an overlay, the scroll bar) simply replaces the mark. So the canvas alone says which
/// part of which picture shows where, however it was clipped, moved or covered, and a frame
/// diff sees pictures change like any text.
extension CanvasCell {
    /// The scalar of a picture cell (a private-use code point no text puts in a canvas: control
    /// and private-use characters are not drawn by `drawText`).
    static let pictureMarker: UInt32 = 0x10_FFFD

    /// The cell showing cell (`column`, `row`) of image `image` (a `TerminalImage.id`). A
    /// picture cell has no grapheme tail and its style means nothing, so those bits hold its
    /// place: the image's low 24 bits in the foreground, its next 8 above the marker, the row in
    /// the background and the column in the tail's bits.
    static func picture(image: Int, column: Int, row: Int) -> CanvasCell {
        let id = UInt32(truncatingIfNeeded: image)
        var cell = CanvasCell(
            scalar: pictureMarker | (id >> 24) << 21, width: 1,
            style: Style(
                foreground: Color(rawValue: 3 << 24 | id & 0xFF_FFFF),
                background: Color(rawValue: 3 << 24 | UInt32(row) & 0xFF_FFFF)))
        cell.tail = UInt16(truncatingIfNeeded: column)
        return cell
    }

    /// True when a picture covers this cell.
    @inline(__always)
    @usableFromInline package var isPicture: Bool { head & Self.scalarBits == Self.pictureMarker }

    /// The picture covering this cell: the image's id (its low 32 bits) and which of its cells
    /// this is; nil for text.
    package var picture: (image: UInt32, column: Int, row: Int)? {
        guard isPicture else { return nil }
        let image = (head >> 21) << 24 | style.foreground.rawValue & 0xFF_FFFF
        return (image, Int(tail), Int(style.background.rawValue & 0xFF_FFFF))
    }
}

/// A rectangle of a canvas showing a rectangle of a picture's cells: what a terminal backend
/// draws (a whole picture, or the part of it left visible by an edge or a header).
package struct PicturePiece: Hashable, Sendable {
    /// `TerminalImage.id`, low 32 bits.
    package var image: UInt32
    /// The canvas cells it covers.
    package var cells: Rect
    /// Which of the picture's cells show there (same size as `cells`).
    package var source: Rect

    /// A piece showing cells `source` of picture `image` at canvas cells `cells`.
    package init(image: UInt32, cells: Rect, source: Rect) {
        self.image = image; self.cells = cells; self.source = source
    }
}

/// A picture placed on a canvas, with the grid of cells it was made for.
package struct PlacedPicture: Sendable {
    /// The picture.
    package let image: TerminalImage
    /// The columns and rows it fills when whole.
    package let cells: Size
}

extension Canvas {
    /// The pictures the canvas shows, as rectangles of cells: runs of picture cells that
    /// continue one another (same image, consecutive picture columns and rows) are one piece.
    /// A picture cut by something drawn across it comes out as several pieces. Pictures no cell
    /// shows any longer are forgotten.
    package func picturePieces() -> [PicturePiece] {
        guard hasPictures else { return [] }
        var pieces: [PicturePiece] = []
        // Pieces still growing: those whose last row is the row above.
        var open: [Int] = [], nextOpen: [Int] = []
        var seen = Set<UInt32>()
        for y in 0..<size.height {
            let row = rowCells(y)
            var x = 0
            nextOpen.removeAll(keepingCapacity: true)
            while x < size.width {
                guard row[x].isPicture else { x += 1; continue }
                let first = row[x].picture!
                var end = x + 1
                while end < size.width, let next = row[end].picture, next.image == first.image, next.row == first.row,
                    next.column == first.column + (end - x)
                { end += 1 }
                let cells = Rect(x: x, y: y, width: end - x, height: 1)
                let source = Rect(x: first.column, y: first.row, width: end - x, height: 1)
                seen.insert(first.image)
                if let k = open.firstIndex(where: { i in
                    let p = pieces[i]
                    return p.image == first.image && p.cells.minX == x && p.cells.width == end - x
                        && p.source.minX == source.minX && p.source.maxY == source.minY
                }) {
                    let i = open[k]
                    pieces[i].cells.size.height += 1
                    pieces[i].source.size.height += 1
                    nextOpen.append(i)
                } else {
                    nextOpen.append(pieces.count)
                    pieces.append(PicturePiece(image: first.image, cells: cells, source: source))
                }
                x = end
            }
            swap(&open, &nextOpen)
        }
        forgetPictures(except: seen)
        return pieces
    }
}
