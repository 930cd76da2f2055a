import GridKit

/// A thumbnail with the file name under it; a placeholder while decoding; `⚠` and the reason
/// when the file could not be shown.
final class PhotoCell: GridCell {
    static let identifier = "Photo"
    var name = ""
    var entry: ThumbnailCache.Entry?

    override func prepareForReuse() { name = ""; entry = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let tile = Style(background: .palette(235))
        let picture = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 1))
        context.fill(picture, style: tile)
        switch entry {
        case .thumbnail(let t)?:
            t.draw(in: context, at: .zero, background: tile)
        case .failure(let reason)?:
            let lines = TextWrap.lines(reason, width: max(1, bounds.width - 2))
            context.centeredText("⚠", y: max(0, picture.height / 2 - 1), style: tile.with(.bold).merging(Palette.error))
            for (i, line) in lines.prefix(max(0, picture.height / 2)).enumerated() {
                context.centeredText(line, y: picture.height / 2 + i, style: Style(foreground: .ansi(9), background: .palette(235)))
            }
        case nil:
            context.centeredText("…", y: picture.height / 2, style: Style(foreground: .brightBlack, background: .palette(235)))
        }
        let caption = state.isFocused ? Palette.focus : state.isSelected ? Palette.selected : Palette.dim
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), style: caption)
        context.text((state.isFocused ? "▶" : "") + name, at: Point(x: 0, y: bounds.height - 1), style: caption, maxWidth: bounds.width)
    }
}

extension Style {
    /// This style with another's foreground and attributes.
    func merging(_ other: Style) -> Style {
        Style(foreground: other.foreground, background: background, attributes: attributes.union(other.attributes))
    }
}
