/// A grid data source driven by snapshots of identifiers: build a `GridSnapshot`, `apply` it,
/// and the grid is told what was deleted, inserted, moved and reloaded. Focus and selection
/// follow their items' identifiers. UIKit's `UICollectionViewDiffableDataSource`, for the terminal.
///
/// It makes itself the grid's data source; the grid holds it weakly (as in UIKit), so keep it.
/// A screen that uses one sets it up in `attach(to:context:)`.
@MainActor
public final class GridDiffableDataSource<SectionID: Hashable, ItemID: Hashable>: GridDataSource {
    /// Makes the cell for an item: dequeue, fill, return.
    public typealias CellProvider = (GridView, IndexPath, ItemID) -> GridCell
    /// Makes a header or footer; nil draws nothing there.
    public typealias SupplementaryViewProvider = (GridView, ElementKind, IndexPath) -> GridCell?

    private weak var gridView: GridView?
    private let cellProvider: CellProvider
    /// Headers and footers, when the layout has them.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    private var current = GridSnapshot<SectionID, ItemID>()
    private var sections: [[ItemID]] = []
    private var positions: [ItemID: IndexPath] = [:]

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
              indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Where an item is, or nil. O(1).
    public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { positions[itemIdentifier] }

    /// The section at an index, or nil.
    public func sectionIdentifier(for section: Int) -> SectionID? {
        section >= 0 && section < current.sectionIdentifiers.count ? current.sectionIdentifiers[section] : nil
    }

    // MARK: Applying

    /// Shows `snapshot`: works out the difference from what is shown (O(n) with hashing, plus
    /// O(k log k) for the k items that stayed in a section) and runs it as one batch update.
    /// The focused item keeps the focus wherever it moved; if it was deleted, the nearest item
    /// that survived gets it. A snapshot with a duplicate or unknown identifier throws and
    /// changes nothing.
    public func apply(_ snapshot: GridSnapshot<SectionID, ItemID>) throws {
        try snapshot.validate()
        let newSections = (0..<snapshot.numberOfSections).map { snapshot.items(inSectionAt: $0) }
        var newPositions: [ItemID: IndexPath] = [:]
        newPositions.reserveCapacity(snapshot.numberOfItems)
        for (s, list) in newSections.enumerated() {
            for (i, id) in list.enumerated() { newPositions[id] = IndexPath(item: i, section: s) }
        }
        guard let grid = gridView, grid.dataSource === self else {
            install(snapshot, newSections, newPositions)
            return
        }
        let focusedID = grid.focusedIndexPath.flatMap(itemIdentifier(for:))
        let survivor = focusedID.flatMap { newPositions[$0] == nil ? nearestSurvivor(of: $0, in: newPositions) : nil }
        let selectedIDs = grid.indexPathsForSelectedItems.compactMap(itemIdentifier(for:))
        let changes = SnapshotDifference(oldSections: current.sectionIdentifiers, oldItems: sections, oldPositions: positions,
                                         newSections: snapshot.sectionIdentifiers, newItems: newSections, newPositions: newPositions,
                                         reloaded: snapshot.reloadedItemIdentifiers)
        let old = (current, sections, positions)
        do {
            try grid.performBatchUpdates { batch in
                install(snapshot, newSections, newPositions)
                changes.record(into: batch)
            }
        } catch {
            // Cannot happen for a difference computed here; if it does, nothing changed.
            (current, sections, positions) = old
            throw error
        }
        grid.selected = Set(selectedIDs.compactMap { newPositions[$0] })
        if let id = focusedID, let target = newPositions[id] ?? survivor {
            grid.focusedIndexPath = target
            grid.scrollToItem(at: target, at: .nearest)
        }
        grid.setNeedsDisplay()
    }

    private func install(_ snapshot: GridSnapshot<SectionID, ItemID>, _ newSections: [[ItemID]], _ newPositions: [ItemID: IndexPath]) {
        current = snapshot.clearingReloads()
        sections = newSections
        positions = newPositions
    }

    /// The old item nearest in reading order to `id` that is still in the new snapshot.
    private func nearestSurvivor(of id: ItemID, in newPositions: [ItemID: IndexPath]) -> IndexPath? {
        guard let at = positions[id] else { return nil }
        let flat = sections.joined().map { $0 }
        let start = sections[..<at.section].reduce(0) { $0 + $1.count } + at.item
        for d in 1..<max(1, flat.count) {
            if start + d < flat.count, let p = newPositions[flat[start + d]] { return p }
            if start - d >= 0, let p = newPositions[flat[start - d]] { return p }
            if start + d >= flat.count && start - d < 0 { break }
        }
        return nil
    }

    // MARK: GridDataSource

    public func numberOfSections(in gridView: GridView) -> Int { sections.count }

    public func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int {
        section < sections.count ? sections[section].count : 0
    }

    public func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        cellProvider(gridView, indexPath, sections[indexPath.section][indexPath.item])
    }

    public func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        supplementaryViewProvider?(gridView, kind, indexPath)
    }
}
