// An app screen from outside the package: Swift concurrency on the screen's loop (an interval,
// `Task.sleep` on the main actor), a search bar, table columns with a sorting header, an alert,
// an empty state and reconfigured rows, driven by GridKitTesting's ScreenDriver.
import GridKit
import GridKitTesting

// Controls: screen
/// Fruit stock as a table: refreshed every second, searchable, sortable, and `d` asks before
/// it deletes the focused fruit.
@MainActor
final class Stock: Screen, SearchResultsUpdating {
    var counts = ["apple": 3, "banana": 12, "cherry": 40]
    var refreshes = 0
    var context: ScreenContext?
    var data: GridDiffableDataSource<Int, String>?
    let header = TableHeader(
        columns: TableColumns([
            TableColumn("Fruit", width: .fraction(1)),
            TableColumn("Count", width: .fixed(6), alignment: .trailing)
        ]), sortColumn: 0)
    lazy var searchController: SearchController? = {
        let search = SearchController(placeholder: "fruit")
        search.searchResultsUpdater = self
        return search
    }()
    var tableHeader: TableHeader? { header }

    var title: String { "Stock" }
    var status: String { "refresh \(refreshes)" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { gridView.register(RowCell.self) }

    func attach(to gridView: GridView, context: ScreenContext) {
        self.context = context
        data = GridDiffableDataSource(gridView: gridView) { [unowned self] grid, indexPath, name in
            let cell = grid.dequeue(RowCell.self, for: indexPath)
            cell.values = [name, String(counts[name] ?? 0)]
            cell.columns = header.columns
            return cell
        }
        gridView.contentUnavailableConfiguration = ContentUnavailableConfiguration(image: "∅", text: "No fruit")
        header.sortChanged = { [weak self] _ in self?.show() }
        show()
        // Every second, on the screen's clock: cancelled when the screen leaves.
        context.every(.seconds(1)) { [weak self] in
            guard let self else { return }
            refreshes += 1
            counts["banana", default: 0] += 1
            show(reconfiguring: ["banana"])
        }
    }

    func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    func show(reconfiguring changed: [String] = []) {
        let query = searchController?.searchBar.text ?? ""
        var names = counts.keys.filter { query.isEmpty || $0.contains(query) }.sorted()
        if header.sortColumn == 1 { names.sort { counts[$0]! < counts[$1]! } }
        if !header.ascending { names.reverse() }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        snapshot.reconfigureItems(changed.filter(names.contains))
        try? data?.apply(snapshot)
    }

    func updateSearchResults(for searchController: SearchController) { show() }

    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard event == .char("d"), let f = gridView.focusedIndexPath, let name = data?.itemIdentifier(for: f) else {
            return .ignored
        }
        let alert = AlertController(title: "Delete \(name)?", message: "Its count goes too.")
        alert.addAction(
            AlertAction(title: "Delete", style: .destructive) { [weak self] _ in
                self?.counts[name] = nil
                self?.show()
                self?.context?.showMessage("Deleted \(name)")
            })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        context?.present(alert)
        return .handled
    }
}

/// A row drawn in the header's columns.
final class RowCell: GridCell {
    var values: [String] = []
    var columns = TableColumns([])
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        columns.draw(values, in: context, style: state.isFocused ? Style(attributes: .reverse) : .plain)
    }
}
// Controls end

@MainActor func apps() async {
    let app = ScreenDriver(size: Size(width: 30, height: 10))
    let stock = Stock()
    app.start(stock)
    check(
        app.frame.row(1).hasPrefix("Fruit▲") && app.frame.row(2).hasPrefix("apple"), "the header and rows: \(app.text)")
    await app.advance(by: .seconds(3))
    check(
        stock.refreshes == 3 && app.frame.row(0).contains("refresh 3"),
        "three refreshes, the status drawn: \(app.frame.row(0))")
    check(
        app.frame.row(3).hasPrefix("banana") && app.frame.row(3).contains(" 15"),
        "banana reconfigured in place: \(app.frame.row(3))")
    // Task.sleep on the main actor, as any Swift code writes it.
    var slept = false
    Task { @MainActor in
        try? await Task.sleep(for: .milliseconds(5))
        slept = true
    }
    check(await app.settle(until: { slept }), "a main-actor Task.sleep ended")
    await app.send("/, text:an, enter")
    check(
        app.frame.row(1).hasPrefix("/ an") && app.frame.row(3).hasPrefix("banana"),
        "the search bar filters: \(app.text)")
    await app.send("esc")
    await app.send(events: [.mouse(MouseEvent(action: .press, position: Point(x: 27, y: 1)))])
    check(
        app.frame.row(1).contains("Count▲") && app.frame.row(2).hasPrefix("apple"),
        "a click on Count sorts by it: \(app.text)")
    await app.send("home, d")
    check(app.text.contains("Delete apple?"), "d asks first: \(app.text)")
    await app.send("esc, d, enter")
    check(
        stock.counts["apple"] == nil && app.frame.row(9).contains("Deleted apple"),
        "Enter on Delete deletes: \(app.text)")
    stock.counts = [:]
    stock.show()
    await app.settle()
    check(app.text.contains("No fruit"), "the empty state: \(app.text)")
    app.stop()
}
