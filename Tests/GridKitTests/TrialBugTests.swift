import GridKitTesting
import Testing

@testable import GridKit

/// What a new user's trial (a file browser built from outside with the README) found.
@MainActor @Suite struct TrialBugTests {
    /// Records the items the delegate was told got the focus.
    final class FocusLog: GridDelegate {
        var focused: [IndexPath] = []
        func gridView(_ gridView: GridView, didFocusItemAt indexPath: IndexPath) { focused.append(indexPath) }
    }

    /// A diffable grid of a, b, c with the focus on b, and a delegate that logs focus from now on.
    func focusedOnB() throws -> (DiffableFixture, FocusLog) {
        let f = DiffableFixture()
        let log = FocusLog()
        f.grid.delegate = log
        try f.source.apply(snapshot([(0, ["a", "b", "c"])]))
        f.grid.focusItem(at: IndexPath(item: 1, section: 0))
        log.focused.removeAll()
        return (f, log)
    }

    @Test func applyingASnapshotThatRemovesTheFocusedItemTellsTheDelegate() throws {
        let (f, log) = try focusedOnB()
        try f.source.apply(snapshot([(0, ["a", "c"])]))
        #expect(
            log.focused.count == 1 && f.source.itemIdentifier(for: log.focused[0]) != nil,
            "told once, of the item that has it")
        #expect(f.grid.focusedIndexPath == log.focused.first)
        // The focused item only moving is the same item: nothing to tell.
        try f.source.apply(snapshot([(0, ["c", "a"])]))
        #expect(log.focused.count == 1)
    }

    @Test func replacingEverythingTellsTheDelegateOfTheNewFocus() throws {
        let (f, log) = try focusedOnB()
        try f.source.apply(snapshot([(0, ["x", "y"])]))
        #expect(log.focused == [f.grid.focusedIndexPath!], "the focus is on another item")
    }

    /// Two diffable sources with the same counts take turns on one grid: each diffs only
    /// against what the grid shows, and the focus goes to an item of the source shown.
    @Test func anotherSourceWithTheSameCountsReloads() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(0, ["a1", "a2", "a3"])]))
        let other = GridDiffableDataSource<Int, String>(gridView: f.grid) { grid, ip, id in
            let cell = grid.dequeue(NameCell.self, for: ip)
            cell.name = id
            return cell
        }
        try other.apply(snapshot([(0, ["b1", "b2", "b3"])]))
        f.grid.focusItem(at: IndexPath(item: 0, section: 0))
        f.grid.dataSource = f.source
        try f.source.apply(snapshot([(0, ["a2", "a3", "a1"])]))
        #expect(f.render().text.contains("a2") && !f.render().text.contains("b1"), "reloaded from the source it shows")
        #expect(f.grid.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    @Test func aBatchThatDeletesTheFocusedItemTellsTheDelegate() throws {
        let content = TestContent(counts: [5])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 12, height: 6))
        let log = FocusLog()
        h.gridView.delegate = log
        h.gridView.focusItem(at: IndexPath(item: 2, section: 0))
        log.focused.removeAll()
        content.counts = [4]
        try h.gridView.performBatchUpdates { $0.deleteItems(at: [IndexPath(item: 2, section: 0)]) }
        #expect(log.focused == [IndexPath(item: 2, section: 0)])
    }

    /// A grid that loaded from another data source first (a screen's own, say) gets a diffable
    /// one: its first snapshot reloads instead of throwing `invalidSectionCount`.
    @Test func theFirstApplyOnAGridThatAlreadyLoadedReloads() throws {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 20, height: 6), layout: FlowLayout(itemSize: Size(width: 100, height: 1)))
        let before = TestContent(counts: [3])
        grid.connect(before)
        #expect(grid.layout.numberOfSections == 1)
        grid.register(NameCell.self)
        let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, ip, id in
            let cell = grid.dequeue(NameCell.self, for: ip)
            cell.name = id
            return cell
        }
        try source.apply(snapshot([(0, ["a"]), (1, ["b", "c"])]))
        #expect(grid.layout.numberOfSections == 2 && grid.layout.numberOfItems(inSection: 1) == 2)
        try source.apply(snapshot([(0, ["a", "d"]), (1, ["b", "c"])]))
        #expect(source.indexPath(for: "d") == IndexPath(item: 1, section: 0))
    }

    /// End shows the end of the content: the last line's tallest cell and the section's bottom
    /// inset, though the cells measure themselves only as they come on screen.
    @Test func endWithSelfSizingCellsRevealsTheEndOfTheContent() {
        let rows = TallRows(count: 40) { $0 % 3 == 0 ? 3 : 1 }
        let layout = FlowLayout(itemSize: Size(width: 9, height: 1))
        layout.estimatedItemSize = Size(width: 9, height: 1)
        layout.minimumInteritemSpacing = 1
        layout.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 2, right: 0)
        let h = GridHarness(rows, layout: layout, size: Size(width: 20, height: 8))
        h.render()
        let frame = h.press([.key(.end)])
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(h.gridView.contentOffset.y == h.gridView.layout.contentSize.height - 8, "\(frame.text)")
        // Items 38 and 39 share the last line; 39 (3 rows) is the tallest: all of it shows, then the inset.
        // (Cells are centred in their line; the scroll bar is the last column.)
        func blank(_ line: Substring) -> Bool { line.prefix(19).allSatisfy { $0 == " " } }
        #expect(lines.count == 8 && blank(lines[6]) && blank(lines[7]), "the bottom inset shows")
        #expect(lines[3].contains("[39]") && lines[5].hasSuffix("#########│"), "all three rows of item 39 show")
    }
}
