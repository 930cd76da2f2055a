/// The batch that turns one snapshot into another: deletes and reloads at old index paths,
/// inserts at new ones, moves naming both. Computed with hashing in O(n), plus a longest
/// increasing subsequence per section (O(k log k)) so that only items that really changed
/// order inside a section are moved.
struct SnapshotDifference<SectionID: Hashable, ItemID: Hashable> {
    private(set) var deletedSections: [Int] = []
    private(set) var insertedSections: [Int] = []
    private(set) var deletedItems: [IndexPath] = []
    private(set) var insertedItems: [IndexPath] = []
    private(set) var movedItems: [(from: IndexPath, to: IndexPath)] = []
    private(set) var reloadedItems: [IndexPath] = []

    init(oldSections: [SectionID], oldItems: [[ItemID]], oldPositions: [ItemID: IndexPath],
         newSections: [SectionID], newItems: [[ItemID]], newPositions: [ItemID: IndexPath], reloaded: [ItemID]) {
        // Sections: those in both keep their identity only while they keep their relative order;
        // a section that changed places is deleted and inserted again (its items move with it by
        // identifier, so the grid's focus still follows them).
        var newSectionIndex: [SectionID: Int] = [:]
        for (i, id) in newSections.enumerated() { newSectionIndex[id] = i }
        let common = oldSections.enumerated().compactMap { old, id in newSectionIndex[id].map { (old: old, new: $0) } }
        let kept = Set(longestIncreasingSubsequence(common.map(\.new)).map { common[$0].old })
        var sectionMap: [Int: Int] = [:] // old → new, for kept sections
        for pair in common where kept.contains(pair.old) { sectionMap[pair.old] = pair.new }
        let keptNew = Set(sectionMap.values)
        deletedSections = oldSections.indices.filter { sectionMap[$0] == nil }
        insertedSections = newSections.indices.filter { !keptNew.contains($0) }

        // Items leaving kept sections.
        for (s, list) in oldItems.enumerated() {
            guard let ns = sectionMap[s] else { continue }
            for (i, id) in list.enumerated() {
                guard let to = newPositions[id], keptNew.contains(to.section) else {
                    deletedItems.append(IndexPath(item: i, section: s)); continue
                }
                if to.section != ns { movedItems.append((IndexPath(item: i, section: s), to)) }
            }
        }
        // Items arriving in kept sections, and order changes inside a section.
        for (old, ns) in sectionMap.sorted(by: { $0.key < $1.key }) {
            var stayed: [(old: Int, new: Int)] = []
            for (i, id) in newItems[ns].enumerated() {
                guard let from = oldPositions[id], sectionMap[from.section] != nil else {
                    insertedItems.append(IndexPath(item: i, section: ns)); continue
                }
                if from.section == old { stayed.append((from.item, i)) }
            }
            let inOrder = Set(longestIncreasingSubsequence(stayed.map(\.old)))
            for (k, pair) in stayed.enumerated() where !inOrder.contains(k) {
                movedItems.append((IndexPath(item: pair.old, section: old), IndexPath(item: pair.new, section: ns)))
            }
        }
        for id in reloaded {
            if let from = oldPositions[id], sectionMap[from.section] != nil, newPositions[id] != nil { reloadedItems.append(from) }
        }
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
    var tails: [Int] = []                 // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
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
