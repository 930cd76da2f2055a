/// Why a batch of updates was refused. The grid keeps showing its state from before the batch.
public enum GridUpdateError: Error, Equatable, CustomStringConvertible {
    /// The data source's section count does not match the batch.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A section's item count does not match the batch.
    case invalidItemCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// An index path or section outside the grid.
    case outOfRange(String)
    /// The same item or section named twice.
    case conflict(String)

    /// Names the section and every number, as the batch saw them.
    public var description: String {
        switch self {
        case .invalidSectionCount(let before, let after, let inserted, let deleted):
            return "invalid update: the number of sections after the update (\(after)) must equal the number before "
                + "(\(before)) plus inserted (\(inserted)) minus deleted (\(deleted))"
        case .invalidItemCount(let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
            return "invalid update in section \(section): the number of items after the update (\(after)) must equal "
                + "the number before (\(before)) plus inserted (\(inserted)) minus deleted (\(deleted)) "
                + "plus moved in (\(movedIn)) minus moved out (\(movedOut))"
        case .outOfRange(let what): return "invalid update: \(what) is out of range"
        case .conflict(let what): return "invalid update: \(what)"
        }
    }
}

/// The changes of one batch, recorded inside `performBatchUpdates`. As in UIKit, deletes and
/// reloads name index paths from before the batch, inserts name index paths after it.
public final class GridBatchUpdate {
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var insertedSections: [Int] = []
    var deletedSections: [Int] = []
    var reloadedSections: [Int] = []

    init() {}

    /// Items inserted, at their index paths after the batch.
    public func insertItems(at indexPaths: [IndexPath]) { insertedItems += indexPaths }
    /// Items deleted, at their index paths before the batch.
    public func deleteItems(at indexPaths: [IndexPath]) { deletedItems += indexPaths }
    /// Items whose cells are asked for again, at their index paths before the batch.
    public func reloadItems(at indexPaths: [IndexPath]) { reloadedItems += indexPaths }
    /// An item moved: `from` before the batch, `to` after it.
    public func moveItem(at from: IndexPath, to: IndexPath) { movedItems.append((from, to)) }
    /// Sections inserted, at their indexes after the batch.
    public func insertSections(_ sections: [Int]) { insertedSections += sections }
    /// Sections deleted, at their indexes before the batch.
    public func deleteSections(_ sections: [Int]) { deletedSections += sections }
    /// Sections whose cells are asked for again.
    public func reloadSections(_ sections: [Int]) { reloadedSections += sections }
}

/// How old index paths map to new ones once a batch is known to be consistent.
struct BatchMapping {
    let update: GridBatchUpdate
    let sectionMap: [Int: Int] // surviving old section → new section
    let removedBefore: [Int: [Int]] // old section → sorted deleted or moved-out items
    let takenAfter: [Int: [Int]] // new section → sorted inserted or moved-in items
    let moves: [IndexPath: IndexPath]
    let deleted: Set<IndexPath>

    /// Where an item from before the batch is now; nil when it was deleted.
    func map(_ ip: IndexPath) -> IndexPath? {
        if let to = moves[ip] { return to }
        guard let ns = sectionMap[ip.section], !deleted.contains(ip) else { return nil }
        let removed = removedBefore[ip.section] ?? []
        var rank = ip.item
        for r in removed { if r < ip.item { rank -= 1 } else { break } }
        var position = rank
        for t in takenAfter[ns] ?? [] { if t <= position { position += 1 } else { break } }
        return IndexPath(item: position, section: ns)
    }
}

extension GridView {
    /// Applies a batch of inserts, deletes, moves and reloads. Update the model inside `updates`
    /// (or before), and record each change on the batch object. An inconsistent batch throws a
    /// `GridUpdateError` naming the section and the numbers, and the grid is left as it was.
    /// When the focused item is deleted, the focus goes to the nearest item and the delegate's
    /// `didFocusItemAt` is told.
    public func performBatchUpdates(_ updates: (GridBatchUpdate) -> Void) throws {
        try performBatchUpdates(notifyingFocus: true, updates)
    }

    /// `performBatchUpdates`, telling the delegate of a focus moved to another item only when
    /// asked (a diffable data source moves the focus itself afterwards).
    func performBatchUpdates(notifyingFocus: Bool, _ updates: (GridBatchUpdate) -> Void) throws {
        let batch = GridBatchUpdate()
        updates(batch)
        let before = (0..<layout.numberOfSections).map { layout.numberOfItems(inSection: $0) }
        let after =
            dataSource.map { ds in
                (0..<max(0, ds.numberOfSections(in: self))).map { max(0, ds.gridView(self, numberOfItemsInSection: $0)) }
            } ?? []
        let mapping = try validate(batch, before: before, after: after)

        let oldFocus = focusedIndexPath
        layout.invalidateMeasurements(at: nil) // items moved: cells on screen are measured again
        layout.prepare(for: self)
        lastLoadedDataSource = dataSource
        discardVisibleCells()
        prefetched.removeAll()
        selected = Set(selected.compactMap { mapping.map($0) }.filter(isValid))
        if let f = oldFocus {
            focusedIndexPath =
                mapping.map(f).flatMap { isValid($0) ? $0 : nil }
                ?? nearestValid(to: IndexPath(item: f.item, section: mapping.sectionMap[f.section] ?? f.section))
        }
        let movedToAnother = oldFocus.map { mapping.map($0) == nil } ?? true
        if focusedIndexPath == nil { focusedIndexPath = layout.firstIndexPath }
        clampContentOffset()
        if let f = focusedIndexPath { scrollToItem(at: f, at: .nearest) }
        setNeedsDisplay()
        if notifyingFocus, movedToAnother, let f = focusedIndexPath { delegate?.gridView(self, didFocusItemAt: f) }
    }

