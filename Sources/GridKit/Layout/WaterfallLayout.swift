/// Tells a `WaterfallLayout` how tall each item is. Every method is optional.
@MainActor
public protocol WaterfallLayoutDelegate: GridDelegate {
    /// The item's height in rows for a column `columnWidth` cells wide (the narrowest column's
    /// width, so items of one shape are as tall in every column); nil to use its aspect ratio,
    /// or the layout's `itemHeight`.
    func gridView(_ gridView: GridView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Int)
        -> Int?
    /// The item's width over its height, in pixels (a 4:3 photo is 1.33); nil when unknown.
    /// The layout turns it into rows with `cellAspect`.
    func gridView(_ gridView: GridView, layout: WaterfallLayout, aspectRatioForItemAt indexPath: IndexPath) -> Double?
}

extension WaterfallLayoutDelegate {
    /// Default: nil (the aspect ratio, or the layout's `itemHeight`).
    public func gridView(
        _ gridView: GridView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Int
    ) -> Int? { nil }
    /// Default: nil (the aspect ratio, or the layout's `itemHeight`).
    public func gridView(_ gridView: GridView, layout: WaterfallLayout, aspectRatioForItemAt indexPath: IndexPath)
        -> Double?
    { nil }
}

/// Columns of equal width; each item goes into the column that is shortest so far, so items of
/// different heights pack without gaps (a "masonry" or Pinterest layout). Vertical scrolling;
/// headers, footers and sticky headers as in `FlowLayout`.
///
/// Heights come from the delegate (`WaterfallLayoutDelegate`), from the item's aspect ratio, or
/// from `itemHeight`. Preparing is one O(n) pass; queries are O(log n + what they return): items
/// are placed at the top of the shortest column, so their tops never go up in item order and a
/// rectangle's items are found by binary search.
public final class WaterfallLayout: GridLayout, GridLayoutExtras {
    /// The grid it lays out (set by the grid).
    public weak var gridView: GridView?
    /// Columns, when `minimumColumnWidth` is nil.
    public var numberOfColumns = 2
    /// When set, as many columns as fit at this width (at least one), instead of `numberOfColumns`.
    public var minimumColumnWidth: Int?
    /// Space between columns.
    public var columnSpacing = 1
    /// Space between items of a column.
    public var itemSpacing = 1
    /// Space around each section's items.
    public var sectionInset = EdgeInsets.zero
    /// Rows of each section's header band (0 for none).
    public var headerHeight = 0
    /// Rows of each section's footer band (0 for none).
    public var footerHeight = 0
    /// Sticky headers, as in `FlowLayout`.
    public var sectionHeadersPinToVisibleBounds = false
    /// The height of an item nothing else gives a height for.
    public var itemHeight = 3
    /// Rows added to a height computed from an aspect ratio (a caption line, say).
    public var extraRowsForAspectRatio = 0
    /// How many times taller than wide a terminal cell is; turns aspect ratios into rows.
    public var cellAspect = 2.0
    /// Always vertical.
    public let scrollDirection = ScrollDirection.vertical

    /// A layout of `columns` columns.
    public init(columns: Int = 2, columnSpacing: Int = 1, itemSpacing: Int = 1, sectionInset: EdgeInsets = .zero) {
        numberOfColumns = columns; self.columnSpacing = columnSpacing; self.itemSpacing = itemSpacing
        self.sectionInset = sectionInset
    }

    private struct Section {
        var start = 0, headerExtent = 0, itemsStart = 0, footerStart = 0, end = 0
        /// Per item: column, top (from `itemsStart`), height.
        var column: [Int32] = [], top: [Int32] = [], height: [Int32] = []
        /// Per item: its place in its column's list.
        var rank: [Int32] = []
        /// Per column: its items, top to bottom.
        var columns: [[Int32]] = []
        var tallest = 0
        var count: Int { column.count }
    }

    private var viewport = Size.zero
    private var sections: [Section] = []
    /// Column lefts and widths, the same for every section.
    private var columnX: [Int] = [], columnWidth: [Int] = []

    /// A new width changes the columns, and so the heights the delegate gives: prepare again.
    @discardableResult
    public func setViewport(_ size: Size) -> Bool {
        defer { viewport = size }
        return size.width != viewport.width
    }

