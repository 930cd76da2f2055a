// Issue 52's cell API from outside: editing with reorder and delete accessories, and cells
// that restyle themselves by state (an update handler, a subclass's updateConfiguration, a
// content configuration of this package's own, background configurations).
import GridKit
import GridKitTesting

/// A bar as long as its level, `#` when focused: a content configuration written outside GridKit.
struct LevelBar: ContentConfiguration {
    var level: Int
    var focused = false
    func draw(in context: DrawContext, bounds: Rect, state: GridCellConfigurationState) {
        let mark: Character = focused ? "#" : "="
        context.fill(
            Rect(x: bounds.minX, y: bounds.minY, width: min(level, bounds.width), height: 1), style: .plain,
            character: mark)
    }
    func preferredSize(fitting size: Size) -> Size? { Size(width: size.width, height: 1) }
    func updated(for state: GridCellConfigurationState) -> LevelBar {
        var bar = self
        bar.focused = state.isHighlighted
        return bar
    }
}

/// Counts the states it is updated for, as a subclass overriding UIKit's method would.
final class CountingCell: ListCell {
    var updates: [GridCellConfigurationState] = []
    override func updateConfiguration(using state: GridCellConfigurationState) {
        updates.append(state)
        super.updateConfiguration(using: state)
    }
}

@MainActor func cellStates() throws {
    let grid = GridView(
        frame: Rect(x: 0, y: 0, width: 30, height: 8),
        layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
    var deleted: [String] = []
    var deleteItem: (String) -> Void = { _ in }
    let row = CellRegistration<CountingCell, String> { cell, _, name in
        cell.accessories = [
            .delete(displayed: .whenEditing, actionHandler: { deleteItem(name) }), .reorder(),
            .disclosureIndicator(displayed: .whenNotEditing), .checkmark(displayed: .always)
        ]
        cell.automaticallyUpdatesContentConfiguration = true
        cell.automaticallyUpdatesBackgroundConfiguration = true
        cell.configurationUpdateHandler = { cell, state in
            var content = (cell as? ListCell)?.defaultContentConfiguration() ?? .cell()
            content.text = name
            if state.isEditing { content.secondaryText = "editing" }
            if state.isSelected || state.isDisabled || state.isExpanded || state.isReordering {
                content.textStyle = Style(attributes: .underline)
            }
            cell.contentConfiguration = content.updated(for: state)
            cell.backgroundConfiguration =
                (state.isFocused ? BackgroundConfiguration.listGroupedCell() : .listPlainCell()).updated(for: state)
        }
    }
    let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Apple", "Banana", "Cherry"], toSection: 0)
    try source.apply(snapshot)
    source.reorderingHandlers.canReorderItem = { _ in true }
    var order: [String] = []
    source.reorderingHandlers.didReorder = { order = $0.finalSnapshot.itemIdentifiers }
    deleteItem = { name in
        deleted.append(name)
        var s = source.snapshot()
        s.deleteItems([name])
        try? source.apply(s)
    }
    var lines = text(of: grid)
    check(
        lines[0].contains("›") && !lines[0].contains("⊖") && !lines[0].contains("≡"),
        "not editing: the disclosure, no editing accessories: \(lines[0])")
    let apple = grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? CountingCell
    check(
        apple?.updates.last?.isFocused == true && apple?.configurationState.isEditing == false,
        "the focused row was updated for its state")
    grid.isEditing = true
    lines = text(of: grid)
    check(
        lines[0].hasPrefix(" ⊖ Apple  editing") && lines[0].contains("≡") && !lines[0].contains("›"),
        "editing: ⊖ and ≡ show: \(lines[0])")
    check(apple?.configurationState.isEditing == true, "the state says editing")
    _ = grid.handle(.key(.character("m")))
    check(grid.isMovingItem, "m picks up a row with a reorder accessory")
    _ = grid.handle(.key(.down))
    _ = grid.handle(.key(.character("m")))
    check(order == ["Banana", "Apple", "Cherry"], "m drops it and didReorder hears: \(order)")
    _ = text(of: grid) // a frame between keys, as the screen's loop draws one
    _ = grid.handle(.key(.delete))
    check(
        deleted == ["Apple"] && source.snapshot().itemIdentifiers == ["Banana", "Cherry"],
        "Delete calls the delete accessory: \(deleted)")
    apple?.setNeedsUpdateConfiguration()
    check(
        KeyBindings.standard.keys(for: .moveItem) == [.character("m")]
            && KeyBindings.standard.action(for: .delete) == .deleteItem, "the keys are bound")

    // A plain GridCell with this package's own content and a background that fills it.
    let canvas = Canvas(size: Size(width: 8, height: 1))
    let bar = GridCell()
    bar.contentConfiguration = LevelBar(level: 3)
    var fill = BackgroundConfiguration(backgroundColor: .blue)
    fill.fillCharacter = "░"
    fill.fillColor = .white
    fill.focusedBackgroundColor = .cyan
    fill.selectedBackgroundColor = .green
    fill.reorderingBackgroundColor = .yellow
    bar.backgroundConfiguration = fill
    bar.draw(
        in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState(isFocused: true))
    check(
        canvas.row(0) == "###░░░░░" && canvas[5, 0].style.background == .cyan,
        "content over a background, both by state: \(canvas.row(0))")
    check(
        BackgroundConfiguration.listSidebarCell().updated(for: GridCellConfigurationState(isSelected: true))
            .backgroundColor == .cyan, "a sidebar row's selection")
    check(BackgroundConfiguration.clear().backgroundColor == nil, "clear fills nothing")
    let state = GridCellConfigurationState(
        isFocused: false, isSelected: true, isEditing: true, isDisabled: false, isExpanded: false, isReordering: false)
    check(state.isSelected && state.isEditing && !state.isHighlighted, "a state made by hand")
    let help = ScreenHarness(size: Size(width: 70, height: 24)).run(EditingScreen(), keys: "?")
    check(help.text.contains(KeyAction.deleteItem.summary), "help lists Delete while editing: \(help.text)")
}

/// A screen whose grid is editing, to ask `?` what the keys are then.
@MainActor
final class EditingScreen: Screen {
    var title: String { "Editing" }
    func makeLayout() -> any GridLayout { FlowLayout() }
    func registerCells(in gridView: GridView) {}
    func attach(to gridView: GridView, context: ScreenContext) { gridView.isEditing = true }
}
