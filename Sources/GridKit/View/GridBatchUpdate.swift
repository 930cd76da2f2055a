/// Why a batch of updates was refused. The grid keeps showing its state from before the batch.
public enum GridUpdateError: Error, Equatable, CustomStringConvertible {
    /// The data source's section count does not match the batch.
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A section's item count does not match the batch.
    case invalidItemCount(
        section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
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

extension GridView {
    /// Applies a batch of inserts, deletes, moves and reloads. Update the model inside `updates`
    /// (or before), and record each change on the batch object. An inconsistent batch throws a
    /// `GridUpdateError` naming the section and the numbers, and the grid is left as it was.
    /// A batch with several mistakes names one of them: every index is checked before repeats.
    /// When the focused item is deleted, the focus goes to the nearest item and the delegate's
    /// `didFocusItemAt` is told. The focused item, when it is on screen, stays where it shows:
    /// items inserted or deleted before it do not move it. (`UICollectionView` keeps the content
    /// offset instead, and what the user looks at moves.) At the very top of the content, the
    /// view stays at the top, as in UIKit, so items inserted above the focused one show, unless
    /// they would push the focused item out of view; and while an item is moved by hand the
    /// view stays where it is. Otherwise the offset is kept, and the focus scrolled into view.
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
                (0..<max(0, ds.numberOfSections(in: self))).map {
                    max(0, ds.gridView(self, numberOfItemsInSection: $0))
                }
            } ?? []
        let mapping = try BatchMapping(batch, before: before, after: after)

        let oldFocus = focusedIndexPath
        // The focused item stays where it is on screen when items come or go before it
        // (folders found while the focus is further on, say). At the very top the view stays
        // at the top instead, as UIKit's does, so what arrives above the focus shows (a new
        // first section), as long as the focused item stays in view; when what arrives would
        // push it out (a filter cleared), it keeps its place. Under an item being moved by
        // hand the view stays: the rows move, not the view.
        let atTop = isAtContentStart
        let anchor = movement != nil ? nil : screenAnchor()
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
        if let anchor, let now = mapping.map(anchor.item), isValid(now), !(atTop && isFullyVisible(now)) {
            restoreAnchor(now, distance: anchor.distance)
        }
        clampContentOffset()
        if let f = focusedIndexPath { scrollToItem(at: f, at: .nearest) }
        setNeedsDisplay()
        if notifyingFocus, movedToAnother, let f = focusedIndexPath { delegate?.gridView(self, didFocusItemAt: f) }
    }
}