    /// Places every item: heights from the delegate, aspect ratios or `itemHeight`.
    @MainActor public func prepare(for gridView: GridView) {
        layoutColumns()
        let ds = gridView.dataSource
        let delegate = gridView.delegate as? WaterfallLayoutDelegate
        let sectionCount = ds.map { max(0, $0.numberOfSections(in: gridView)) } ?? 0
        sections = []
        sections.reserveCapacity(sectionCount)
        var main = 0
        for s in 0..<sectionCount {
            let count = max(0, ds?.gridView(gridView, numberOfItemsInSection: s) ?? 0)
            var g = Section()
            g.start = main
            g.headerExtent = max(0, headerHeight)
            g.itemsStart = main + g.headerExtent + sectionInset.top
            g.columns = Array(repeating: [], count: columnX.count)
            g.column.reserveCapacity(count); g.top.reserveCapacity(count); g.height.reserveCapacity(count);
            g.rank.reserveCapacity(count)
            var heights = Array(repeating: 0, count: columnX.count)
            // Heights for the narrowest column's width, whichever column an item goes to: the
            // leftover columns of a line widen the first columns by one, and items of one shape
            // made shorter in the others would pile up there, out of reading order.
            let heightWidth = columnWidth.min() ?? 0
            for i in 0..<count {
                var c = 0
                for k in 1..<heights.count where heights[k] < heights[c] { c = k }
                let h = max(0, height(of: IndexPath(item: i, section: s), width: heightWidth, gridView, delegate))
                g.column.append(Int32(c)); g.top.append(Int32(heights[c])); g.height.append(Int32(h))
                g.rank.append(Int32(g.columns[c].count))
                g.columns[c].append(Int32(i))
                g.tallest = max(g.tallest, h)
                heights[c] += h + max(0, itemSpacing)
            }
            let extent = count == 0 ? 0 : (heights.max() ?? 0) - max(0, itemSpacing)
            g.footerStart = g.itemsStart + extent + sectionInset.bottom
            g.end = g.footerStart + max(0, footerHeight)
            sections.append(g)
            main = g.end
        }
    }

    @MainActor private func height(of ip: IndexPath, width: Int, _ grid: GridView, _ delegate: WaterfallLayoutDelegate?)
        -> Int
    {
        if let h = delegate?.gridView(grid, layout: self, heightForItemAt: ip, columnWidth: width) { return h }
        if let ratio = delegate?.gridView(grid, layout: self, aspectRatioForItemAt: ip), ratio > 0 {
            return max(1, Int((Double(width) / ratio / cellAspect).rounded())) + extraRowsForAspectRatio
        }
        return itemHeight
    }

    private func layoutColumns() {
        let available = max(0, viewport.width - sectionInset.left - sectionInset.right)
        let spacing = max(0, columnSpacing)
        var n: Int
        if let minimum = minimumColumnWidth {
            n = max(1, (available + spacing) / (max(1, minimum) + spacing))
        } else {
            n = max(1, numberOfColumns)
        }
        // Never so many that a column is zero wide: its items could take the focus and not show.
        n = min(n, max(1, (available + spacing) / (1 + spacing)))
        let width = max(0, (available - (n - 1) * spacing) / n)
        // Leftover columns of the line go one each to the first columns, so the last ends at the inset.
        let leftover = max(0, available - n * width - (n - 1) * spacing)
        columnX = []; columnWidth = []
        var x = sectionInset.left
        for c in 0..<n {
            let w = width + (c < leftover ? 1 : 0)
            columnX.append(x); columnWidth.append(w)
            x += w + spacing
        }
    }

    // MARK: Queries

