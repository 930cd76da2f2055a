import GridKit

/// The first screen: the demos, one per row. Enter opens one.
package final class HomeScreen: Screen, GridDataSource, GridDelegate {
    /// One entry of the menu: a name, a line about it, and how to make its screen.
    package struct Entry {
        package let name: String
        package let summary: String
        package let make: () -> Screen
        package init(name: String, summary: String, make: @escaping () -> Screen) {
            self.name = name; self.summary = summary; self.make = make
        }
    }

    private let entries: [Entry]

    package init(entries: [Entry]) { self.entries = entries }

    package var title: String { "GridKit demos" }
    package var keyHints: [KeyHint] { [.moveUpDown, .select("open"), .help, .quit] }

    package func makeLayout() -> any GridLayout {
        let layout = FlowLayout(
            itemSize: Size(width: FlowLayout.fullLine, height: 2), lineSpacing: 1,
            sectionInset: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        layout.headerReferenceSize = Size(width: 0, height: 1)
        return layout
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(HomeEntryCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { entries.count }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(HomeEntryCell.self, for: indexPath)
        cell.entry = entries[indexPath.item]
        return cell
    }

    package func gridView(
        _ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> GridCell? {
        let header = gridView.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
        header.title = "Pick a demo"
        header.detail = entries.count == 1 ? "1 demo" : "\(entries.count) demos"
        return header
    }

    /// Enter or a double click opens the demo.
    package func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath) {
        gridView.deselectItem(at: indexPath)
    }

    package func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        .push(entries[indexPath.item].make())
    }
}

/// A menu row: the demo's name and a line about it.
final class HomeEntryCell: GridCell {
    var entry: HomeScreen.Entry?

    override func prepareForReuse() { entry = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let entry else { return }
        let style = state.isFocused ? Palette.focus : Style.plain
        context.fill(style: style)
        context.text(
            (state.isFocused ? " ▶ " : "   ") + entry.name, at: Point(x: 0, y: 0), style: style.with(.bold),
            maxWidth: bounds.width)
        context.text(
            "   " + entry.summary, at: Point(x: 0, y: 1), style: state.isFocused ? style : Palette.dim,
            maxWidth: bounds.width)
    }
}
