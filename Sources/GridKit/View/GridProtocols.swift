/// Supplies a grid's content: counts, cells, headers and footers.
@MainActor
public protocol GridDataSource: AnyObject {
    func numberOfSections(in gridView: GridView) -> Int
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int
    /// A dequeued, filled cell for the item.
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell
    /// A header or footer for the section (`indexPath.item` is 0); nil draws nothing there.
    func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath)
        -> GridCell?
    /// Whether the item may be picked up and moved (UIKit's `canMoveItemAt`).
    func gridView(_ gridView: GridView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Moves the item in the content; the grid then shows it at `destination`. Called at each
    /// step of an interactive movement, so the grid shows where the item would land. As in
    /// UIKit, `destination` is the item's index path after the move: take the item out, then
    /// put it in at `destination.item` of `destination.section` (which, coming from another
    /// section, may be one past that section's last item, or 0 in an empty section). False
    /// refuses the step (into another section, say): nothing changes.
    func gridView(_ gridView: GridView, moveItemAt source: IndexPath, to destination: IndexPath) -> Bool
    /// The movement ended: `committed` true when the item was dropped (at `end`, which may be
    /// where it started), false when it was cancelled (put back at `start`; should the grid's
    /// step back have been refused, put it back here). A diffable source tells its reordering
    /// handlers here.
    func gridView(_ gridView: GridView, didEndMovementFrom start: IndexPath, to end: IndexPath, committed: Bool)
}

extension GridDataSource {
    /// Default: false.
    public func gridView(_ gridView: GridView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Default: false (nothing moves).
    public func gridView(_ gridView: GridView, moveItemAt source: IndexPath, to destination: IndexPath) -> Bool {
        false
    }
    /// Default: nothing.
    public func gridView(_ gridView: GridView, didEndMovementFrom start: IndexPath, to end: IndexPath, committed: Bool)
    {}
    /// Default: `1`.
    public func numberOfSections(in gridView: GridView) -> Int { 1 }
    /// Default: nil.
    public func gridView(
        _ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> GridCell? { nil }
}

/// Behaviour every layout shares: selection, focus, display and scrolling. Every method is
/// optional. Sizes are each layout's own questions, asked of the delegate through the layout's
/// own delegate protocol (see the layouts), as UIKit's layouts do.
@MainActor
public protocol GridDelegate: AnyObject {
    func gridView(_ gridView: GridView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath)
    func gridView(_ gridView: GridView, didDeselectItemAt indexPath: IndexPath)
    func gridView(_ gridView: GridView, didFocusItemAt indexPath: IndexPath)
    func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath)
    func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath)
    func gridViewDidScroll(_ gridView: GridView)
    /// Moved to ``GridDelegateFlowLayout``, as UIKit has it (`UICollectionViewDelegateFlowLayout`):
    /// a `FlowLayout` asks sizes only of a delegate that adopts that protocol. A delegate that
    /// implements this method but adopts only `GridDelegate` stops the program at its grid's
    /// first layout with a message saying so, rather than having its sizes ignored.
    @available(*, deprecated, message: "sizes moved to GridDelegateFlowLayout: adopt it, or FlowLayout never asks")
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size?
}

extension GridDelegate {
    /// Default: `true`.
    public func gridView(_ gridView: GridView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: does nothing.
    public func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func gridView(_ gridView: GridView, didDeselectItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func gridView(_ gridView: GridView, didFocusItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {}
    /// Default: does nothing.
    public func gridViewDidScroll(_ gridView: GridView) {}
}

/// The seed's one-method protocol: whatever fills a grid (a screen, a delegate/data source)
/// registers the cells it uses itself, so whatever hosts it never names a cell type.
@MainActor
public protocol CellRegistering: AnyObject {
    func registerCells(in gridView: GridView)
}

/// Told about items about to come on screen, to start slow work (decoding, loading) early: those
/// within a screen ahead of the way the grid scrolls, and in rows on screen that scroll sideways
/// on their own (`LayoutSection.orthogonalScrollingBehavior`), those within a screen's width to
/// either side of what shows. Under a `ScreenController` the grid asks
/// once the frame is presented, so the work started never delays the key that scrolled there;
/// a grid drawn by hand asks as it draws. `GridView.isPrefetchingEnabled` false asks nothing.
@MainActor
public protocol GridPrefetching: AnyObject {
    func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath])
    func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

/// A data source, a delegate and a cell registrar in one object: content for a grid that is not
/// a screen's (`GridKitTesting`'s `GridHarness` takes one). A `Screen` need not be one (it
/// registers its cells and supplies a data source).
public typealias DelegateDataSource = GridDataSource & GridDelegate & CellRegistering
