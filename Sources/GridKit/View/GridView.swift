/// A scrolling grid of cells placed by a `GridLayout`: `UICollectionView` for the terminal.
///
/// Only the cells on screen exist; cells that scroll away go to a reuse pool per identifier.
/// Everything is drawn into a `Canvas` by `render(into:)`; nothing here knows about curses.
@MainActor
public final class GridView {
    /// Where the grid sits on the canvas. A new size relayouts and keeps the focused item in view.
    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            updateViewport()
            clampContentOffset()
            if let f = focusedIndexPath { scrollToItem(at: f, at: .nearest) }
            setNeedsDisplay()
        }
    }
    /// The layout that places cells. Setting another relayouts at once and keeps the focused
    /// item in view; change a layout's own properties and call `reloadData()` to relayout.
    public var layout: any GridLayout {
        didSet {
            guard layout !== oldValue else { return }
            if oldValue.gridView === self { oldValue.gridView = nil }
            layout.gridView = self
            layoutExtras = layout as? any GridLayoutExtras
            reloadData()
        }
    }
    /// The layout's scrolling of its own, separators and decorations, when it has them (cast
    /// once, when the layout is set).
    private(set) var layoutExtras: (any GridLayoutExtras)?
    /// Supplies counts and cells (held weakly, as in UIKit).
    public weak var dataSource: GridDataSource?
    /// Sizing and behaviour callbacks (held weakly).
    public weak var delegate: GridDelegate?
    /// Told about items coming on screen soon, to start slow work early (held weakly).
    public weak var prefetchDataSource: GridPrefetching? { didSet { prefetched.removeAll() } }
    /// Whether the grid asks for cells before they come on screen and tells the prefetch data
    /// source about items ahead (UIKit's `isPrefetchingEnabled`, true by default). Under a
    /// `ScreenController`, once a frame is presented the grid asks the data source for the cells
    /// the next scroll would bring (as far beyond the screen as the last scroll went, at most
    /// half a screen, the way the user last scrolled), so the key that
    /// brings them on screen finds them made: their `cellForItemAt` may come a frame or more
    /// early, or for an item that is then not shown. As in UIKit, set what depends on the
    /// cell's state (focus, selection) in its configuration update handler or
    /// `gridView(_:willDisplay:forItemAt:)`, not in `cellForItemAt`; and reload or reconfigure
    /// every item whose data changed, not only those on screen (those neither shown nor made
    /// ahead cost nothing). False asks for cells as they come on screen and tells the prefetch
    /// data source nothing.
    public var isPrefetchingEnabled = true {
        didSet { if !isPrefetchingEnabled && oldValue { stopPrefetching() } }
    }

    /// The content point shown at the grid's top-left corner.
    public var contentOffset: Point {
        get { offset }
        set { setContentOffset(newValue) }
    }
    var offset = Point.zero
    /// The data source the layout last loaded from (reload or batch update): a diffable source
    /// diffs against its own last snapshot only when the grid shows it.
    weak var lastLoadedDataSource: GridDataSource?
    /// Set by End: the next frame keeps the view at the end of the content while cells measure.
    var revealsContentEnd = false
    /// Last main-axis scroll direction, so prefetching looks ahead the way the user is going.
    var scrollingForward = true
    /// Set by a host that presents frames: prefetching waits until the frame is written.
    package var prefetchesAfterFrame = false
    /// A frame was drawn and its prefetching is still to run (`prefetchAfterFrame()`).
    var prefetchIsDue = false

    /// The item with the keyboard focus.
    public internal(set) var focusedIndexPath: IndexPath?
    /// The item being moved (`beginInteractiveMovementForItem(at:)`): where it started and
    /// where it is now.
    var movement: (start: IndexPath, at: IndexPath)?
    /// Whether the grid is editing (`isEditing`).
    var editing = false
    /// Where the mouse button went down on an item, for press-drag-release moves.
    var pressedItem: IndexPath?
    /// What the keys do (`KeyBindings.standard` unless the app binds others).
    public var keyBindings = KeyBindings.standard
    /// When false, Enter and clicks do not select.
    public var allowsSelection = true
    /// When true, Space toggles the focused item's selection and Enter adds to it.
    public var allowsMultipleSelection = false
    var selected = Set<IndexPath>()
    /// Told after the delegate of each selection the user makes (the controller turns it into
    /// the screen's `action(forSelectedItemAt:in:)`).
    var selectionObserver: ((IndexPath) -> Void)?
    /// Selected items in order.
    public var indexPathsForSelectedItems: [IndexPath] { selected.isEmpty ? [] : selected.sorted() }

    /// Shows the one-column (one-row when horizontal) position bar when content overflows.
    /// Its column is kept out of the layout, so it never covers a cell.
    public var showsScrollIndicator = true {
        didSet { updateViewport(); setNeedsDisplay() }
    }

    /// The size cells are laid out in: the frame less the scroll indicator's column (or row).
    /// A full-line item (`FlowLayout.fullLine`) is this wide, less its section's insets: text
    /// wrapped to a cell's width is wrapped to this, not to the frame.
    public var layoutSize: Size { layoutViewport }

    /// The area cells are laid out in (`layoutSize`).
    var layoutViewport: Size {
        guard showsScrollIndicator else { return frame.size }
        return layout.scrollDirection == .vertical
            ? Size(width: max(0, frame.width - 1), height: frame.height)
            : Size(width: frame.width, height: max(0, frame.height - 1))
    }
    /// Style of the area no cell covers.
    public var backgroundStyle = Style.plain {
        didSet { setNeedsDisplay() }
    }
    /// Shown centred while the grid has no items (a filter that matched nothing, a list not
    /// loaded yet); nil shows nothing.
    public var contentUnavailableConfiguration: ContentUnavailableConfiguration? {
        didSet { if contentUnavailableConfiguration != oldValue { setNeedsDisplay() } }
    }
    /// The shown cell `dequeueReusableCell` hands back while its item is reconfigured.
    var reconfiguring: (indexPath: IndexPath, cell: GridCell)?
    /// Whether the last frame showed `contentUnavailableConfiguration`.
    var drewUnavailable = false
    /// True when something changed since the last `render(into:)`.
    package internal(set) var needsDisplay = true
    /// True when the next frame must draw every cell (`setNeedsDisplay()`), not only those
    /// a focus move or a scroll changed.
    var needsFullRedraw = true
    /// What the last frame drew, for drawing only what changes in the next.
    var drawn: DrawnFrame?
    /// Items were reloaded since the last frame: their cells are to be asked for again.
    var cellsWereReloaded = false
    /// Working lists for drawing only what changed, kept so a frame allocates none.
    var renderScratch = RenderScratch()

    var cellClasses: [String: GridCell.Type] = [:]
    var supplementaryClasses: [ElementKind: [String: GridCell.Type]] = [:]
    /// Cells waiting for reuse, by kind and reuse identifier.
    var reusePool = ReusePool()
    /// Reuse identifiers of classes registered by type, so dequeuing by type does not print
    /// the type's name every time.
    var typeIdentifiers: [ObjectIdentifier: String] = [:]
    var visibleCells: [IndexPath: GridCell] = [:] { didSet { viewsChanged &+= 1 } }
    var visibleSupplementary: [SupplementaryKey: GridCell] = [:] { didSet { viewsChanged &+= 1 } }
    /// Counts changes to the two maps above, so a frame can tell that the views it found for
    /// the last frame's elements are still the ones on screen.
    var viewsChanged: UInt64 = 0
    /// The views the last frame drew, one per element, and `viewsChanged` then: a frame that
    /// shows the same elements takes them from here instead of hashing every index path again.
    var drawnViews: (views: [GridCell?], version: UInt64) = ([], 0)
    /// Items the prefetch data source was told about and not told to cancel.
    var prefetched = Set<IndexPath>()
    /// Cells asked for ahead of the screen (`isPrefetchingEnabled`), by item: not shown yet,
    /// and taken instead of asking the data source again when their item comes on screen.
    package internal(set) var prefetchedCells: [IndexPath: GridCell] = [:]
    /// The content area `prefetchedCells` were made for: the same again makes none.
    var cellPrefetchBand: Rect?
    /// The visible area's origin when cells were last made ahead, and how far the last scroll
    /// along the main axis went: as far ahead as the cells are made.
    var cellPrefetchOrigin = Point.zero, cellPrefetchStep: Int?
    /// Cells that left the screen in a frame not presented yet: told to the delegate
    /// (`didEndDisplaying`) and put in the pool once it is (`handBackLeavingCells()`), so a key's
    /// frame does not wait for them.
    var leavingCells: [(indexPath: IndexPath, cell: GridCell)] = []
    /// Cells ever created and not released: bounded by what fits on screen plus the pools.
    package internal(set) var liveCellCount = 0

    /// A header's, footer's or decoration's place: its kind, section and (for decorations,
    /// of which a section may have several) its item.
    struct SupplementaryKey: Hashable {
        var kind: ElementKind, section: Int, item = 0
        init(kind: ElementKind, section: Int, item: Int = 0) {
            self.kind = kind; self.section = section; self.item = item
        }
        init(_ a: LayoutAttributes) {
            self.init(kind: a.kind, section: a.indexPath.section, item: a.kind == .decoration ? a.indexPath.item : 0)
        }
    }

    /// A grid at `frame` on the canvas, placing cells with `layout` (a `FlowLayout` of default
    /// values when none is given).
    public init(frame: Rect, layout: any GridLayout = FlowLayout()) {
        self.frame = frame
        self.layout = layout
        layoutExtras = layout as? any GridLayoutExtras
        layout.gridView = self
        layout.setViewport(layoutViewport)
    }

    /// Tells the layout the visible size, preparing it again when it asks for that.
    func updateViewport() {
        if layout.setViewport(layoutViewport), dataSource != nil {
            layout.prepare(for: self)
            lastLoadedDataSource = dataSource
            discardVisibleCells()
        }
    }

    /// Marks the grid for redrawing on the next frame: every cell draws again. Call it when
    /// what a cell shows changed (or reload the item); focus, selection and scrolling need
    /// no call.
    public func setNeedsDisplay() {
        needsDisplay = true
        needsFullRedraw = true
        // What cells show may have changed: those made ahead are asked for again.
        discardPrefetchedCells()
    }

    /// Marks the grid for redrawing after a focus, selection or scroll change, which the next
    /// frame finds out for itself.
    func setNeedsNavigationDisplay() { needsDisplay = true }

    func enqueue(_ cell: GridCell, kind: ElementKind) {
        // A pool never needs more than a screenful; beyond that, let cells go.
        if !reusePool.put(
            cell, kind: kind, identifier: cell.reuseIdentifier, limit: max(16, frame.width * frame.height / 2))
        {
            liveCellCount -= 1
        }
    }

    /// The on-screen cell of an item, if it is visible.
    public func cellForItem(at indexPath: IndexPath) -> GridCell? { visibleCells[indexPath] }

    /// Items whose cells are on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] { visibleCells.keys.sorted() }

    // MARK: Reloading

    /// Asks the data source and delegate for everything again. Focus stays on its item when it
    /// still exists, otherwise it moves to the nearest one; selection keeps the items that exist.
    public func reloadData() {
        // What was prefetched belonged to the old content: forget it (without cancel calls,
        // which would name index paths of content that is gone), so the next frame prefetches anew.
        prefetched.removeAll()
        layout.setViewport(layoutViewport)
        layout.prepare(for: self)
        lastLoadedDataSource = dataSource
        discardVisibleCells()
        selected = selected.filter(isValid)
        if let f = focusedIndexPath, !isValid(f) { focusedIndexPath = nearestValid(to: f) }
        if focusedIndexPath == nil { focusedIndexPath = layout.firstIndexPath }
        clampContentOffset()
        if let f = focusedIndexPath { scrollToItem(at: f, at: .nearest) }
        setNeedsDisplay()
    }

    /// Asks the data source again for these items' cells where they are shown or made ahead
    /// (`isPrefetchingEnabled`), handing back the cell each has now from `dequeueReusableCell`
    /// (no `prepareForReuse`, no new cell), and redraws those shown: what changed in an item
    /// shows, and its cell keeps what it holds. Other items are configured when they come on
    /// screen, as always. A data source that hands back another cell (of another kind) replaces
    /// the shown one: the delegate is told `didEndDisplaying` for the old, `willDisplay` for the
    /// new.
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        layout.invalidateMeasurements(at: indexPaths)
        var redrawn: [IndexPath] = []
        for ip in indexPaths {
            if let ahead = prefetchedCells[ip] {
                // Made ahead, as UIKit's: configured again where it waits, nothing to redraw.
                let again = askAgain(dataSource, at: ip, holding: ahead)
                if again !== ahead { enqueue(ahead, kind: .cell) }
                updateConfiguration(of: again, at: ip)
                prefetchedCells[ip] = again
                continue
            }
            guard let cell = visibleCells[ip] else { continue }
            let again = askAgain(dataSource, at: ip, holding: cell)
            // Another cell in its place: the delegate hears of both, as when one scrolls out
            // and the other in.
            let replaced = again !== cell
            if replaced {
                delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
                enqueue(cell, kind: .cell)
                visibleCells[ip] = again
            }
            updateConfiguration(of: again, at: ip)
            if replaced { delegate?.gridView(self, willDisplay: again, forItemAt: ip) }
            redrawn.append(ip)
        }
        drawn?.forgetCells(at: redrawn)
        needsDisplay = true
    }

    /// The data source's cell for `ip` now, its `dequeueReusableCell` handing back `cell`.
    private func askAgain(_ dataSource: GridDataSource, at ip: IndexPath, holding cell: GridCell) -> GridCell {
        reconfiguring = (ip, cell)
        defer { reconfiguring = nil }
        return dataSource.gridView(self, cellForItemAt: ip)
    }

    /// Re-asks the data source for these items' cells. The next frame draws only their cells
    /// (and what overlaps them), not the screen: a picture arriving for one tile costs that tile.
    /// Items neither on screen nor made ahead cost nothing (unless cells size themselves, when
    /// their sizes are measured again): reload every item whose data changed.
    public func reloadItems(at indexPaths: [IndexPath]) {
        layout.invalidateMeasurements(at: indexPaths)
        var shown = layout.sizesCellsByContent
        for ip in indexPaths {
            if let ahead = prefetchedCells.removeValue(forKey: ip) {
                enqueue(ahead, kind: .cell)
                cellPrefetchBand = nil
            }
            if let cell = visibleCells.removeValue(forKey: ip) {
                delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
                enqueue(cell, kind: .cell)
                shown = true
            }
        }
        guard shown else { return }
        // The last frame no longer names a view for them, so the next one draws them again
        // (even when the pool hands back the same cell object) and looks its cells up anew.
        drawn?.forgetCells(at: indexPaths)
        needsDisplay = true
        cellsWereReloaded = true
    }

    func discardVisibleCells() {
        handBackLeavingCells()
        discardPrefetchedCells()
        for (ip, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
            delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
            enqueue(cell, kind: .cell)
        }
        visibleCells.removeAll()
        for (key, view) in visibleSupplementary { enqueue(view, kind: key.kind) }
        visibleSupplementary.removeAll()
    }

    func isValid(_ ip: IndexPath) -> Bool {
        ip.section >= 0 && ip.item >= 0 && ip.item < layout.numberOfItems(inSection: ip.section)
    }

    /// The existing item closest in order to a position that may no longer exist.
    func nearestValid(to ip: IndexPath) -> IndexPath? {
        let sections = layout.numberOfSections
        guard ip.section < sections else { return layout.lastIndexPath }
        let s = max(0, ip.section)
        let count = layout.numberOfItems(inSection: s)
        if count > 0 { return IndexPath(item: min(max(0, ip.item), count - 1), section: s) }
        return layout.indexPath(after: IndexPath(item: Int.max - 1, section: s))
            ?? layout.indexPath(before: IndexPath(item: 0, section: s))
    }
}
