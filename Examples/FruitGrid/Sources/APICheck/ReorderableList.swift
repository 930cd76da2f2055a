// Apple's "Reorderable List" (Implementing Modern Collection Views) from outside GridKit: emoji
// in sections by category, any row movable into any section, and the app's own model (Apple's
// "backing store") kept up to date only through the data source's reordering handlers, by
// applying each section transaction's difference to that section's items. The title bar shows
// the model, so what it holds can be compared with the rows drawn.
import GridKit

@MainActor
final class ReorderableList: Screen {
    /// The app's model: each category's emoji, in the order the user left them.
    private(set) var backingStore: [Emoji.Category: [Emoji]] = [:]
    let categories: [Emoji.Category] = [.smileys, .nature, .food]
    private var data: GridDiffableDataSource<Emoji.Category, Emoji>?
    private var context: ScreenContext?

    var title: String { "Reorderable List" }
    /// The model, section by section: its emoji, `|` between sections.
    var status: String {
        "model " + categories.map { (backingStore[$0] ?? []).map(\.text).joined() }.joined(separator: "|")
    }
    var keyHints: String { "m pick up · ↑↓ move · Enter drop · Esc put back · q quit" }
    var keyHelp: [KeyHelp] { [KeyHelp("m", "pick the row up (↑↓ move it, Enter drops, Esc puts it back)")] }

    func makeLayout() -> any GridLayout {
        var configuration = ListConfiguration(appearance: .grouped)
        configuration.headerMode = .supplementary
        return CompositionalLayout.list(using: configuration)
    }

    func registerCells(in gridView: GridView) {}

    func attach(to gridView: GridView, context: ScreenContext) {
        self.context = context
        for category in categories { backingStore[category] = category.emojis }
        let row = CellRegistration<ListCell, Emoji> { cell, _, emoji in
            cell.contentConfiguration = .cell(text: emoji.name, image: emoji.text)
        }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { [unowned self] view, _, indexPath in
            view.contentConfiguration = .header(text: categories[indexPath.section].rawValue)
        }
        let data = GridDiffableDataSource<Emoji.Category, Emoji>(gridView: gridView) { grid, indexPath, emoji in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: emoji)
        }
        data.supplementaryViewProvider = { grid, _, indexPath in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        data.reorderingHandlers.canReorderItem = { _ in true }
        data.reorderingHandlers.didReorder = { [unowned self] transaction in
            // Apple's first way: each changed section's difference applied to its items.
            for change in transaction.sectionTransactions {
                if let before = backingStore[change.sectionIdentifier], let after = before.applying(change.difference) {
                    backingStore[change.sectionIdentifier] = after
                }
            }
            // The one the sections' differences insert: over a section's edge the whole
            // difference is empty, the order of all items being the same.
            let moved = transaction.sectionTransactions.lazy.flatMap(\.difference.insertions).compactMap {
                change -> Emoji? in
                guard case .insert(_, let emoji, _) = change else { return nil }
                return emoji
            }.first
            context.showMessage(moved.map { "Moved \($0.text) \($0.name)" } ?? "Not moved")
        }
        data.reorderingHandlers.didCancelReorder = { emoji in
            context.showMessage("Put back \(emoji.text) \(emoji.name)")
        }
        self.data = data
        var snapshot = GridSnapshot<Emoji.Category, Emoji>()
        snapshot.appendSections(categories)
        for category in categories { snapshot.appendItems(backingStore[category] ?? [], toSection: category) }
        try? data.apply(snapshot)
    }

    func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        // No key picks a row up by default: this screen's is m.
        guard event == .char("m"), !gridView.isMovingItem, let focused = gridView.focusedIndexPath else {
            return .ignored
        }
        return gridView.beginInteractiveMovementForItem(at: focused) ? .handled : .ignored
    }
}
