import Foundation
import GridKit

import struct GridKit.IndexPath // not Foundation's

/// The contacts' sidebar: Favourites the user orders (picked up with `m`, moved with the arrows,
/// dropped with Enter, kept for the session and never written to the vCards), and the groups as
/// an outline (every organisation under Organisations) that chooses what the list shows.
package final class ContactGroupsScreen: Screen {
    /// The contacts screen's favourites and the group it shows, shared with it.
    package final class Choices {
        /// Display indexes of the favourite contacts, in the user's order.
        package var favourites: [Int] = []
        /// The organisation the list shows alone, or nil for everyone.
        package var group: String?
        package init() {}
    }

    private let directory: ContactDirectory
    private let choices: Choices
    private let onChoose: (String?) -> Void
    private var contents: GridDiffableDataSource<String, String>?
    private let organisations: [(name: String, count: Int)]

    /// The sidebar of `directory`; `onChoose` hears the group the user chose (nil for all).
    package init(directory: ContactDirectory, choices: Choices, onChoose: @escaping (String?) -> Void) {
        self.directory = directory
        self.choices = choices
        self.onChoose = onChoose
        organisations = directory.organisations()
    }

    package var title: String { "Groups · \(choices.favourites.count) favourite\(choices.favourites.count == 1 ? "" : "s")" }
    package var keyHints: String { "↑↓ move · → open · ← close · Enter show · m move favourite · Esc back" }
    package var keyHelp: [KeyHelp] {
        [KeyHelp("→  ←", "open or close a group"), KeyHelp("Enter", "show the group in the list, or open a favourite"), KeyHelp("m", "pick a favourite up: arrows move it, Enter drops it, Esc puts it back")]
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
        let row = CellRegistration<ListCell, String> { [weak self] cell, _, id in self?.configure(cell, id) }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, indexPath in
            view.contentConfiguration = .header(text: indexPath.section == 0 ? "Favourites" : "Groups")
        }
        let contents = GridDiffableDataSource<String, String>(gridView: gridView) { grid, indexPath, id in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: id)
        }
        contents.supplementaryViewProvider = { grid, _, indexPath in grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath) }
        contents.reorderingHandlers.canReorderItem = { $0.hasPrefix("fav:") && $0 != "fav:none" }
        contents.reorderingHandlers.canMoveItemToSection = { _, section in section == "favourites" }
        contents.reorderingHandlers.didReorder = { [weak self] transaction in
            self?.choices.favourites = transaction.finalSnapshot.itemIdentifiers(inSection: "favourites").compactMap { Int($0.dropFirst(4)) }
        }
        self.contents = contents
        var snapshot = GridSnapshot<String, String>()
        snapshot.appendSections(["favourites"])
        snapshot.appendItems(choices.favourites.isEmpty ? ["fav:none"] : choices.favourites.map { "fav:\($0)" }, toSection: "favourites")
        try? contents.apply(snapshot)
        var groups = GridSectionSnapshot<String>()
        groups.append(["all", "organisations"])
        groups.append(organisations.map { "org:" + $0.name }, to: "organisations")
        if choices.group != nil { groups.expand(["organisations"]) }
        try? contents.apply(groups, to: "groups")
        // The focus starts on the group the list shows.
        let current = choices.group.map { "org:" + $0 } ?? "all"
        if let at = contents.indexPath(for: current) { gridView.focusItem(at: at) }
    }

    package func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { contents }

    private func configure(_ cell: ListCell, _ id: String) {
        let tree = contents?.snapshot(for: "groups") ?? GridSectionSnapshot()
        cell.indentationLevel = tree.contains(id) ? tree.level(of: id) : 0
        switch id {
        case "fav:none":
            cell.contentConfiguration = .cell(text: "No favourites yet: f in the list marks one")
            cell.isDisabled = true
        case "all":
            cell.contentConfiguration = .valueCell(text: "All contacts", secondaryText: directory.count.formatted)
            if choices.group == nil { cell.accessories = [.checkmark] }
        case "organisations":
            cell.contentConfiguration = .valueCell(text: "Organisations", secondaryText: "\(organisations.count)")
            cell.accessories = [.outlineDisclosure(isExpanded: tree.isExpanded(id))]
        default:
            if id.hasPrefix("fav:"), let index = Int(id.dropFirst(4)) {
                let row = directory.row(ofContact: index)
                cell.contentConfiguration = .valueCell(text: row.name, secondaryText: row.organization, image: "★")
            } else if id.hasPrefix("org:") {
                let name = String(id.dropFirst(4))
                let count = organisations.first { $0.name == name }?.count ?? 0
                cell.contentConfiguration = .valueCell(text: name.isEmpty ? "No organisation" : name, secondaryText: count.formatted)
                if choices.group == name { cell.accessories = [.checkmark] }
            }
        }
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard case .key(.character("m")) = event, let f = gridView.focusedIndexPath else { return .ignored }
        gridView.beginInteractiveMovementForItem(at: f)
        return .handled
    }

    package func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        gridView.deselectItem(at: indexPath)
        guard let id = contents?.itemIdentifier(for: indexPath) else { return .handled }
        if id.hasPrefix("fav:"), let index = Int(id.dropFirst(4)) { return .push(ContactDetailScreen(contact: directory.contact(index))) }
        if id == "all" { onChoose(nil); return .pop }
        if id.hasPrefix("org:") { onChoose(String(id.dropFirst(4))); return .pop }
        return .handled
    }
}
