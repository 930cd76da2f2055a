/// A layout composed of items, groups and sections (UIKit's
/// `UICollectionViewCompositionalLayout`), scrolling vertically.
///
/// Each section repeats its group down the section until its items run out: a group of four
/// quarter-width items makes rows of four; a horizontal group of a half-width item beside a
/// vertical group of two makes a mosaic. A section provider sees the visible size
/// (`LayoutEnvironment`), so a section can change its columns with the terminal's width. Sizes
/// are fractions of the container, cells, or estimates: an `.estimated` height, in groups whose
/// heights are estimated too, is measured by its cell when it comes on screen (self-sizing, as
/// in UIKit), and its group takes the cells' heights; in a row that scrolls sideways, widths
/// are measured instead. Preparing costs O(sections + measured
/// items); a query costs O(log n + what it returns): an item's frame is its group's place plus
/// its place in the group, arithmetic until groups are measured, then a look-up in a tree of
/// corrections.
///
/// ```swift
/// let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
/// let group = LayoutGroup.horizontal(
///     layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(5)), subitems: [item])
/// let section = LayoutSection(group: group)
/// section.interGroupSpacing = 1
/// let layout = CompositionalLayout(section: section)
/// ```
public final class CompositionalLayout: GridLayout, GridLayoutExtras {
    /// The grid it lays out (set by the grid).
    public weak var gridView: GridView?
    /// Always vertical.
    public let scrollDirection = ScrollDirection.vertical
    /// True when any section's header pins to the top of the visible area.
    public private(set) var sectionHeadersPinToVisibleBounds = false

    private let provider: (Int, LayoutEnvironment) -> LayoutSection?
    /// Decoration view classes by kind: the app's, and GridKit's own (an inset grouped list's box).
    private var decorationClasses: [String: GridCell.Type] = [
        ListConfiguration.insetGroupedBoxKind: InsetGroupedBox.self
    ]
    /// True when some section's cells have a `zIndex` other than 0 (the last prepare said so).
    private var cellsHaveZIndices = false

    /// Every section arranged as `section`.
    public convenience init(section: LayoutSection) {
        self.init { _, _ in section }
    }

    /// Each section arranged as `sectionProvider` says, asked on every prepare with the visible
    /// size; nil leaves a section empty.
    public init(sectionProvider: @escaping (_ section: Int, _ environment: LayoutEnvironment) -> LayoutSection?) {
        provider = sectionProvider
    }

    /// A header or footer of a placed section: its size, where across, and the edge it keeps to.
    struct Band {
        var size: Size
        var x: Int
        var edge: RectAlignment.Edge
        var extendsBoundary: Bool
        var offset: Point
        var zIndex: Int
    }

