import GridKitTesting
import Testing

@testable import GridKit

/// Issue 52's cell state updates: `GridCellConfigurationState`, `configurationUpdateHandler`,
/// `updateConfiguration(using:)`, `ContentConfiguration` and `BackgroundConfiguration`.
@MainActor @Suite struct CellConfigurationStateTests {
    let snapshot = Snapshot()

    /// A list of `names` whose rows are configured only by an update handler, which records
    /// every state it is called with.
    @MainActor final class HandledList {
        let grid: GridView
        let source: GridDiffableDataSource<Int, String>
        var calls: [(String, GridCellConfigurationState)] = []

        init(_ names: [String], height: Int = 6, background: BackgroundConfiguration? = nil, subtitles: Bool = false)
            throws
        {
            grid = GridView(
                frame: Rect(x: 0, y: 0, width: 20, height: height),
                layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
            var record: (String, GridCellConfigurationState) -> Void = { _, _ in }
            let row = CellRegistration<ListCell, String> { cell, _, name in
                cell.configurationUpdateHandler = { cell, state in
                    record(name, state)
                    var content =
                        subtitles
                        ? ListContentConfiguration.subtitleCell(text: name, secondaryText: "sub") : .cell(text: name)
                    content = content.updated(for: state)
                    if state.isEditing { content.secondaryText = subtitles ? "editing" : "✎" }
                    cell.contentConfiguration = content
                    if var bg = background?.updated(for: state) {
                        if state.isSelected && state.isFocused { bg.backgroundColor = .magenta }
                        cell.backgroundConfiguration = bg
                    }
                }
            }
            source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            var snapshot = GridSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(names, toSection: 0)
            try source.apply(snapshot)
            record = { [unowned self] name, state in calls.append((name, state)) }
            render()
        }

        @discardableResult func render() -> Canvas {
            let canvas = Canvas(size: grid.frame.size)
            grid.render(into: canvas)
            return canvas
        }
        func takeCalls() -> [String] {
            defer { calls = [] }
            return calls.map {
                "\($0.0)\($0.1.isFocused ? "*" : "")\($0.1.isSelected ? "+" : "")\($0.1.isEditing ? "e" : "")"
            }
        }
    }

    /// The handler runs for each row as it comes on screen, then only for rows whose state
    /// changed: the focus leaving one and reaching another, a selection, editing for all.
    @Test func theHandlerRunsWhenTheStateChanges() throws {
        let list = try HandledList(["Apple", "Banana", "Cherry"])
        #expect(list.takeCalls() == ["Apple*", "Banana", "Cherry"])
        list.render()
        #expect(list.takeCalls().isEmpty, "a frame with no change calls nothing")
        _ = list.grid.handle(.key(.down))
        list.render()
        #expect(list.takeCalls().sorted() == ["Apple", "Banana*"])
        _ = list.grid.handle(.key(.enter))
        list.render()
        #expect(list.takeCalls() == ["Banana*+"])
        list.grid.isEditing = true
        let canvas = list.render()
        #expect(list.takeCalls().sorted() == ["Applee", "Banana*+e", "Cherrye"])
        #expect(canvas.row(0).contains("Apple  ✎"), "what the handler set shows: \(canvas.row(0))")
    }

    /// The handler's content is there before the row is measured: subtitle rows are two high.
    @Test func theHandlerRunsBeforeMeasuring() throws {
        let list = try HandledList(["Apple", "Banana"], subtitles: true)
        let canvas = list.render()
        #expect(canvas.row(1).contains("sub") && canvas.row(2).contains("Banana"), "\(canvas.text)")
    }

