/// Where each shown identifier is, found in O(1): a diffable data source's index of its items.
///
/// An item is recorded by its section's *slot* and its index there, not by the section's index.
/// A section keeps its slot while sections are inserted before it, so loading more in front of a
/// big section (a new folder before "All photos", new messages above a long history) renumbers
/// one small array of sections, not every item behind them.
@usableFromInline
struct PositionTable<ItemID: Hashable>: Equatable {
    /// Each identifier's slot (high half) and item index (low half).
    @usableFromInline var entries: [ItemID: Int] = [:]
    /// Each slot's section index now.
    @usableFromInline var sectionOfSlot: [Int] = []
    /// Each section's slot, by section index.
    @usableFromInline var slotOfSection: [Int] = []

    /// An empty table, with room for `capacity` items and slots numbered as `sections` sections.
    @inlinable
    init(sections: Int = 0, capacity: Int = 0) {
        entries.reserveCapacity(capacity)
        sectionOfSlot = Array(0..<sections)
        slotOfSection = sectionOfSlot
    }

    /// How many identifiers there are.
    @inlinable var count: Int { entries.count }

    @inlinable
    static func pack(_ slot: Int, _ item: Int) -> Int { slot << 32 | item }

    /// Where `id` is, or nil.
    @inlinable
    subscript(id: ItemID) -> IndexPath? {
        guard let p = entries[id] else { return nil }
        return IndexPath(item: p & 0xFFFF_FFFF, section: sectionOfSlot[p >> 32])
    }

    /// Where `id` is, packed as `SnapshotDifference.pack` packs it, or -1.
    @inlinable
    func packed(_ id: ItemID) -> Int {
        guard let p = entries[id] else { return -1 }
        return SnapshotDifference.pack(sectionOfSlot[p >> 32], p & 0xFFFF_FFFF)
    }

    /// Records `id` at `item` of section `section`, and returns false, changing nothing, when
    /// `id` is already there (a duplicate).
    @inlinable
    mutating func insert(_ id: ItemID, item: Int, section: Int) -> Bool {
        let packed = Self.pack(slotOfSection[section], item)
        if let before = entries.updateValue(packed, forKey: id) {
            entries[id] = before
            return false
        }
        return true
    }

    /// Takes `id` out.
    @inlinable
    mutating func remove(_ id: ItemID) { entries[id] = nil }

    /// The sections as they will be: new section `ns` is old section `oldOfNew[ns]`, keeping its
    /// slot, or (-1) a new one with a new slot. A section left out goes; its items must have
    /// been taken out. O(sections).
    @inlinable
    mutating func arrangeSections(oldOfNew: [Int]) {
        var slots = [Int](repeating: -1, count: oldOfNew.count)
        for (ns, s) in oldOfNew.enumerated() {
            if s >= 0 {
                slots[ns] = slotOfSection[s]
            } else {
                slots[ns] = sectionOfSlot.count
                sectionOfSlot.append(ns)
            }
        }
        for (ns, slot) in slots.enumerated() { sectionOfSlot[slot] = ns }
        slotOfSection = slots
    }

    /// Every identifier's index path: for tests and checks, O(n).
    var indexPaths: [ItemID: IndexPath] {
        entries.mapValues { IndexPath(item: $0 & 0xFFFF_FFFF, section: sectionOfSlot[$0 >> 32]) }
    }
}
