/// What `GridView` asks of a layout: UIKit's `UICollectionViewLayout`, in terminal cells.
///
/// A layout is told the visible size (`setViewport`) and asked to `prepare(for:)` the grid's
/// content on every reload and batch update, reading counts from the grid's data source and
/// sizes from its delegate through a delegate protocol of its own (as UIKit's layouts do:
/// `GridDelegateFlowLayout`, `WaterfallLayoutDelegate`). Afterwards every query should cost
/// O(log n + what it returns), never O(items): grids of a million items are ordinary.
/// `FlowLayout` and `WaterfallLayout` conform; so can your own, in your own package.
///
/// Cells that size themselves by their content (UIKit's self-sizing) go through three
/// methods: the grid asks `preferredSizeOffer(for:)` for each cell coming on screen, hands the
/// cell's answer to `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`,
/// and calls `invalidateMeasurements(at:)` when items' content changed.
public protocol GridLayout: AnyObject {
    /// The grid this layout places cells for: set by the grid, held weakly (UIKit's
    /// `collectionView`). Declare it `public weak var gridView: GridView?`.
    @MainActor var gridView: GridView? { get set }
    /// The axis content scrolls along.
    var scrollDirection: ScrollDirection { get }
    /// True when section headers pin to the leading edge while their section is on screen.
    var sectionHeadersPinToVisibleBounds: Bool { get }

    /// The visible area's size (the grid's frame, less its scroll indicator). Returns true when
    /// the layout needs `prepare(for:)` again for it (its items' sizes depend on the width, say);
    /// false when it can relayout from what it already has.
    @discardableResult
    func setViewport(_ size: Size) -> Bool
    /// Rebuilds for the grid's current content: counts from `gridView.dataSource`, sizes from
    /// `gridView.delegate` (or a delegate protocol of the layout's own).
    @MainActor func prepare(for gridView: GridView)

    /// The size of everything laid out.
    var contentSize: Size { get }
    /// Sections, as of the last `prepare`.
    var numberOfSections: Int { get }
    /// Items in a section (0 for one that does not exist), as of the last `prepare`.
    func numberOfItems(inSection section: Int) -> Int

    /// Every cell, header and footer meeting `rect`. Pinned headers are placed at `rect`'s leading edge.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
    /// The frame of one item, or nil when it does not exist.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
    /// The natural (unpinned) frame of a section's header or footer; nil when it has none.
    func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?
    /// The item an arrow key moves to from `indexPath`, or nil at the edge.
    func neighbor(of indexPath: IndexPath, direction: FocusDirection) -> IndexPath?
    /// The item nearest to a content point.
    func indexPathForItem(nearest point: Point) -> IndexPath?

    /// True when cells coming on screen are asked their size (the default: false).
    var sizesCellsByContent: Bool { get }
    /// The space a cell may measure itself in for `attributes`; nil when it is not asked.
    func preferredSizeOffer(for attributes: LayoutAttributes) -> Size?
    /// A cell's answer (`preferred`, its frame's size the cell's preferred size) for the item at
    /// `original`: the layout keeps it and returns true when that moved anything (UIKit's
    /// method of the same name).
    func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes,
        withOriginalAttributes original: LayoutAttributes
    ) -> Bool
    /// The content of these items changed (nil: every item, after items moved): what they
    /// measured no longer holds.
    func invalidateMeasurements(at indexPaths: [IndexPath]?)
}

