/// The box around an inset grouped list section (`ListConfiguration.Appearance.insetGrouped`):
/// a decoration GridKit registers in every `CompositionalLayout`, drawn in rounded line
/// characters (the terminal layer writes ASCII stand-ins where the locale has none), dim, so
/// the rows inside it stand out.
final class InsetGroupedBox: GridCell {
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard bounds.width >= 2, bounds.height >= 2 else { return }
        let style = Style(foreground: .brightBlack)
        let right = bounds.width - 1, bottom = bounds.height - 1
        // Only the edges: the rows inside draw over the grid's background, as in any list.
        context.fill(Rect(x: 1, y: 0, width: right - 1, height: 1), style: style, character: "─")
        context.fill(Rect(x: 1, y: bottom, width: right - 1, height: 1), style: style, character: "─")
        context.fill(Rect(x: 0, y: 1, width: 1, height: bottom - 1), style: style, character: "│")
        context.fill(Rect(x: right, y: 1, width: 1, height: bottom - 1), style: style, character: "│")
        context.put("╭", at: Point(x: 0, y: 0), style: style)
        context.put("╮", at: Point(x: right, y: 0), style: style)
        context.put("╰", at: Point(x: 0, y: bottom), style: style)
        context.put("╯", at: Point(x: right, y: bottom), style: style)
    }
}
