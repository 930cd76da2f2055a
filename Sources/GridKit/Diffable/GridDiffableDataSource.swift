/// A grid data source driven by snapshots of identifiers: build a `GridSnapshot`, `apply` it,
/// and the grid is told what was deleted, inserted, moved and reloaded. Focus and selection
/// follow their items' identifiers. UIKit's `UICollectionViewDiffableDataSource`, for the terminal.
///
/// It makes itself the grid's data source; the grid holds it weakly (as in UIKit), so keep it.
/// A screen that uses one sets it up in `attach(to:context:)`.
@MainActor
public final class GridDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: GridDataSource {
    /// Makes the cell for an item: dequeue, fill, return.
    public typealias CellProvider = (GridView, IndexPath, ItemID) -> GridCell
    /// Makes a header or footer; nil draws nothing there.
    public typealias SupplementaryViewProvider = (GridView, ElementKind, IndexPath) -> GridCell?

    private weak var gridView: GridView?
    private let cellProvider: CellProvider
    /// Headers and footers, when the layout has them.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    @usableFromInline var current = GridSnapshot<SectionID, ItemID>()
    /// Sections applied as trees (`apply(_:to:)`), by section.
    var sectionSnapshots: [SectionID: GridSectionSnapshot<ItemID>] = [:] {
        didSet { hasOutlines = !sectionSnapshots.isEmpty }
    }
    /// Whether any section is an outline: asked for every cell made, where the dictionary's
    /// own `isEmpty` looks up its generic type's metadata each time.
    private var hasOutlines = false
    /// What outline sections ask and tell as parents open and close.
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemID>()
    /// What moving items by hand asks and tells (`GridView.beginInteractiveMovementForItem(at:)`).
    public var reorderingHandlers = ReorderingHandlers<SectionID, ItemID>()
    /// The snapshot when the move under way began.
    var movementStart: GridSnapshot<SectionID, ItemID>?
    var gridViewForOutline: GridView? { gridView }
    @usableFromInline var sections: [[ItemID]] = []
    /// Where each item of `sections` is, unless `positionsAreStale`.
    @usableFromInline var positions = PositionTable<ItemID>()
    /// True when an apply found its difference without the table (`SnapshotSubsequence`) and
    /// left it to be built when something asks where an item is: typing a filter applies one
    /// snapshot a key and need not hash every item of each.
    @usableFromInline var positionsAreStale = false

    /// A data source for `gridView` that becomes its `dataSource`.
    public init(gridView: GridView, cellProvider: @escaping CellProvider) {
        self.gridView = gridView
        self.cellProvider = cellProvider
        gridView.dataSource = self
    }

    // MARK: Reading

    /// The identifiers on screen now (a copy: change it and `apply` it).
    public func snapshot() -> GridSnapshot<SectionID, ItemID> { current }

    /// The item at an index path, or nil.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
            indexPath.item < sections[indexPath.section].count
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Where an item is, or nil. O(1), but for the first question after a snapshot that only
    /// narrowed or widened what is shown (a filter), which is O(n).
    public func indexPath(for itemIdentifier: ItemID) -> IndexPath? {
        makePositionsCurrent()
        return positions[itemIdentifier]
    }

    /// Builds the table of positions if an apply left it to be built.
    @inlinable
    func makePositionsCurrent() {
        guard positionsAreStale else { return }
        // The identifiers shown were checked unique when they were applied.
        guard let table = PositionTable.listing(sections) else {
            preconditionFailure("GridDiffableDataSource: an identifier is shown twice")
        }
        positions = table
        positionsAreStale = false
    }

    /// The section at an index, or nil.
    public func sectionIdentifier(for section: Int) -> SectionID? {
        section >= 0 && section < current.sectionIdentifiers.count ? current.sectionIdentifiers[section] : nil
    }

    // MARK: Applying

