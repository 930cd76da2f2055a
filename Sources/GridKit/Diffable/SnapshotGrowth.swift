/// A snapshot that only adds to the one shown: every shown section is still there, in the same
/// order, and keeps its items as the first ones; new sections may come anywhere, new items only
/// after a section's old ones. Loading more (a folder walk, the next page of results) applies
/// snapshots like that, each one bigger than the last.
///
/// Found and applied without hashing the items already shown, and without copying the data
/// source's table of positions (it is updated in place, and put back if the apply fails). The
/// work is the new items, plus: one array comparison per section that kept its items (O(1) when
/// the snapshot was copied from the data source's, which shares their storage), an item-by-item
/// comparison of the old items of a section that grew, and the old items again where sections
/// were inserted before them (their index paths change). Appending sections or items at the end
/// so costs about what it adds.
@usableFromInline
struct SnapshotGrowth<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline let changes: SnapshotDifference
    /// Each old section's index in the new snapshot.
    @usableFromInline let newOfOld: [Int]
    /// The identifiers added to the table, to take out again.
    @usableFromInline let added: [ItemID]

    /// Nil, with `positions` unchanged, when `new` does more than add or repeats an identifier
    /// (the full difference then finds the same changes, or throws for the duplicate). Otherwise
    /// `positions`, the table of what is shown, now holds where everything in `new` is.
    @inlinable
    init?(oldSections: [SectionID], oldItems: [[ItemID]], new: GridSnapshot<SectionID, ItemID>, positions: inout [ItemID: IndexPath]) {
        let newSections = new.sectionIdentifiers, newItems = new.allItems
        // New section identifiers are unique, so one pass in order pairs them with the old ones,
        // and any old one left unpaired went or moved.
        var newOfOld: [Int] = [], insertedSections: [Int] = []
        newOfOld.reserveCapacity(oldSections.count)
        for (j, id) in newSections.enumerated() {
            if newOfOld.count < oldSections.count && oldSections[newOfOld.count] == id { newOfOld.append(j) } else { insertedSections.append(j) }
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
        Self.place(oldItems, moved: newOfOld, back: false, in: &positions)
        var added: [ItemID] = [], insertedItems: [IndexPath] = []
        func add(_ id: ItemID, _ at: IndexPath) -> Bool {
            if let before = positions.updateValue(at, forKey: id) {
                // A duplicate: put the table back as it was.
                positions[id] = before
                Self.restore(&positions, removing: added, oldItems: oldItems, moved: newOfOld)
                return false
            }
            added.append(id)
            return true
        }
        for s in 0..<oldItems.count {
            let ns = newOfOld[s], list = newItems[ns]
            for i in oldItems[s].count..<list.count {
                guard add(list[i], IndexPath(item: i, section: ns)) else { return nil }
                insertedItems.append(IndexPath(item: i, section: ns))
            }
        }
        for ns in insertedSections {
            let list = newItems[ns]
            for i in 0..<list.count { guard add(list[i], IndexPath(item: i, section: ns)) else { return nil } }
        }
        self.newOfOld = newOfOld
        self.added = added
        changes = SnapshotDifference(insertedSections: insertedSections, insertedItems: insertedItems, reloadedItems: reloaded)
    }

    /// Puts `positions` back as it was before this growth (the apply failed).
    @usableFromInline
    func undo(_ positions: inout [ItemID: IndexPath], oldItems: [[ItemID]]) {
        Self.restore(&positions, removing: added, oldItems: oldItems, moved: newOfOld)
    }

    /// Takes `added` out of the table and puts the old sections' items back at their old indexes.
    @inlinable
    static func restore(_ positions: inout [ItemID: IndexPath], removing added: [ItemID], oldItems: [[ItemID]], moved newOfOld: [Int]) {
        for id in added { positions[id] = nil }
        place(oldItems, moved: newOfOld, back: true, in: &positions)
    }

    /// Records the items of the old sections that changed index at their new index (or, `back`,
    /// at their old one again).
    @inlinable
    static func place(_ oldItems: [[ItemID]], moved newOfOld: [Int], back: Bool, in positions: inout [ItemID: IndexPath]) {
        for (s, old) in oldItems.enumerated() where newOfOld[s] != s {
            let section = back ? s : newOfOld[s]
            for i in 0..<old.count { positions[old[i]] = IndexPath(item: i, section: section) }
        }
    }
}
