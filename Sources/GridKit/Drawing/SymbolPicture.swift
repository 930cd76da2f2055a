extension DrawContext {
    /// Draws an RGB picture in block elements, choosing for each cell among half blocks and,
    /// as `symbols` allows, quadrants and sextants, with the two colours that show its pixels
    /// best (`CellSymbolChoice`). In 256 colours the colours are the palette's, matched as the
    /// eye sees them; otherwise RGB.
    ///
    /// `rgb` holds `size.width` × `size.height` pixels, three bytes each, row by row, at 2
    /// pixels across a cell and 6 down it (3 down each half of a cell): the same picture as for
    /// ``drawHalfBlocks(rgb:size:at:matte:)`` sampled 2 × 3 times as finely, so `size.width` is
    /// even and `size.height` a multiple of 3. `origin` is in local columns and half rows, as
    /// there; a half of a cell the picture does not reach is `matte`.
    public func drawSymbols(rgb: [UInt8], size: Size, at origin: Point, matte: Color, symbols: PictureSymbols) {
        let width = size.width / 2, height = size.width > 0 ? min(size.height, rgb.count / (3 * size.width)) / 3 : 0
        guard width > 0, height > 0 else { return }
        let left = self.origin.x + origin.x
        let columns = max(left, clip.minX)..<min(left + width, clip.maxX)
        guard !columns.isEmpty else { return }
        func cellRow(_ halfRow: Int) -> Int { halfRow >= 0 ? halfRow / 2 : -((1 - halfRow) / 2) }
        let choice = CellSymbolChoice(symbols: symbols, colorMode: colorMode)
        // In direct colour a cell's colour close to one its row has already is drawn in that one
        // (`RowColors`); the other modes' colours are the palette's, or mapped to it, as they are.
        var reuse = RowColors(reuses: colorMode == .direct)
        let stride = size.width * 3
        var atoms = [SIMD3<Float>](repeating: .zero, count: CellSymbolChoice.atomCount)
        rgb.withUnsafeBufferPointer { pixels in
            for row in cellRow(origin.y)...cellRow(origin.y + height - 1) {
                let y = self.origin.y + row
                guard y >= clip.minY, y < clip.maxY else { continue }
                // The picture's half rows in this cell row; nil where the picture does not reach.
                let upper = 2 * row - origin.y
                let halves = (
                    upper >= 0 && upper < height ? upper : nil, upper + 1 >= 0 && upper + 1 < height ? upper + 1 : nil
                )
                reuse.startRow()
                canvas.putOneColumnCells(y: y, columns: columns) { x in
                    let px = 2 * (x - left)
                    if let top = halves.0, let bottom = halves.1 {
                        for r in 0..<CellSymbolChoice.atomRows {
                            let line = (r < 3 ? top * 3 + r : bottom * 3 + r - 3) * stride
                            for c in 0..<2 {
                                let o = line + (px + c) * 3
                                atoms[r * 2 + c] = Lab.lab(pixels[o], pixels[o + 1], pixels[o + 2])
                            }
                        }
                        let (scalar, fg, bg) = atoms.withUnsafeBufferPointer { choice.choose($0, reusing: &reuse) }
                        return CanvasCell(scalar: scalar, width: 1, style: Style(foreground: fg, background: bg))
                    }
                    // A cell at the picture's top or bottom edge: its picture half as a
                    // half block's over the matte.
                    func half(_ h: Int?) -> Color {
                        guard let h else { return matte }
                        var sum = SIMD3<Float>(repeating: 0)
                        for r in 0..<3 {
                            for c in 0..<2 {
                                let o = (h * 3 + r) * stride + (px + c) * 3
                                sum += Lab.lab(pixels[o], pixels[o + 1], pixels[o + 2])
                            }
                        }
                        return choice.color(sum / 6)
                    }
                    return CanvasCell(
                        scalar: 0x2580, width: 1, style: Style(foreground: half(halves.0), background: half(halves.1))
                    )
                }
            }
        }
    }
}