    /// Shows `snapshot`: works out the difference from what is shown (O(n) with hashing, plus
    /// O(k log k) for the k items that stayed in a section) and runs it as one batch update.
    /// A snapshot that only adds (loading more: sections anywhere, and items after a section's
    /// old ones) hashes only the new items; one that changes a few sections hashes only theirs.
    /// One that only takes items away (a filter narrowing) hashes none, and one that only puts
    /// items in, keeping the order (the filter widening again), hashes those put in and looks
    /// them up, or with no current table builds a set of them for each shown item to be looked
    /// up in (a new table when more are put in than were shown). Neither builds the table of
    /// positions: the next `indexPath(for:)` does.
    /// The focused item keeps the focus wherever it moved; if it was deleted, the nearest item
    /// that survived gets it. A snapshot with a duplicate or unknown identifier throws and
    /// changes nothing.
    /// Items marked with `GridSnapshot.reconfigureItems(_:)` that are shown are configured
    /// again in their cells, in place, after the difference is applied.
    @inlinable
    public func apply(_ snapshot: GridSnapshot<SectionID, ItemID>) throws {
        try applyDifference(snapshot)
        if !snapshot.reconfiguredItemIdentifiers.isEmpty { reconfigureShown(snapshot.reconfiguredItemIdentifiers) }
    }

    @usableFromInline
    func reconfigureShown(_ ids: [ItemID]) {
        guard let grid = gridView, grid.dataSource === self else { return }
        grid.reconfigureItems(at: ids.compactMap(indexPath(for:)))
    }

    @inlinable
    func applyDifference(_ snapshot: GridSnapshot<SectionID, ItemID>) throws {
        try snapshot.validateOperationsAndSections()
        if keepsShowing(snapshot) { return }
        // Inlinable so that the hashing loops are specialized for the caller's identifier types:
        // generic code from another module runs unspecialized, several times slower per item.
        // Filtering: no table needed, and none built while one is not asked for.
        let wasStale = positionsAreStale
        if wasStale, try applyAsSubsequence(snapshot) { return }
        makePositionsCurrent()
        // Only adding (loading more): `positions` is updated in place, not built again.
        if let growth = SnapshotGrowth(
            oldSections: current.sectionIdentifiers, oldItems: sections, new: snapshot, positions: &positions)
        {
            do {
                try commit(snapshot, positions: positions, oldToNew: []) { growth.changes }
            } catch {
                growth.undo(&positions)
                throw error
            }
            return
        }
        // A few sections changed: the table is patched where they are.
        if let patch = SnapshotPatch(
            oldSections: current.sectionIdentifiers, oldItems: sections, new: snapshot, positions: &positions)
        {
            do {
                try commit(snapshot, positions: positions, oldToNew: patch.oldToNew) {
                    patch.difference(oldItems: sections, newItems: snapshot.allItems)
                }
            } catch {
                patch.undo(&positions)
                throw error
            }
            return
        }
        if !wasStale, try applyAsSubsequence(snapshot) { return }
        let hashed = try HashedSnapshot<SectionID, ItemID>(
            snapshot.allItems, expected: snapshot.numberOfItems, old: sections, oldPositions: positions)
        try commit(snapshot, positions: hashed.positions, oldToNew: hashed.oldToNew) {
            difference(to: snapshot, hashed)
        }
    }