    /// See `GridLayout`.
    public var contentSize: Size { Size(width: viewport.width, height: sections.last?.end ?? 0) }
    /// See `GridLayout`.
    public var numberOfSections: Int { sections.count }
    /// See `GridLayout`.
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].count : 0
    }

    private func frame(_ item: Int, in g: Section) -> Rect {
        let c = Int(g.column[item])
        return Rect(
            x: columnX[c], y: g.itemsStart + Int(g.top[item]), width: columnWidth[c], height: Int(g.height[item]))
    }

    /// See `GridLayout`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
            indexPath.item >= 0, indexPath.item < sections[indexPath.section].count
        else { return nil }
        return LayoutAttributes(
            indexPath: indexPath, frame: frame(indexPath.item, in: sections[indexPath.section]), kind: .cell)
    }

    /// See `GridLayout`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count, kind == .header || kind == .footer else {
            return nil
        }
        let g = sections[indexPath.section]
        let extent = kind == .header ? g.headerExtent : g.end - g.footerStart
        guard extent > 0 else { return nil }
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: indexPath.section),
            frame: Rect(x: 0, y: kind == .header ? g.start : g.footerStart, width: viewport.width, height: extent),
            kind: kind)
    }

    /// The first section whose end lies after `y`.
    private func section(atOrAfter y: Int) -> Int {
        SectionSearch.first(endingAfter: y, count: sections.count) { sections[$0].end }
    }

    /// The first item whose top is at or below `y` (relative to the items' start).
    private func firstItem(in g: Section, topAtLeast y: Int) -> Int {
        var lo = 0, hi = g.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(g.top[mid]) < y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// See `GridLayout`.
    package func forEachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void) {
        guard !rect.isEmpty else { return }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let g = sections[s]
            // Tops never go up in item order; an item starting above the rect by more than the
            // tallest item cannot reach into it.
            var i = firstItem(in: g, topAtLeast: rect.minY - g.itemsStart - g.tallest)
            while i < g.count, g.itemsStart + Int(g.top[i]) < rect.maxY {
                let f = frame(i, in: g)
                if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                i += 1
            }
            s += 1
        }
    }

    /// See `GridLayout`.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        forEachItem(in: rect) { out.append(LayoutAttributes(indexPath: $0, frame: $1, kind: .cell)) }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            appendBands(
                ofSection: s, start: sections[s].start, end: sections[s].end, pins: sectionHeadersPinToVisibleBounds,
                in: rect, to: &out)
            s += 1
        }
        return out
    }

    // MARK: Neighbours

    /// Up and down stay in the column (into the nearest column of the next section at its end);
    /// left and right go to the item of the neighbouring column whose middle is nearest.
    public func neighbor(of ip: IndexPath, direction: FocusDirection) -> IndexPath? {
        guard let here = layoutAttributesForItem(at: ip)?.frame else { return nil }
        let g = sections[ip.section]
        let c = Int(g.column[ip.item]), rank = Int(g.rank[ip.item])
        switch direction {
        case .up, .down:
            let forward = direction == .down
            let next = rank + (forward ? 1 : -1)
            if next >= 0 && next < g.columns[c].count {
                return IndexPath(item: Int(g.columns[c][next]), section: ip.section)
            }
            var s = ip.section + (forward ? 1 : -1)
            while s >= 0 && s < sections.count {
                if let item = nearestInSection(s, x2: here.minX * 2 + here.width, fromTop: forward) {
                    return IndexPath(item: item, section: s)
                }
                s += forward ? 1 : -1
            }
            return nil
        case .left, .right:
            let step = direction == .right ? 1 : -1
            var target = c + step
            while target >= 0 && target < columnX.count {
                if let item = nearest(inColumn: target, of: g, y2: Int(g.top[ip.item]) * 2 + here.height) {
                    return IndexPath(item: item, section: ip.section)
                }
                target += step
            }
            return nil
        }
    }

    /// The item of a column whose doubled vertical middle is nearest `y2` (relative to items' start).
    private func nearest(inColumn c: Int, of g: Section, y2: Int) -> Int? {
        let list = g.columns[c]
        guard !list.isEmpty else { return nil }
        var lo = 0, hi = list.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            let m = Int(list[mid])
            if Int(g.top[m]) * 2 + Int(g.height[m]) < y2 { lo = mid + 1 } else { hi = mid }
        }
        var best = Int(list[lo])
        if lo > 0 {
            let prev = Int(list[lo - 1])
            let dPrev = abs(Int(g.top[prev]) * 2 + Int(g.height[prev]) - y2),
                dBest = abs(Int(g.top[best]) * 2 + Int(g.height[best]) - y2)
            if dPrev <= dBest { best = prev }
        }
        return best
    }

    /// The first (or last) item of the column nearest `x2` (a doubled centre) that has items.
    private func nearestInSection(_ s: Int, x2: Int, fromTop: Bool) -> Int? {
        let g = sections[s]
        let order = columnX.indices.sorted {
            abs(columnX[$0] * 2 + columnWidth[$0] - x2) < abs(columnX[$1] * 2 + columnWidth[$1] - x2)
        }
        for c in order where !g.columns[c].isEmpty { return Int(fromTop ? g.columns[c].first! : g.columns[c].last!) }
        return nil
    }

    /// See `GridLayout`.
    public func indexPathForItem(nearest point: Point) -> IndexPath? {
        guard
            let s = SectionSearch.nearestWithItems(
                from: section(atOrAfter: point.y), count: sections.count, main: point.y,
                isEmpty: { sections[$0].count == 0 },
                start: { sections[$0].start }, end: { sections[$0].end })
        else { return nil }
        let g = sections[s]
        let order = columnX.indices.sorted {
            abs(columnX[$0] * 2 + columnWidth[$0] - point.x * 2 - 1)
                < abs(columnX[$1] * 2 + columnWidth[$1] - point.x * 2 - 1)
        }
        for c in order {
            if let item = nearest(inColumn: c, of: g, y2: (point.y - g.itemsStart) * 2 + 1) {
                return IndexPath(item: item, section: s)
            }
        }
        return nil
    }
}
