/// A snapshot that only adds to the one shown: every shown section is still there, in the same
/// order, and keeps its items as the first ones; new sections may come anywhere, new items only
/// after a section's old ones. Loading more (a folder walk, the next page of results, new
/// messages above a history) applies snapshots like that, each one bigger than the last.
///
/// Found and applied without hashing the items already shown, and without copying the data
/// source's table of positions (it is updated in place, and put back if the apply fails). The
/// work is the new items, plus: one array comparison per section that kept its items (O(1) when
/// the snapshot was copied from the data source's, which shares their storage), an item-by-item
/// comparison of the old items of a section that grew, and one pass over the sections (a
/// section that moves keeps its slot in the table, so its items are not touched). Adding
/// sections or items anywhere so costs about what it adds.
@usableFromInline
struct SnapshotGrowth<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline let changes: SnapshotDifference
    /// The identifiers added to the table, to take out again.
    @usableFromInline let added: [ItemID]
    /// The table's sections before (`PositionTable.sectionOfSlot`, `slotOfSection`).
    @usableFromInline let oldSlots: (sectionOfSlot: [Int], slotOfSection: [Int])

    /// Nil, with `positions` unchanged, when `new` does more than add or repeats an identifier
    /// (the full difference then finds the same changes, or throws for the duplicate). Otherwise
    /// `positions`, the table of what is shown, now holds where everything in `new` is.
    @inlinable
    init?(
        oldSections: [SectionID], oldItems: [[ItemID]], new: GridSnapshot<SectionID, ItemID>,
        positions: inout PositionTable<ItemID>
    ) {
        let newSections = new.sectionIdentifiers, newItems = new.allItems
        // New section identifiers are unique, so one pass in order pairs them with the old ones,
        // and any old one left unpaired went or moved.
        var newOfOld: [Int] = [], insertedSections: [Int] = []
        newOfOld.reserveCapacity(oldSections.count)
        for (j, id) in newSections.enumerated() {
            if newOfOld.count < oldSections.count && oldSections[newOfOld.count] == id {
                newOfOld.append(j)
            } else {
                insertedSections.append(j)
            }
        }
        guard newOfOld.count == oldSections.count else { return nil }
        for (s, old) in oldItems.enumerated() {
            let now = newItems[newOfOld[s]]
            guard now.count >= old.count else { return nil }
            // Equal arrays sharing storage compare in O(1).
            if now.count == old.count ? now != old : !now[..<old.count].elementsEqual(old) { return nil }
        }

        // Reloads name old index paths: read before anything moves.
        let reloaded = new.reloadedItemIdentifiers.compactMap { positions[$0] }
        let oldSlots = (positions.sectionOfSlot, positions.slotOfSection)
        var oldOfNew = [Int](repeating: -1, count: newSections.count)
        for (s, ns) in newOfOld.enumerated() { oldOfNew[ns] = s }
        positions.arrangeSections(oldOfNew: oldOfNew)
        var added: [ItemID] = [], insertedItems: [IndexPath] = []
        // Room for what comes at once (a first load of a million items), not grown step by step.
        let adding = new.numberOfItems - positions.count
        if adding > 1024 {
            positions.reserve(positions.count + adding)
            added.reserveCapacity(adding)
        }
        func add(_ id: ItemID, _ i: Int, _ section: Int) -> Bool {
            guard positions.insert(id, item: i, section: section) else {
                Self.restore(&positions, removing: added, slots: oldSlots)
                return false
            }
            added.append(id)
            return true
        }
        for s in 0..<oldItems.count {
            let ns = newOfOld[s], list = newItems[ns]
            for i in oldItems[s].count..<list.count {
                guard add(list[i], i, ns) else { return nil }
                insertedItems.append(IndexPath(item: i, section: ns))
            }
        }
        for ns in insertedSections {
            let list = newItems[ns]
            for i in 0..<list.count { guard add(list[i], i, ns) else { return nil } }
        }
        self.added = added
        self.oldSlots = oldSlots
        changes = SnapshotDifference(
            insertedSections: insertedSections, insertedItems: insertedItems, reloadedItems: reloaded)
    }

    /// Puts `positions` back as it was before this growth (the apply failed).
    @usableFromInline
    func undo(_ positions: inout PositionTable<ItemID>) {
        Self.restore(&positions, removing: added, slots: oldSlots)
    }

    /// Takes `added` out of the table and puts its sections back as `slots` had them.
    @inlinable
    static func restore(
        _ positions: inout PositionTable<ItemID>, removing added: [ItemID],
        slots: (sectionOfSlot: [Int], slotOfSection: [Int])
    ) {
        for id in added { positions.remove(id) }
        (positions.sectionOfSlot, positions.slotOfSection) = slots
    }
}
