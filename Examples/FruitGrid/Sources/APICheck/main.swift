// Uses GridKit the way another package would, through the `GridKit` product alone, and checks
// what the README promises: typed registration, a diffable data source whose focus follows its
// item, an error (and no change) for a duplicate identifier, self-sizing cells (flow and
// compositional, and list rows whose subtitles wrap), a FlowLayout held as `any GridLayout`,
// and a layout of this package's own whose cells size themselves through the public
// `GridLayout` protocol. Prints each failure and a closing count; exits 1 on any failure.
// With an argument it runs a screen of Apple's "Implementing Modern Collection Views" sample in
// the terminal instead: `emoji` (EmojiExplorer.swift) or `reorder` (ReorderableList.swift).
import Glibc
import GridKit
import GridKitTerminal

if CommandLine.arguments.count > 1, CommandLine.arguments[1] != "--misplaced-sizing" {
    let screens: [String: @MainActor () -> any Screen] = [
        "emoji": { EmojiExplorer() }, "reorder": { ReorderableList() }
    ]
    guard let make = screens[CommandLine.arguments[1]] else {
        print("usage: APICheck [emoji | reorder | --misplaced-sizing]")
        exit(2)
    }
    do {
        let terminal = try Terminal.open()
        ScreenController(host: terminal, quitsWhenRootPops: true).run(make())
        terminal.close()
        exit(0)
    } catch let error as TerminalError {
        print("APICheck: \(error.message)")
        exit(2)
    }
}

final class NameCell: GridCell {
    var name = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(state.isFocused ? "[\(name)]" : name, at: .zero, style: .plain)
    }
}

/// Three rows tall when its name says so, one row otherwise.
final class TallCell: GridCell {
    var name = ""
    override func preferredSize(fitting size: Size) -> Size? { Size(width: size.width, height: name == "tall" ? 3 : 1) }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(name, at: .zero, style: .plain)
    }
}

/// As wide as its name.
final class WideCell: GridCell {
    var name = ""
    override func preferredSize(fitting size: Size) -> Size? { Size(width: name.count, height: size.height) }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(name, at: .zero, style: .plain)
    }
}

var passed = 0, failed = 0
@MainActor func check(_ ok: Bool, _ what: String) {
    if ok { passed += 1 } else { failed += 1; print("FAILED: \(what)") }
}
@MainActor func text(of grid: GridView) -> [String] {
    let canvas = Canvas(size: grid.frame.size)
    grid.render(into: canvas)
    return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@MainActor func diffable() throws {
    // README: diffable
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 30, height: 8))
    grid.register(NameCell.self)
    let fruits = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(NameCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["apple", "banana"], toSection: 0)
    snapshot.appendItems(["cherry"], toSection: 1)
    try fruits.apply(snapshot) // three items, the focus on the first
    snapshot.moveItem("apple", afterItem: "cherry")
    try fruits.apply(snapshot) // one move: the focus follows "apple"
    // README end
    check(
        text(of: grid).contains { $0.contains("[apple]") }, "the focus followed apple to section 1: \(text(of: grid))")
    check(grid.focusedIndexPath == fruits.indexPath(for: "apple"), "focusedIndexPath is apple's new place")
    check(fruits.indexPath(for: "apple") == IndexPath(item: 1, section: 1), "apple is after cherry")

    var twice = fruits.snapshot()
    twice.appendItems(["banana"], toSection: 1)
    do {
        try fruits.apply(twice)
        check(false, "a duplicate identifier throws")
    } catch let error as GridSnapshotError<Int, String> {
        check(error == .duplicateItem("banana"), "the error names the duplicate: \(error)")
    }
    check(fruits.snapshot().itemIdentifiers == ["banana", "cherry", "apple"], "nothing changed after the error")
}

@MainActor func selfSizing() {
    final class Rows: GridDataSource {
        let names = ["tall", "next", "last"]
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { names.count }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            let cell = gridView.dequeue(TallCell.self, for: indexPath)
            cell.name = names[indexPath.item]
            return cell
        }
    }
    let flow = FlowLayout(itemSize: Size(width: 100, height: 1))
    flow.estimatedItemSize = Size(width: 100, height: 1)
    let layout: any GridLayout = flow
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 20, height: 8), layout: layout)
    grid.register(TallCell.self)
    let rows = Rows()
    grid.dataSource = rows
    grid.reloadData()
    let lines = text(of: grid)
    check(
        lines[0].hasPrefix("tall") && lines[3].hasPrefix("next") && lines[4].hasPrefix("last"),
        "the cell three rows tall pushes the next three rows down: \(lines)")
    check(grid.layout is FlowLayout, "a FlowLayout held as any GridLayout")
}

