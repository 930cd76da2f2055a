import GridKitTesting
import Testing

@testable import GridKit

/// `.estimated` heights in a compositional layout: cells are measured as they come on screen
/// (the `TallRow`s of the self-sizing tests), and their groups take the answers.
@MainActor @Suite struct EstimatedCompositionalTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }
    func frame(_ l: GridLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        l.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// One full-width row a group, both heights estimated: a list.
    func rows(estimate: Int = 1, spacing: Int = 0) -> CompositionalLayout {
        let row = size(.fractionalWidth(1), .estimated(estimate))
        let section = LayoutSection(group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
        section.interGroupSpacing = spacing
        return CompositionalLayout(section: section)
    }

    @Test func rowsTakeTheirMeasuredHeights() {
        let heights = [3, 1, 2, 1]
        let layout = rows()
        let h = GridHarness(TallRows(count: 4) { heights[$0] }, layout: layout, size: Size(width: 21, height: 10))
        #expect(frame(layout, 3) == Rect(x: 0, y: 3, width: 20, height: 1), "estimated before the first frame")
        #expect(layout.sizesCellsByContent)
        let canvas = h.render()
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(frame(layout, 1) == Rect(x: 0, y: 3, width: 20, height: 1))
        #expect(frame(layout, 2) == Rect(x: 0, y: 4, width: 20, height: 2))
        #expect(frame(layout, 3) == Rect(x: 0, y: 6, width: 20, height: 1))
        #expect(layout.contentSize.height == 7)
        #expect(
            canvas.row(3).hasPrefix("1=") && canvas.row(4).hasPrefix("2=") && canvas.row(6).hasPrefix("3="),
            "\(canvas.text)")
    }

    /// Headers, footers and the sections after a measured one move with it; the arrows go
    /// row by row through rows of any height.
    @Test func bandsAndLaterSectionsFollowMeasuredRows() {
        let row = size(.fractionalWidth(1), .estimated(1))
        let section = LayoutSection(group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
        section.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, pinToVisibleBounds: true),
            LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .footer)
        ]
        let layout = CompositionalLayout(section: section)
        let content = TallRows(count: 3) { [2, 3, 1][$0] }
        content.sections = 2
        let h = GridHarness(content, layout: layout, size: Size(width: 21, height: 30))
        h.render()
        let footer = layout.layoutAttributesForSupplementaryElement(
            ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
        #expect(frame(layout, 2) == Rect(x: 0, y: 6, width: 20, height: 1))
        #expect(footer?.minY == 7, "below the last row, as measured")
        #expect(
            layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))?.frame
                .minY == 8)
        #expect(frame(layout, 0, 1) == Rect(x: 0, y: 9, width: 20, height: 2))
        #expect(layout.contentSize.height == 9 + 6 + 1)
        let pinned = layout.layoutAttributesForElements(in: Rect(x: 0, y: 12, width: 20, height: 5)).first {
            $0.kind == .header
        }
        #expect(pinned?.indexPath.section == 1 && pinned?.frame.minY == 12 && pinned?.isPinned == true)
        let ip = { (i: Int, s: Int) in IndexPath(item: i, section: s) }
        #expect(layout.neighbor(of: ip(0, 0), direction: .down) == ip(1, 0))
        #expect(layout.neighbor(of: ip(2, 0), direction: .down) == ip(0, 1), "over the footer and the next header")
        #expect(layout.neighbor(of: ip(1, 1), direction: .up) == ip(0, 1))
        #expect(layout.indexPathForItem(nearest: Point(x: 3, y: 4)) == ip(1, 0))
    }

    /// Side by side, a group is as tall as its tallest cell; each cell keeps its own height.
    @Test func aRowOfCellsIsAsTallAsTheTallest() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .estimated(2)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .estimated(2)), subitems: [item]))
        section.interGroupSpacing = 1
        let layout = CompositionalLayout(section: section)
        let h = GridHarness(TallRows(count: 6) { [1, 4, 3][$0 % 3] }, layout: layout, size: Size(width: 31, height: 20))
        h.render()
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(frame(layout, 1) == Rect(x: 10, y: 0, width: 10, height: 4))
        #expect(frame(layout, 2) == Rect(x: 20, y: 0, width: 10, height: 3))
        #expect(frame(layout, 3) == Rect(x: 0, y: 5, width: 10, height: 1), "after the tallest and the spacing")
        #expect(layout.contentSize.height == 9)
    }

    /// One above another, a group is as tall as its cells together: a cell of fixed height
    /// moves down with those above it and is not measured.
    @Test func aColumnOfCellsIsAsTallAsTheirSum() {
        let grows = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(1)))
        let fixed = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(1)))
        let column = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(1), .estimated(3)), subitems: [grows, fixed, grows])
        let layout = CompositionalLayout(section: LayoutSection(group: column))
        let rows = TallRows(count: 6) { [2, 5, 3][$0 % 3] }
        let h = GridHarness(rows, layout: layout, size: Size(width: 21, height: 30))
        h.render()
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 20, height: 2))
        #expect(frame(layout, 1) == Rect(x: 0, y: 2, width: 20, height: 1), "fixed: its own height, below the first")
        #expect(frame(layout, 2) == Rect(x: 0, y: 3, width: 20, height: 3))
        #expect(frame(layout, 3)?.minY == 6)
        #expect(rows.measurements == 4, "the fixed cells are not asked")
        #expect(
            layout.preferredSizeOffer(
                for: LayoutAttributes(indexPath: IndexPath(item: 1, section: 0), frame: frame(layout, 1)!, kind: .cell))
                == nil)
    }

    /// Groups nest: a cell beside a column of two; the row is as tall as the taller side.
    @Test func nestedGroupsGrowFromTheInside() {
        let big = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(2)))
        let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(2)))
        small.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 1, right: 0)
        let pair = LayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .estimated(4)), subitems: [small, small])
        let layout = CompositionalLayout(
            section: LayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .estimated(2)), subitems: [big, pair])))
        let h = GridHarness(
            TallRows(count: 6) { [3, 2, 2, 6, 1, 1][$0] }, layout: layout, size: Size(width: 41, height: 30))
        h.render()
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(frame(layout, 1) == Rect(x: 21, y: 0, width: 19, height: 2), "inset: a column left, a row below")
        #expect(frame(layout, 2) == Rect(x: 21, y: 3, width: 19, height: 2))
        #expect(
            frame(layout, 3) == Rect(x: 0, y: 6, width: 20, height: 6),
            "the column and its insets (6) outgrew the big cell (3)")
        #expect(frame(layout, 5)?.minY == 8)
        #expect(layout.contentSize.height == 12)
    }

    /// An estimated item in a group of fixed height, or in a row that scrolls sideways, is
    /// placed at its estimate and not asked.
    @Test func estimatesOutsideGrowingGroupsAreNotMeasured() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(2)))
        let fixed = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(3)), subitems: [item]))
        let sideways = LayoutSection(
            group: .horizontal(layoutSize: size(.absolute(10), .estimated(2)), subitems: [item]))
        sideways.orthogonalScrollingBehavior = .continuous
        let layout = CompositionalLayout { s, _ in s == 0 ? fixed : sideways }
        let content = TallRows(count: 3) { _ in 5 }
        content.sections = 2
        let h = GridHarness(content, layout: layout, size: Size(width: 41, height: 20))
        h.render()
        #expect(!layout.sizesCellsByContent && content.measurements == 0)
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 40, height: 2) && frame(layout, 1)?.minY == 3)
        _ = h
    }

    /// A million rows: the first frame, End and Home ask about a screenful each, never every item.
    @Test func aMillionRowsMeasureOnlyWhatShows() {
        let content = TallRows(count: 1_000_000) { 1 + $0 % 2 }
        let layout = rows()
        let h = GridHarness(content, layout: layout, size: Size(width: 21, height: 10))
        #expect(layout.contentSize.height == 1_000_000)
        h.render()
        let first = content.measurements
        #expect(first <= 12)
        #expect(layout.contentSize.height == 1_000_000 + (0..<first).filter { $0 % 2 == 1 }.count)
        h.press(InputEvent.script("end"))
        #expect(content.measurements - first <= 20, "End measures a screenful, not a million")
        let last = IndexPath(item: 999_999, section: 0)
        #expect(h.gridView.focusedIndexPath == last && h.gridView.isFullyVisible(last))
        #expect(h.canvas.text.contains("[999999]"))
        #expect(frame(layout, 999_999)?.maxY == layout.contentSize.height)
        h.press(InputEvent.script("pgup*3, home"))
        #expect(content.measurements <= 80)
        #expect(h.gridView.liveCellCount < 40)
        #expect(h.gridView.isFullyVisible(IndexPath(item: 0, section: 0)))
    }

    /// Cells measured above the focus, taller than their estimate, do not move it on screen.
    @Test func theFocusStaysPutWhenCellsAboveItAreMeasured() {
        let content = TallRows(count: 300) { 1 + $0 % 3 }
        let layout = rows()
        let h = GridHarness(content, layout: layout, size: Size(width: 21, height: 12))
        let focus = IndexPath(item: 150, section: 0)
        h.gridView.focusItem(at: focus)
        h.gridView.scrollToItem(at: focus, at: .top)
        h.render()
        let g = h.gridView
        func screenRow(_ item: Int) -> Int { frame(layout, item)!.minY - g.contentOffset.y }
        #expect(screenRow(150) == 0 && g.isFullyVisible(focus))
        h.press([.mouse(MouseEvent(action: .wheelUp, position: Point(x: 1, y: 1)))])
        #expect(screenRow(150) == 3, "the content moved by the wheel's three rows, no more")
        #expect(g.focusedIndexPath == focus && h.canvas.row(3).hasPrefix("[150]"))
    }

    /// The focused row, reloaded taller at the bottom of the screen, is measured again and
    /// scrolled into view whole.
    @Test func aFocusedRowThatGrowsStaysInView() {
        var tall = 1
        let content = TallRows(count: 40) { _ in 1 }
        let layout = rows()
        let h = GridHarness(content, layout: layout, size: Size(width: 21, height: 10))
        h.press(InputEvent.script("down*9"))
        let focus = IndexPath(item: 9, section: 0)
        #expect(h.gridView.focusedIndexPath == focus && h.canvas.row(9).hasPrefix("[9]"))
        tall = 4
        content.heightOf = { $0 == 9 ? tall : 1 }
        h.gridView.reloadItems(at: [focus])
        let canvas = h.render()
        #expect(frame(layout, 9)?.height == 4 && frame(layout, 10)?.minY == 13)
        #expect(h.gridView.isFullyVisible(focus), "\(canvas.text)")
        #expect(canvas.row(9).hasPrefix("###"), "the focused row's last line at the bottom")
    }

    /// A batch update forgets every measurement: the cells on screen are measured again.
    @Test func aBatchUpdateMeasuresAgain() throws {
        let content = TallRows(count: 10) { $0 == 0 ? 3 : 1 }
        let layout = rows()
        let h = GridHarness(content, layout: layout, size: Size(width: 21, height: 10))
        h.render()
        #expect(frame(layout, 1)?.minY == 3)
        content.count = 11
        content.heightOf = { $0 == 1 ? 3 : 1 } // the old first row, now second
        try h.gridView.performBatchUpdates { $0.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        h.render()
        #expect(frame(layout, 1) == Rect(x: 0, y: 1, width: 20, height: 3) && frame(layout, 2)?.minY == 4)
    }

    /// Starts of groups of one pitch with sparse corrections agree with plain sums.
    @Test func groupOffsetsAgreeWithSums() {
        var rng = SeededGenerator(seed: 21)
        for _ in 0..<200 {
            let count = rng.int(0...40), pitch = rng.int(1...4)
            var pitches = [Int](repeating: pitch, count: count)
            var offsets = GroupOffsets(count: count, pitch: pitch)
            for _ in 0..<rng.int(0...12) where count > 0 {
                let g = rng.int(0...(count - 1)), now = rng.int(1...7)
                offsets.add(now - pitches[g], toGroup: g)
                pitches[g] = now
            }
            for n in 0...count { #expect(offsets.start(ofGroup: n) == pitches.prefix(n).reduce(0, +)) }
            for y in 0...(pitches.reduce(0, +) + 2) where count > 0 {
                let expected = (0..<count).last { pitches.prefix($0).reduce(0, +) <= y } ?? 0
                #expect(offsets.group(startingAtOrBefore: y) == expected)
            }
        }
        var huge = GroupOffsets(count: 1 << 40, pitch: 3)
        huge.add(5, toGroup: (1 << 40) - 1)
        #expect(huge.start(ofGroup: 1 << 40) == (1 << 40) * 3 + 5)
        #expect(huge.group(startingAtOrBefore: 3 * 1_000_000 + 1) == 1_000_000)
    }
}
