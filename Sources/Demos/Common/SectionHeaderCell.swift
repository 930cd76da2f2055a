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
        // A title too long for the row beside its detail (a deep folder's path) gives up its
        // start, not its end: the folder's own name and the count stay in view.
        let detailWidth = detail.isEmpty ? 0 : TextWidth.width(of: detail) + 2
        let room = bounds.width - 1 - detailWidth
        var shown = title
        if detailWidth > 0, TextWidth.width(of: title) > room, room >= Self.shortestTitle {
            shown = Self.keepingEnd(of: title, width: room)
        }
        let used = context.text(" " + shown, at: .zero, style: Palette.header, maxWidth: bounds.width)
        if !detail.isEmpty, used + 2 < bounds.width {
            context.text(
                "  " + detail, at: Point(x: used, y: 0), style: Palette.headerDetail, maxWidth: bounds.width - used)
        }
    }

    /// The fewest columns a title is cut to at its start; narrower, the detail gives way.
    static let shortestTitle = 12

    /// The end of `text` that fits `width` columns with an ellipsis in front.
    static func keepingEnd(of text: String, width: Int) -> String {
        var kept: [Character] = [], used = 1
        for c in text.reversed() {
            let w = TextWidth.width(of: c)
            if used + w > width { break }
            kept.append(c)
            used += w
        }
        return "…" + String(kept.reversed())
    }
}
