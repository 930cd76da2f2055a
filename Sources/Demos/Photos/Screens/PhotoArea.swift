import GridKit

/// Draws what the cache holds for a photo into a picture area: the thumbnail, `⚠` and the
/// reason it failed, or a placeholder while it decodes. Shared by the grid tile and the full view.
enum PhotoArea {
    static func draw(
        _ entry: ThumbnailCache.Entry?, in context: DrawContext, area: Rect, matte: Color, placeholder: String
    ) {
        // With 8 colours or none the matte would be black whatever the terminal's background:
        // pictures then sit on the terminal's own background.
        let background = context.colorMode >= .ansi16 ? Style(background: matte) : Style.plain
        switch entry {
        case .thumbnail(let t)?:
            // A thumbnail made for the area covers every cell of it; anything else sits on the matte.
            let fits = t.columns == area.width && t.rows == area.height
            if !fits { context.fill(area, style: background) }
            // A picture where the terminal shows them and it fits the area whole; half blocks otherwise.
            if fits, let picture = t.picture, context.placeImage(picture, in: area) { return }
            t.draw(in: context, at: area.origin, background: background)
        case .failure(let reason)?:
            context.fill(area, style: background)
            let middle = area.minY + area.height / 2
            context.centeredText(
                "⚠", y: max(area.minY, middle - 1),
                style: Style(foreground: .ansi(9), background: matte, attributes: .bold))
            let lines = TextWrap.lines(reason, width: max(1, area.width - 2))
            for (i, line) in lines.prefix(max(1, area.height / 2)).enumerated() {
                context.centeredText(line, y: middle + i, style: Style(foreground: .ansi(9), background: matte))
            }
        case nil:
            context.fill(area, style: background)
            context.centeredText(
                placeholder, y: area.minY + area.height / 2, style: Style(foreground: .brightBlack, background: matte))
        }
    }
}
