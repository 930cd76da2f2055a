/// The batch that turns one snapshot into another: deletes and reloads at old index paths,
/// inserts at new ones, moves naming both.
///
/// It works on positions only, never on identifiers: the data source hashes each identifier
/// once to find where it was and where it goes (`oldToNew`, `newFromOld`), and everything here
/// is integer work, O(n) plus a longest increasing subsequence per section (O(k log k)), so
/// only items that really changed order inside a section are moved.
@usableFromInline
struct SnapshotDifference {
    private(set) var deletedSections: [Int] = []
    private(set) var insertedSections: [Int] = []
    private(set) var deletedItems: [IndexPath] = []
    private(set) var insertedItems: [IndexPath] = []
    private(set) var movedItems: [(from: IndexPath, to: IndexPath)] = []
    private(set) var reloadedItems: [IndexPath] = []

    /// An index path packed into one integer (section in the high half); -1 for none.
    @inlinable
    static func pack(_ section: Int, _ item: Int) -> Int { section << 32 | item }
    @usableFromInline
    static func unpack(_ p: Int) -> IndexPath { IndexPath(item: p & 0xFFFF_FFFF, section: p >> 32) }

    /// - Parameters:
    ///   - oldCounts, newCounts: items per section before and after.
    ///   - sectionInNew: for each old section, its index in the new snapshot (nil when gone).
    ///   - oldToNew: for each old item, section by section, its packed new position or -1.
    ///   - newFromOld: for each new item, section by section, its packed old position or -1.
    ///   - reloaded: packed old positions of items marked for reload.
    init(oldCounts: [Int], newCounts: [Int], sectionInNew: [Int?], oldToNew: [Int], newFromOld: [Int], reloaded: [Int])
    {
        // Sections in both keep their identity only while they keep their relative order; a
        // section that changed places is deleted and inserted again (its items move with it by
        // identifier, so the grid's focus still follows them).
        let common = sectionInNew.indices.compactMap { old in sectionInNew[old].map { (old: old, new: $0) } }
        var keptOld = [Bool](repeating: false, count: oldCounts.count)
        var newOfOld = [Int](repeating: -1, count: oldCounts.count)
        var keptNew = [Bool](repeating: false, count: newCounts.count)
        for k in longestIncreasingSubsequence(common.map(\.new)) {
            keptOld[common[k].old] = true; newOfOld[common[k].old] = common[k].new; keptNew[common[k].new] = true
        }
        deletedSections = oldCounts.indices.filter { !keptOld[$0] }
        insertedSections = newCounts.indices.filter { !keptNew[$0] }

        // Items leaving kept sections: deleted, or moved to another kept section.
        var flat = 0
        for s in 0..<oldCounts.count {
            defer { flat += oldCounts[s] }
            guard keptOld[s] else { continue }
            for i in 0..<oldCounts[s] {
                let to = oldToNew[flat + i]
                if to < 0 || !keptNew[to >> 32] { deletedItems.append(IndexPath(item: i, section: s)); continue }
                if to >> 32 != newOfOld[s] { movedItems.append((IndexPath(item: i, section: s), Self.unpack(to))) }
            }
        }
        // Items arriving in kept sections, and order changes inside a section.
        var newStart = [Int](repeating: 0, count: newCounts.count + 1)
        for s in 0..<newCounts.count { newStart[s + 1] = newStart[s] + newCounts[s] }
        for old in 0..<oldCounts.count where keptOld[old] {
            let ns = newOfOld[old], start = newStart[ns]
            // Usually the items that stayed are still in order (a filter, loading more): one
            // pass finds that, and only a section where they are not is searched for the
            // longest run in order.
            var last = -1, inOrder = true
            for i in 0..<newCounts[ns] {
                let from = newFromOld[start + i]
                if from < 0 || !keptOld[from >> 32] { insertedItems.append(IndexPath(item: i, section: ns)); continue }
                if from >> 32 == old {
                    if from < last { inOrder = false }
                    last = from
                }
            }
            guard !inOrder else { continue }
            var stayedOld: [Int] = [], stayedNew: [Int] = []
            for i in 0..<newCounts[ns] {
                let from = newFromOld[start + i]
                if from >= 0 && from >> 32 == old { stayedOld.append(from & 0xFFFF_FFFF); stayedNew.append(i) }
            }
            var kept = [Bool](repeating: false, count: stayedOld.count)
            for k in longestIncreasingSubsequence(stayedOld) { kept[k] = true }
            for k in stayedOld.indices where !kept[k] {
                movedItems.append(
                    (IndexPath(item: stayedOld[k], section: old), IndexPath(item: stayedNew[k], section: ns)))
            }
        }
        var oldStart = [Int](repeating: 0, count: oldCounts.count + 1)
        for s in 0..<oldCounts.count { oldStart[s + 1] = oldStart[s] + oldCounts[s] }
        for p in reloaded {
            let ip = Self.unpack(p)
            if keptOld[ip.section], oldToNew[oldStart[ip.section] + ip.item] >= 0 { reloadedItems.append(ip) }
        }
    }

    /// A difference that only adds (see `SnapshotGrowth`): reloads at old index paths.
    @usableFromInline
    init(insertedSections: [Int], insertedItems: [IndexPath], reloadedItems: [IndexPath]) {
        self.insertedSections = insertedSections
        self.insertedItems = insertedItems
        self.reloadedItems = reloadedItems
    }

    /// Writes the difference into a batch.
    func record(into batch: GridBatchUpdate) {
        batch.deleteSections(deletedSections)
        batch.insertSections(insertedSections)
        batch.deleteItems(at: deletedItems)
        batch.insertItems(at: insertedItems)
        for m in movedItems { batch.moveItem(at: m.from, to: m.to) }
        batch.reloadItems(at: reloadedItems)
    }
}

/// Indexes (into `values`) of one longest strictly increasing subsequence. O(n log n).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = [] // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for i in 0..<values.count {
        let v = values[i]
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last!
    while k >= 0 { out.append(k); k = previous[k] }
    return out.reversed()
}
