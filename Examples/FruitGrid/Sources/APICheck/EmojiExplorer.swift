// Apple's "Emoji Explorer" (Implementing Modern Collection Views) from outside GridKit, with its
// public API alone: one CompositionalLayout of three sections (a sideways row of recent emoji,
// an outline of categories, a plain list of every emoji), each list section made with
// `LayoutSection.list(using:layoutEnvironment:)`, all fed by one GridDiffableDataSource whose
// sections are applied as section snapshots. Enter on a category opens or closes it; Enter on
// an emoji "uses" it, which puts it first in the recents.
import GridKit

/// A tile of the recents row: the emoji over its name.
final class EmojiTile: GridCell {
    var emoji: Emoji?
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let emoji else { return }
        let style = state.isFocused ? Style(attributes: .reverse) : .plain
        context.fill(bounds, style: style, character: " ")
        context.centeredText(emoji.text, y: 0, style: style)
        context.centeredText(emoji.name, y: 1, style: style)
    }
}

@MainActor
final class EmojiExplorer: Screen {
    enum Section: Int, CaseIterable {
        case recents, outline, list
        var title: String { ["Recently used", "Categories", "All emoji"][rawValue] }
    }
    /// One identifier per place an emoji shows: the same emoji is in the recents, under its
    /// category and in the list, and a snapshot's identifiers are unique (as in Apple's sample,
    /// where each item is its own object).
    enum Item: Hashable {
        case recent(Emoji)
        case category(Emoji.Category)
        case outlined(Emoji)
        case listed(Emoji)
    }

    private var data: GridDiffableDataSource<Section, Item>?
    private var context: ScreenContext?

    var title: String { "Emoji Explorer" }
    var status: String {
        guard let data else { return "" }
        let outline = data.snapshot(for: .outline)
        let open = Emoji.Category.allCases.filter { outline.isExpanded(.category($0)) }.map(\.rawValue)
        return
            "recent: \(recents.first?.name ?? "none") · open: \(open.isEmpty ? "none" : open.joined(separator: ", "))"
    }
    var keyHelp: [KeyHelp] { [KeyHelp("Enter", "open or close a category; use an emoji")] }
    private var recents = Emoji.recents

    func makeLayout() -> any GridLayout {
        CompositionalLayout { index, environment in
            switch Section(rawValue: index) {
            case .recents?:
                // Apple's: a row of square tiles that scrolls sideways on its own.
                let tile = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = LayoutGroup.horizontal(
                    layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(2)),
                    subitems: [tile])
                let row = LayoutSection(group: group)
                row.orthogonalScrollingBehavior = .continuous
                row.interGroupSpacing = 1
                row.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 1, right: 1)
                row.boundarySupplementaryItems = [
                    LayoutBoundarySupplementaryItem(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                        elementKind: .header)
                ]
                return row
            case .outline?:
                var sidebar = ListConfiguration(appearance: .sidebar)
                sidebar.headerMode = .supplementary
                return LayoutSection.list(using: sidebar, layoutEnvironment: environment)
            default:
                var insetGrouped = ListConfiguration(appearance: .insetGrouped)
                insetGrouped.headerMode = .supplementary
                return LayoutSection.list(using: insetGrouped, layoutEnvironment: environment)
            }
        }
    }

    func registerCells(in gridView: GridView) {}

    func attach(to gridView: GridView, context: ScreenContext) {
        self.context = context
        let tile = CellRegistration<EmojiTile, Emoji> { cell, _, emoji in cell.emoji = emoji }
        // The outline's rows set only their content: indentation and the disclosure come from
        // the section snapshot, as a UIKit list cell's do.
        let outlineRow = CellRegistration<ListCell, Item> { cell, _, item in
            switch item {
            case .category(let category): cell.contentConfiguration = .header(text: category.rawValue)
            case .outlined(let emoji): cell.contentConfiguration = .cell(text: emoji.name, image: emoji.text)
            default: break
            }
        }
        let listRow = CellRegistration<ListCell, Emoji> { cell, _, emoji in
            cell.contentConfiguration = .valueCell(
                text: emoji.name, secondaryText: emoji.category.rawValue, image: emoji.text)
        }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, indexPath in
            view.contentConfiguration = .header(text: Section(rawValue: indexPath.section)?.title ?? "")
        }
        let data = GridDiffableDataSource<Section, Item>(gridView: gridView) { grid, indexPath, item in
            switch item {
            case .recent(let emoji): grid.dequeueConfiguredReusableCell(using: tile, for: indexPath, item: emoji)
            case .listed(let emoji): grid.dequeueConfiguredReusableCell(using: listRow, for: indexPath, item: emoji)
            case .category, .outlined: grid.dequeueConfiguredReusableCell(using: outlineRow, for: indexPath, item: item)
            }
        }
        data.supplementaryViewProvider = { grid, _, indexPath in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        self.data = data

        // The sections in order, then each one's items as a section snapshot.
        var sections = GridSnapshot<Section, Item>()
        sections.appendSections(Section.allCases)
        try? data.apply(sections)
        showRecents()
        var outline = GridSectionSnapshot<Item>()
        for category in Emoji.Category.allCases {
            outline.append([.category(category)])
            outline.append(category.emojis.map(Item.outlined), to: .category(category))
        }
        try? data.apply(outline, to: .outline)
        var list = GridSectionSnapshot<Item>()
        list.append(Emoji.all.map(Item.listed))
        try? data.apply(list, to: .list)
    }

    func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    private func showRecents() {
        var row = GridSectionSnapshot<Item>()
        row.append(recents.map(Item.recent))
        try? data?.apply(row, to: .recents)
    }

    func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        guard let data, let item = data.itemIdentifier(for: indexPath) else { return .handled }
        switch item {
        case .category:
            if !data.collapse(item) { data.expand(item) }
        case .recent(let emoji), .outlined(let emoji), .listed(let emoji):
            // Used: first in the recents, the focus staying where it is.
            recents.removeAll { $0 == emoji }
            recents.insert(emoji, at: 0)
            showRecents()
            context?.showMessage("Used \(emoji.text) \(emoji.name)")
        }
        return .handled
    }
}