/// One column of rows, each as tall as its cell says: a layout written outside GridKit.
final class StackLayout: GridLayout {
    weak var gridView: GridView?
    var scrollDirection: ScrollDirection { .vertical }
    var sectionHeadersPinToVisibleBounds: Bool { false }
    private var width = 0
    private var heights: [Int] = []
    func setViewport(_ size: Size) -> Bool { width = size.width; return false }
    @MainActor func prepare(for gridView: GridView) {
        let count = gridView.dataSource.map { $0.gridView(gridView, numberOfItemsInSection: 0) } ?? 0
        heights = Array(repeating: 1, count: count)
    }
    private func top(_ item: Int) -> Int { heights[..<item].reduce(0, +) }
    var contentSize: Size { Size(width: width, height: heights.reduce(0, +)) }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? heights.count : 0 }
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, heights.indices.contains(indexPath.item) else { return nil }
        return LayoutAttributes(
            indexPath: indexPath,
            frame: Rect(x: 0, y: top(indexPath.item), width: width, height: heights[indexPath.item]), kind: .cell)
    }
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        heights.indices.compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter {
            $0.frame.intersects(rect)
        }
    }
    func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?
    { nil }
    func neighbor(of indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
        let next = indexPath.item + (direction == .down ? 1 : direction == .up ? -1 : 0)
        return next != indexPath.item && heights.indices.contains(next) ? IndexPath(item: next, section: 0) : nil
    }
    func indexPathForItem(nearest point: Point) -> IndexPath? {
        heights.indices.last { top($0) <= point.y }.map { IndexPath(item: $0, section: 0) }
    }
    // Self-sizing, through the protocol.
    var sizesCellsByContent: Bool { true }
    func preferredSizeOffer(for attributes: LayoutAttributes) -> Size? { Size(width: width, height: 1) }
    func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
    ) -> Bool {
        let item = original.indexPath.item
        guard heights[item] != preferred.frame.height else { return false }
        heights[item] = max(1, preferred.frame.height)
        return true
    }
}

@MainActor func customLayout() {
    final class Rows: GridDataSource {
        let names = ["tall", "next", "tall", "last"]
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { names.count }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            let cell = gridView.dequeue(TallCell.self, for: indexPath)
            cell.name = names[indexPath.item]
            return cell
        }
    }
    let layout = StackLayout()
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 20, height: 10), layout: layout)
    check(layout.gridView === grid, "the grid sets the layout's gridView")
    grid.register(TallCell.self)
    let rows = Rows()
    grid.dataSource = rows
    grid.reloadData()
    let lines = text(of: grid)
    check(
        lines[0].hasPrefix("tall") && lines[3].hasPrefix("next") && lines[4].hasPrefix("tall")
            && lines[7].hasPrefix("last"),
        "an outside layout sizes its cells through GridLayout: \(lines)")
}

@MainActor func compositional() throws {
    // README: compositional
    // Four columns of tiles (two where the terminal is narrow), a header over each section.
    let layout = CompositionalLayout { _, environment in
        let columns = environment.containerSize.width >= 60 ? 4 : 2
        let tile = LayoutItem(
            layoutSize: LayoutSize(
                widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .fractionalHeight(1)))
        tile.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)
        let row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(3)), subitems: [tile]
        )
        let section = LayoutSection(group: row)
        section.interGroupSpacing = 1
        section.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                elementKind: .header, pinToVisibleBounds: true)
        ]
        return section
    }
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 81, height: 12), layout: layout)
    // README end
    grid.register(NameCell.self)
    let names = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(NameCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["a", "b", "c", "d", "e", "f"], toSection: 0)
    try names.apply(snapshot)
    check(
        layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame
            == Rect(x: 0, y: 5, width: 19, height: 3), "the fifth tile starts the second row")
    _ = grid.handle(.key(.right))
    _ = grid.handle(.key(.down))
    check(
        grid.focusedIndexPath == IndexPath(item: 5, section: 0),
        "Right then Down reach the tile under b: \(String(describing: grid.focusedIndexPath))")
    grid.frame = Rect(x: 0, y: 0, width: 41, height: 12)
    check(
        layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 5, "two columns when narrow")
}

