/// The placed sections of a compositional layout: where each section, its groups, header and
/// footer went in the last prepare, and the sideways rows' arithmetic (lengths, groups, offsets).
extension CompositionalLayout {
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
}
