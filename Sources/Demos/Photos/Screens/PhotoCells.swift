import GridKit

/// A thumbnail with the file name under it; a placeholder while decoding; `⚠` and the reason
/// when the file could not be shown. The caption marks the focus (`▶`) and a marked photo
/// (`•`, also under the focus, whose colour would hide the mark's).
final class PhotoCell: GridCell {
    var name = ""
    var entry: ThumbnailCache.Entry?

    override func prepareForReuse() { name = ""; entry = nil }

    /// Around a thumbnail, where the terminal has 16 colours or more (what its cells are made on).
    nonisolated static let matte = Color.palette(235)
    nonisolated static let tileBackground = Style(background: matte)

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let picture = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 1))
        PhotoArea.draw(entry, in: context, area: picture, matte: Self.matte, placeholder: "…")
        let caption = state.isFocused ? Palette.focus : state.isSelected ? Palette.selected : Palette.dim
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), style: caption)
        let markers = (state.isFocused ? "▶" : "") + (state.isSelected ? "•" : "")
        context.text(markers + name, at: Point(x: 0, y: bounds.height - 1), style: caption, maxWidth: bounds.width)
    }
}
