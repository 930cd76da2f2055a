/// Lays items out in lines, UIKit `UICollectionViewFlowLayout`-style, in terminal cells.
///
/// Uniform item sizes are placed by arithmetic (O(1) per item, never walking all items);
/// per-item sizes cost one O(n) pass when the input changes, after which every query is
/// O(log n + visible). The rules are in the catalog's Layouts article, <doc:Layouts>.
public final class FlowLayout: GridLayout, GridLayoutExtras {
    /// Lines run across this direction: `.vertical` fills rows and scrolls down.
    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// The size of every item when the delegate gives none.
    public var itemSize = Size(width: 10, height: 3) { didSet { invalidateLayout() } }
    /// Main-axis spacing between lines.
    public var minimumLineSpacing = 0 { didSet { invalidateLayout() } }
    /// Cross-axis spacing between items of a line.
    public var minimumInteritemSpacing = 1 { didSet { invalidateLayout() } }
    /// Space around each section's items (not around its header and footer).
    public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// Header band size: its height counts when scrolling vertically, its width horizontally.
    public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// The footer band's height (vertical) or width (horizontal); zero for none.
    public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// Sticky headers: pinned to the leading edge while their section is visible.
    public var sectionHeadersPinToVisibleBounds = false
    /// Where a line's leftover space goes (UIKit's justified behaviour by default).
    public var lineAlignment = LineAlignment.justified { didSet { invalidateLayout() } }
    /// Self-sizing, as in UIKit: zero (the default) is off. Otherwise every item starts at this
    /// size, and when its cell comes on screen the grid asks `GridCell.preferredSize(fitting:)`
    /// and keeps the answer's main-axis extent (its height when scrolling vertically) until the
    /// item is reloaded. Line breaks follow this size's cross extent. The content size is
    /// corrected as measurements arrive, and the focused item does not move on screen.
    public var estimatedItemSize = Size.zero { didSet { invalidateLayout() } }
    /// Measured main-axis sizes, by section and item.
    private var measured: [Int: [Int: Int]] = [:]

    /// A layout with the default metrics: 10×3 items, spacing 1 between items, none between lines.
    public init() {}

    /// Convenience for the common list/grid configurations.
    public convenience init(
        itemSize: Size, scrollDirection: ScrollDirection = .vertical, lineSpacing: Int = 0,
        interitemSpacing: Int = 1, sectionInset: EdgeInsets = .zero
    ) {
        self.init()
        self.itemSize = itemSize; self.scrollDirection = scrollDirection; minimumLineSpacing = lineSpacing
        minimumInteritemSpacing = interitemSpacing; self.sectionInset = sectionInset
    }

    // MARK: Input and geometry

    /// The per-section input, as last set by the grid view; `nil` entries take the layout's defaults.
    private(set) var input: [SectionLayoutInput] = []
    private(set) var viewport = Size.zero
    private var sections: [SectionGeometry] = []
    private var valid = false
    /// Elements the last `layoutAttributesForElements(in:)` returned.
    private var lastElementCount = 0

    struct SectionGeometry {
        var start: Int, headerExtent: Int, itemsStart: Int, footerStart: Int, end: Int
        var crossStart: Int
        var lines: SectionLines
        var headerSize: Size, footerSize: Size
    }

    /// The grid it lays out (set by the grid).
    public weak var gridView: GridView?

    /// An item extent across the scroll direction that fills the line: the viewport less the
    /// section's insets, whatever the terminal's width. `Size(width: FlowLayout.fullLine,
    /// height: 1)` is a list row.
    public static let fullLine = 1 << 30

    /// Reads the grid's counts, and sizes from its delegate when that is a `GridDelegateFlowLayout`.
    @MainActor public func prepare(for gridView: GridView) { setInput(collectInput(from: gridView)) }