    private func validate(_ b: GridBatchUpdate, before: [Int], after: [Int]) throws -> BatchMapping {
        let deletedSections = Set(b.deletedSections), insertedSections = Set(b.insertedSections)
        guard deletedSections.count == b.deletedSections.count else { throw GridUpdateError.conflict("a section is deleted twice") }
        guard insertedSections.count == b.insertedSections.count else { throw GridUpdateError.conflict("a section is inserted twice") }
        for s in deletedSections where s < 0 || s >= before.count { throw GridUpdateError.outOfRange("deleted section \(s)") }
        for s in b.reloadedSections where s < 0 || s >= before.count { throw GridUpdateError.outOfRange("reloaded section \(s)") }
        for s in insertedSections where s < 0 || s >= after.count { throw GridUpdateError.outOfRange("inserted section \(s)") }
        if after.count != before.count + insertedSections.count - deletedSections.count {
            throw GridUpdateError.invalidSectionCount(
                before: before.count, after: after.count,
                inserted: insertedSections.count, deleted: deletedSections.count)
        }
        var sectionMap: [Int: Int] = [:]
        var next = 0
        for old in 0..<before.count where !deletedSections.contains(old) {
            while insertedSections.contains(next) { next += 1 }
            sectionMap[old] = next
            next += 1
        }

        var removed: [Int: Set<Int>] = [:], taken: [Int: Set<Int>] = [:]
        func checkOld(_ ip: IndexPath, _ what: String) throws {
            guard ip.section >= 0, ip.section < before.count, ip.item >= 0, ip.item < before[ip.section] else {
                throw GridUpdateError.outOfRange("\(what) \(ip)")
            }
            if deletedSections.contains(ip.section) { throw GridUpdateError.conflict("\(what) \(ip) is in a deleted section") }
        }
        func checkNew(_ ip: IndexPath, _ what: String) throws {
            guard ip.section >= 0, ip.section < after.count, ip.item >= 0, ip.item < after[ip.section] else {
                throw GridUpdateError.outOfRange("\(what) \(ip)")
            }
            if insertedSections.contains(ip.section) { throw GridUpdateError.conflict("\(what) \(ip) is in an inserted section") }
        }
        for ip in b.deletedItems {
            try checkOld(ip, "deleted item")
            if !removed[ip.section, default: []].insert(ip.item).inserted { throw GridUpdateError.conflict("item \(ip) is deleted twice") }
        }
        for ip in b.reloadedItems { try checkOld(ip, "reloaded item") }
        for ip in b.insertedItems {
            try checkNew(ip, "inserted item")
            if !taken[ip.section, default: []].insert(ip.item).inserted { throw GridUpdateError.conflict("item \(ip) is inserted twice") }
        }
        var moves: [IndexPath: IndexPath] = [:]
        var movedIn: [Int: Int] = [:], movedOut: [Int: Int] = [:]
        for (from, to) in b.movedItems {
            try checkOld(from, "moved item")
            try checkNew(to, "move destination")
            guard removed[from.section, default: []].insert(from.item).inserted else {
                throw GridUpdateError.conflict("item \(from) is moved and also deleted or moved again")
            }
            guard taken[to.section, default: []].insert(to.item).inserted else {
                throw GridUpdateError.conflict("\(to) is the destination of a move and also inserted or moved to")
            }
            moves[from] = to
            movedOut[from.section, default: 0] += 1
            movedIn[to.section, default: 0] += 1
        }
        // Counted once, not per section: a diffable apply can delete and insert a million items.
        var deletedIn: [Int: Int] = [:], insertedIn: [Int: Int] = [:]
        for ip in b.deletedItems { deletedIn[ip.section, default: 0] += 1 }
        for ip in b.insertedItems { insertedIn[ip.section, default: 0] += 1 }
        for (old, new) in sectionMap.sorted(by: { $0.key < $1.key }) {
            let deleted = deletedIn[old] ?? 0
            let inserted = insertedIn[new] ?? 0
            let mIn = movedIn[new] ?? 0, mOut = movedOut[old] ?? 0
            if after[new] != before[old] + inserted - deleted + mIn - mOut {
                throw GridUpdateError.invalidItemCount(
                    section: new, before: before[old], after: after[new], inserted: inserted,
                    deleted: deleted, movedIn: mIn, movedOut: mOut)
            }
        }
        return BatchMapping(
            update: b, sectionMap: sectionMap,
            removedBefore: removed.mapValues { $0.sorted() }, takenAfter: taken.mapValues { $0.sorted() },
            moves: moves, deleted: Set(b.deletedItems))
    }
}