@MainActor func estimatedCompositional() throws {
    // Rows of two side by side, each row as tall as its taller cell.
    let half = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(1)))
    let row = LayoutGroup.horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1)), subitems: [half])
    let layout = CompositionalLayout(section: LayoutSection(group: row))
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 21, height: 8), layout: layout)
    grid.register(TallCell.self)
    let cells = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(TallCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["short", "tall", "next", "last"], toSection: 0)
    try cells.apply(snapshot)
    let lines = text(of: grid)
    check(layout.sizesCellsByContent, "estimated heights in estimated groups are measured")
    check(
        lines[0].hasPrefix("short") && lines[3].hasPrefix("next"),
        "the row holding the tall cell is three rows tall: \(lines)")
    check(
        layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height == 1,
        "the short cell keeps its own height")

    // A row that scrolls sideways: each tile as wide as its cell asks.
    let tile = LayoutItem(layoutSize: LayoutSize(widthDimension: .estimated(8), heightDimension: .fractionalHeight(1)))
    let tiles = LayoutSection(
        group: .horizontal(
            layoutSize: LayoutSize(widthDimension: .estimated(8), heightDimension: .absolute(1)), subitems: [tile]))
    tiles.orthogonalScrollingBehavior = .continuous
    tiles.interGroupSpacing = 1
    let sideways = CompositionalLayout(section: tiles)
    let strip = GridView(frame: Rect(x: 0, y: 0, width: 41, height: 4), layout: sideways)
    strip.register(WideCell.self)
    let words = GridDiffableDataSource<Int, String>(gridView: strip) { grid, indexPath, name in
        let cell = grid.dequeue(WideCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var strips = GridSnapshot<Int, String>()
    strips.appendSections([0])
    strips.appendItems(["fig", "watermelon", "kiwi"], toSection: 0)
    try words.apply(strips)
    let shown = text(of: strip)
    check(shown[0].hasPrefix("fig watermelon kiwi"), "sideways tiles as wide as their words: \(shown)")

    // A list row whose subtitle wraps takes a row for each of its lines.
    let list = GridView(
        frame: Rect(x: 0, y: 0, width: 21, height: 8),
        layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
    let subtitle = CellRegistration<ListCell, String> { cell, _, name in
        cell.contentConfiguration = .subtitleCell(
            text: name, secondaryText: name == "Ada" ? "wrote the first program" : "")
    }
    let people = GridDiffableDataSource<Int, String>(gridView: list) { grid, indexPath, name in
        grid.dequeueConfiguredReusableCell(using: subtitle, for: indexPath, item: name)
    }
    var names = GridSnapshot<Int, String>()
    names.appendSections([0])
    names.appendItems(["Ada", "Alan"], toSection: 0)
    try people.apply(names)
    let rows = text(of: list)
    check(
        rows[1].hasPrefix(" wrote the first") && rows[2].hasPrefix(" program") && rows[3].hasPrefix(" Alan"),
        "a wrapped subtitle takes two rows: \(rows)")
}

@MainActor func list() throws {
    // README: list
    var configuration = ListConfiguration(appearance: .plain)
    configuration.headerMode = .supplementary
    let grid = GridView(
        frame: Rect(x: 0, y: 0, width: 41, height: 8), layout: CompositionalLayout.list(using: configuration))
    let row = CellRegistration<ListCell, String> { cell, _, name in
        cell.contentConfiguration = .valueCell(text: name, secondaryText: name == "Inbox" ? "12" : "")
        cell.accessories = [.disclosureIndicator()]
    }
    let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, _ in
        view.contentConfiguration = .header(text: "Mail")
    }
    let mail = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
    }
    mail.supplementaryViewProvider = { grid, _, indexPath in
        grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Inbox", "Sent", "Archive"], toSection: 0)
    try mail.apply(snapshot)
    // README end
    let lines = text(of: grid)
    check(
        lines[0].hasPrefix("Mail") && lines[1].hasPrefix(" Inbox") && lines[1].hasSuffix("12 ›"),
        "a list row with its value and accessory: \(lines)")
    _ = grid.handle(.key(.down))
    check(grid.focusedIndexPath == IndexPath(item: 1, section: 0), "Down moves along the list")
    // The same list with separators: a line under each row but the last.
    configuration.showsSeparators = true
    grid.layout = CompositionalLayout.list(using: configuration)
    let separated = text(of: grid)
    check(
        separated[1].hasPrefix(" Inbox") && separated[2].hasPrefix("───") && separated[3].hasPrefix(" Sent")
            && separated[5].hasPrefix(" Archive")
            && !separated[6].contains("─"),
        "separators between rows: \(separated)")
}

@MainActor func outline() throws {
    let grid = GridView(
        frame: Rect(x: 0, y: 0, width: 31, height: 8),
        layout: CompositionalLayout.list(using: ListConfiguration(appearance: .sidebar)))
    var made: GridDiffableDataSource<Int, String>?
    let row = CellRegistration<ListCell, String> { cell, _, name in
        let tree = made?.snapshot(for: 0) ?? GridSectionSnapshot()
        cell.contentConfiguration = .sidebarCell(text: name)
        cell.indentationLevel = tree.level(of: name)
        if !tree.children(of: name).isEmpty {
            cell.accessories = [.outlineDisclosure(isExpanded: tree.isExpanded(name))]
        }
    }
    let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
    }
    made = source
    var tree = GridSectionSnapshot<String>()
    tree.append(["Mail", "Notes"])
    tree.append(["Inbox", "Sent"], to: "Mail")
    try source.apply(tree, to: 0)
    check(source.snapshot().itemIdentifiers == ["Mail", "Notes"], "a closed parent hides its children")
    _ = grid.handle(.key(.right))
    check(source.snapshot().itemIdentifiers == ["Mail", "Inbox", "Sent", "Notes"], "Right opens the focused parent")
    _ = grid.handle(.key(.right))
    _ = grid.handle(.key(.left))
    _ = grid.handle(.key(.left))
    check(
        source.snapshot().itemIdentifiers == ["Mail", "Notes"]
            && grid.focusedIndexPath == IndexPath(item: 0, section: 0), "Left goes to the parent, then closes it")
}

