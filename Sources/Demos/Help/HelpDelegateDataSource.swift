import GridKit

/// The `?` screen: every key, and the hints of the screen it was opened from.
final class HelpDelegateDataSource: Screen {
    static let keys: [(String, String)] = [
        ("↑ ↓ ← →  h j k l", "move the focus (left and right continue across lines)"),
        ("PgUp  PgDn", "a page up or down"),
        ("Home  End  g  G", "first or last item"),
        ("Enter", "select or open"),
        ("Space", "mark or unmark (where several can be marked)"),
        ("/", "filter as you type (contacts)"),
        ("v", "list or cards (contacts)"),
        ("+  -", "bigger or smaller thumbnails (photos)"),
        ("mouse", "wheel scrolls, click focuses, double click opens"),
        ("?", "this help"),
        ("Esc  q", "back; quit from the first screen"),
    ]

    let rows: [(String, String)]

    init(for screen: Screen) {
        rows = Self.keys + [("", ""), ("on \(screen.title)", screen.keyHints)]
    }

    var title: String { "Keys" }
    var keyHints: String { "Esc back · q quit" }

    func makeLayout() -> FlowLayout {
        FlowLayout(itemSize: Size(width: 10_000, height: 1), sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    func registerCells(in gridView: GridView) {
        gridView.register(HelpRowCell.self, forCellWithReuseIdentifier: HelpRowCell.identifier)
    }

    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeueReusableCell(withReuseIdentifier: HelpRowCell.identifier, for: indexPath) as! HelpRowCell
        cell.row = rows[indexPath.item]
        return cell
    }
}

/// A key (or key group) and what it does.
final class HelpRowCell: GridCell {
    static let identifier = "HelpRow"
    var row = ("", "")

    override func prepareForReuse() { row = ("", "") }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = Palette.body(state)
        context.fill(style: style)
        context.text("  " + row.0, at: .zero, style: state.isFocused ? style : Palette.accent, maxWidth: 22)
        context.text(row.1, at: Point(x: 24, y: 0), style: style, maxWidth: max(0, bounds.width - 24))
    }
}
