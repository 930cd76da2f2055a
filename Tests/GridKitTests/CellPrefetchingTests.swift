import GridKitTesting
import Testing

@testable import GridKit

/// Tiles in rows with a line between them, logging what the grid asks for and tells, beside the
/// frames the host presents.
@MainActor
final class CellLoggingScreen: Screen, GridDataSource, GridDelegate, GridPrefetching {
    var log: [String] = []
    var prefetching = true
    var labels: [Int: String] = [:]
    /// Run as each cell is asked for, before it is made.
    var whenAsked: ((GridView, IndexPath) -> Void)?
    var title: String { "Tiles" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: 8, height: 3), lineSpacing: 1) }
    func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
    func attach(to gridView: GridView, context: ScreenContext) { gridView.isPrefetchingEnabled = prefetching }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 300 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        log.append("cell \(indexPath.item)")
        whenAsked?(gridView, indexPath)
        let cell = gridView.dequeue(LabelCell.self, for: indexPath)
        cell.label = labels[indexPath.item] ?? "t\(indexPath.item)"
        return cell
    }
    func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath) {
        log.append("show \(indexPath.item)")
    }
    func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {
        log.append("end \(indexPath.item)")
    }
    func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath]) { log.append("prefetch") }
    func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

@MainActor @Suite struct CellPrefetchingTests {
    /// The cells a Down brings on screen were asked for after the frame before it went out, so
    /// the key's own frame asks for none; it still tells the delegate they show, and the cells
    /// that left are told about once the frame is out.
    @Test func theKeyThatScrollsFindsTheNextRowMade() {
        let screen = CellLoggingScreen()
        let host = HeadlessHost(size: Size(width: 36, height: 14), events: InputEvent.script("down*12"))
        host.afterPresent = { screen.log.append("present") }
        ScreenController(host: host).run(screen)
        let log = screen.log
        let shown = log.compactMap { $0.hasPrefix("show ") ? Int($0.dropFirst(5)) : nil }
        let firstPresent = log.firstIndex(of: "present")!
        let onFirstScreen = Set(log[..<firstPresent].compactMap { $0.hasPrefix("show ") ? Int($0.dropFirst(5)) : nil })
        let later = shown.filter { !onFirstScreen.contains($0) }
        #expect(!later.isEmpty, "the Downs scrolled: \(log)")
        for item in later {
            let asked = log.indices.filter { log[$0] == "cell \(item)" }
            #expect(asked.count == 1, "tile \(item) asked for once: \(log)")
            // Asked for after a frame went out, before the next frame showed anything: what
            // came last before it was a frame presented, not a cell shown.
            let before = asked.first.flatMap { a in log[..<a].last { $0 == "present" || $0.hasPrefix("show ") } }
            let after = asked.first.flatMap { a in a + 1 < log.count ? log[a + 1] : nil }
            #expect(
                before == "present" && after != "show \(item)",
                "tile \(item) was made ahead, after a frame went out: \(log)")
        }
        // Cells that leave are told about as soon as the frame they left in went out, before
        // anything else, never while a frame is made.
        #expect(log.contains { $0.hasPrefix("end ") })
        for (i, entry) in log.enumerated() where entry.hasPrefix("end ") {
            #expect(log[i - 1] == "present" || log[i - 1].hasPrefix("end "), "\(entry) after the frame: \(log)")
        }
        let text = host.lastFrame!.text
        #expect(text.contains("[t48]"), "the focus went down twelve rows of four:\n\(text)")
    }

    /// Off, as UIKit's: cells are asked for as they come on screen, and the prefetch data
    /// source hears nothing.
    @Test func turnedOffCellsAreAskedForAsTheyShow() {
        let screen = CellLoggingScreen()
        screen.prefetching = false
        let host = HeadlessHost(size: Size(width: 36, height: 14), events: InputEvent.script("down*12"))
        host.afterPresent = { screen.log.append("present") }
        ScreenController(host: host).run(screen)
        let log = screen.log
        #expect(!log.contains("prefetch"))
        for (i, entry) in log.enumerated() where entry.hasPrefix("cell ") {
            #expect(i + 1 < log.count && log[i + 1] == "show " + entry.dropFirst(5), "asked as shown: \(log)")
        }
        #expect(host.lastFrame!.text.contains("[t48]"))
    }

    /// A grid hosted by a controller, driven step by step: a frame, then what it leaves for later.
    private func hosted(_ screen: CellLoggingScreen) -> (GridHarness, GridView) {
        let h = GridHarness(screen: screen, size: Size(width: 36, height: 12))
        h.gridView.prefetchesAfterFrame = true
        h.render()
        h.gridView.prefetchAfterFrame()
        return (h, h.gridView)
    }

    private func scrollToShow(_ item: Int, _ h: GridHarness) {
        let grid = h.gridView
        for _ in 0..<20 where grid.cellForItem(at: IndexPath(item: item, section: 0)) == nil {
            h.press([.key(.down)])
            grid.prefetchAfterFrame()
        }
    }

    @Test func aCellMadeAheadIsAskedForAgainWhenItsItemReloads() {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        let ahead = grid.prefetchedCells.keys.map(\.item).sorted()
        #expect(ahead.first == 12, "the row below the screen is made: \(ahead)")
        screen.labels[12] = "new"
        screen.log = []
        grid.reloadItems(at: [IndexPath(item: 12, section: 0)])
        #expect(!grid.needsDisplay, "nothing on screen changed")
        scrollToShow(12, h)
        #expect(screen.log.filter { $0 == "cell 12" }.count == 1)
        #expect(h.canvas.text.contains("new"), "\(h.canvas.text)")
    }

    @Test func aCellMadeAheadIsReconfiguredWhereItWaits() throws {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        let waiting = try #require(grid.prefetchedCells[IndexPath(item: 13, section: 0)])
        screen.labels[13] = "changed"
        grid.reconfigureItems(at: [IndexPath(item: 13, section: 0)])
        #expect(grid.prefetchedCells[IndexPath(item: 13, section: 0)] === waiting, "the same cell, configured again")
        scrollToShow(13, h)
        #expect(grid.cellForItem(at: IndexPath(item: 13, section: 0)) === waiting)
        #expect(h.canvas.text.contains("changed"), "\(h.canvas.text)")
    }

    /// Content that changed wholesale (a reload, a batch update, a redraw asked for) leaves
    /// nothing made ahead from before it.
    @Test func changedContentLetsGoOfCellsMadeAhead() throws {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        #expect(!grid.prefetchedCells.isEmpty)
        screen.labels[12] = "after"
        grid.reloadData()
        #expect(grid.prefetchedCells.isEmpty)
        h.render()
        grid.prefetchAfterFrame()
        #expect(!grid.prefetchedCells.isEmpty)
        try grid.performBatchUpdates { $0.reloadItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(grid.prefetchedCells.isEmpty)
        h.render()
        grid.prefetchAfterFrame()
        grid.setNeedsDisplay()
        #expect(grid.prefetchedCells.isEmpty)
        scrollToShow(12, h)
        #expect(h.canvas.text.contains("after"), "\(h.canvas.text)")
    }

    /// Scrolling back up makes the row above instead, and lets the one below go; the cells
    /// stay bounded.
    @Test func theRowAheadFollowsTheWayTheUserScrolls() {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        scrollToShow(40, h)
        let below = grid.prefetchedCells.keys.map(\.item)
        let lastShown = grid.indexPathsForVisibleItems.last!.item
        #expect(!below.isEmpty && below.allSatisfy { $0 > lastShown }, "\(below) below \(lastShown)")
        for _ in 0..<6 {
            h.press([.key(.up)])
            grid.prefetchAfterFrame()
        }
        let above = grid.prefetchedCells.keys.map(\.item)
        let firstShown = grid.indexPathsForVisibleItems.first!.item
        #expect(!above.isEmpty && above.allSatisfy { $0 < firstShown }, "\(above) above \(firstShown)")
        #expect(grid.liveCellCount <= 3 * grid.indexPathsForVisibleItems.count)
    }

    /// A data source that reloads while a cell ahead is asked for: nothing made before the
    /// reload is kept, and the item shows what it holds after.
    @Test func aReloadWhileCellsAreMadeAheadKeepsNone() {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        screen.whenAsked = { grid, ip in
            guard ip.item == 20 else { return }
            screen.whenAsked = nil
            screen.labels[20] = "fresh"
            grid.reloadData()
        }
        for _ in 0..<20 where screen.whenAsked != nil {
            h.press([.key(.down)])
            grid.prefetchAfterFrame()
        }
        #expect(screen.whenAsked == nil, "item 20 was asked for ahead")
        #expect(grid.prefetchedCells.isEmpty, "\(grid.prefetchedCells.keys.sorted())")
        scrollToShow(20, h)
        #expect(h.canvas.text.contains("fresh"), "\(h.canvas.text)")
    }

    /// Turned off while cells wait: they go to the pool, what the prefetch data source was told
    /// is cancelled, and scrolling on asks for cells only as they show.
    @Test func turnedOffWhileCellsWaitLetsThemGo() {
        let screen = CellLoggingScreen()
        let (h, grid) = hosted(screen)
        let live = grid.liveCellCount
        #expect(!grid.prefetchedCells.isEmpty && !grid.prefetched.isEmpty)
        grid.isPrefetchingEnabled = false
        #expect(grid.prefetchedCells.isEmpty && grid.prefetched.isEmpty)
        #expect(grid.liveCellCount <= live, "pooled, not lost")
        screen.log = []
        scrollToShow(40, h)
        #expect(!screen.log.contains("prefetch"))
        for (i, entry) in screen.log.enumerated() where entry.hasPrefix("cell ") {
            #expect(screen.log[i + 1] == "show " + entry.dropFirst(5), "asked as shown: \(screen.log)")
        }
    }
}
