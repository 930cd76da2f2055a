/// What a diffable data source asks and tells when items are moved by hand (UIKit's
/// `ReorderingHandlers`): whether an item may move, and the whole move, as a transaction, before
/// and after it is kept.
@MainActor
public struct ReorderingHandlers<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// True lets the item move. Nil (the default) lets none: reordering is asked for.
    public var canReorderItem: ((ItemID) -> Bool)?
    /// False keeps the item out of a section (a step into it changes nothing). Nil lets it go
    /// anywhere.
    public var canMoveItemToSection: ((ItemID, SectionID) -> Bool)?
    /// Told before a move is kept.
    public var willReorder: ((GridReorderingTransaction<SectionID, ItemID>) -> Void)?
    /// Told after a move was kept: update the model from `transaction.finalSnapshot` or
    /// `transaction.difference`.
    public var didReorder: ((GridReorderingTransaction<SectionID, ItemID>) -> Void)?

    /// No handlers: nothing moves.
    public init() {}
}

/// A finished move (UIKit's `NSDiffableDataSourceTransaction`): the snapshots before and after,
/// and the difference between their items.
public struct GridReorderingTransaction<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Before the move.
    public let initialSnapshot: GridSnapshot<SectionID, ItemID>
    /// After it.
    public let finalSnapshot: GridSnapshot<SectionID, ItemID>
    /// The items' difference, in all sections' order.
    public let difference: CollectionDifference<ItemID>
}

extension GridDiffableDataSource: DiffableApplying {
    /// See `GridDataSource`: the handlers' `canReorderItem`.
    public func gridView(_ gridView: GridView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let can = reorderingHandlers.canReorderItem, can(item) else { return false }
        // Asked as a move begins (and only then by the grid): the snapshot to report against.
        movementStart = snapshot()
        return true
    }

    /// See `GridDataSource`: moves the item in the snapshot and shows it there.
    public func gridView(_ gridView: GridView, moveItemAt source: IndexPath, to destination: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: source), let anchor = itemIdentifier(for: destination), item != anchor,
            let section = sectionIdentifier(for: destination.section), reorderingHandlers.canMoveItemToSection?(item, section) ?? true
        else { return false }
        var snapshot = self.snapshot()
        let forward = source.section < destination.section || (source.section == destination.section && source.item < destination.item)
        if forward { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
        return (try? apply(snapshot)) != nil
    }

    /// See `GridDataSource`: a kept move goes to the handlers; a cancelled one only forgets.
    public func gridView(_ gridView: GridView, didEndMovementFrom start: IndexPath, to end: IndexPath, committed: Bool) {
        defer { movementStart = nil }
        guard committed, let initial = movementStart else { return }
        let final = snapshot()
        let transaction = GridReorderingTransaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves())
        reorderingHandlers.willReorder?(transaction)
        reorderingHandlers.didReorder?(transaction)
    }
}