    /// Applies `snapshot` if it only narrows or only widens what is shown (`SnapshotSubsequence`),
    /// and returns false, changing nothing, when it does neither or puts in an identifier twice
    /// (the full way then throws for it). The table of positions is left to be built when asked
    /// for, unless widening built it to find repeats among more items added than were shown.
    @inlinable
    func applyAsSubsequence(_ snapshot: GridSnapshot<SectionID, ItemID>) throws -> Bool {
        if snapshot.sectionIdentifiers == current.sectionIdentifiers && snapshot.allItems == sections {
            // The same again (a key that did not change what the filter lets through): the
            // table stays as it is, current or not, and only reloads are asked for.
            let reloaded = oldPositions(of: snapshot.reloadedItemIdentifiers).map(SnapshotDifference.unpack)
            var unmoved: [Int] = []
            if positionsAreStale {
                unmoved.reserveCapacity(sections.reduce(0) { $0 + $1.count })
                for s in 0..<sections.count {
                    for i in 0..<sections[s].count { unmoved.append(SnapshotDifference.pack(s, i)) }
                }
            }
            try commit(snapshot, positions: positionsAreStale ? nil : positions, oldToNew: unmoved) {
                SnapshotDifference(insertedSections: [], insertedItems: [], reloadedItems: reloaded)
            }
            return true
        }
        guard let walk = SnapshotSubsequence(oldSections: current.sectionIdentifiers, oldItems: sections, new: snapshot)
        else { return false }
        let newItems = snapshot.allItems
        var table: PositionTable<ItemID>?
        if !walk.added.isEmpty {
            // A repeat is an added identifier that was shown (all those shown stayed) or is
            // added twice. Fewer added than shown: a set of those added, and each checked
            // against the table, or without a current one each shown item against the set (a
            // look-up in a small set costs less than an insert into a big table). Else build
            // the new table, which finds repeats as it goes.
            if 2 * walk.added.count < walk.newFromOld.count {
                var addedIDs = Set<ItemID>(minimumCapacity: walk.added.count)
                for p in walk.added {
                    let id = newItems[p >> 32][p & 0xFFFF_FFFF]
                    guard addedIDs.insert(id).inserted, positionsAreStale || positions.entry(id) == nil else {
                        return false
                    }
                }
                if positionsAreStale {
                    for list in sections { for id in list where addedIDs.contains(id) { return false } }
                }
            } else {
                guard let built = PositionTable.listing(newItems) else { return false }
                table = built
            }
        }
        let reloaded = oldPositions(of: snapshot.reloadedItemIdentifiers)
        try commit(snapshot, positions: table, oldToNew: walk.oldToNew) {
            walk.difference(oldItems: sections, newItems: newItems, reloaded: reloaded)
        }
        return true
    }

    /// The packed positions, in what is shown, of those of `ids` that are shown (items to
    /// reload): from the table, or with none current from one pass over what is shown, which
    /// costs less than building a table for a few reloads.
    @usableFromInline
    func oldPositions(of ids: [ItemID]) -> [Int] {
        guard !ids.isEmpty else { return [] }
        guard positionsAreStale else { return ids.map(positions.packed).filter { $0 >= 0 } }
        let wanted = Set(ids)
        var found: [Int] = []
        for s in 0..<sections.count {
            let list = sections[s]
            for i in 0..<list.count where wanted.contains(list[i]) { found.append(SnapshotDifference.pack(s, i)) }
        }
        return found
    }

    /// Every deletion, insertion and move from what is shown to `snapshot`.
    @usableFromInline
    func difference(to snapshot: GridSnapshot<SectionID, ItemID>, _ hashed: HashedSnapshot<SectionID, ItemID>)
        -> SnapshotDifference
    {
        var newSectionIndex: [SectionID: Int] = [:]
        for (i, id) in snapshot.sectionIdentifiers.enumerated() { newSectionIndex[id] = i }
        let reloaded = oldPositions(of: snapshot.reloadedItemIdentifiers)
        return SnapshotDifference(
            oldCounts: sections.map(\.count), newCounts: hashed.sections.map(\.count),
            sectionInNew: current.sectionIdentifiers.map { newSectionIndex[$0] },
            oldToNew: hashed.oldToNew, newFromOld: hashed.newFromOld, reloaded: reloaded)
    }

