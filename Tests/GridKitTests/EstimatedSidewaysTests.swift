import GridKitTesting
import Testing

@testable import GridKit

/// `.estimated` widths in a compositional row that scrolls sideways: cells are measured as they
/// come on screen (`TallRow.widthOf`), and the groups after them move along the row.
@MainActor @Suite struct EstimatedSidewaysTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }
    func frame(_ l: GridLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        l.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// One tile a group, both widths estimated at 8, a column apart, three rows high.
    func tiles(_ behaviour: OrthogonalScrollingBehavior = .continuous) -> CompositionalLayout {
        let tile = LayoutItem(layoutSize: size(.estimated(8), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.estimated(8), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = behaviour
        row.interGroupSpacing = 1
        return CompositionalLayout(section: row)
    }

    func widths(_ item: Int) -> Int { [4, 12, 6][item % 3] }

    /// `count` tiles of `widths` (each `height` rows tall) in `layout`, in a 41×10 grid.
    func harness(_ layout: CompositionalLayout, count: Int, height: Int = 1) -> (GridHarness, TallRows) {
        let content = TallRows(count: count) { _ in height }
        content.widthOf = widths
        return (GridHarness(content, layout: layout, size: Size(width: 41, height: 10)), content)
    }

    @Test func tilesTakeTheirMeasuredWidths() {
        let layout = tiles()
        let (h, content) = harness(layout, count: 20, height: 9)
        #expect(frame(layout, 1) == Rect(x: 9, y: 0, width: 8, height: 3), "estimated before the first frame")
        let canvas = h.render()
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(frame(layout, 1) == Rect(x: 5, y: 0, width: 12, height: 3))
        #expect(frame(layout, 2) == Rect(x: 18, y: 0, width: 6, height: 3))
        #expect(frame(layout, 4) == Rect(x: 30, y: 0, width: 12, height: 3))
        #expect(frame(layout, 5) == Rect(x: 43, y: 0, width: 8, height: 3), "off screen: not measured, at its estimate")
        #expect(content.measurements == 5, "the five tiles on screen")
        #expect(layout.contentSize.height == 3, "heights are not measured in a sideways row")
        #expect(canvas.row(0).hasPrefix("[0]# 1===="), "\(canvas.text)")
    }

    /// Right walks along the row, measuring tiles as they come, and the focused one stays whole
    /// on screen.
    @Test func theFocusStaysInViewAlongTheRow() {
        let layout = tiles()
        let (h, content) = harness(layout, count: 30)
        for n in 1...12 {
            let canvas = h.press([.key(.right)])
            let f = frame(layout, n)!
            #expect(h.gridView.focusedIndexPath == IndexPath(item: n, section: 0))
            #expect(f.minX >= 0 && f.maxX <= 40 && f.width == widths(n), "item \(n) at \(f)")
            #expect(canvas.row(0).contains("[\(n)]"))
        }
        #expect(content.measurements <= 20)
    }

    /// The sideways wheel moves the row away from its focus, measuring tiles as they come;
    /// measuring does not pull the row back to the focus.
    @Test func theWheelTakesTheRowAwayFromItsFocus() {
        let layout = tiles()
        let (h, _) = harness(layout, count: 40)
        h.render()
        var starts: [Int] = []
        for _ in 0..<10 {
            _ = h.press([.mouse(MouseEvent(action: .wheelRight, position: Point(x: 5, y: 1)))])
            starts.append(-(frame(layout, 0)?.minX ?? 0))
        }
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "the row only moves on: \(starts)")
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    /// Group paging puts the focused tile's group at the leading edge, wherever the measured
    /// widths put it.
    @Test func groupPagingFollowsMeasuredStarts() {
        let layout = tiles(.groupPaging)
        let (h, _) = harness(layout, count: 30)
        h.press(Array(repeating: .key(.right), count: 7))
        #expect(frame(layout, 7)?.minX == 0 && frame(layout, 7)?.width == widths(7))
        #expect(frame(layout, 8)?.minX == widths(7) + 1)
    }

    /// A tile before the row's scrolled edge that changes width scrolls the row with it: what
    /// shows stays put. One after the screen moves nothing on it either.
    @Test func measuringBeforeTheEdgeKeepsWhatShows() {
        let layout = tiles()
        let (h, _) = harness(layout, count: 30)
        h.press(Array(repeating: .key(.right), count: 10))
        let before = frame(layout, 10)!
        #expect(frame(layout, 0)!.maxX <= 0, "the first tile scrolled off")
        func measure(_ item: Int, width: Int) -> Bool {
            let original = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!
            var preferred = original
            preferred.frame.size.width = width
            return layout.shouldInvalidateLayout(
                forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        }
        #expect(measure(0, width: 20))
        #expect(frame(layout, 10) == before && frame(layout, 0)?.width == 20)
        #expect(measure(25, width: 30))
        #expect(frame(layout, 10) == before)
    }

    /// A million tiles: what shows is measured, not the row.
    @Test func aMillionTilesMeasureOnlyWhatShows() {
        let layout = tiles()
        let (h, content) = harness(layout, count: 1_000_000)
        h.render()
        #expect(content.measurements <= 8)
        h.press(Array(repeating: .key(.right), count: 40))
        #expect(content.measurements <= 60)
        #expect(h.gridView.liveCellCount < 40)
        // Every tile is 9 columns apart as estimated, plus what measured ones grew.
        let grown = layout.measuredLengths[0, default: [:]].map { $0.value - 8 }.reduce(0, +)
        #expect(frame(layout, 999_999)?.minX == 999_999 * 9 + grown - layout.sidewaysOffsets[0, default: 0])
    }
}
