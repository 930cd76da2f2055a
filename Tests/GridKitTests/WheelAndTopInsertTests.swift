import GridKitTesting
import Testing

@testable import GridKit

/// Issue 48's bugs: the mouse wheel and the focus, and items inserted above the focus while
/// the view is at the top.
@MainActor @Suite struct WheelAndTopInsertTests {
    func wheel(_ action: MouseAction) -> InputEvent { .mouse(MouseEvent(action: action, position: Point(x: 3, y: 4))) }

    /// The numbers: 100 one-row items at 40×10, Home, one wheel step down. The focus
    /// stays on the item at the top edge the first one left by, not the bottom row.
    @Test func aWheelStepDownKeepsTheFocusAtTheTop() {
        let run = ScreenHarness(size: Size(width: 40, height: 10)).run(
            LoggingScreen("Rows", rows: 100), keys: "home", events: [wheel(.wheelDown)])
        #expect(run.gridView?.contentOffset.y == 3)
        #expect(run.focusedIndexPath == IndexPath(item: 3, section: 0))
    }

    /// The focus stays on its item while it is visible, and moves to the nearest item on the
    /// side it left by when it scrolls out: turns of the wheel never throw it across the view.
    @Test func theFocusStaysWhileVisibleAndLeavesByItsOwnEdge() {
        let h = GridHarness(
            TestContent(counts: [100]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 40, height: 10))
        h.press([.key(.home), wheel(.wheelDown)])
        #expect(h.gridView.contentOffset.y == 3 && h.gridView.focusedIndexPath?.item == 3)
        h.press([wheel(.wheelDown)])
        #expect(h.gridView.contentOffset.y == 6 && h.gridView.focusedIndexPath?.item == 6, "the new first row")
        h.press([wheel(.wheelUp)])
        #expect(h.gridView.contentOffset.y == 3 && h.gridView.focusedIndexPath?.item == 6, "still visible: it stays")
        h.press([wheel(.wheelUp)])
        #expect(h.gridView.contentOffset.y == 0 && h.gridView.focusedIndexPath?.item == 6)
        // From the end, up: the focus left by the bottom, so it goes to the last row shown.
        h.press([.key(.end), wheel(.wheelUp)])
        #expect(h.gridView.contentOffset.y == 87 && h.gridView.focusedIndexPath?.item == 96)
        h.press([wheel(.wheelDown)])
        #expect(h.gridView.contentOffset.y == 90 && h.gridView.focusedIndexPath?.item == 96)
    }

    /// Under a pinned header, the item the focus goes to is the first one below the header.
    @Test func aWheelStepUnderAPinnedHeaderFocusesTheFirstRowBelowIt() {
        let content = TestContent(counts: [60])
        content.header = Size(width: 40, height: 1)
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 40, height: 10))
        h.press([.key(.home), wheel(.wheelDown)])
        #expect(h.gridView.isFullyVisible(h.gridView.focusedIndexPath!))
        #expect(
            h.gridView.focusedIndexPath?.item == 3, "the row under the pinned header (offset 3 shows row 2 under it)")
    }

    /// At the very top, a new first section shows: the view stays at the top and the focused
    /// row moves down (UIKit's behaviour), unless that would take it out of view. Below the
    /// top, the focused row keeps its place.
    @Test func aBatchInsertingAboveTheFocusAtTheTopShowsTheNewRows() throws {
        let content = TestContent(counts: [40])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 40, height: 10))
        h.gridView.focusItem(at: IndexPath(item: 2, section: 0))
        content.counts = [3, 40]
        try h.gridView.performBatchUpdates { $0.insertSections([0]) }
        let shown = h.render().text
        #expect(h.gridView.contentOffset.y == 0 && h.gridView.focusedIndexPath == IndexPath(item: 2, section: 1))
        #expect(shown.contains("0.0") && shown.contains("0.2"), "the new section shows")

        // So many above it that the focused row would leave the view: it keeps its place.
        content.counts = [20, 3, 40]
        try h.gridView.performBatchUpdates { $0.insertSections([0]) }
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 2, section: 2) && h.gridView.contentOffset.y == 20)

        // Scrolled down: what comes above the focus does not move it on screen.
        content.counts = [3, 100]
        h.gridView.contentOffset = .zero
        h.gridView.reloadData()
        h.gridView.focusItem(at: IndexPath(item: 50, section: 1))
        let offset = h.gridView.contentOffset.y
        #expect(offset > 0)
        content.counts = [2, 3, 100]
        try h.gridView.performBatchUpdates { $0.insertSections([0]) }
        #expect(
            h.gridView.contentOffset.y == offset + 2 && h.gridView.focusedIndexPath == IndexPath(item: 50, section: 2))
    }

    /// The same through a diffable data source: a snapshot with a new first section, applied
    /// while the view is at the top, shows it.
    @Test func anApplyInsertingAboveTheFocusAtTheTopShowsTheNewSection() throws {
        let f = DiffableFixture()
        let rows = (0..<40).map { "r\($0)" }
        try f.source.apply(snapshot([(1, rows)]))
        f.grid.focusItem(at: IndexPath(item: 1, section: 0))
        try f.source.apply(snapshot([(0, ["new1", "new2"]), (1, rows)]))
        let shown = f.render().text
        #expect(f.grid.contentOffset.y == 0 && f.grid.focusedIndexPath == IndexPath(item: 1, section: 1))
        #expect(shown.contains("new1") && shown.contains("new2"))

        // Below the top, the focused row keeps its place (live data).
        try f.source.apply(snapshot([(1, rows)]))
        f.grid.focusItem(at: IndexPath(item: 20, section: 0))
        let offset = f.grid.contentOffset.y
        #expect(offset > 0)
        try f.source.apply(snapshot([(0, ["x"]), (1, rows)]))
        #expect(f.grid.contentOffset.y == offset + 1 && f.grid.focusedIndexPath == IndexPath(item: 20, section: 1))
    }
}
