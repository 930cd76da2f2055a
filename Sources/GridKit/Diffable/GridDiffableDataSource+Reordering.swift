/// What a diffable data source asks and tells when items are moved by hand (UIKit's
/// `ReorderingHandlers`): whether an item may move, and the whole move, as a transaction, before
/// and after it is kept.
@MainActor
public struct ReorderingHandlers<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// True lets the item move. Nil (the default) lets none: reordering is asked for.
    public var canReorderItem: ((ItemID) -> Bool)?
    /// False keeps the item out of a section: a step passes over it to the next section that
    /// way, or changes nothing when there is none. Nil lets it go anywhere.
    public var canMoveItemToSection: ((ItemID, SectionID) -> Bool)?
    /// Told before a move is kept (the item was dropped somewhere else than where it was picked
    /// up).
    public var willReorder: ((GridReorderingTransaction<SectionID, ItemID>) -> Void)?
    /// Told after a move was kept: update the model from `transaction.finalSnapshot` or
    /// `transaction.difference`. The data source's snapshot is then the final one. The
    /// difference is over all items in order, as UIKit's: a move over a section's edge (the
    /// last item of one section made the first of the next) leaves that order as it was, so a
    /// model kept by section is updated from `transaction.sectionTransactions` (each one's
    /// difference applies to that section's items) or from the final snapshot.
    public var didReorder: ((GridReorderingTransaction<SectionID, ItemID>) -> Void)?
    /// Told when a move was cancelled (Esc, or `GridView.cancelInteractiveMovement()`), with the
    /// item that was picked up: it is back where it was, and the data source's snapshot is as
    /// before the move, so the model needs no change. Not in UIKit, whose cancelled reorder
    /// tells nothing; here the steps of a move show in the snapshot, so an app may want to hear
    /// that they were undone.
    public var didCancelReorder: ((ItemID) -> Void)?

    /// No handlers: nothing moves.
    public init() {}
}

/// A finished move (UIKit's `NSDiffableDataSourceTransaction`): the snapshots before and after,
/// and the difference between their items (all sections' items in order).
public struct GridReorderingTransaction<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Before the move.
    public let initialSnapshot: GridSnapshot<SectionID, ItemID>
    /// After it.
    public let finalSnapshot: GridSnapshot<SectionID, ItemID>
    /// The items' difference, in all sections' order.
    public let difference: CollectionDifference<ItemID>
    /// One for each section whose items changed (UIKit's `sectionTransactions`), in the final
    /// snapshot's section order: the item left one section and came into another, or moved
    /// inside one. An app that keeps a model per section updates only these.
    public let sectionTransactions: [GridSectionTransaction<SectionID, ItemID>]
}

/// What a finished move did to one section (UIKit's `NSDiffableDataSourceSectionTransaction`):
/// its items before and after as section snapshots, and their difference. The snapshots hold
/// the items as roots: a section that showed an outline shows its items flat once reordered.
public struct GridSectionTransaction<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// The section.
    public let sectionIdentifier: SectionID
    /// Its items before the move.
    public let initialSnapshot: GridSectionSnapshot<ItemID>
    /// Its items after it.
    public let finalSnapshot: GridSectionSnapshot<ItemID>
    /// From the items before to the items after.
    public let difference: CollectionDifference<ItemID>

    /// The transaction of `section`, whose items went from `before` to `after`.
    init(_ section: SectionID, from before: [ItemID], to after: [ItemID]) {
        sectionIdentifier = section
        var initial = GridSectionSnapshot<ItemID>(), final = GridSectionSnapshot<ItemID>()
        initial.append(before)
        final.append(after)
        initialSnapshot = initial
        finalSnapshot = final
        difference = after.difference(from: before).inferringMoves()
    }
}

extension GridDiffableDataSource: DiffableApplying {
    /// See `GridDataSource`: the handlers' `canReorderItem`.
    public func gridView(_ gridView: GridView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let can = reorderingHandlers.canReorderItem, can(item) else {
            return false
        }
        // Asked as a move begins (and only then by the grid): the snapshot to report against.
        // An app may ask too, mid-move (a hint for the focused row): the move's start stays.
        if !gridView.isMovingItem { movementStart = snapshot() }
        return true
    }

    /// See `GridDataSource`: moves the item in the snapshot to `destination` (its index path
    /// after the move) and shows it there.
    public func gridView(_ gridView: GridView, moveItemAt source: IndexPath, to destination: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: source), let section = sectionIdentifier(for: destination.section),
            reorderingHandlers.canMoveItemToSection?(item, section) ?? true
        else { return false }
        return move(item, to: destination.item, in: section)
    }

    /// Shows the snapshot with `item` at `index` of `section`'s items (counted without it).
    private func move(_ item: ItemID, to index: Int, in section: SectionID) -> Bool {
        var snapshot = self.snapshot()
        let others = snapshot.itemIdentifiers(inSection: section).filter { $0 != item }
        guard index >= 0, index <= others.count else { return false }
        if index < others.count {
            snapshot.moveItem(item, beforeItem: others[index])
        } else if let last = others.last {
            snapshot.moveItem(item, afterItem: last)
        } else {
            // Into an empty section.
            snapshot.deleteItems([item])
            snapshot.appendItems([item], toSection: section)
        }
        return (try? apply(snapshot)) != nil
    }

    /// See `GridDataSource`: a kept move goes to the handlers' `willReorder` and `didReorder`
    /// (nothing when the item was dropped where it was picked up); a cancelled one puts the
    /// item back if it is not, and goes to `didCancelReorder`.
    public func gridView(_ gridView: GridView, didEndMovementFrom start: IndexPath, to end: IndexPath, committed: Bool)
    {
        defer { movementStart = nil }
        guard let initial = movementStart else { return }
        guard committed else {
            // The picked-up item is the one at `start` in the snapshot from before the move.
            guard
                let s = initial.sectionIdentifiers.indices.contains(start.section)
                    ? initial.sectionIdentifiers[start.section] : nil,
                case let items = initial.itemIdentifiers(inSection: s), items.indices.contains(start.item)
            else { return }
            let item = items[start.item]
            if itemIdentifier(for: start) != item { _ = move(item, to: start.item, in: s) }
            reorderingHandlers.didCancelReorder?(item)
            return
        }
        let final = snapshot()
        // Sections compared one by one: a move over a section's edge keeps the order of all items.
        guard final.items != initial.items else { return }
        let transaction = GridReorderingTransaction(
            initialSnapshot: initial, finalSnapshot: final,
            difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves(),
            sectionTransactions: final.sectionIdentifiers.compactMap { section in
                let before = initial.indexOfSection(section) == nil ? [] : initial.itemIdentifiers(inSection: section)
                let after = final.itemIdentifiers(inSection: section)
                return before == after ? nil : GridSectionTransaction(section, from: before, to: after)
            })
        reorderingHandlers.willReorder?(transaction)
        reorderingHandlers.didReorder?(transaction)
    }
}