    /// Runs the difference as one batch and moves focus and selection to their identifiers.
    /// `oldToNew` (each old item's packed new position, -1 when gone; empty when none is gone)
    /// finds the focus a survivor when its item was deleted, and where everything went when
    /// `newPositions` is nil (the table is then built when asked for); `changes` is asked for
    /// only when the grid shows this source. Nothing changes when it throws.
    @usableFromInline
    func commit(
        _ snapshot: GridSnapshot<SectionID, ItemID>, positions newPositions: PositionTable<ItemID>?, oldToNew: [Int],
        changes makeChanges: () -> SnapshotDifference
    ) throws {
        let newSections = snapshot.allItems
        guard let grid = gridView, grid.dataSource === self else {
            install(snapshot, newSections, newPositions)
            return
        }
        // The grid shows something else than this source's last snapshot (it loaded before this
        // source was its data source, or from another one): a difference means nothing, reload.
        if !gridShows(sections, grid) {
            install(snapshot, newSections, newPositions)
            grid.reloadData()
            // Whatever item has the focus now is another than the one that had it.
            if let f = grid.focusedIndexPath { grid.delegate?.gridView(grid, didFocusItemAt: f) }
            return
        }
        let changes = makeChanges()

        let moved = newPlaces(newPositions, oldToNew: oldToNew)
        let focused = grid.focusedIndexPath, focusedID = focused.flatMap(itemIdentifier(for:))
        let focusTarget = focused.flatMap { at in
            focusedID.flatMap { moved($0, at) ?? nearestSurvivor(of: at, oldToNew: oldToNew) }
        }
        let selected = grid.indexPathsForSelectedItems.compactMap { at in
            itemIdentifier(for: at).flatMap { moved($0, at) }
        }
        let old = (current, sections, positions, positionsAreStale)
        do {
            try grid.performBatchUpdates(notifyingFocus: false) { batch in
                install(snapshot, newSections, newPositions)
                changes.record(into: batch)
            }
        } catch {
            // Cannot happen for a difference computed here; if it does, nothing changed.
            (current, sections, positions, positionsAreStale) = old
            throw error
        }
        grid.selected = Set(selected)
        if let target = focusTarget {
            grid.focusedIndexPath = target
            grid.scrollToItem(at: target, at: .nearest)
        } else if let f = grid.focusedIndexPath,
            f.section >= newSections.count || f.item >= newSections[f.section].count
        {
            // Nothing of what had the focus is left (everything filtered out): the first item
            // there is, or none.
            grid.focusedIndexPath = newSections.firstIndex { !$0.isEmpty }.map { IndexPath(item: 0, section: $0) }
        }
        // The delegate hears of the focus when it is on another item than before (the focused
        // one was removed, everything was replaced, or the first item came), not when it moved.
        if let f = grid.focusedIndexPath, itemIdentifier(for: f) != focusedID {
            grid.delegate?.gridView(grid, didFocusItemAt: f)
        }
        grid.setNeedsDisplay()
        pruneOutlines()
    }

    /// Forgets the trees of sections that no longer show them (a whole snapshot replaced them).
    @usableFromInline func pruneOutlines() {
        guard !sectionSnapshots.isEmpty else { return }
        for (section, tree) in sectionSnapshots
        where current.indexOfSection(section) == nil || current.itemIdentifiers(inSection: section) != tree.visibleItems
        {
            sectionSnapshots[section] = nil
        }
    }

    /// True, after taking it as current, when `snapshot` shows exactly what is shown and reloads
    /// nothing (a refresh that only reconfigures, or changes nothing): no batch, so the cells on
    /// screen stay (and a reconfigure updates them in place). One pass comparing identifiers.
    @usableFromInline
    func keepsShowing(_ snapshot: GridSnapshot<SectionID, ItemID>) -> Bool {
        guard snapshot.reloadedItemIdentifiers.isEmpty, snapshot.reloadedSectionIdentifiers.isEmpty,
            let grid = gridView, grid.dataSource === self, gridShows(sections, grid),
            snapshot.sectionIdentifiers == current.sectionIdentifiers, snapshot.allItems == sections
        else { return false }
        current = snapshot.clearingReloads()
        return true
    }

    /// True when the grid last loaded from this source and its layout holds `sections`' counts.
    private func gridShows(_ sections: [[ItemID]], _ grid: GridView) -> Bool {
        guard grid.lastLoadedDataSource === self else { return false }
        let layout = grid.layout
        guard layout.numberOfSections == sections.count else { return false }
        for (s, items) in sections.enumerated() where layout.numberOfItems(inSection: s) != items.count { return false }
        return true
    }

    private func install(
        _ snapshot: GridSnapshot<SectionID, ItemID>, _ newSections: [[ItemID]], _ newPositions: PositionTable<ItemID>?
    ) {
        current = snapshot.clearingReloads()
        sections = newSections
        positions = newPositions ?? PositionTable()
        positionsAreStale = newPositions == nil
    }