extension GridLayout {
    /// Default: `false`.
    public var sizesCellsByContent: Bool { false }
    /// Default: nil.
    public func preferredSizeOffer(for attributes: LayoutAttributes) -> Size? { nil }
    /// Default: false (cells are not sized by their content).
    public func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes,
        withOriginalAttributes original: LayoutAttributes
    ) -> Bool { false }
    /// Default: does nothing.
    public func invalidateMeasurements(at indexPaths: [IndexPath]?) {}
    /// Calls `body` for each item meeting `rect`, in order: the layout's own walk where it has
    /// one (`GridLayoutExtras.forEachItem`), otherwise its `layoutAttributesForElements(in:)`
    /// filtered to cells.
    package func eachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void) {
        if let own = self as? any GridLayoutExtras { return own.forEachItem(in: rect, body) }
        for a in layoutAttributesForElements(in: rect) where a.kind == .cell { body(a.indexPath, a.frame) }
    }

    /// The first item of the grid, skipping empty sections.
    package var firstIndexPath: IndexPath? {
        (0..<numberOfSections).first { numberOfItems(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    /// The last item of the grid, skipping empty sections.
    package var lastIndexPath: IndexPath? {
        (0..<numberOfSections).last { numberOfItems(inSection: $0) > 0 }.map {
            IndexPath(item: numberOfItems(inSection: $0) - 1, section: $0)
        }
    }

    /// The item after `ip` in reading order, across sections.
    package func indexPath(after ip: IndexPath) -> IndexPath? {
        if ip.item + 1 < numberOfItems(inSection: ip.section) {
            return IndexPath(item: ip.item + 1, section: ip.section)
        }
        var s = ip.section + 1
        while s < numberOfSections {
            if numberOfItems(inSection: s) > 0 { return IndexPath(item: 0, section: s) }; s += 1
        }
        return nil
    }

    /// The item before `ip` in reading order, across sections.
    package func indexPath(before ip: IndexPath) -> IndexPath? {
        if ip.item > 0 { return IndexPath(item: ip.item - 1, section: ip.section) }
        var s = ip.section - 1
        while s >= 0 {
            if numberOfItems(inSection: s) > 0 { return IndexPath(item: numberOfItems(inSection: s) - 1, section: s) };
            s -= 1
        }
        return nil
    }

    /// The item whose frame contains a content point, if any.
    package func indexPathForItem(at point: Point) -> IndexPath? {
        guard let ip = indexPathForItem(nearest: point),
            let attrs = layoutAttributesForItem(at: ip), attrs.frame.contains(point)
        else { return nil }
        return ip
    }

    /// The main-axis extent of a section's header (0 when it has none).
    package func headerExtent(ofSection section: Int) -> Int {
        guard let a = layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: section))
        else { return 0 }
        return scrollDirection == .vertical ? a.frame.height : a.frame.width
    }
}

/// What `GridView` asks of the package's own layouts beyond `GridLayout`: a quick walk over the
/// items in a rectangle, scrolling of their own, separators and decoration views (the last three
/// `CompositionalLayout`'s alone). Not public: a layout of an app's own places cells, headers and
/// footers through `GridLayout` alone, and the grid walks its `layoutAttributesForElements(in:)`.
package protocol GridLayoutExtras: GridLayout {
    /// Calls `body` for each item meeting `rect`, in order, without making attributes.
    func forEachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void)
    /// Brings an item into view by the layout's own scrolling (a section that scrolls
    /// sideways inside a vertical grid); true when something moved and the grid must draw
    /// again. The grid asks before it scrolls itself.
    func revealItem(at indexPath: IndexPath) -> Bool
    /// Scrolls the part of the layout at `point` (content coordinates) that scrolls on its own,
    /// `delta` cells across (a sideways wheel over a sideways section), or as far as its own
    /// behaviour says in that direction (a page, a group); true when something moved and the
    /// grid must draw again, false when nothing there scrolls sideways.
    func scrollSideways(at point: Point, by delta: Int) -> Bool
    /// Lines the grid draws between items (a list's separators), as rectangles of the content
    /// that meet `rect`; they lie in the spacing between items, never over one.
    func separatorFrames(in rect: Rect) -> [Rect]
    /// The kind of the decoration at `indexPath` (attributes of kind `.decoration`) and the view
    /// class registered for it, which the grid makes and reuses as it does cells; nil draws
    /// nothing there.
    func decorationViewClass(at indexPath: IndexPath) -> (kind: String, viewClass: GridCell.Type)?
}

extension GridLayoutExtras {
    /// Default: false (the layout has no scrolling of its own).
    package func revealItem(at indexPath: IndexPath) -> Bool { false }
    /// Default: false (the layout has no scrolling of its own).
    package func scrollSideways(at point: Point, by delta: Int) -> Bool { false }
    /// Default: none.
    package func separatorFrames(in rect: Rect) -> [Rect] { [] }
    /// Default: nil (the layout has no decorations).
    package func decorationViewClass(at indexPath: IndexPath) -> (kind: String, viewClass: GridCell.Type)? { nil }
}

extension GridLayout {
    /// Adds section `s`'s header and footer where they meet `rect`, for layouts that scroll
    /// vertically: with `pins`, the header stays at the top of `rect` while its section
    /// (`start..<end`) shows, and is marked pinned when it moved.
    func appendBands(
        ofSection s: Int, start: Int, end: Int, pins: Bool, in rect: Rect, to out: inout [LayoutAttributes]
    ) {
        let ip = IndexPath(item: 0, section: s)
        if var header = layoutAttributesForSupplementaryElement(ofKind: .header, at: ip) {
            if pins {
                let pinned = min(max(start, rect.minY), end - header.frame.height)
                if pinned != start {
                    header.frame = header.frame.offsetBy(dx: 0, dy: pinned - start); header.isPinned = true
                }
            }
            if header.frame.intersects(rect) { out.append(header) }
        }
        if let footer = layoutAttributesForSupplementaryElement(ofKind: .footer, at: ip), footer.frame.intersects(rect)
        {
            out.append(footer)
        }
    }
}
