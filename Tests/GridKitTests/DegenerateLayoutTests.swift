import GridKitTesting
import Testing

@testable import GridKit

/// Odd but legal inputs must cost what is on screen, not what is in the grid.
@MainActor @Suite struct DegenerateLayoutTests {
    func visits(_ layout: FlowLayout, _ rect: Rect) -> Int {
        var n = 0
        layout.forEachItem(in: rect) { _, _ in n += 1 }
        return n
    }

    @Test func zeroWidthItemsWithZeroSpacingAreNotOneMillionItemLine() {
        for sizes in [
            SectionLayoutInput.Sizes.uniform(Size(width: 0, height: 1)),
            .varied(Array(repeating: Size(width: 0, height: 1), count: 1_000_000))
        ] {
            let layout = makeLayout(
                width: 40, height: 10, sections: [SectionLayoutInput(count: 1_000_000, sizes: sizes)])
            var walked = 0
            layout.forEachItem(in: Rect(x: 0, y: 0, width: 40, height: 10)) { _, _ in walked += 1 }
            #expect(walked == 0, "zero-width frames meet nothing")
            #expect(layout.contentSize.height > 1, "lines hold at most a line's columns of items")
            // What a frame asks costs lines on screen times columns, not the whole grid.
            var asked = 0
            for line in layout.sectionLinesForTesting(0).lines(intersecting: 0, 10) {
                asked += layout.sectionLinesForTesting(0).items(inLine: line).count
            }
            #expect(asked <= 10 * 40)
        }
    }

    @Test func aZeroHeightViewportWalksNothing() {
        let layout = makeLayout(width: 40, height: 0, sections: [uniform(1_000_000, 10, 1)])
        #expect(visits(layout, Rect(x: 0, y: 0, width: 40, height: 0)) == 0)
        #expect(layout.sectionLinesForTesting(0).lines(intersecting: 5, 5).isEmpty)
        let content = TestContent(counts: [1_000_000])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 10, height: 1)), size: Size(width: 40, height: 0))
        h.press(InputEvent.script("down*3, end, pgup, home"))
        #expect(h.gridView.liveCellCount == 0)
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    @Test func zeroHeightLinesWithNoSpacingMeetNothing() {
        let layout = makeLayout(width: 40, height: 10, sections: [uniform(1_000_000, 10, 0, lineSpacing: 0)])
        #expect(layout.sectionLinesForTesting(0).lines(intersecting: 0, 10).isEmpty)
        #expect(visits(layout, Rect(x: 0, y: 0, width: 40, height: 10)) == 0)
    }

    @Test func aClickOnAPinnedHeaderDoesNotFocusTheItemUnderIt() {
        let content = TestContent(counts: [50, 50])
        content.header = Size(width: 0, height: 1)
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 20, height: 10))
        h.press(InputEvent.script("down*20"))
        let focused = h.gridView.focusedIndexPath
        #expect(h.gridView.contentOffset.y > 1, "scrolled: item rows pass under the pinned header")
        h.press([.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 0)))])
        #expect(h.gridView.focusedIndexPath == focused, "the click landed on the header")
        h.press([.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 2)))])
        #expect(h.gridView.focusedIndexPath != focused, "a click below the header still focuses")
    }

    @Test func reloadDataForgetsWhatWasPrefetched() {
        let content = TestContent(counts: [100])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 20, height: 5))
        h.render()
        #expect(content.prefetchLog == ["+[0, 5][0, 6][0, 7][0, 8][0, 9]"])
        content.prefetchLog = []
        content.counts = [100]
        h.gridView.reloadData()
        h.render()
        // New content: the page ahead is asked for again, and nothing of the old is cancelled.
        #expect(content.prefetchLog == ["+[0, 5][0, 6][0, 7][0, 8][0, 9]"])
    }
}
