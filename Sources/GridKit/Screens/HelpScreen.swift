/// The `?` screen every app gets: the keys as they are bound (`KeyBindings`), then the keys the
/// screen it was opened from declares in `keyHelp`, then that screen's hint line.
@MainActor
package final class HelpScreen: Screen, GridDataSource, GridDelegateFlowLayout {
    /// The mouse, which no binding changes.
    package static let mouseHelp = KeyHelp("mouse", "wheel scrolls, click focuses, double click opens")

    /// The rows shown, in order; an empty row separates the groups.
    package let rows: [KeyHelp]
    /// The screen the help is about.
    package let subject: String

    /// Help for `screen` with `bindings`; the marking key shows only with `multipleSelection`
    /// (the grid toggles marks with it only then), the move and delete keys only while
    /// `editing` (they act only on rows that show editing accessories). A key the screen's
    /// `keyHelp` names is left out of the common keys: the screen took it.
    package init(
        for screen: any Screen, bindings: KeyBindings = .standard, multipleSelection: Bool = false,
        editing: Bool = false
    ) {
        subject = screen.title
        // The hint line as the screen shows it: with every binding, the screen's keys too.
        let hintLine = KeyHint.line(screen.keyHints, with: bindings).map(\.text).joined(separator: " · ")
        // A key the screen lists as its own is the screen's: it sees keys first, so the common
        // binding never runs there.
        let claimed = Set(screen.keyHelp.flatMap { $0.keys.split(separator: " ").map(String.init) })
        var bindings = bindings
        for entry in bindings.entries where claimed.contains(KeyBindings.label(entry.key)) {
            bindings.bind(entry.key, to: nil)
        }
        let editingOnly = [KeyAction.moveItem.summary, KeyAction.deleteItem.summary]
        var rows = bindings.help.filter {
            (multipleSelection || $0.action != KeyAction.toggleMark.summary)
                && (editing || !editingOnly.contains($0.action))
        }
        rows.append(Self.mouseHelp)
        if !screen.keyHelp.isEmpty { rows += [KeyHelp("", "")] + screen.keyHelp }
        rows += [KeyHelp("", ""), KeyHelp("on this screen", hintLine)]
        self.rows = rows
    }

    /// Names the screen the help is about.
    package var title: String { "Keys · \(subject)" }
    /// Only the way out (q goes back too: help is always opened from another screen).
    package var keyHints: [KeyHint] { [.back] }

    /// One full-width row per key.
    package func makeLayout() -> any GridLayout {
        FlowLayout(
            itemSize: Size(width: FlowLayout.fullLine, height: 1),
            sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    /// One row per help line (`Screen`, `GridDataSource`).
    package func registerCells(in gridView: GridView) { gridView.register(HelpRowCell.self) }

    /// One row per help line (`Screen`, `GridDataSource`).
    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    /// One row per help line (`Screen`, `GridDataSource`).
    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(HelpRowCell.self, for: indexPath)
        cell.row = rows[indexPath.item]
        return cell
    }

    /// As many lines as the row's keys or its description wrap to, side by side
    /// (`GridDelegateFlowLayout`).
    package func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        let (keys, action) = HelpRowCell.lines(of: rows[indexPath.item], width: gridView.layoutSize.width)
        return Size(width: FlowLayout.fullLine, height: max(1, keys.count, action.count))
    }

    /// A new width wraps the descriptions anew (`Screen`).
    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        if event.isResize { gridView.reloadData() }
        return .ignored
    }
}

/// A key (or key group) and what it does, wrapped beside it. Focus is reverse video, which
/// every terminal shows.
final class HelpRowCell: GridCell {
    var row = KeyHelp("", "")

    /// The keys' column: 22 wide, less on a narrow terminal (the descriptions need the room).
    static func keyColumn(in width: Int) -> Int { min(22, max(8, width * 2 / 5)) }
    /// The room left for a description.
    static func actionWidth(in width: Int) -> Int { max(1, width - keyColumn(in: width) - 2) }

    /// The row's keys wrapped in their column (after a two-column indent; keys are never cut:
    /// `↑ ↓ ← →  k j h l` on a narrow terminal takes two lines) and its description beside them.
    static func lines(of row: KeyHelp, width: Int) -> (keys: [String], action: [String]) {
        let room = max(1, keyColumn(in: width) - 2)
        // Keys that fit keep their spacing (two spaces between groups of keys).
        let keys = TextWidth.width(of: row.keys) <= room ? [row.keys] : TextWrap.lines(row.keys, width: room)
        return (keys, TextWrap.lines(row.action, width: actionWidth(in: width)))
    }

    override func prepareForReuse() { row = KeyHelp("", "") }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = state.isFocused ? Style(attributes: .reverse) : .plain
        context.fill(style: style)
        let column = Self.keyColumn(in: bounds.width), (keys, action) = Self.lines(of: row, width: bounds.width)
        for (i, line) in keys.enumerated() {
            context.text("  " + line, at: Point(x: 0, y: i), style: style.with(.bold), maxWidth: column)
        }
        for (i, line) in action.enumerated() { context.text(line, at: Point(x: column + 2, y: i), style: style) }
    }
}
