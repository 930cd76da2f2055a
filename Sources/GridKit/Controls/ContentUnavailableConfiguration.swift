/// What a grid shows when it has no items (`UIContentUnavailableConfiguration`): a glyph, a line
/// of text and a line of secondary text, centred. Set it on the grid
/// (`GridView.contentUnavailableConfiguration`); it shows whenever the grid has no items, and
/// goes when items come. (UIKit shows one whenever it is set; here the grid decides, so a
/// filter that finds nothing needs no code to show or hide it.)
public struct ContentUnavailableConfiguration: Equatable, Sendable {
    /// A character or two above the text (`"∅"`, `"🔍"`); empty for none.
    public var image: String
    /// The main line.
    public var text: String
    /// Under it, dimmed: what to do about it.
    public var secondaryText: String

    /// A configuration with `text`, and optionally a glyph and secondary text.
    public init(image: String = "", text: String, secondaryText: String = "") {
        self.image = image; self.text = text; self.secondaryText = secondaryText
    }

    /// UIKit's empty search: "No results for “query”" and a hint to check the spelling.
    public static func search(_ query: String) -> ContentUnavailableConfiguration {
        ContentUnavailableConfiguration(
            image: "⌕", text: query.isEmpty ? "No results" : "No results for “\(query)”",
            secondaryText: "Check the spelling or try a new search.")
    }

    /// Draws the lines centred in `rect`, each cut with `…` to its width.
    func draw(in canvas: Canvas, rect: Rect) {
        let lines: [(String, Style)] = [
            (image, Style(foreground: .brightBlack)), (text, Style.plain.with(.bold)),
            (secondaryText, Style(foreground: .brightBlack))
        ]
        .filter { !$0.0.isEmpty }
        guard !lines.isEmpty, rect.width > 0, rect.height > 0 else { return }
        let top = rect.minY + max(0, (rect.height - lines.count) / 2)
        for (k, (line, style)) in lines.enumerated() where top + k < rect.maxY {
            let shown = TextWidth.truncate(line, toWidth: rect.width)
            let x = rect.minX + max(0, (rect.width - TextWidth.width(of: shown)) / 2)
            canvas.drawText(shown, at: Point(x: x, y: top + k), style: style, clip: rect)
        }
    }
}
