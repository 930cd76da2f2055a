import GridKit

/// Pictures in half blocks prepared where they are made: the palette colours of each run of
/// picture cells, decided for the run as a whole (`HalfBlockRun`, with the writer's tolerance) on
/// the thread that made the picture (`ScreenContext.prepareCells`). The frame that shows the
/// picture then writes palette entries as they are: no pixel is matched to the palette and no
/// colour is weighed on the key's path.
///
/// The writer decides a picture it gets in RGB a cell at a time from the left (`HalfBlockChoice`),
/// which is all a key's path can afford; off that path a run is decided whole, for fewer bytes at
/// the same colour error (`make bench`'s photo folder: 3% fewer a scroll).
package enum HalfBlockPreparation {
    /// A preparer for a terminal showing 256 colours with the writer's `tolerance`; nil for other
    /// colour modes, whose colours the writer sends as they are, and where the block characters
    /// take two columns (the writer then draws picture cells another way).
    package static func preparer(colorMode: ColorMode, tolerance: Int, blocksAreNarrow: Bool = true) -> CellPreparer? {
        guard colorMode == .palette256, blocksAreNarrow else { return nil }
        let run = HalfBlockRun(choice: HalfBlockChoice(tolerance: tolerance))
        return { block in prepare(&block, with: run) }
    }

    /// Gives every picture cell of `block` (an upper half block in two colours) palette colours:
    /// each run of cells with two RGB pixels gets what `run` decides for it as a whole; a cell
    /// with one RGB half gets that half's nearest entry.
    package static func prepare(_ block: inout CellBlock, with run: HalfBlockRun) {
        let width = block.size.width
        var cells: [HalfBlockRun.Cell] = []
        for y in 0..<block.size.height {
            var x = 0
            while x < width {
                let start = x
                cells.removeAll(keepingCapacity: true)
                while x < width, let c = runCell(block.cells[y * width + x]) {
                    cells.append(c)
                    x += 1
                }
                if cells.isEmpty {
                    let i = y * width + x, style = block.cells[i].style
                    let top = style.foreground.rawValue, bottom = style.background.rawValue
                    if block.cells[i].isHalfBlock, style.attributes.isEmpty, top >> 24 == 3 || bottom >> 24 == 3 {
                        block.cells[i] = Self.cell(nearest(top) ?? style.foreground, nearest(bottom) ?? style.background)
                    }
                    x += 1
                    continue
                }
                for (k, written) in run.decide(cells).enumerated() {
                    let shown = HalfBlockChoice.halves(written)
                    block.cells[y * width + start + k] = Self.cell(
                        .palette(UInt8(truncatingIfNeeded: shown.top)), .palette(UInt8(truncatingIfNeeded: shown.bottom)))
                }
            }
        }
    }

    /// A cell of a run: an upper half block of two RGB pixels, nothing else.
    private static func runCell(_ cell: CanvasCell) -> HalfBlockRun.Cell? {
        let style = cell.style, top = style.foreground.rawValue, bottom = style.background.rawValue
        guard cell.isHalfBlock, style.attributes.isEmpty, top >> 24 == 3, bottom >> 24 == 3 else { return nil }
        return HalfBlockRun.Cell(top: entry(top), bottom: entry(bottom), topRGB: pixel(top), bottomRGB: pixel(bottom))
    }

    private static func cell(_ top: Color, _ bottom: Color) -> CanvasCell {
        CanvasCell(scalar: HalfBlockChoice.upper, width: 1, style: Style(foreground: top, background: bottom))
    }

    /// The palette entry nearest an RGB colour's bits (kind in the top byte).
    private static func entry(_ raw: UInt32) -> Int {
        ColorMapper.nearestPalette(Int(raw >> 16 & 0xFF), Int(raw >> 8 & 0xFF), Int(raw & 0xFF))
    }

    private static func nearest(_ raw: UInt32) -> Color? { raw >> 24 == 3 ? .palette(UInt8(entry(raw))) : nil }

    private static func pixel(_ raw: UInt32) -> SIMD3<Int32> { SIMD3(Int32(raw >> 16 & 0xFF), Int32(raw >> 8 & 0xFF), Int32(raw & 0xFF)) }
}
