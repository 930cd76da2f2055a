import Foundation
import GridKit

import struct GridKit.IndexPath // not Foundation's

/// The contacts' sidebar: Favourites the user orders (picked up with `m`, moved with the arrows,
/// dropped with Enter, kept for the session and never written to the vCards), and an outline
/// that chooses what the list shows: everyone, the groups the cards name (vCard `CATEGORIES`)
/// under Groups, and every organisation under Organisations.
package final class ContactGroupsScreen: Screen {
    /// The contacts screen's favourites and the group it shows, shared with it.
    package final class Choices {
        /// Display indexes of the favourite contacts, in the user's order.
        package var favourites: [Int] = []
        /// The group the list shows alone, or nil for everyone.
        package var group: ContactGroup?
        package init() {}
    }

    /// A row of the sidebar.
    enum Item: Hashable, Sendable {
        case noFavourites
        case favourite(Int)
        case all
        /// The outline's parent of every group of one kind.
        case parent(ContactGroup.Kind)
        case group(ContactGroup)
    }

    private let directory: ContactDirectory
    private let choices: Choices
    private let onChoose: (ContactGroup?) -> Void
    private var contents: GridDiffableDataSource<String, Item>?
    /// The groups of each kind, by name; a kind no contact has is left out.
    private let groups: [(kind: ContactGroup.Kind, members: [ContactGroup])]
    private let counts: [ContactGroup: Int]

    /// The sidebar of `directory`; `onChoose` hears the group the user chose (nil for all).
    package init(directory: ContactDirectory, choices: Choices, onChoose: @escaping (ContactGroup?) -> Void) {
        self.directory = directory
        self.choices = choices
        self.onChoose = onChoose
        var groups: [(kind: ContactGroup.Kind, members: [ContactGroup])] = [], counts: [ContactGroup: Int] = [:]
        for kind in ContactGroup.Kind.allCases {
            let found = directory.groups(kind)
            // When no card names a category there is no Groups parent, rather than an empty one.
            if found.isEmpty && kind == .category { continue }
            groups.append((kind, found.map(\.group)))
            for g in found { counts[g.group] = g.count }
        }
        self.groups = groups
        self.counts = counts
    }

    package var title: String {
        "Groups · \(choices.favourites.count) favourite\(choices.favourites.count == 1 ? "" : "s")"
    }
    package var keyHints: [KeyHint] {
        [
            .moveUpDown, KeyHint([.moveRight], "open"), KeyHint([.moveLeft], "close"), .select("show"),
            KeyHint("m", "move favourite"), .back
        ]
    }
    package var keyHelp: [KeyHelp] {
        [
            KeyHelp("→  ←", "open or close Groups or Organisations"),
            KeyHelp("Enter", "show the group in the list, or open a favourite"),
            KeyHelp("m", "pick a favourite up: arrows move it, Enter drops it, Esc puts it back")
        ]
    }

    package func makeLayout() -> any GridLayout {
        var configuration = ListConfiguration(appearance: .sidebar)
        configuration.headerMode = .supplementary
        return CompositionalLayout.list(using: configuration)
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(ListCell.self)
        gridView.register(ListCell.self, forSupplementaryViewOfKind: .header)
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        let row = CellRegistration<ListCell, Item> { [weak self] cell, _, item in self?.configure(cell, item) }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, indexPath in
            view.contentConfiguration = .header(text: indexPath.section == 0 ? "Favourites" : "Show")
        }
        let contents = GridDiffableDataSource<String, Item>(gridView: gridView) { grid, indexPath, item in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: item)
        }
        contents.supplementaryViewProvider = { grid, _, indexPath in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        contents.reorderingHandlers.canReorderItem = { if case .favourite = $0 { true } else { false } }
        contents.reorderingHandlers.canMoveItemToSection = { _, section in section == "favourites" }
        contents.reorderingHandlers.didReorder = { [weak self] transaction in
            self?.choices.favourites = transaction.finalSnapshot.itemIdentifiers(inSection: "favourites").compactMap {
                if case .favourite(let index) = $0 { index } else { nil }
            }
        }
        self.contents = contents
        var snapshot = GridSnapshot<String, Item>()
        snapshot.appendSections(["favourites"])
        snapshot.appendItems(
            choices.favourites.isEmpty ? [.noFavourites] : choices.favourites.map(Item.favourite),
            toSection: "favourites")
        try? contents.apply(snapshot)
        var outline = GridSectionSnapshot<Item>()
        outline.append([.all] + groups.map { .parent($0.kind) })
        for g in groups { outline.append(g.members.map(Item.group), to: .parent(g.kind)) }
        if let shown = choices.group { outline.expand([.parent(shown.kind)]) }
        try? contents.apply(outline, to: "groups")
        // The focus starts on the group the list shows.
        let current = choices.group.map(Item.group) ?? .all
        if let at = contents.indexPath(for: current) { gridView.focusItem(at: at) }
    }

    package func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { contents }

    private func configure(_ cell: ListCell, _ item: Item) {
        let tree = contents?.snapshot(for: "groups") ?? GridSectionSnapshot()
        cell.indentationLevel = tree.contains(item) ? tree.level(of: item) : 0
        switch item {
        case .noFavourites:
            cell.contentConfiguration = .cell(text: "No favourites yet: f in the list marks one")
            cell.isDisabled = true
        case .favourite(let index):
            let row = directory.row(ofContact: index)
            cell.contentConfiguration = .valueCell(text: row.name, secondaryText: row.organization, image: "★")
        case .all:
            cell.contentConfiguration = .valueCell(text: "All contacts", secondaryText: directory.count.formatted)
            if choices.group == nil { cell.accessories = [.checkmark()] }
        case .parent(let kind):
            let count = groups.first { $0.kind == kind }?.members.count ?? 0
            cell.contentConfiguration = .valueCell(
                text: kind == .category ? "Groups" : "Organisations", secondaryText: count.formatted)
            cell.accessories = [.outlineDisclosure(isExpanded: tree.isExpanded(item))]
        case .group(let group):
            let name = group == .organisation("") ? "No organisation" : group.name
            cell.contentConfiguration = .valueCell(text: name, secondaryText: (counts[group] ?? 0).formatted)
            if choices.group == group { cell.accessories = [.checkmark()] }
        }
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard case .key(.character("m")) = event, let f = gridView.focusedIndexPath else { return .ignored }
        gridView.beginInteractiveMovementForItem(at: f)
        return .handled
    }

    package func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        gridView.deselectItem(at: indexPath)
        switch contents?.itemIdentifier(for: indexPath) {
        case .favourite(let index)?: return .push(ContactDetailScreen(contact: directory.contact(index)))
        case .all?: onChoose(nil); return .pop
        case .group(let group)?: onChoose(group); return .pop
        default: return .handled
        }
    }
}
