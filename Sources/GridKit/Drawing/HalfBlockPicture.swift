extension DrawContext {
    /// Draws an RGB picture in half blocks, two pixels to a cell: `▀` with the upper pixel as
    /// its foreground and the lower one as its background.
    ///
    /// `rgb` holds `size.width` × `size.height` pixels, three bytes each (red, green, blue),
    /// row by row. `origin` is where the top-left pixel goes, in local columns and half rows:
    /// a `y` of 3 is the lower half of row 1. A cell's half that the picture does not reach is
    /// `matte`. Only what is inside the context's clip is drawn.
    ///
    /// This is the quick way to draw a picture with characters: a row of cells is written at
    /// once, with no width to look up or grapheme to build per cell, so a scroll that brings a
    /// row of thumbnails into view costs little.
    public func drawHalfBlocks(rgb: [UInt8], size: Size, at origin: Point, matte: Color) {
        let width = size.width
        let height = width > 0 ? min(size.height, rgb.count / (3 * width)) : 0
        guard width > 0, height > 0 else { return }
        // Canvas columns of the picture, clipped.
        let left = self.origin.x + origin.x
        let columns = max(left, clip.minX)..<min(left + width, clip.maxX)
        guard !columns.isEmpty else { return }
        // Local cell rows the picture touches (half rows rounded down, also when negative).
        func cellRow(_ halfRow: Int) -> Int { halfRow >= 0 ? halfRow / 2 : -((1 - halfRow) / 2) }
        rgb.withUnsafeBufferPointer { pixels in
            for row in cellRow(origin.y)...cellRow(origin.y + height - 1) {
                let y = self.origin.y + row
                guard y >= clip.minY, y < clip.maxY else { continue }
                let upper = 2 * row - origin.y
                canvas.putHalfBlocks(
                    y: y, columns: columns, pixels: pixels, width: width, firstPixel: columns.lowerBound - left,
                    upper: upper >= 0 && upper < height ? upper : nil,
                    lower: upper + 1 >= 0 && upper + 1 < height ? upper + 1 : nil,
                    matte: matte)
            }
        }
    }
}

extension Canvas {
    /// Writes half blocks over `columns` of row `y`: column `columns.lowerBound` shows pixel
    /// `firstPixel` of pixel rows `upper` and `lower` of `pixels` (`width` pixels a row), and so
    /// on; a row that is nil shows `matte`. Only the cells that change count as changed.
    func putHalfBlocks(
        y: Int, columns: Range<Int>, pixels: UnsafeBufferPointer<UInt8>, width: Int, firstPixel: Int, upper: Int?,
        lower: Int?, matte: Color
    ) {
        let upperStart = upper.map { ($0 * width + firstPixel) * 3 },
            lowerStart = lower.map { ($0 * width + firstPixel) * 3 }
        putOneColumnCells(y: y, columns: columns) { x in
            let k = (x - columns.lowerBound) * 3
            let top = upperStart.map { Color.rgb(pixels[$0 + k], pixels[$0 + k + 1], pixels[$0 + k + 2]) } ?? matte
            let bottom = lowerStart.map { Color.rgb(pixels[$0 + k], pixels[$0 + k + 1], pixels[$0 + k + 2]) } ?? matte
            return CanvasCell(scalar: 0x2580, width: 1, style: Style(foreground: top, background: bottom))
        }
    }
}
