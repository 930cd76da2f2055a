import GridKitTesting
import Testing

@testable import GridKit

/// CompositionalLayout: items in groups in sections, placed by fractions and cells.
@MainActor @Suite struct CompositionalLayoutTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    func columns(_ n: Int, rows: Int = 5, spacing: Int = 1) -> LayoutSection {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1 / Double(n)), .fractionalHeight(1)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(rows)), subitems: [item]))
        section.interGroupSpacing = spacing
        return section
    }

    func frame(_ l: GridLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        l.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Quarter-width items repeat across the group; groups stack with their spacing.
    @Test func fractionalItemsRepeatAcrossTheGroupAndGroupsStack() {
        let layout = CompositionalLayout(section: columns(4))
        // 40 inside the indicator
        let h = GridHarness(TestContent(counts: [10]), layout: layout, size: Size(width: 41, height: 20))
        _ = h
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 10, height: 5))
        #expect(frame(layout, 3) == Rect(x: 30, y: 0, width: 10, height: 5))
        #expect(frame(layout, 4) == Rect(x: 0, y: 6, width: 10, height: 5))
        #expect(frame(layout, 9) == Rect(x: 10, y: 12, width: 10, height: 5))
        #expect(layout.contentSize.height == 17 && frame(layout, 10) == nil)
    }

    /// A big item beside a column of two: three items a group, a mosaic.
    @Test func nestedGroupsMakeAMosaic() {
        let big = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        small.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 0)
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), subitems: [big, pair])
        let layout = CompositionalLayout(section: LayoutSection(group: group))
        let h = GridHarness(TestContent(counts: [6]), layout: layout, size: Size(width: 41, height: 20))
        _ = h
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 20, height: 8))
        #expect(frame(layout, 1) == Rect(x: 21, y: 0, width: 19, height: 4), "inset by a column on the left")
        #expect(frame(layout, 2) == Rect(x: 21, y: 4, width: 19, height: 4))
        #expect(frame(layout, 3) == Rect(x: 0, y: 8, width: 20, height: 8))
    }

    /// The provider sees the visible size: four columns at 80 cells, two below.
    @Test func theSectionProviderChangesColumnsWithTheWidth() {
        let layout = CompositionalLayout { _, environment in self.columns(environment.containerSize.width >= 80 ? 4 : 2)
        }
        let h = GridHarness(TestContent(counts: [8]), layout: layout, size: Size(width: 81, height: 20))
        #expect(frame(layout, 3)?.minY == 0 && frame(layout, 4)?.minY == 6)
        h.gridView.frame = Rect(x: 0, y: 0, width: 41, height: 20)
        #expect(frame(layout, 1)?.minY == 0 && frame(layout, 2)?.minY == 6)
    }

    /// Headers and footers band the section; a pinned header stays at the top while its section
    /// is on screen.
    @Test func headersFootersAndPinning() {
        let section = columns(2, rows: 3, spacing: 0)
        section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
        section.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, pinToVisibleBounds: true),
            LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(2)), elementKind: .footer)
        ]
        let layout = CompositionalLayout(section: section)
        let h = GridHarness(TestContent(counts: [6, 2]), layout: layout, size: Size(width: 21, height: 10))
        _ = h
        #expect(
            frame(layout, 0) == Rect(x: 2, y: 2, width: 8, height: 3),
            "below the header and the top inset, right of the left inset")
        #expect(
            layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
                .minY == 12)
        #expect(frame(layout, 0, 1)?.minY == 14 + 2)
        #expect(layout.sectionHeadersPinToVisibleBounds)
        let header = layout.layoutAttributesForElements(in: Rect(x: 0, y: 5, width: 20, height: 10)).first {
            $0.kind == .header && $0.indexPath.section == 0
        }
        #expect(header?.frame.minY == 5 && header?.isPinned == true)
    }

    /// Arrows go by where items are: along the row, and to the nearest item of the next row,
    /// into the next section at its end.
    @Test func arrowsFollowTheItemsOnScreen() {
        let big = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        let mosaic = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(8)), subitems: [big, pair]))
        let layout = CompositionalLayout { s, _ in s == 0 ? mosaic : self.columns(4) }
        let h = GridHarness(TestContent(counts: [3, 8]), layout: layout, size: Size(width: 41, height: 30))
        _ = h
        let ip = { (i: Int, s: Int) in IndexPath(item: i, section: s) }
        #expect(layout.neighbor(of: ip(0, 0), direction: .right) == ip(1, 0))
        #expect(layout.neighbor(of: ip(2, 0), direction: .left) == ip(0, 0))
        #expect(layout.neighbor(of: ip(1, 0), direction: .down) == ip(2, 0))
        #expect(
            layout.neighbor(of: ip(2, 0), direction: .down) == ip(2, 1), "into the next section, at the nearest column")
        #expect(layout.neighbor(of: ip(0, 0), direction: .left) == nil)
        #expect(layout.neighbor(of: ip(6, 1), direction: .up) == ip(2, 1))
        #expect(layout.indexPathForItem(nearest: Point(x: 35, y: 3)) == ip(1, 0))
        // At a line's end, left and right go on to the next item, as in a flow layout.
        #expect(layout.neighbor(of: ip(3, 1), direction: .right) == ip(4, 1), "on to the next line")
        #expect(layout.neighbor(of: ip(4, 1), direction: .left) == ip(3, 1), "back to the line before")
        #expect(layout.neighbor(of: ip(2, 0), direction: .right) == ip(0, 1), "into the next section")
        #expect(layout.neighbor(of: ip(0, 1), direction: .left) == ip(2, 0), "back into the section before")
        #expect(layout.neighbor(of: ip(7, 1), direction: .right) == nil, "not past the last item")
    }

    /// Left and right never go on into a row that scrolls sideways: its far end would show.
    @Test func arrowsDoNotWrapIntoASidewaysRow() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .continuous
        let layout = CompositionalLayout { s, _ in s == 0 ? row : self.columns(4) }
        let h = GridHarness(TestContent(counts: [20, 8]), layout: layout, size: Size(width: 41, height: 30))
        _ = h
        let ip = { (i: Int, s: Int) in IndexPath(item: i, section: s) }
        #expect(layout.neighbor(of: ip(0, 1), direction: .left) == nil)
        #expect(layout.neighbor(of: ip(19, 0), direction: .right) == nil, "a row stops at its end")
        #expect(layout.neighbor(of: ip(3, 1), direction: .right) == ip(4, 1))
    }

    /// A million items: queries look at what they return, not at every item.
    @Test func aMillionItemsAnswerAtTheEnd() {
        let layout = CompositionalLayout(section: columns(4))
        let h = GridHarness(TestContent(counts: [1_000_000]), layout: layout, size: Size(width: 41, height: 20))
        _ = h
        let last = frame(layout, 999_999)
        #expect(last == Rect(x: 30, y: 249_999 * 6, width: 10, height: 5))
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 249_999 * 6 - 10, width: 40, height: 20))
        #expect(found.count == 12 && found.contains { $0.indexPath.item == 999_999 })
    }

    /// A row that scrolls sideways inside the vertical grid: Right moves along it and scrolls it,
    /// Down leaves it for the nearest item below, and only what shows is asked for.
    @Test func aSectionScrollsSideways() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .continuous
        row.interGroupSpacing = 1
        let layout = CompositionalLayout { s, _ in s == 0 ? row : self.columns(4, rows: 2) }
        let h = GridHarness(TestContent(counts: [20, 8]), layout: layout, size: Size(width: 41, height: 20))
        #expect(frame(layout, 3) == Rect(x: 33, y: 0, width: 10, height: 3), "the row runs on past the edge")
        #expect(frame(layout, 0, 1)?.minY == 3, "the section is one row of groups high")
        _ = h.press(Array(repeating: .key(.right), count: 5))
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 5, section: 0))
        #expect(frame(layout, 5) == Rect(x: 30, y: 0, width: 10, height: 3), "scrolled just enough to show it")
        let shown = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 3)).filter {
            $0.kind == .cell
        }.map(\.indexPath.item)
        #expect(shown == [2, 3, 4, 5], "\(shown)")
        let canvas = h.press([.key(.down)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 3, section: 1), "down to the item below it")
        _ = canvas
        _ = h.press([.key(.up)])
        #expect(h.gridView.focusedIndexPath?.section == 0, "back up into the row")
        // The row keeps its place across a reload.
        h.gridView.reloadData()
        #expect(frame(layout, 5)?.minX == 30)
        _ = h.press(Array(repeating: .key(.right), count: 30))
        #expect(
            h.gridView.focusedIndexPath == IndexPath(item: 19, section: 0) && frame(layout, 19)?.maxX == 40,
            "the end of the row")
    }

    /// Left and Right in a sideways row go by where items are (issue 52): in groups of one tall
    /// item beside two small ones, Right from the top small one goes on to the next tall one,
    /// not down to the small one below it, and Left comes back to the nearest on its rows.
    @Test func leftAndRightInASidewaysRowGoByPosition() {
        let tall = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        let row = LayoutSection(
            group: .horizontal(layoutSize: size(.absolute(20), .absolute(4)), subitems: [tall, pair]))
        row.orthogonalScrollingBehavior = .continuous
        row.interGroupSpacing = 1
        let layout = CompositionalLayout(section: row)
        let h = GridHarness(TestContent(counts: [12]), layout: layout, size: Size(width: 41, height: 10))
        func right(from item: Int) -> Int? {
            layout.neighbor(of: IndexPath(item: item, section: 0), direction: .right)?.item
        }
        func left(from item: Int) -> Int? {
            layout.neighbor(of: IndexPath(item: item, section: 0), direction: .left)?.item
        }
        #expect(
            frame(layout, 1) == Rect(x: 10, y: 0, width: 10, height: 2)
                && frame(layout, 2) == Rect(x: 10, y: 2, width: 10, height: 2))
        #expect(right(from: 1) == 3 && right(from: 2) == 3, "on to the next group's tall item")
        #expect(right(from: 0) == 1 && right(from: 3) == 4)
        #expect(left(from: 3) == 1 && left(from: 2) == 0 && left(from: 1) == 0)
        #expect(right(from: 11) == nil && left(from: 0) == nil)
        // Through the keys, the row follows the focus.
        h.gridView.focusItem(at: IndexPath(item: 1, section: 0))
        _ = h.press([.key(.right), .key(.right), .key(.right)])
        #expect(h.gridView.focusedIndexPath?.item == 6 && frame(layout, 6).map { $0.maxX <= 40 } == true)
    }

    /// Group paging puts the focused item's group at the leading edge; paging turns whole widths.
    @Test func pagingBehaviours() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        func layout(_ behaviour: OrthogonalScrollingBehavior) -> CompositionalLayout {
            let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
            row.orthogonalScrollingBehavior = behaviour
            return CompositionalLayout(section: row)
        }
        let group = layout(.groupPaging)
        let g = GridHarness(TestContent(counts: [20]), layout: group, size: Size(width: 41, height: 10))
        _ = g.press(Array(repeating: .key(.right), count: 6))
        #expect(frame(group, 6)?.minX == 0)
        let page = layout(.paging)
        let p = GridHarness(TestContent(counts: [20]), layout: page, size: Size(width: 41, height: 10))
        _ = p.press(Array(repeating: .key(.right), count: 5))
        #expect(frame(page, 5)?.minX == 10 && frame(page, 4)?.minX == 0, "a page of 40 cells further")
    }

    /// `.groupPagingCentered` centres every group, the first and the last too, as UIKit's does
    /// (there is room before the first group and after the last), under the keys and the wheel.
    @Test func groupPagingCentredCentresTheFirstAndLastGroups() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .groupPagingCentered
        let layout = CompositionalLayout(section: row)
        let h = GridHarness(TestContent(counts: [20]), layout: layout, size: Size(width: 41, height: 10))
        _ = h.render()
        #expect(frame(layout, 0)?.minX == 15, "the first group in the middle of 40 columns")
        _ = h.press([.key(.right)])
        #expect(frame(layout, 1)?.minX == 15)
        _ = h.press([.key(.end)])
        _ = h.press(Array(repeating: .key(.right), count: 30))
        #expect(h.gridView.focusedIndexPath?.item == 19 && frame(layout, 19)?.minX == 15, "the last one too")
        _ = h.press([.key(.home)])
        #expect(frame(layout, 0)?.minX == 15)
        // The wheel goes a group at a time between the same places, and no further.
        func wheel(_ action: MouseAction) {
            _ = h.press([.mouse(MouseEvent(action: action, position: Point(x: 5, y: 1)))])
        }
        wheel(.wheelLeft)
        #expect(frame(layout, 0)?.minX == 15)
        wheel(.wheelRight)
        #expect(frame(layout, 1)?.minX == 15)
    }

    /// Paging rows snap again when the width changes (issue 52): a paging row to a page of the
    /// new width, a group-paging row to a group's start, a centred one to a group in the middle,
    /// one at its end stays at its end. The focus is elsewhere, so only the resize moves them.
    @Test func pagingRowsSnapAgainAfterAResize() {
        func row(_ behaviour: OrthogonalScrollingBehavior, _ width: LayoutDimension) -> LayoutSection {
            let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let row = LayoutSection(group: .horizontal(layoutSize: size(width, .absolute(3)), subitems: [tile]))
            row.orthogonalScrollingBehavior = behaviour
            return row
        }
        let layout = CompositionalLayout { s, _ in
            switch s {
            case 0: row(.paging, .absolute(10))
            case 1: row(.groupPaging, .fractionalWidth(0.5))
            case 2: row(.groupPagingCentered, .fractionalWidth(0.5))
            case 3: row(.groupPaging, .fractionalWidth(0.5))
            default: self.columns(1, rows: 1, spacing: 0)
            }
        }
        let h = GridHarness(TestContent(counts: [20, 20, 20, 5, 3]), layout: layout, size: Size(width: 41, height: 20))
        h.gridView.focusItem(at: IndexPath(item: 0, section: 4))
        func wheel(_ y: Int, _ times: Int) {
            _ = h.press(
                Array(repeating: .mouse(MouseEvent(action: .wheelRight, position: Point(x: 5, y: y))), count: times))
        }
        wheel(1, 1)
        wheel(4, 2)
        wheel(7, 1)
        wheel(10, 9)
        #expect(frame(layout, 4, 0)?.minX == 0, "page 1: 40 columns on")
        #expect(frame(layout, 2, 1)?.minX == 0, "group 2 at the start")
        #expect(frame(layout, 1, 2)?.minX == 10, "group 1 in the middle")
        #expect(frame(layout, 4, 3)?.maxX == 40, "the end")
        h.gridView.frame = Rect(x: 0, y: 0, width: 31, height: 20)
        _ = h.render()
        #expect(frame(layout, 3, 0)?.minX == 0, "a page of 30: group 3's start, where group 4's page began")
        #expect(frame(layout, 2, 1)?.minX == 0, "group 2 at the start again")
        #expect(frame(layout, 1, 2).map { abs($0.minX + $0.maxX - 30) <= 1 } == true, "group 1 in the middle again")
        #expect(frame(layout, 4, 3)?.maxX == 30, "still the end")
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 0, section: 4))
    }

    /// A sideways wheel (or Shift with the wheel) scrolls the row under the pointer, not the
    /// grid, and not a row elsewhere; over a section that does not scroll sideways it does nothing.
    @Test func theSidewaysWheelScrollsTheRowUnderThePointer() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        func row(_ behaviour: OrthogonalScrollingBehavior) -> LayoutSection {
            let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
            row.orthogonalScrollingBehavior = behaviour
            return row
        }
        let layout = CompositionalLayout { s, _ in
            s == 0 ? row(.continuous) : s == 1 ? row(.paging) : self.columns(4, rows: 2)
        }
        let h = GridHarness(TestContent(counts: [20, 20, 8]), layout: layout, size: Size(width: 41, height: 20))
        func wheel(_ action: MouseAction, y: Int) {
            _ = h.press([.mouse(MouseEvent(action: action, position: Point(x: 5, y: y)))])
        }
        wheel(.wheelRight, y: 1)
        #expect(frame(layout, 0)?.minX == -6, "six cells along")
        #expect(frame(layout, 0, 1)?.minX == 0, "the other row stays")
        #expect(h.gridView.contentOffset == .zero, "the grid does not scroll")
        wheel(.wheelRight, y: 4)
        #expect(frame(layout, 0, 1)?.minX == -40, "a paging row turns a page")
        wheel(.wheelLeft, y: 1)
        wheel(.wheelLeft, y: 1)
        #expect(frame(layout, 0)?.minX == 0, "not before its start")
        let before = (0..<8).map { frame(layout, $0, 2) }
        wheel(.wheelRight, y: 8)
        #expect((0..<8).map { frame(layout, $0, 2) } == before, "the grid's own sections do not move")
        for _ in 0..<100 { wheel(.wheelRight, y: 1) }
        #expect(frame(layout, 19)?.maxX == 40, "not past its end")
    }

    /// A group-paging row turns a group at a time under the wheel; a cut group is shown whole first.
    @Test func theSidewaysWheelTurnsGroupPagingRowsAGroupAtATime() {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .groupPaging
        row.interGroupSpacing = 1
        let layout = CompositionalLayout(section: row)
        let h = GridHarness(TestContent(counts: [20]), layout: layout, size: Size(width: 41, height: 10))
        func wheel(_ action: MouseAction) {
            _ = h.press([.mouse(MouseEvent(action: action, position: Point(x: 5, y: 1)))])
        }
        wheel(.wheelRight)
        wheel(.wheelRight)
        #expect(frame(layout, 2)?.minX == 0, "two groups along")
        wheel(.wheelLeft)
        #expect(frame(layout, 1)?.minX == 0, "one back")
        for _ in 0..<40 { wheel(.wheelRight) }
        #expect(frame(layout, 19)?.maxX == 40, "no further than the row's end")
        wheel(.wheelLeft)
        #expect(
            frame(layout, 19)?.maxX ?? 0 > 40 && (0..<20).contains { frame(layout, $0)?.minX == 0 },
            "back to a group's start")
    }
}