    /// Where a shown item (its identifier and old index path) is after the apply, or nil when it
    /// went: from the new table, or without one from `oldToNew`.
    private func newPlaces(_ newPositions: PositionTable<ItemID>?, oldToNew: [Int]) -> (ItemID, IndexPath) -> IndexPath?
    {
        if let newPositions { return { id, _ in newPositions[id] } }
        var start = [Int](repeating: 0, count: sections.count + 1)
        for s in 0..<sections.count { start[s + 1] = start[s] + sections[s].count }
        return { _, at in
            let p = oldToNew[start[at.section] + at.item]
            return p >= 0 ? SnapshotDifference.unpack(p) : nil
        }
    }

    /// The old item nearest in reading order to the one at `at` (an old index path) that is
    /// still in the new snapshot (`oldToNew` is every old item's packed new position, -1 when gone).
    private func nearestSurvivor(of at: IndexPath, oldToNew: [Int]) -> IndexPath? {
        var start = at.item
        for s in 0..<at.section { start += sections[s].count }
        for d in 1..<max(1, oldToNew.count) {
            if start + d < oldToNew.count, oldToNew[start + d] >= 0 {
                return SnapshotDifference.unpack(oldToNew[start + d])
            }
            if start - d >= 0, oldToNew[start - d] >= 0 { return SnapshotDifference.unpack(oldToNew[start - d]) }
            if start + d >= oldToNew.count && start - d < 0 { break }
        }
        return nil
    }

    // MARK: GridDataSource

    /// From the last snapshot applied (`GridDataSource`).
    public func numberOfSections(in gridView: GridView) -> Int { sections.count }

    /// From the last snapshot applied (`GridDataSource`).
    public func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int {
        section < sections.count ? sections[section].count : 0
    }

    /// From the last snapshot applied (`GridDataSource`).
    /// A cell showing an item of a section applied as a `GridSectionSnapshot` is told the
    /// item's depth and whether it is an open or closed parent (a `ListCell` draws them; any
    /// cell's configuration state has `isExpanded`).
    public func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let item = sections[indexPath.section][indexPath.item]
        let cell = cellProvider(gridView, indexPath, item)
        // Most sources have no outline: no look-up for them.
        cell.outline =
            !hasOutlines
            ? nil
            : sectionIdentifier(for: indexPath.section).flatMap { sectionSnapshots[$0] }.map {
                OutlinePlace(
                    level: $0.level(of: item), hasChildren: !$0.children(of: item).isEmpty,
                    isExpanded: $0.isExpanded(item))
            }
        return cell
    }

    /// From the last snapshot applied (`GridDataSource`).
    public func gridView(
        _ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> GridCell? {
        supplementaryViewProvider?(gridView, kind, indexPath)
    }
}

/// Where every identifier of a new snapshot goes, from one hashing pass over each side: the
/// only per-item work that depends on the identifier type, kept inlinable so it is specialized.
@usableFromInline
struct HashedSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline let sections: [[ItemID]]
    @usableFromInline var positions: PositionTable<ItemID>
    /// Per new item (section by section): its packed old position, or -1.
    @usableFromInline var newFromOld: [Int] = []
    /// Per old item: its packed new position, or -1.
    @usableFromInline var oldToNew: [Int] = []

    /// Throws for the first identifier seen twice.
    @inlinable
    init(_ sections: [[ItemID]], expected: Int, old: [[ItemID]], oldPositions: PositionTable<ItemID>)
        throws(GridSnapshotError<SectionID, ItemID>)
    {
        self.sections = sections
        positions = PositionTable(sections: sections.count, capacity: expected)
        newFromOld.reserveCapacity(expected)
        // Each old item's new position is filled in from the other side, as its identifier is
        // found among the old ones: no second hashing pass over the old items.
        var oldStart = [Int](repeating: 0, count: old.count + 1)
        for s in 0..<old.count { oldStart[s + 1] = oldStart[s] + old[s].count }
        oldToNew = [Int](repeating: -1, count: oldStart[old.count])
        for s in 0..<sections.count {
            let list = sections[s]
            for i in 0..<list.count {
                let id = list[i]
                guard positions.insert(id, item: i, section: s) else { throw .duplicateItem(id) }
                let from = oldPositions.packed(id)
                newFromOld.append(from)
                if from >= 0 { oldToNew[oldStart[from >> 32] + (from & 0xFFFF_FFFF)] = SnapshotDifference.pack(s, i) }
            }
        }
    }
}
