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
    private(set) var cellsHaveZIndices = false

    /// Every section arranged as `section`.
    public convenience init(section: LayoutSection) {
        self.init { _, _ in section }
    }

    /// Each section arranged as `sectionProvider` says, asked on every prepare with the visible
    /// size; nil leaves a section empty.
    public init(sectionProvider: @escaping (_ section: Int, _ environment: LayoutEnvironment) -> LayoutSection?) {
        provider = sectionProvider
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
}
