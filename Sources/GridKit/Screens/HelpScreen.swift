/// The `?` screen every app gets: the common keys, then the keys the screen it was opened from
/// declares in `keyHelp`, then that screen's hint line.
@MainActor
public final class HelpScreen: Screen, GridDataSource {
    /// Keys every screen has, through `GridView` and the navigator.
    public static let commonKeys: [KeyHelp] = [
        KeyHelp("↑ ↓ ← →  h j k l", "move the focus (left and right continue across lines)"),
        KeyHelp("PgUp  PgDn", "a page up or down"),
        KeyHelp("Home  End  g  G", "first or last item"),
        KeyHelp("Enter", "select or open"),
        KeyHelp("mouse", "wheel scrolls, click focuses, double click opens"),
        KeyHelp("?", "this help"),
        KeyHelp("Esc  q", "back; quit from the first screen"),
    ]
    static let spaceKey = KeyHelp("Space", "mark or unmark")

    /// The rows shown, in order; an empty row separates the groups.
    public let rows: [KeyHelp]
    /// The screen the help is about.
    public let subject: String

    /// Help for `screen`; `multipleSelection` adds Space (the grid toggles marks with it).
    public init(for screen: any Screen, multipleSelection: Bool = false) {
        subject = screen.title
        var rows = Self.commonKeys
        if multipleSelection { rows.insert(Self.spaceKey, at: 4) }
        if !screen.keyHelp.isEmpty { rows += [KeyHelp("", "")] + screen.keyHelp }
        rows += [KeyHelp("", ""), KeyHelp("on this screen", screen.keyHints)]
        self.rows = rows
    }

    /// Names the screen the help is about.
    public var title: String { "Keys · \(subject)" }
    /// Only the way out.
    public var keyHints: String { "Esc back · q quit" }

    /// One full-width row per key.
    public func makeLayout() -> any GridLayout {
        FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1), sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    public func registerCells(in gridView: GridView) { gridView.register(HelpRowCell.self) }

    public func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    public func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(HelpRowCell.self, for: indexPath)
        cell.row = rows[indexPath.item]
        return cell
    }
}

/// A key (or key group) and what it does. Focus is reverse video, which every terminal shows.
final class HelpRowCell: GridCell {
    static let keyColumn = 22
    var row = KeyHelp("", "")

    override func prepareForReuse() { row = KeyHelp("", "") }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = state.isFocused ? Style(attributes: .reverse) : .plain
        context.fill(style: style)
        context.text("  " + row.keys, at: .zero, style: style.with(.bold), maxWidth: Self.keyColumn)
        let x = Self.keyColumn + 2
        context.text(row.action, at: Point(x: x, y: 0), style: style, maxWidth: max(0, bounds.width - x))
    }
}
