import GridKit

/// A full-width section header: a title on a coloured band.
final class SectionHeaderCell: GridCell {
    var title = ""
    var detail = ""

    override func prepareForReuse() { title = ""; detail = "" }
    /// It fills its row before writing on it.
    override var isOpaque: Bool { true }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.fill(style: Palette.header)
        let used = context.text(" " + title, at: .zero, style: Palette.header, maxWidth: bounds.width)
        if !detail.isEmpty, used + 2 < bounds.width {
            context.text("  " + detail, at: Point(x: used, y: 0), style: Palette.header.with(.dim), maxWidth: bounds.width - used)
        }
    }
}