    /// What each section needs: counts from the data source, sizes from the delegate.
    @MainActor private func collectInput(from grid: GridView) -> [SectionLayoutInput] {
        guard let ds = grid.dataSource else { return [] }
        let sectionCount = max(0, ds.numberOfSections(in: grid))
        let d = grid.delegate as? GridDelegateFlowLayout
        asksDelegate = d != nil
        if d == nil, let other = grid.delegate, sectionCount > 0, ds.gridView(grid, numberOfItemsInSection: 0) > 0 {
            failIfSizingIsMisplaced(in: grid, delegate: other)
        }
        var perItem: Bool?
        var out: [SectionLayoutInput] = []
        out.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            let count = max(0, ds.gridView(grid, numberOfItemsInSection: s))
            var sizes = SectionLayoutInput.Sizes.uniform(itemSize)
            if isSelfSizing {
                sizes = .selfSizing(estimated: estimatedItemSize)
            } else if count > 0, perItem != false, let d {
                // The delegate's answer for the first item tells whether it sizes items at all.
                if let first = d.gridView(grid, layout: self, sizeForItemAt: IndexPath(item: 0, section: s)) {
                    perItem = true
                    var list = [first], uniform = true
                    list.reserveCapacity(count)
                    for i in 1..<max(1, count) {
                        let size =
                            d.gridView(grid, layout: self, sizeForItemAt: IndexPath(item: i, section: s)) ?? itemSize
                        uniform = uniform && size == first
                        list.append(size)
                    }
                    sizes = uniform ? .uniform(first) : .varied(list)
                } else {
                    perItem = false
                }
            }
            out.append(
                SectionLayoutInput(
                    count: count, sizes: sizes,
                    inset: d?.gridView(grid, layout: self, insetForSectionAt: s) ?? sectionInset,
                    lineSpacing: d?.gridView(grid, layout: self, minimumLineSpacingForSectionAt: s)
                        ?? minimumLineSpacing,
                    interitemSpacing: d?.gridView(grid, layout: self, minimumInteritemSpacingForSectionAt: s)
                        ?? minimumInteritemSpacing,
                    headerSize: d?.gridView(grid, layout: self, referenceSizeForHeaderInSection: s)
                        ?? headerReferenceSize,
                    footerSize: d?.gridView(grid, layout: self, referenceSizeForFooterInSection: s)
                        ?? footerReferenceSize))
        }
        return out
    }

    /// Gives the layout new content: one entry per section.
    func setInput(_ sections: [SectionLayoutInput]) {
        input = sections
        invalidateLayout()
    }

    /// True when the last `prepare` asked a `GridDelegateFlowLayout`: its answers may depend on
    /// the visible size (a viewer's item is the whole view), so a new size asks again.
    private var asksDelegate = false

    /// The size of the visible area; a change of the cross extent relayouts. When sizes came
    /// from the delegate, a new size asks for `prepare` again (UIKit's
    /// `shouldInvalidateLayout(forBoundsChange:)`), so they follow the view growing or shrinking.
    @discardableResult
    public func setViewport(_ size: Size) -> Bool {
        guard size != viewport else { return false }
        viewport = size
        invalidateLayout()
        return asksDelegate
    }

    /// Marks the geometry stale; it is rebuilt on the next query.
    public func invalidateLayout() { valid = false }

    private var vertical: Bool { scrollDirection == .vertical }
    private func crossOf(_ s: Size) -> Int { vertical ? s.width : s.height }
    private func mainOf(_ s: Size) -> Int { vertical ? s.height : s.width }

    private func prepareIfNeeded() {
        if valid { return }
        valid = true
        sections.removeAll(keepingCapacity: true)
        let crossExtent = crossOf(viewport)
        var main = 0
        for s in input {
            let crossLead = vertical ? s.inset.left : s.inset.top
            let crossTrail = vertical ? s.inset.right : s.inset.bottom
            let mainLead = vertical ? s.inset.top : s.inset.left
            let mainTrail = vertical ? s.inset.bottom : s.inset.right
            let available = crossExtent - crossLead - crossTrail
            let lines: SectionLines
            switch s.sizes {
            case .uniform(let size):
                lines = UniformLines(
                    count: s.count, crossSize: crossOf(size), mainSize: mainOf(size), available: available,
                    lineSpacing: s.lineSpacing, spacing: s.interitemSpacing, alignment: lineAlignment)
            case .varied(let sizes):
                lines = VariedLines(
                    sizes: sizes.map { (crossOf($0), mainOf($0)) }, available: available,
                    lineSpacing: s.lineSpacing, spacing: s.interitemSpacing, alignment: lineAlignment)
            case .selfSizing(let estimate):
                lines = MeasuredLines(
                    count: s.count, estimated: (crossOf(estimate), mainOf(estimate)),
                    measured: measured[sections.count] ?? [:], available: available,
                    lineSpacing: s.lineSpacing, spacing: s.interitemSpacing, alignment: lineAlignment)
            }
            let header = max(0, mainOf(s.headerSize)), footer = max(0, mainOf(s.footerSize))
            let itemsStart = main + header + mainLead
            let footerStart = itemsStart + lines.extent + mainTrail
            sections.append(
                SectionGeometry(
                    start: main, headerExtent: header, itemsStart: itemsStart, footerStart: footerStart,
                    end: footerStart + footer, crossStart: crossLead, lines: lines,
                    headerSize: s.headerSize, footerSize: s.footerSize))
            main = footerStart + footer
        }
    }

    // MARK: Self-sizing

    /// True when items size themselves (`estimatedItemSize` is not zero).
    var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// See `GridLayout`.
    public var sizesCellsByContent: Bool { isSelfSizing }

    /// The item's cross extent and the estimated main extent.
    public func preferredSizeOffer(for attributes: LayoutAttributes) -> Size? {
        guard isSelfSizing, attributes.kind == .cell else { return nil }
        return vertical
            ? Size(width: attributes.frame.width, height: estimatedItemSize.height)
            : Size(width: estimatedItemSize.width, height: attributes.frame.height)
    }

    /// See `GridLayout`.
    public func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes,
        withOriginalAttributes original: LayoutAttributes
    ) -> Bool {
        isSelfSizing && recordMeasuredSize(preferred.frame.size, at: original.indexPath)
    }

    /// See `GridLayout`.
    public func invalidateMeasurements(at indexPaths: [IndexPath]?) { forgetMeasurements(at: indexPaths) }

    /// Keeps a measured size for an item; true when that moved anything. O(items per line +
    /// log lines + sections): later sections shift by the change.
    func recordMeasuredSize(_ size: Size, at ip: IndexPath) -> Bool {
        prepareIfNeeded()
        guard ip.section >= 0, ip.section < sections.count else { return false }
        let main = max(0, mainOf(size))
        measured[ip.section, default: [:]][ip.item] = main
        let delta = sections[ip.section].lines.setMainSize(main, of: ip.item)
        guard delta != 0 else { return false }
        sections[ip.section].footerStart += delta
        sections[ip.section].end += delta
        for s in (ip.section + 1)..<sections.count {
            sections[s].start += delta; sections[s].itemsStart += delta
            sections[s].footerStart += delta; sections[s].end += delta
        }
        return true
    }

    /// Forgets measurements. Named items keep their size on screen until their cells are
    /// measured again (visible ones at once, as their cells are made anew); with no names, every
    /// item goes back to the estimate (after a batch update moved them all).
    func forgetMeasurements(at indexPaths: [IndexPath]? = nil) {
        guard let indexPaths else { measured.removeAll(); invalidateLayout(); return }
        for ip in indexPaths { measured[ip.section]?[ip.item] = nil }
    }

    // MARK: Queries

    /// The size of everything laid out; the cross extent is the viewport's.
    public var contentSize: Size {
        prepareIfNeeded()
        let main = sections.last?.end ?? 0
        return vertical ? Size(width: viewport.width, height: main) : Size(width: main, height: viewport.height)
    }

    /// Sections in the last input from the grid.
    public var numberOfSections: Int { input.count }
    /// Items in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < input.count ? input[section].count : 0
    }

    private func rect(cross: Int, main: Int, crossSize: Int, mainSize: Int) -> Rect {
        vertical
            ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
            : Rect(x: main, y: cross, width: mainSize, height: crossSize)
    }

    private func mainRange(of r: Rect) -> (Int, Int) { vertical ? (r.minY, r.maxY) : (r.minX, r.maxX) }

    /// The frame of one item, or nil when it does not exist.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        prepareIfNeeded()
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let g = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < g.lines.itemCount else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: frame(ofItem: indexPath.item, in: g), kind: .cell)
    }

    private func frame(ofItem item: Int, in g: SectionGeometry) -> Rect {
        let p = g.lines.placement(of: item)
        return rect(
            cross: g.crossStart + p.cross, main: g.itemsStart + p.main, crossSize: p.crossSize, mainSize: p.mainSize)
    }

    /// The natural (unpinned) frame of a section's header or footer; nil when it has no extent.
    public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        prepareIfNeeded()
        guard indexPath.section >= 0, indexPath.section < sections.count, kind == .header || kind == .footer else {
            return nil
        }
        let g = sections[indexPath.section]
        let extent = kind == .header ? g.headerExtent : g.end - g.footerStart
        guard extent > 0 else { return nil }
        let start = kind == .header ? g.start : g.footerStart
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: indexPath.section),
            frame: rect(cross: 0, main: start, crossSize: crossOf(viewport), mainSize: extent), kind: kind)
    }

    /// The first section whose end lies after `offset`.
    private func sectionIndex(atOrAfter offset: Int) -> Int {
        SectionSearch.first(endingAfter: offset, count: sections.count) { sections[$0].end }
    }

    /// Every cell, header and footer meeting `rect`. When headers pin, `rect`'s leading edge is
    /// taken as the visible edge they pin to.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        prepareIfNeeded()
        var out: [LayoutAttributes] = []
        // About as many as last time (a screenful): one allocation, not one per doubling.
        out.reserveCapacity(lastElementCount)
        defer { lastElementCount = out.count }
        forEachItem(in: rect) { ip, frame in out.append(LayoutAttributes(indexPath: ip, frame: frame, kind: .cell)) }
        let (lower, upper) = mainRange(of: rect)
        var s = sectionIndex(atOrAfter: lower)
        while s < sections.count, sections[s].start < upper {
            let g = sections[s]
            if var header = layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: s))
            {
                if sectionHeadersPinToVisibleBounds {
                    let pinned = min(max(g.start, lower), g.end - g.headerExtent)
                    if pinned != g.start {
                        header.frame =
                            vertical
                            ? header.frame.offsetBy(dx: 0, dy: pinned - g.start)
                            : header.frame.offsetBy(dx: pinned - g.start, dy: 0)
                        header.isPinned = true
                    }
                }
                if header.frame.intersects(rect) { out.append(header) }
            }
            if let footer = layoutAttributesForSupplementaryElement(
                ofKind: .footer, at: IndexPath(item: 0, section: s)),
                footer.frame.intersects(rect)
            {
                out.append(footer)
            }
            s += 1
        }
        return out
    }

    /// Calls `body` for every item whose frame meets `rect`, in order; O(log n + visible).
    package func forEachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void) {
        prepareIfNeeded()
        let (lower, upper) = mainRange(of: rect)
        var s = sectionIndex(atOrAfter: lower)
        while s < sections.count, sections[s].start < upper {
            let g = sections[s]
            for line in g.lines.lines(intersecting: lower - g.itemsStart, upper - g.itemsStart) {
                for item in g.lines.items(inLine: line) {
                    let f = frame(ofItem: item, in: g)
                    if f.intersects(rect) { body(IndexPath(item: item, section: s), f) }
                }
            }
            s += 1
        }
    }

    // MARK: Neighbours

    /// The spatial neighbour of `ip`: along a line it is the next/previous item (continuing
    /// across lines); across lines it is the item of the adjacent line whose centre is nearest.
    public func neighbor(of ip: IndexPath, direction: FocusDirection) -> IndexPath? {
        prepareIfNeeded()
        guard let attrs = layoutAttributesForItem(at: ip) else { return nil }
        let alongLine: Bool
        let forward: Bool
        switch direction {
        case .left: alongLine = vertical; forward = false
        case .right: alongLine = vertical; forward = true
        case .up: alongLine = !vertical; forward = false
        case .down: alongLine = !vertical; forward = true
        }
        if alongLine { return forward ? indexPath(after: ip) : indexPath(before: ip) }
        let g = sections[ip.section]
        let line = g.lines.line(of: ip.item)
        let cross = vertical ? attrs.frame.minX * 2 + attrs.frame.width : attrs.frame.minY * 2 + attrs.frame.height
        var s = ip.section, target = forward ? line + 1 : line - 1
        while true {
            if target >= 0 && target < sections[s].lines.lineCount { break }
            s += forward ? 1 : -1
            guard s >= 0 && s < sections.count else { return nil }
            if sections[s].lines.lineCount > 0 { target = forward ? 0 : sections[s].lines.lineCount - 1 }
        }
        return nearestItem(inLine: target, section: s, doubledCross: cross)
    }

    /// The item of a line whose doubled centre (2·min + size, to stay in integers) is nearest.
    private func nearestItem(inLine line: Int, section s: Int, doubledCross: Int) -> IndexPath {
        let g = sections[s]
        var best = 0, bestDistance = Int.max
        for item in g.lines.items(inLine: line) {
            let p = g.lines.placement(of: item)
            let centre = (g.crossStart + p.cross) * 2 + p.crossSize
            let d = abs(centre - doubledCross)
            if d < bestDistance { best = item; bestDistance = d } else if centre > doubledCross { break }
        }
        return IndexPath(item: best, section: s)
    }

    /// The item nearest to a content point (by line first, then along the line).
    public func indexPathForItem(nearest point: Point) -> IndexPath? {
        prepareIfNeeded()
        let main = vertical ? point.y : point.x, cross = vertical ? point.x : point.y
        guard
            let s = SectionSearch.nearestWithItems(
                from: sectionIndex(atOrAfter: main), count: sections.count, main: main,
                isEmpty: { sections[$0].lines.lineCount == 0 },
                start: { sections[$0].start }, end: { sections[$0].end })
        else { return nil }
        let g = sections[s]
        let line = g.lines.nearestLine(to: main - g.itemsStart)
        return nearestItem(inLine: line, section: s, doubledCross: cross * 2 + 1)
    }
}

extension FlowLayout {
    /// A section's line arithmetic, for tests that count what a query walks.
    func sectionLinesForTesting(_ section: Int) -> any SectionLines {
        prepareIfNeeded()
        return sections[section].lines
    }
}
