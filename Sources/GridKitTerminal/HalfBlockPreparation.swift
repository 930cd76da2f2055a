import GridKit

/// Pictures in half blocks prepared where they are made: the colours `FrameWriter` would decide
/// for each run of picture cells (`HalfBlockChoice`, from the run's start with no pen), worked out
/// once on the thread that made the picture (`ScreenContext.prepareCells`). The frame that shows
/// the picture then writes palette entries as they are: no pixel is matched to the palette and
/// no colour is weighed on the key's path.
package enum HalfBlockPreparation {
    /// A preparer for a terminal showing 256 colours with the writer's `tolerance`. In direct
    /// colour, one that leaves the cells as they are: the writer sends their colours as they are,
    /// but with a preparer the cells are made on the thread that made the picture, and drawing
    /// them on the key's path is a copy (without one, every tile a scroll lets in chose its
    /// symbols and colours there: a Down on the photo library took 1.4 ms to its first byte).
    /// Nil for other colour modes and where the block characters take two columns (the writer
    /// then draws picture cells another way). With `rowBytes`, the block's rows get their bytes
    /// as that cache's writer writes them (`PreparedRowBytes`), kept there; making them is the
    /// work the preparer leaves for later.
    package static func preparer(
        colorMode: ColorMode, tolerance: Int, blocksAreNarrow: Bool = true, rowBytes: PictureRowCache? = nil
    ) -> CellPreparer? {
        guard blocksAreNarrow, colorMode == .palette256 || colorMode == .direct else { return nil }
        let choice = colorMode == .palette256 ? HalfBlockChoice(tolerance: tolerance) : nil
        return { block in
            if let choice { prepare(&block, with: choice) }
            guard let rowBytes else { return nil }
            let made = rowBytes.add(block)
            return { made.complete() }
        }
    }

    /// Gives every picture cell of `block` (an upper half block in two colours) palette colours:
    /// in each run of picture cells, a cell with two RGB pixels gets what `choice` decides after
    /// the cells to its left; a cell with one RGB half gets that half's nearest entry.
    package static func prepare(_ block: inout CellBlock, with choice: HalfBlockChoice) {
        let width = block.size.width
        for y in 0..<block.size.height {
            // A run starts with no pen, as the writer starts each (a cell of other colours
            // leaves the pen unknown after it too).
            var meets = (fg: -2, bg: -2)
            for x in 0..<width {
                let i = y * width + x, cell = block.cells[i], style = cell.style
                guard cell.isHalfBlock, style.attributes.isEmpty else {
                    meets = (-2, -2)
                    continue
                }
                let top = style.foreground.rawValue, bottom = style.background.rawValue
                guard top >> 24 == 3, bottom >> 24 == 3 else {
                    meets = (-2, -2)
                    if top >> 24 == 3 || bottom >> 24 == 3 {
                        block.cells[i] = Self.cell(
                            nearest(top) ?? style.foreground, nearest(bottom) ?? style.background)
                    }
                    continue
                }
                let written = choice.choose(
                    top: entry(top), bottom: entry(bottom), topRGB: pixel(top), bottomRGB: pixel(bottom), pen: meets,
                    backgroundUnderBlocks: meets.bg >= 16)
                meets = (written.fg, written.bg)
                let shown = HalfBlockChoice.halves(written)
                block.cells[i] = Self.cell(
                    .palette(UInt8(truncatingIfNeeded: shown.top)), .palette(UInt8(truncatingIfNeeded: shown.bottom)))
            }
        }
    }

    private static func cell(_ top: Color, _ bottom: Color) -> CanvasCell {
        CanvasCell(scalar: HalfBlockChoice.upper, width: 1, style: Style(foreground: top, background: bottom))
    }

    /// The palette entry nearest an RGB colour's bits (kind in the top byte).
    private static func entry(_ raw: UInt32) -> Int {
        ColorMapper.nearestPalette(Int(raw >> 16 & 0xFF), Int(raw >> 8 & 0xFF), Int(raw & 0xFF))
    }

    private static func nearest(_ raw: UInt32) -> Color? { raw >> 24 == 3 ? .palette(UInt8(entry(raw))) : nil }

    private static func pixel(_ raw: UInt32) -> SIMD3<Int32> {
        SIMD3(Int32(raw >> 16 & 0xFF), Int32(raw >> 8 & 0xFF), Int32(raw & 0xFF))
    }
}
