import GridKitTesting
import Testing

@testable import GridKit

@MainActor @Suite struct BatchUpdateTests {
    func harness(_ counts: [Int]) -> (TestContent, GridHarness) {
        let content = TestContent(counts: counts)
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 12, height: 6))
        h.render()
        return (content, h)
    }

    @Test func insertAndDeleteMoveFocusAndSelectionWithTheirItems() throws {
        let (content, h) = harness([10, 10])
        let g = h.gridView
        g.focusItem(at: IndexPath(item: 5, section: 0))
        g.selectItem(at: IndexPath(item: 7, section: 0))
        content.counts = [11, 10]
        try g.performBatchUpdates { b in
            b.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)])
            b.deleteItems(at: [IndexPath(item: 9, section: 0)])
        }
        #expect(g.focusedIndexPath == IndexPath(item: 7, section: 0))
        #expect(g.indexPathsForSelectedItems == [IndexPath(item: 9, section: 0)])
    }

    @Test func deletingTheFocusedItemMovesFocusToTheNearest() throws {
        let (content, h) = harness([10])
        h.gridView.focusItem(at: IndexPath(item: 9, section: 0))
        content.counts = [9]
        try h.gridView.performBatchUpdates { $0.deleteItems(at: [IndexPath(item: 9, section: 0)]) }
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 8, section: 0))
    }

    @Test func movesCarryFocusAcrossSections() throws {
        let (content, h) = harness([5, 5])
        h.gridView.focusItem(at: IndexPath(item: 1, section: 0))
        content.counts = [4, 6]
        try h.gridView.performBatchUpdates {
            $0.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
        }
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 0, section: 1))
    }

    @Test func sectionInsertDeleteAndReload() throws {
        let (content, h) = harness([3, 4, 5])
        h.gridView.focusItem(at: IndexPath(item: 2, section: 2))
        content.counts = [7, 4, 5, 1]
        try h.gridView.performBatchUpdates { b in
            b.deleteSections([0])
            b.insertSections([0, 3])
            b.insertSections([])
            b.reloadSections([1])
        }
        // Old section 2 is now section 2 (one deleted before it, one inserted before it).
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 2, section: 2))
        #expect(h.render().text.contains("[2.2]"))
    }

    /// Items coming or going before the focused item do not move it on screen: it keeps its row.
    @Test func theFocusedItemStaysPutWhenItemsComeOrGoBeforeIt() throws {
        let (content, h) = harness([40, 40])
        let g = h.gridView
        func lines() -> [String] {
            h.render().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        func focusedRow() -> Int? { lines().firstIndex { $0.hasPrefix("[") } }
        for _ in 0..<25 { g.handle(.key(.down)) }
        for _ in 0..<3 { g.handle(.key(.up)) }
        let row = try #require(focusedRow())
        #expect(row == 2, "focus mid-screen: \(lines())")
        content.counts = [45, 40]
        try g.performBatchUpdates { $0.insertItems(at: (0..<5).map { IndexPath(item: $0, section: 0) }) }
        #expect(g.focusedIndexPath == IndexPath(item: 27, section: 0))
        #expect(focusedRow() == row, "inserted before: \(lines())")
        content.counts = [42, 40]
        try g.performBatchUpdates { $0.deleteItems(at: (0..<3).map { IndexPath(item: $0, section: 0) }) }
        #expect(focusedRow() == row && lines()[row].hasPrefix("[0.24]"), "deleted before: \(lines())")
        content.counts = [42, 41]
        try g.performBatchUpdates { $0.insertItems(at: [IndexPath(item: 0, section: 1)]) }
        #expect(focusedRow() == row, "inserted after: \(lines())")
    }

    @Test func wrongItemCountThrowsNamingSectionAndNumbersAndKeepsOldState() throws {
        let (content, h) = harness([10, 10])
        h.gridView.focusItem(at: IndexPath(item: 4, section: 1))
        let before = h.render().text
        content.counts = [10, 12]
        #expect(
            throws: GridUpdateError.invalidItemCount(
                section: 1, before: 10, after: 12, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        ) {
            try h.gridView.performBatchUpdates { $0.insertItems(at: [IndexPath(item: 0, section: 1)]) }
        }
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 4, section: 1))
        #expect(h.gridView.layout.numberOfItems(inSection: 1) == 10)
        #expect(h.render().text == before)
        let error = GridUpdateError.invalidItemCount(
            section: 1, before: 10, after: 12, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        #expect(
            error.description.contains("section 1") && error.description.contains("(12)")
                && error.description.contains("(10)"))
    }

    @Test func wrongSectionCountThrows() {
        let (content, h) = harness([2, 2])
        content.counts = [2, 2, 2]
        #expect(throws: GridUpdateError.invalidSectionCount(before: 2, after: 3, inserted: 0, deleted: 0)) {
            try h.gridView.performBatchUpdates { _ in }
        }
    }

    @Test func everyKindOfInvalidBatchIsRefused() {
        let cases: [(String, [Int], (GridBatchUpdate) -> Void)] = [
            ("delete out of range", [2, 2], { $0.deleteItems(at: [IndexPath(item: 5, section: 0)]) }),
            ("delete in missing section", [2, 2], { $0.deleteItems(at: [IndexPath(item: 0, section: 7)]) }),
            ("insert out of range", [2, 3], { $0.insertItems(at: [IndexPath(item: 3, section: 1)]) }),
            ("negative index", [2, 2], { $0.reloadItems(at: [IndexPath(item: -1, section: 0)]) }),
            (
                "delete twice", [2, 1],
                { $0.deleteItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 1)]) }
            ),
            (
                "insert twice", [2, 4],
                { $0.insertItems(at: [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 1)]) }
            ),
            (
                "move deleted item", [2, 2],
                { b in
                    b.deleteItems(at: [IndexPath(item: 0, section: 0)]);
                    b.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
                }
            ),
            (
                "move onto insert", [1, 4],
                { b in
                    b.insertItems(at: [IndexPath(item: 0, section: 1)]);
                    b.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
                }
            ),
            ("delete section twice", [2], { $0.deleteSections([1, 1]) }),
            ("delete missing section", [2, 2], { $0.deleteSections([4]) }),
            ("insert missing section", [2, 2, 2], { $0.insertSections([5]) }),
            (
                "item in deleted section", [2],
                { b in
                    b.deleteSections([1]); b.deleteItems(at: [IndexPath(item: 0, section: 1)])
                }
            ),
            (
                "item in inserted section", [2, 2, 1],
                { b in
                    b.insertSections([2]); b.insertItems(at: [IndexPath(item: 0, section: 2)])
                }
            ),
            ("reload missing section", [2, 2], { $0.reloadSections([9]) })
        ]
        for (name, after, body) in cases {
            let (content, h) = harness([2, 2])
            let before = h.render().text
            content.counts = after
            #expect(throws: GridUpdateError.self, "\(name)") { try h.gridView.performBatchUpdates(body) }
            #expect(h.gridView.layout.numberOfSections == 2, "\(name)")
            #expect(h.render().text == before, "\(name)")
        }
    }
}