    /// A section as placed: where it starts and ends, its group's size and the places of the
    /// group's cells in it.
    struct Placed {
        var start = 0, headerExtent = 0, itemsStart = 0, footerStart = 0, end = 0
        var left = 0, step = 1, count = 0
        var cells: [Rect] = []
        /// The cells' `zIndex`, by place in the group; nil when all are 0.
        var cellZIndices: [Int]?
        /// The header and the footer, placed against the section's edges.
        var header: Band?, footer: Band?
        /// The section's decorations (none, mostly): their kinds, insets and drawing order.
        var decorations: [LayoutDecorationItem] = []
        var pins = false
        /// A separator in the row after each group but the last.
        var separators = false
        /// Sideways scrolling: groups side by side in one row of `width` cells, `across` apart,
        /// scrolled by `offset`.
        var sideways = OrthogonalScrollingBehavior.none
        var groupWidth = 0, across = 1, width = 0, offset = 0
        /// Groups whose lengths follow their cells (heights down the section, widths along a
        /// sideways row): where each starts and its cells, in place of `step` or `across` and
        /// `cells`.
        var measured: MeasuredGroups?
        var perGroup: Int { max(1, cells.count) }
        /// A header's or footer's natural frame: against the section's edge as it is now
        /// (measured cells move the edges after placing).
        func frame(of band: Band) -> Rect {
            let y: Int
            switch band.edge {
            case .top: y = start
            case .bottom: y = band.extendsBoundary ? footerStart : footerStart - band.size.height
            case .side: y = itemsStart
            }
            return Rect(x: band.x, y: y + band.offset.y, width: band.size.width, height: band.size.height)
        }
        /// The row's whole length, for sideways sections.
        var rowLength: Int {
            if let measured { return measured.extent }
            return count == 0 ? 0 : ((count + perGroup - 1) / perGroup - 1) * across + groupWidth
        }
        /// Where a sideways row's group starts along the row, and its width.
        func groupSpan(_ g: Int) -> (start: Int, width: Int) {
            if let measured { return (measured.start(ofGroup: g), measured.length(ofGroup: g)) }
            return (g * across, groupWidth)
        }
        /// Groups in a sideways row.
        var groups: Int { (count + perGroup - 1) / perGroup }
        /// The group starting at or before `x` along the row (the first, before it).
        func group(at x: Int) -> Int {
            min(max(0, groups - 1), max(0, measured?.group(startingAtOrBefore: x) ?? x / max(1, across)))
        }
        /// The offset that puts group `g` in the middle of the row's width.
        func centring(_ g: Int) -> Int {
            let span = groupSpan(g)
            return span.start + span.width / 2 - width / 2
        }
        /// Where a sideways row may be scrolled: from its start to where its end shows. A
        /// `.groupPagingCentered` row, as UIKit's, can also centre its first and last groups,
        /// with room before the first or after the last (the offset is then below 0 or past
        /// the end); a group wider than the row starts or ends it as the others do.
        var offsetRange: ClosedRange<Int> {
            let end = max(0, rowLength - width)
            guard sideways == .groupPagingCentered, count > 0 else { return 0...end }
            let lower = min(0, centring(0))
            return lower...max(lower, end, centring(groups - 1))
        }
        /// Where a sideways row starts: a `.groupPagingCentered` one with its first group in the
        /// middle, the others at their start.
        var startingOffset: Int { sideways == .groupPagingCentered && count > 0 ? offsetRange.lowerBound : 0 }
        /// `offset` kept inside `offsetRange`.
        func clamped(_ offset: Int) -> Int { min(max(offset, offsetRange.lowerBound), offsetRange.upperBound) }
    }

    private(set) var viewport = Size.zero
    var sections: [Placed] = []
    /// Measured cell lengths (heights, or widths in sideways rows), by section and item: kept
    /// across prepares, as the flow layout keeps its own, until the items are reloaded, moved
    /// or the width changes.
    var measuredLengths: [Int: [Int: Int]] = [:]
    /// True when some section's cells are measured (the last prepare said so).
    public private(set) var sizesCellsByContent = false
    /// How far each sideways section is scrolled, by section: kept across prepares, so updates
    /// and resizes leave a row where the user put it (clamped to its new length).
    var sidewaysOffsets: [Int: Int] = [:]

    /// Fractional heights and the provider's environment depend on both sides: any change
    /// prepares again.
    @discardableResult
    public func setViewport(_ size: Size) -> Bool {
        defer { viewport = size }
        // Text wraps differently at another width: what was measured no longer holds.
        if size.width != viewport.width { measuredLengths.removeAll() }
        return size != viewport
    }

    /// Asks the provider for each section and places it.
    @MainActor public func prepare(for gridView: GridView) {
        let ds = gridView.dataSource
        let count = ds.map { max(0, $0.numberOfSections(in: gridView)) } ?? 0
        let environment = LayoutEnvironment(containerSize: viewport)
        let before = sections
        sections = []
        sections.reserveCapacity(count)
        var main = 0
        for s in 0..<count {
            let items = max(0, ds?.gridView(gridView, numberOfItemsInSection: s) ?? 0)
            var placed = place(provider(s, environment), items: items, at: main, measured: measuredLengths[s] ?? [:])
            if placed.sideways != .none {
                if s < before.count, let offset = sidewaysOffsets[s],
                    let snapped = Self.resnapped(before[s], offset: offset, to: placed)
                {
                    placed.offset = snapped
                } else {
                    placed.offset = placed.clamped(sidewaysOffsets[s] ?? placed.startingOffset)
                }
                sidewaysOffsets[s] = placed.offset
            }
            sections.append(placed)
            main = placed.end
        }
        sectionHeadersPinToVisibleBounds = sections.contains { $0.pins }
        sizesCellsByContent = sections.contains { $0.measured != nil }
        cellsHaveZIndices = sections.contains { $0.cellZIndices != nil }
    }

