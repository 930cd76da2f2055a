/// The title bar and key-hint line around every screen's grid.
@MainActor
package enum ScreenChrome {
    static let titleStyle = Style(foreground: .black, background: .cyan, attributes: .bold)
    static let hintStyle = Style(foreground: .brightBlack)

    /// The grid's frame for a terminal of `size`: everything but the title and hint rows.
    package static func gridFrame(in size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    }

    /// Draws the screen's whole frame: the chrome, its grid and its overlay, or the "terminal too
    /// small" notice when the canvas is smaller than the screen needs.
    package static func draw(_ screen: any Screen, grid: GridView, into canvas: Canvas) {
        canvas.cursor = nil // the grid puts it on the focused cell
        canvas.removeImages()
        let need = screen.minimumSize
        guard canvas.size.width >= need.width, canvas.size.height >= need.height else {
            canvas.drawTooSmallNotice(need: need)
            return
        }
        let w = canvas.size.width
        canvas.fill(Rect(x: 0, y: 0, width: w, height: 1), style: titleStyle)
        canvas.drawText(" " + screen.title, at: .zero, style: titleStyle, maxWidth: w)
        let hintRow = Rect(x: 0, y: canvas.size.height - 1, width: w, height: 1)
        canvas.fill(hintRow, style: .plain)
        canvas.drawText(" " + screen.keyHints, at: hintRow.origin, style: hintStyle, maxWidth: w)
        grid.render(into: canvas)
        screen.drawOverlay(in: canvas, gridView: grid)
    }
}
