/// A snapshot that only adds to the one shown: every shown section is still there, in the same
/// order, and keeps its items as the first ones; new sections may come anywhere, new items only
/// after a section's old ones. Loading more (a folder walk, the next page of results) applies
/// snapshots like that, each one bigger than the last.
///
/// Found without hashing the items already shown: a section that did not change is one array
/// comparison (O(1) when the snapshot was copied from the data source's, which shares its
/// storage) and a section that grew compares its old prefix item by item. Only the new items are
/// hashed, and the old ones again only where sections were inserted before them. So the k-th
/// apply of a walk costs what it adds, not everything found so far.
@usableFromInline
struct SnapshotGrowth<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline var positions: [ItemID: IndexPath]
    @usableFromInline var changes: SnapshotDifference

    /// Nil when `new` does more than add, or repeats an identifier (the full difference then
    /// finds the same changes, or throws for the duplicate).
    @inlinable
    init?(oldSections: [SectionID], oldItems: [[ItemID]], oldPositions: [ItemID: IndexPath], new: GridSnapshot<SectionID, ItemID>) {
        let newSections = new.sectionIdentifiers, newItems = new.allItems
        // Each old section's index in the new snapshot: new section identifiers are unique, so
        // one pass in order pairs them off, and any left unpaired means one went or moved.
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

        var positions = oldPositions
        for (s, old) in oldItems.enumerated() where newOfOld[s] != s {
            for i in 0..<old.count { positions[old[i]] = IndexPath(item: i, section: newOfOld[s]) }
        }
        var insertedItems: [IndexPath] = []
        for s in 0..<oldItems.count {
            let ns = newOfOld[s], list = newItems[ns]
            for i in oldItems[s].count..<list.count {
                guard positions.updateValue(IndexPath(item: i, section: ns), forKey: list[i]) == nil else { return nil }
                insertedItems.append(IndexPath(item: i, section: ns))
            }
        }
        for ns in insertedSections {
            let list = newItems[ns]
            for i in 0..<list.count {
                guard positions.updateValue(IndexPath(item: i, section: ns), forKey: list[i]) == nil else { return nil }
            }
        }
        self.positions = positions
        changes = SnapshotDifference(
            insertedSections: insertedSections, insertedItems: insertedItems,
            reloadedItems: new.reloadedItemIdentifiers.compactMap { oldPositions[$0] })
    }
}