    /// Registers the view class that draws decorations of `kind` (UIKit's
    /// `register(_:forDecorationViewOfKind:)`): a `GridCell` subclass, made and reused by the
    /// grid, whose `draw(in:bounds:state:)` paints the decoration's area. A kind with no class
    /// registered draws nothing.
    public func register(_ viewClass: GridCell.Type, forDecorationViewOfKind kind: String) {
        decorationClasses[kind] = viewClass
    }

    /// See `GridLayout`.
    package func decorationViewClass(at indexPath: IndexPath) -> (kind: String, viewClass: GridCell.Type)? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let decorations = sections[indexPath.section].decorations
        guard indexPath.item >= 0, indexPath.item < decorations.count else { return nil }
        let kind = decorations[indexPath.item].elementKind
        return decorationClasses[kind].map { (kind, $0) }
    }

    /// Where decoration `indexPath.item` of section `indexPath.section` is, when its kind is
    /// `elementKind` (UIKit's `layoutAttributesForDecorationView(ofKind:at:)`).
    public func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < p.decorations.count,
            p.decorations[indexPath.item].elementKind == elementKind
        else { return nil }
        return decoration(indexPath.item, of: p, section: indexPath.section)
    }

    /// A section's decoration `d`: the section from below its header rows to above its footer
    /// rows, across the grid, less the decoration's insets.
    private func decoration(_ d: Int, of p: Placed, section: Int) -> LayoutAttributes {
        let item = p.decorations[d]
        let area = Rect(
            x: 0, y: p.start + p.headerExtent, width: viewport.width,
            height: max(0, p.footerStart - p.start - p.headerExtent))
        let frame = area.inset(by: item.contentInsets)
        return LayoutAttributes(
            indexPath: IndexPath(item: d, section: section),
            frame: Rect(x: frame.minX, y: frame.minY, width: max(0, frame.width), height: max(0, frame.height)),
            kind: .decoration, zIndex: item.zIndex)
    }

    /// A paging row's offset after a resize (its width changed): the page, group or centred
    /// group it showed, snapped again in the new widths, or its end if it showed its end. Nil
    /// when the row keeps its offset as it is (it did not change width, or does not page).
    private static func resnapped(_ old: Placed, offset: Int, to new: Placed) -> Int? {
        guard old.sideways == new.sideways, new.sideways != .continuous, old.width != new.width, old.count > 0,
            new.count > 0
        else { return nil }
        if offset >= old.offsetRange.upperBound && offset > old.offsetRange.lowerBound {
            return new.offsetRange.upperBound
        }
        switch new.sideways {
        case .none, .continuous: return nil
        case .paging:
            // The page that shows the start of the group the old page started in.
            let start = new.groupSpan(min(new.groups - 1, old.group(at: offset))).start
            return new.clamped(start / max(1, new.width) * max(1, new.width))
        case .groupPaging, .continuousGroupLeadingBoundary:
            // The group at the leading edge, or the next when the edge was nearer its start.
            var g = old.group(at: offset)
            let span = old.groupSpan(g)
            if offset - span.start > span.width / 2, g + 1 < old.groups { g += 1 }
            return new.clamped(new.groupSpan(min(new.groups - 1, g)).start)
        case .groupPagingCentered:
            return new.clamped(new.centring(min(new.groups - 1, old.group(at: offset + old.width / 2))))
        }
    }

    private func place(_ section: LayoutSection?, items: Int, at start: Int, measured: [Int: Int]) -> Placed {
        var p = Placed()
        p.start = start
        p.count = min(items, 1 << 40)
        guard let section else {
            p.count = 0
            p.itemsStart = start; p.footerStart = start; p.end = start
            return p
        }
        let width = Double(max(0, viewport.width - section.contentInsets.left - section.contentInsets.right))
        let height = Double(max(0, viewport.height))
        // Bands are sized against the whole visible area and laid across the grid's width.
        let across = Double(max(0, viewport.width))
        func size(_ b: LayoutBoundarySupplementaryItem) -> (w: Int, h: Int) {
            let w = b.layoutSize.widthDimension.resolve(width: across, height: height).rounded()
            let h = b.layoutSize.heightDimension.resolve(width: across, height: height).rounded()
            return (Int(min(max(0, w), across)), Int(min(max(0, h), LayoutDimension.longest)))
        }
        // The rows of their own that items above or below take: the tallest on each edge.
        func extent(_ edge: RectAlignment.Edge) -> Int {
            var rows = 0
            for b in section.boundarySupplementaryItems
            where b.extendsBoundary && b.alignment.edge == edge
                && (b.elementKind == .header || b.elementKind == .footer)
            {
                rows = max(rows, size(b).h)
            }
            return rows
        }
        let bands = section.boundarySupplementaryItems
        let headerItem = bands.first { $0.elementKind == .header },
            footerItem = bands.first { $0.elementKind == .footer }
        p.pins = headerItem?.pinToVisibleBounds == true
        p.decorations = section.decorationItems
        func band(_ b: LayoutBoundarySupplementaryItem?) -> Band? {
            guard let b else { return nil }
            let (w, h) = size(b)
            guard w > 0, h > 0 else { return nil }
            let x = b.alignment.x(width: w, across: viewport.width) + b.offset.x
            return Band(
                size: Size(width: w, height: h), x: x, edge: b.alignment.edge, extendsBoundary: b.extendsBoundary,
                offset: b.offset, zIndex: b.zIndex)
        }
        p.header = band(headerItem)
        p.footer = band(footerItem)
        p.separators = section.showsSeparators && section.orthogonalScrollingBehavior == .none
        let groupWidth = section.group.layoutSize.widthDimension.resolve(width: width, height: height)
        let sideways = section.orthogonalScrollingBehavior != .none
        // The group's height in whole rows, at least one: its cells are laid out in it and kept
        // inside it, so a group's cells never reach into another group's rows. An estimated
        // height is only where planning starts: the group then takes its content's height.
        let estimate = max(
            1, Int(section.group.layoutSize.heightDimension.resolve(width: width, height: height).rounded()))
        // Sections that scroll down measure heights; rows that scroll sideways measure widths
        // (the row's height would be its tallest cell's, and those off screen are never asked).
        let side = sideways ? MeasuredSide.width : .height
        let plan = section.group.planned(width: groupWidth, height: Double(estimate), measuring: side)
        let (rows, columns, cells) = plan.cells(side: side)
        let measures = plan.measuredCells.contains(true)
        p.cells = cells
        let zIndices = plan.cellZIndices
        if zIndices.contains(where: { $0 != 0 }) { p.cellZIndices = zIndices }
        p.left = section.contentInsets.left
        p.step = rows + max(0, min(section.interGroupSpacing, 1 << 20))
        p.headerExtent = extent(.top)
        p.itemsStart = start + p.headerExtent + section.contentInsets.top
        if sideways, !p.cells.isEmpty {
            // One row of groups, scrolling sideways: the section is one group high.
            p.sideways = section.orthogonalScrollingBehavior
            p.groupWidth = columns
            p.across = p.groupWidth + max(0, min(section.interGroupSpacing, 1 << 20))
            if measures {
                p.measured = MeasuredGroups(
                    plan: plan, side: .width, items: p.count, spacing: p.across - columns, measured: measured)
            }
            p.width = Int(width)
            p.footerStart = p.itemsStart + (p.count == 0 ? 0 : rows) + section.contentInsets.bottom
            p.end = p.footerStart + extent(.bottom) + max(0, section.trailingSpace)
            return p
        }
        let groups = p.cells.isEmpty ? 0 : (p.count + p.perGroup - 1) / p.perGroup
        let (span, overflow) = max(0, groups - 1).multipliedReportingOverflow(by: p.step)
        var itemsExtent = groups == 0 ? 0 : (overflow ? Int.max / 4 : min(span, Int.max / 4)) + rows
        if measures, !overflow, span < Int.max / 8 {
            let m = MeasuredGroups(
                plan: plan, side: .height, items: p.count, spacing: p.step - rows, measured: measured)
            itemsExtent = m.extent
            p.measured = m
        }
        p.footerStart = p.itemsStart + itemsExtent + section.contentInsets.bottom
        p.end = p.footerStart + extent(.bottom) + max(0, section.trailingSpace)
        if p.cells.isEmpty { p.count = 0 }
        return p
    }

    /// See `GridLayout`.
    public var contentSize: Size { Size(width: viewport.width, height: sections.last?.end ?? 0) }
    /// See `GridLayout`.
    public var numberOfSections: Int { sections.count }
    /// See `GridLayout`.
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].count : 0
    }

    func frame(_ item: Int, in p: Placed) -> Rect {
        if let m = p.measured {
            let g = item / p.perGroup, cell = m.cells(ofGroup: g)[item % p.perGroup]
            if p.sideways != .none {
                return cell.offsetBy(dx: p.left + m.start(ofGroup: g) - p.offset, dy: p.itemsStart)
            }
            return cell.offsetBy(dx: p.left, dy: p.itemsStart + m.start(ofGroup: g))
        }
        let cell = p.cells[item % p.perGroup]
        if p.sideways != .none {
            return cell.offsetBy(dx: p.left + (item / p.perGroup) * p.across - p.offset, dy: p.itemsStart)
        }
        return cell.offsetBy(dx: p.left, dy: p.itemsStart + (item / p.perGroup) * p.step)
    }

    /// See `GridLayout`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < p.count else { return nil }
        return LayoutAttributes(
            indexPath: indexPath, frame: frame(indexPath.item, in: p), kind: .cell,
            zIndex: p.cellZIndices?[indexPath.item % p.perGroup] ?? 0)
    }

    /// See `GridLayout`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        if kind == .decoration {
            guard indexPath.item >= 0, indexPath.item < p.decorations.count else { return nil }
            return decoration(indexPath.item, of: p, section: indexPath.section)
        }
        guard let band = kind == .header ? p.header : kind == .footer ? p.footer : nil else { return nil }
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: indexPath.section), frame: p.frame(of: band), kind: kind,
            zIndex: band.zIndex)
    }

    /// The first section that ends below `y`.
    func section(atOrAfter y: Int) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// See `GridLayout`.
    package func forEachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void) {
        guard !rect.isEmpty else { return }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let p = sections[s]
            if p.count > 0, p.sideways != .none {
                // The groups the rect meets across the row.
                var group = max(
                    0,
                    (p.measured?.group(startingAtOrBefore: rect.minX - p.left + p.offset)
                        ?? (rect.minX - p.left + p.offset) / p.across) - 1)
                while group * p.perGroup < p.count, p.left + p.groupSpan(group).start - p.offset < rect.maxX {
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = frame(i, in: p)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    group += 1
                }
            } else if p.count > 0, let m = p.measured {
                // Cells stay inside their group's rows here too; each group's start and cells
                // are looked up once.
                var group = m.group(startingAtOrBefore: rect.minY - p.itemsStart)
                var top = p.itemsStart + m.start(ofGroup: group)
                while group * p.perGroup < p.count, top < rect.maxY {
                    let cells = m.cells(ofGroup: group)
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = cells[i % p.perGroup].offsetBy(dx: p.left, dy: top)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    top += m.length(ofGroup: group) + m.spacing
                    group += 1
                }
            } else if p.count > 0 {
                // Cells stay inside their group's rows: only the groups the rect meets count.
                var group = max(0, (rect.minY - p.itemsStart) / p.step - 1)
                while group * p.perGroup < p.count, p.itemsStart + group * p.step < rect.maxY {
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = frame(i, in: p)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    group += 1
                }
            }
            s += 1
        }
    }

    /// See `GridLayout`.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        if cellsHaveZIndices {
            forEachItem(in: rect) { ip, f in
                let p = sections[ip.section]
                out.append(
                    LayoutAttributes(
                        indexPath: ip, frame: f, kind: .cell, zIndex: p.cellZIndices?[ip.item % p.perGroup] ?? 0))
            }
        } else {
            forEachItem(in: rect) { out.append(LayoutAttributes(indexPath: $0, frame: $1, kind: .cell)) }
        }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let p = sections[s], ip = IndexPath(item: 0, section: s)
            if let band = p.header {
                let natural = p.frame(of: band)
                var header = LayoutAttributes(indexPath: ip, frame: natural, kind: .header, zIndex: band.zIndex)
                if p.pins {
                    // At the top of `rect` while its section shows, pushed off by the section's end.
                    let pinned = min(max(natural.minY, rect.minY), p.end - natural.height)
                    if pinned > natural.minY {
                        header.frame = natural.offsetBy(dx: 0, dy: pinned - natural.minY); header.isPinned = true
                    }
                }
                if header.frame.intersects(rect) { out.append(header) }
            }
            if let band = p.footer {
                let f = p.frame(of: band)
                if f.intersects(rect) {
                    out.append(LayoutAttributes(indexPath: ip, frame: f, kind: .footer, zIndex: band.zIndex))
                }
            }
            for d in p.decorations.indices {
                let a = decoration(d, of: p, section: s)
                if a.frame.intersects(rect) { out.append(a) }
            }
            s += 1
        }
        return out
    }
}
