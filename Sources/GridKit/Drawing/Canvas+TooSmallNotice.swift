extension Canvas {
    /// Clears the canvas and centres a "terminal too small" notice naming the size needed.
    package func drawTooSmallNotice(need: Size) {
        clear()
        let needed = "(need \(need.width)×\(need.height))"
        let lines = size.width >= 18 ? ["terminal too small", needed] : ["terminal", "too small", needed]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let cut = TextWidth.truncate(line, toWidth: size.width)
            drawText(
                cut, at: Point(x: max(0, (size.width - TextWidth.width(of: cut)) / 2), y: top + i),
                style: Style(attributes: .bold))
        }
    }

    /// Centres a message (several lines allowed) inside `rect`.
    public func drawCenteredMessage(_ message: String, in rect: Rect, style: Style = Style(attributes: .dim)) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = rect.minY + max(0, (rect.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < rect.maxY {
            let cut = TextWidth.truncate(line, toWidth: rect.width)
            drawText(
                cut, at: Point(x: rect.minX + max(0, (rect.width - TextWidth.width(of: cut)) / 2), y: top + i),
                style: style, clip: rect)
        }
    }
}
