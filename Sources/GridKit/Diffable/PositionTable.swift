/// Where each shown identifier is, found in O(1): a diffable data source's index of its items.
///
/// An item is recorded by its section's *slot* and its index there, not by the section's index.
/// A section keeps its slot while sections are inserted before it, so loading more in front of a
/// big section (a new folder before "All photos", new messages above a long history) renumbers
/// one small array of sections, not every item behind them.
@usableFromInline
struct PositionTable<ItemID: Hashable>: Equatable {
    /// Each identifier's slot (high half) and item index (low half): the table being filled.
    @usableFromInline var filling: [ItemID: Int] = [:]
    /// The table before `filling` outgrew it, emptied into `filling` a few entries at each insert,
    /// in its own order from `drainFrom`; a removed entry is left there as -1 (a packed entry is
    /// never negative), so the walk's place stays valid. A dictionary that doubles copies every
    /// entry at once: 54-76 ms at 786,000 items, one frame that stalls when a list that loads
    /// more crosses a power of two. Growing in steps spreads that over the next inserts.
    @usableFromInline var draining: [ItemID: Int] = [:]
    @usableFromInline var drainFrom: [ItemID: Int].Index = [ItemID: Int]().startIndex
    /// How many identifiers there are, in both.
    @usableFromInline var total = 0
    /// Each slot's section index now.
    @usableFromInline var sectionOfSlot: [Int] = []
    /// Each section's slot, by section index.
    @usableFromInline var slotOfSection: [Int] = []

    /// An empty table, with room for `capacity` items and slots numbered as `sections` sections.
    @inlinable
    init(sections: Int = 0, capacity: Int = 0) {
        filling.reserveCapacity(capacity)
        sectionOfSlot = Array(0..<sections)
        slotOfSection = sectionOfSlot
    }

    /// A table of `sections`, or nil when an identifier repeats.
    @inlinable
    static func listing(_ sections: [[ItemID]]) -> PositionTable? {
        var total = 0
        for list in sections { total += list.count }
        var table = PositionTable(sections: sections.count, capacity: total)
        for s in 0..<sections.count {
            let list = sections[s]
            for i in 0..<list.count { guard table.insert(list[i], item: i, section: s) else { return nil } }
        }
        return table
    }

    /// How many identifiers there are.
    @inlinable var count: Int { total }

    @inlinable
    static func pack(_ slot: Int, _ item: Int) -> Int { slot << 32 | item }

    /// `id`'s packed entry, or nil.
    @inlinable
    func entry(_ id: ItemID) -> Int? {
        if let p = filling[id] { return p }
        return draining.isEmpty ? nil : draining[id].flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Where `id` is, or nil.
    @inlinable
    subscript(id: ItemID) -> IndexPath? {
        guard let p = entry(id) else { return nil }
        return IndexPath(item: p & 0xFFFF_FFFF, section: sectionOfSlot[p >> 32])
    }

    /// Where `id` is, packed as `SnapshotDifference.pack` packs it, or -1.
    @inlinable
    func packed(_ id: ItemID) -> Int {
        guard let p = entry(id) else { return -1 }
        return SnapshotDifference.pack(sectionOfSlot[p >> 32], p & 0xFFFF_FFFF)
    }

    /// Records `id` at `item` of section `section`, and returns false, changing nothing, when
    /// `id` is already there (a duplicate).
    @inlinable
    mutating func insert(_ id: ItemID, item: Int, section: Int) -> Bool {
        if !draining.isEmpty {
            if let p = draining[id], p >= 0 { return false }
            drainSome()
        } else if filling.count >= filling.capacity {
            reserve(total + 1)
        }
        let packed = Self.pack(slotOfSection[section], item)
        if let before = filling.updateValue(packed, forKey: id) {
            filling[id] = before
            return false
        }
        total += 1
        return true
    }

    /// Takes `id` out, and returns its packed entry (nil when it was not there).
    @inlinable @discardableResult
    mutating func remove(_ id: ItemID) -> Int? {
        let here = filling.removeValue(forKey: id)
        // A moved entry is still in `draining` too (moving copies): mark it gone there as well.
        var there: Int?
        if !draining.isEmpty, let i = draining.index(forKey: id), draining.values[i] >= 0 {
            there = draining.values[i]
            draining.values[i] = -1
        }
        guard let p = here ?? there else { return nil }
        total -= 1
        return p
    }

    /// Puts back an entry `remove` returned.
    @inlinable
    mutating func restore(_ id: ItemID, packed: Int) {
        if filling.updateValue(packed, forKey: id) == nil { total += 1 }
    }

    /// Room for `count` identifiers. A table already large moves into a bigger one in steps
    /// (`drainSome`, at each insert); a small one, or one about to take in more than it holds
    /// (a first load), grows at once, the copy costing less than what comes.
    @inlinable
    mutating func reserve(_ count: Int) {
        // While draining, `filling` has room for every entry still to come over.
        guard count > filling.capacity else { return }
        finishDraining()
        guard count > filling.capacity else { return }
        if total < 8_192 || count - total >= total {
            filling.reserveCapacity(count)
            return
        }
        // Twice what it holds: the draining is done (two entries an insert) with room left.
        draining = filling
        filling = Dictionary(minimumCapacity: max(count, 2 * total))
        drainFrom = draining.startIndex
    }

    /// Moves two entries from `draining` into `filling`, and forgets `draining` once all are.
    @inlinable
    mutating func drainSome() {
        for _ in 0..<2 where drainFrom != draining.endIndex {
            let (id, p) = draining[drainFrom]
            draining.formIndex(after: &drainFrom)
            // Not in `filling` yet: an insert of it was refused while it was here, and one put
            // back after its removal has -1 here.
            if p >= 0 { filling[id] = p }
        }
        if drainFrom == draining.endIndex { endDraining() }
    }

    @inlinable
    mutating func finishDraining() {
        while !draining.isEmpty { drainSome() }
    }

    @inlinable
    mutating func endDraining() {
        draining = [:]
        drainFrom = draining.startIndex
    }

    /// The same identifiers at the same places, however far either table is in growing.
    @usableFromInline
    static func == (a: Self, b: Self) -> Bool {
        a.total == b.total && a.sectionOfSlot == b.sectionOfSlot && a.slotOfSection == b.slotOfSection
            && a.allEntries == b.allEntries
    }

    /// Every identifier's packed entry, from both tables.
    var allEntries: [ItemID: Int] {
        var all = draining.filter { $0.value >= 0 }
        for (id, p) in filling { all[id] = p }
        return all
    }

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
        allEntries.mapValues { IndexPath(item: $0 & 0xFFFF_FFFF, section: sectionOfSlot[$0 >> 32]) }
    }
}
