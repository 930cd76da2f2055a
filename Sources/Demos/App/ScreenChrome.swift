import GridKit

/// The title bar and key-hint line around every screen's grid.
enum ScreenChrome {
    static let titleStyle = Style(foreground: .black, background: .cyan, attributes: .bold)
    static let hintStyle = Style(foreground: .brightBlack)

    /// The grid's frame for a terminal of `size`: everything but the title and hint rows.
    static func gridFrame(in size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    }

    static func draw(_ screen: Screen, into canvas: Canvas) {
        let w = canvas.size.width
        canvas.fill(Rect(x: 0, y: 0, width: w, height: 1), style: titleStyle)
        canvas.drawText(" " + screen.title, at: .zero, style: titleStyle, maxWidth: w)
        let hintRow = Rect(x: 0, y: canvas.size.height - 1, width: w, height: 1)
        canvas.fill(hintRow, style: .plain)
        canvas.drawText(" " + screen.keyHints, at: hintRow.origin, style: hintStyle, maxWidth: w)
    }
}
