/// Where the index paths from before a batch are after it, worked out while the batch is
/// checked: a batch that does not add up throws a `GridUpdateError`, and the grid keeps its state.
///
/// Items are checked and kept in sorted lists, not sets. A diffable apply can delete and insert a
/// million items, and its lists come sorted already, which the sort sees in one pass; a set
/// would hash every one of them, more than once.
struct BatchMapping {
    /// Surviving old section → new section.
    let sectionMap: [Int: Int]
    /// Per old section: the items deleted or moved out of it, sorted.
    let removedBefore: [[Int]]
    /// Per new section: the items inserted or moved into it, sorted.
    let takenAfter: [[Int]]
    let moves: [IndexPath: IndexPath]

    /// Checks `b` against the item counts per section `before` and `after` it.
    init(_ b: GridBatchUpdate, before: [Int], after: [Int]) throws {
        let deletedSections = Set(b.deletedSections), insertedSections = Set(b.insertedSections)
        guard deletedSections.count == b.deletedSections.count else {
            throw GridUpdateError.conflict("a section is deleted twice")
        }
        guard insertedSections.count == b.insertedSections.count else {
            throw GridUpdateError.conflict("a section is inserted twice")
        }
        for s in deletedSections where s < 0 || s >= before.count {
            throw GridUpdateError.outOfRange("deleted section \(s)")
        }
        for s in b.reloadedSections where s < 0 || s >= before.count {
            throw GridUpdateError.outOfRange("reloaded section \(s)")
        }
        for s in insertedSections where s < 0 || s >= after.count {
            throw GridUpdateError.outOfRange("inserted section \(s)")
        }
        if after.count != before.count + insertedSections.count - deletedSections.count {
            throw GridUpdateError.invalidSectionCount(
                before: before.count, after: after.count,
                inserted: insertedSections.count, deleted: deletedSections.count)
        }
        var sectionDeleted = [Bool](repeating: false, count: before.count),
            sectionInserted = [Bool](repeating: false, count: after.count)
        for s in deletedSections { sectionDeleted[s] = true }
        for s in insertedSections { sectionInserted[s] = true }
        var sectionMap: [Int: Int] = [:], newOfOld = [Int](repeating: -1, count: before.count)
        var next = 0
        for old in 0..<before.count where !sectionDeleted[old] {
            while sectionInserted[next] { next += 1 }
            sectionMap[old] = next
            newOfOld[old] = next
            next += 1
        }

        func checkOld(_ ip: IndexPath, _ what: String) throws {
            guard ip.section >= 0, ip.section < before.count, ip.item >= 0, ip.item < before[ip.section] else {
                throw GridUpdateError.outOfRange("\(what) \(ip)")
            }
            if sectionDeleted[ip.section] { throw GridUpdateError.conflict("\(what) \(ip) is in a deleted section") }
        }
        func checkNew(_ ip: IndexPath, _ what: String) throws {
            guard ip.section >= 0, ip.section < after.count, ip.item >= 0, ip.item < after[ip.section] else {
                throw GridUpdateError.outOfRange("\(what) \(ip)")
            }
            if sectionInserted[ip.section] { throw GridUpdateError.conflict("\(what) \(ip) is in an inserted section") }
        }
        var removed: [Int] = [], taken: [Int] = []
        removed.reserveCapacity(b.deletedItems.count + b.movedItems.count)
        taken.reserveCapacity(b.insertedItems.count + b.movedItems.count)
        for ip in b.deletedItems {
            try checkOld(ip, "deleted item")
            removed.append(Self.key(ip, byMove: false))
        }
        for ip in b.reloadedItems { try checkOld(ip, "reloaded item") }
        for ip in b.insertedItems {
            try checkNew(ip, "inserted item")
            taken.append(Self.key(ip, byMove: false))
        }
        var moves: [IndexPath: IndexPath] = [:]
        var movedIn = [Int](repeating: 0, count: after.count), movedOut = [Int](repeating: 0, count: before.count)
        for (from, to) in b.movedItems {
            try checkOld(from, "moved item")
            try checkNew(to, "move destination")
            removed.append(Self.key(from, byMove: true))
            taken.append(Self.key(to, byMove: true))
            moves[from] = to
            movedOut[from.section] += 1
            movedIn[to.section] += 1
        }
        removed.sort()
        taken.sort()
        let removedBefore = try Self.split(removed, sections: before.count) { ip, byMove in
            byMove ? "item \(ip) is moved and also deleted or moved again" : "item \(ip) is deleted twice"
        }
        let takenAfter = try Self.split(taken, sections: after.count) { ip, byMove in
            byMove ? "\(ip) is the destination of a move and also inserted or moved to" : "item \(ip) is inserted twice"
        }
        for old in 0..<before.count where newOfOld[old] >= 0 {
            let new = newOfOld[old]
            let deleted = removedBefore[old].count - movedOut[old], inserted = takenAfter[new].count - movedIn[new]
            if after[new] != before[old] + inserted - deleted + movedIn[new] - movedOut[old] {
                throw GridUpdateError.invalidItemCount(
                    section: new, before: before[old], after: after[new], inserted: inserted,
                    deleted: deleted, movedIn: movedIn[new], movedOut: movedOut[old])
            }
        }
        self.sectionMap = sectionMap
        self.removedBefore = removedBefore
        self.takenAfter = takenAfter
        self.moves = moves
    }

    /// An item as one sortable integer: section, item, and whether a move named it (last, so
    /// that of two keys for one item a move's sorts second, and the error names the move).
    private static func key(_ ip: IndexPath, byMove: Bool) -> Int { ip.section << 33 | ip.item << 1 | (byMove ? 1 : 0) }

    /// Sorted keys as each section's sorted items; throws `conflict(message)` for an item
    /// named twice.
    private static func split(_ keys: [Int], sections: Int, repeated message: (IndexPath, Bool) -> String) throws
        -> [[Int]]
    {
        var lists = [[Int]](repeating: [], count: sections)
        var k = 0
        while k < keys.count {
            let section = keys[k] >> 33
            var items: [Int] = []
            var end = k
            while end < keys.count && keys[end] >> 33 == section { end += 1 }
            items.reserveCapacity(end - k)
            for j in k..<end {
                let item = keys[j] >> 1 & 0xFFFF_FFFF
                if let last = items.last, last == item {
                    throw GridUpdateError.conflict(message(IndexPath(item: item, section: section), keys[j] & 1 == 1))
                }
                items.append(item)
            }
            lists[section] = items
            k = end
        }
        return lists
    }

    /// Where an item from before the batch is now; nil when it was deleted.
    func map(_ ip: IndexPath) -> IndexPath? {
        if let to = moves[ip] { return to }
        guard let ns = sectionMap[ip.section] else { return nil }
        let removed = removedBefore[ip.section]
        // Those removed before it; one removed at it was deleted (a move was found above).
        var lo = 0, hi = removed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if removed[mid] < ip.item { lo = mid + 1 } else { hi = mid }
        }
        if lo < removed.count && removed[lo] == ip.item { return nil }
        let rank = ip.item - lo
        // Then each arrival at or before where it has come to pushes it one further: the first
        // arrival `c` past it has `taken[c] - c > rank` (distinct and sorted, so that grows).
        let taken = takenAfter[ns]
        lo = 0
        hi = taken.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if taken[mid] - mid <= rank { lo = mid + 1 } else { hi = mid }
        }
        return IndexPath(item: rank + lo, section: ns)
    }
}
