/// A snapshot that changes a few sections of a big one: a handful of items deleted, inserted,
/// moved or reloaded among a million. The data source's table of positions is patched where
/// sections changed (their old items taken out, their new ones put in) instead of being built
/// again; a section whose items are all as they were keeps its entries and its slot.
///
/// The difference itself still comes from `SnapshotDifference`, from where every old item goes
/// and where every new one comes from: for an unchanged section that is arithmetic, and only the
/// items of changed and deleted sections are hashed (and the reloaded identifiers looked up).
/// Worth it while the changed sections hold at most half of the items; past that, for a repeated
/// identifier, or once the table holds many more slots than sections (a deleted section's slot
/// is not handed out again), `init` gives nil and leaves the table as it was, and the full way
/// builds a new one (and throws for the repeat).
@usableFromInline
struct SnapshotPatch<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Per new item, section by section: its packed old position, or -1.
    @usableFromInline let newFromOld: [Int]
    /// Per old item: its packed new position, or -1.
    @usableFromInline let oldToNew: [Int]
    /// Each old section's index in the new snapshot, nil when it went.
    @usableFromInline let sectionInNew: [Int?]
    /// Packed old positions of the items to reload.
    @usableFromInline let reloaded: [Int]
    /// The entries taken out of the table and those put in, to undo.
    @usableFromInline let removed: [(ItemID, Int)]
    @usableFromInline let added: [ItemID]
    @usableFromInline let oldSlots: (sectionOfSlot: [Int], slotOfSection: [Int])

    @inlinable
    init?(
        oldSections: [SectionID], oldItems: [[ItemID]], new: GridSnapshot<SectionID, ItemID>,
        positions: inout PositionTable<ItemID>
    ) {
        let newSections = new.sectionIdentifiers, newItems = new.allItems
        // Slots are only handed out here: once there are many more than sections, build anew.
        guard positions.sectionOfSlot.count <= 2 * (oldSections.count + newSections.count) + 64 else { return nil }
        var oldOfNew = [Int](repeating: -1, count: newSections.count)
        if newSections == oldSections {
            for j in 0..<newSections.count { oldOfNew[j] = j }
        } else {
            var oldIndex: [SectionID: Int] = [:]
            oldIndex.reserveCapacity(oldSections.count)
            for (s, id) in oldSections.enumerated() { oldIndex[id] = s }
            for (j, id) in newSections.enumerated() { oldIndex[id].map { oldOfNew[j] = $0 } }
        }
        var sectionInNew = [Int?](repeating: nil, count: oldSections.count)
        for (j, s) in oldOfNew.enumerated() where s >= 0 { sectionInNew[s] = j }

        // A section is unchanged when it kept exactly its items (O(1) when they share storage).
        var unchanged = [Bool](repeating: false, count: newSections.count)
        var oldTotal = 0, newTotal = 0, changedItems = 0
        for list in oldItems { oldTotal += list.count }
        for j in 0..<newSections.count {
            newTotal += newItems[j].count
            let s = oldOfNew[j]
            if s >= 0 && newItems[j] == oldItems[s] { unchanged[j] = true } else { changedItems += newItems[j].count }
        }
        for s in 0..<oldSections.count where sectionInNew[s].map({ !unchanged[$0] }) ?? true {
            changedItems += oldItems[s].count
        }
        guard changedItems * 2 <= oldTotal + newTotal else { return nil }

        // Where things were and go, read from the old table before it changes.
        reloaded = new.reloadedItemIdentifiers.map(positions.packed).filter { $0 >= 0 }
        var oldStart = [Int](repeating: 0, count: oldSections.count + 1)
        for s in 0..<oldSections.count { oldStart[s + 1] = oldStart[s] + oldItems[s].count }
        var newFromOld = [Int](repeating: -1, count: newTotal), oldToNew = [Int](repeating: -1, count: oldTotal)
        var flat = 0
        for j in 0..<newSections.count {
            let list = newItems[j]
            if unchanged[j] {
                let s = oldOfNew[j]
                for i in 0..<list.count {
                    newFromOld[flat + i] = SnapshotDifference.pack(s, i)
                    oldToNew[oldStart[s] + i] = SnapshotDifference.pack(j, i)
                }
            } else {
                for i in 0..<list.count {
                    let from = positions.packed(list[i])
                    newFromOld[flat + i] = from
                    if from >= 0 {
                        oldToNew[oldStart[from >> 32] + (from & 0xFFFF_FFFF)] = SnapshotDifference.pack(j, i)
                    }
                }
            }
            flat += list.count
        }

        // The old items of changed and deleted sections out, the new ones of changed and new
        // sections in. A repeat puts everything back: the full way names it.
        var removed: [(ItemID, Int)] = []
        for s in 0..<oldSections.count where sectionInNew[s].map({ !unchanged[$0] }) ?? true {
            for id in oldItems[s] { if let p = positions.remove(id) { removed.append((id, p)) } }
        }
        let oldSlots = (positions.sectionOfSlot, positions.slotOfSection)
        positions.arrangeSections(oldOfNew: oldOfNew)
        var added: [ItemID] = []
        for j in 0..<newSections.count where !unchanged[j] {
            let list = newItems[j]
            for i in 0..<list.count {
                guard positions.insert(list[i], item: i, section: j) else {
                    Self.restore(&positions, removing: added, putting: removed, slots: oldSlots)
                    return nil
                }
                added.append(list[i])
            }
        }
        self.newFromOld = newFromOld
        self.oldToNew = oldToNew
        self.sectionInNew = sectionInNew
        self.removed = removed
        self.added = added
        self.oldSlots = oldSlots
    }

    /// The batch: deletions, insertions and moves, from the positions worked out above.
    @usableFromInline
    func difference(oldItems: [[ItemID]], newItems: [[ItemID]]) -> SnapshotDifference {
        SnapshotDifference(
            oldCounts: oldItems.map(\.count), newCounts: newItems.map(\.count), sectionInNew: sectionInNew,
            oldToNew: oldToNew, newFromOld: newFromOld, reloaded: reloaded)
    }

    /// Puts `positions` back as it was before this patch (the apply failed).
    @usableFromInline
    func undo(_ positions: inout PositionTable<ItemID>) {
        Self.restore(&positions, removing: added, putting: removed, slots: oldSlots)
    }

    @inlinable
    static func restore(
        _ positions: inout PositionTable<ItemID>, removing added: [ItemID], putting removed: [(ItemID, Int)],
        slots: (sectionOfSlot: [Int], slotOfSection: [Int])
    ) {
        for id in added { positions.remove(id) }
        for (id, p) in removed { positions.restore(id, packed: p) }
        (positions.sectionOfSlot, positions.slotOfSection) = slots
    }
}