@MainActor func reorder() throws {
    let grid = GridView(
        frame: Rect(x: 0, y: 0, width: 31, height: 8),
        layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
    let row = CellRegistration<ListCell, String> { cell, _, name in cell.contentConfiguration = .cell(text: name) }
    let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["one", "two", "three"], toSection: 0)
    try source.apply(snapshot)
    var final: [String] = []
    source.reorderingHandlers.canReorderItem = { _ in true }
    source.reorderingHandlers.didReorder = { final = $0.finalSnapshot.itemIdentifiers }
    check(grid.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)), "an item is picked up")
    _ = grid.handle(.key(.down))
    _ = grid.handle(.key(.enter))
    check(final == ["two", "one", "three"], "Down then Enter moves it one down and tells the handler: \(final)")
}

@MainActor func sideways() throws {
    // README: sideways
    // A row of albums that scrolls sideways, then every photo in four columns.
    let layout = CompositionalLayout { section, _ in
        if section == 0 {
            let album = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = LayoutGroup.horizontal(
                layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(2)), subitems: [album])
            let row = LayoutSection(group: group)
            row.orthogonalScrollingBehavior = .continuous
            row.interGroupSpacing = 1
            return row
        }
        let photo = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        return LayoutSection(
            group: .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                subitems: [photo]))
    }
    // README end
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 41, height: 10), layout: layout)
    grid.register(NameCell.self)
    let names = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(NameCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var snapshot = GridSnapshot<String, String>()
    snapshot.appendSections(["all"])
    snapshot.appendItems((1...8).map { "p\($0)" }, toSection: "all")
    snapshot.insertSections(["albums"], beforeSection: "all")
    snapshot.appendItems((1...6).map { "album\($0)" }, toSection: "albums")
    try names.apply(snapshot)
    check(text(of: grid)[0].hasPrefix("[album1]"), "the row of albums comes first: \(text(of: grid))")
    for _ in 0..<4 { _ = grid.handle(.key(.right)) }
    check(grid.focusedIndexPath == IndexPath(item: 4, section: 0), "Right goes along the row")
    check(
        text(of: grid)[0].contains("[album5]") && !text(of: grid)[0].contains("album1"),
        "and scrolls it: \(text(of: grid)[0])")
    check(text(of: grid)[2].hasPrefix("p1"), "the grid below stays: \(text(of: grid)[2])")
    for _ in 0..<4 { _ = grid.handle(.mouse(MouseEvent(action: .wheelLeft, position: Point(x: 3, y: 0)))) }
    check(text(of: grid)[0].hasPrefix("album1"), "the sideways wheel scrolls the row back: \(text(of: grid)[0])")
    _ = grid.handle(.key(.down))
    check(grid.focusedIndexPath?.section == 1, "Down leaves the row")
}

if CommandLine.arguments.contains("--misplaced-sizing") {
    misplacedSizing()
    exit(1)
}
do { try diffable() } catch { check(false, "apply threw \(error)") }
do { try sideways() } catch { check(false, "sideways apply threw \(error)") }
do { try reorder() } catch { check(false, "reorder apply threw \(error)") }
do { try outline() } catch { check(false, "outline apply threw \(error)") }
do { try list() } catch { check(false, "list apply threw \(error)") }
do { try compositional() } catch { check(false, "compositional apply threw \(error)") }
do { try estimatedCompositional() } catch { check(false, "estimated compositional apply threw \(error)") }
do { try cellStates() } catch { check(false, "cell states apply threw \(error)") }
do { try layoutParity() } catch { check(false, "layout parity apply threw \(error)") }
selfSizing()
flowSizing()
customLayout()
await apps()
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