    /// A background configuration updated for the state: the focused row takes the plain
    /// cell's focus colour, a focused selected row the handler's own, the others none (the
    /// snapshot shows the texts; the colours are checked cell by cell).
    @Test func theBackgroundFollowsTheFocus() throws {
        let list = try HandledList(["Apple", "Banana", "Cherry"], background: .listPlainCell())
        var canvas = list.render()
        #expect(
            canvas[15, 0].style.background == .cyan && canvas[2, 0].style.background == .cyan
                && canvas[2, 0].style.foreground == .black)
        #expect(canvas[15, 1].style.background == .default)
        _ = list.grid.handle(.key(.down))
        canvas = list.render()
        #expect(canvas[15, 0].style.background == .default && canvas[15, 1].style.background == .cyan)
        _ = list.grid.handle(.key(.enter))
        canvas = list.render()
        #expect(canvas[15, 1].style.background == .magenta, "the handler's colour over the state's")
        _ = list.grid.handle(.key(.down))
        canvas = list.render()
        #expect(
            canvas[15, 1].style.background == .blue && canvas[15, 2].style.background == .cyan, "selected, then focused"
        )
        try snapshot.verify(canvas, named: "background-configuration")
    }

    /// `BackgroundConfiguration.updated(for:)`: each factory's colours by state, and an
    /// updated one updated again keeps what it has.
    @Test func backgroundConfigurationsByState() {
        let focused = GridCellConfigurationState(isFocused: true),
            selected = GridCellConfigurationState(isSelected: true)
        #expect(BackgroundConfiguration.listPlainCell().updated(for: focused).backgroundColor == .cyan)
        #expect(BackgroundConfiguration.listPlainCell().updated(for: selected).backgroundColor == .blue)
        #expect(
            BackgroundConfiguration.listPlainCell().updated(for: GridCellConfigurationState()).backgroundColor == nil)
        #expect(
            BackgroundConfiguration.listGroupedCell().updated(for: GridCellConfigurationState()).backgroundColor
                == .brightBlack)
        #expect(BackgroundConfiguration.listSidebarCell().updated(for: focused).backgroundColor == .blue)
        #expect(
            BackgroundConfiguration.listPlainCell().updated(
                for: GridCellConfigurationState(isFocused: true, isReordering: true)
            ).backgroundColor == .yellow)
        #expect(BackgroundConfiguration.clear().updated(for: focused).backgroundColor == nil)
        var mine = BackgroundConfiguration.listPlainCell().updated(for: focused)
        mine.backgroundColor = .red
        #expect(mine.updated(for: selected).backgroundColor == .red, "an updated configuration keeps the app's colour")
        var state = GridCellConfigurationState()
        state.isHighlighted = true
        #expect(state.isFocused && state == focused)
    }

    /// A content configuration of the app's own, drawn by a plain `GridCell` and by a
    /// `ListCell` between its accessories, sized by what it asks for.
    @Test func anAppsOwnContentConfiguration() {
        struct Meter: ContentConfiguration {
            var level: Int
            var focused = false
            func draw(in context: DrawContext, bounds: Rect, state: GridCellConfigurationState) {
                let mark: Character = focused || state.isFocused ? "#" : "="
                context.fill(
                    Rect(x: bounds.minX, y: bounds.minY, width: min(level, bounds.width), height: 1), style: .plain,
                    character: mark)
            }
            func preferredSize(fitting size: Size) -> Size? { Size(width: size.width, height: 2) }
            func updated(for state: GridCellConfigurationState) -> Meter {
                var m = self
                m.focused = state.isFocused
                return m
            }
        }
        let canvas = Canvas(size: Size(width: 12, height: 1))
        let plain = GridCell()
        plain.contentConfiguration = Meter(level: 4)
        plain.draw(
            in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds,
            state: CellState(isFocused: true))
        #expect(canvas.row(0) == "####        ")
        #expect(plain.preferredSize(fitting: Size(width: 12, height: 1)) == Size(width: 12, height: 2))
        let row = ListCell()
        row.contentConfiguration = Meter(level: 20)
        row.accessories = [.checkmark()]
        row.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState())
        #expect(canvas.row(0) == " ======== ✓ ", "between the padding and the accessory's gap: \(canvas.row(0))")
    }

    /// `ListContentConfiguration.updated(for:)` draws in its state once the cell no longer
    /// updates it for its own (as UIKit's `automaticallyUpdatesContentConfiguration`), and a
    /// subclass's `updateConfiguration(using:)` runs with the outline's expansion and the
    /// cell's disabled flag in the state.
    @Test func updatedContentAndASubclassOverride() throws {
        let canvas = Canvas(size: Size(width: 10, height: 1))
        let cell = ListCell()
        cell.contentConfiguration = ListContentConfiguration.cell(text: "Kiwi").updated(
            for: GridCellConfigurationState(isFocused: true))
        cell.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState())
        #expect(canvas[1, 0].style.background == .default, "updated again for the cell's state: not focused")
        cell.automaticallyUpdatesContentConfiguration = false
        cell.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState())
        #expect(canvas[1, 0].style.background == .cyan, "focused, as the configuration was updated for")

        final class Watching: ListCell {
            static var seen: [String: GridCellConfigurationState] = [:]
            override func updateConfiguration(using state: GridCellConfigurationState) {
                if let text = (contentConfiguration as? ListContentConfiguration)?.text { Self.seen[text] = state }
            }
        }
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 20, height: 6),
            layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        let row = CellRegistration<Watching, String> { cell, _, name in
            cell.contentConfiguration = .cell(text: name)
            cell.isDisabled = name == "Leaf"
        }
        let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
        }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        try source.apply(snapshot)
        var tree = GridSectionSnapshot<String>()
        tree.append(["Root"])
        tree.append(["Leaf"], to: "Root")
        tree.expand(["Root"])
        try source.apply(tree, to: 0)
        grid.render(into: Canvas(size: grid.frame.size))
        #expect(Watching.seen["Root"]?.isExpanded == true && Watching.seen["Root"]?.isFocused == true)
        #expect(Watching.seen["Leaf"]?.isDisabled == true && Watching.seen["Leaf"]?.isExpanded == false)
    }
}
