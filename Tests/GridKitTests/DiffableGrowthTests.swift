import GridKitTesting
import Testing

@testable import GridKit

/// Applies that only add (loading more): the short way must give the grid exactly what the full
/// difference would, and must not be taken for anything else.
@MainActor @Suite struct DiffableGrowthTests {
    private func table(_ sections: [[String]]) -> PositionTable<String> {
        var positions = PositionTable<String>(sections: sections.count)
        for (s, list) in sections.enumerated() {
            for (i, id) in list.enumerated() { _ = positions.insert(id, item: i, section: s) }
        }
        return positions
    }

    /// The growth from `old` to `new` and the table it leaves; the table must be untouched when
    /// there is none.
    private func growth(_ old: [(Int, [String])], _ new: GridSnapshot<Int, String>) -> (
        SnapshotGrowth<Int, String>, PositionTable<String>
    )? {
        let before = table(old.map(\.1))
        var positions = before
        guard let g = SnapshotGrowth(oldSections: old.map(\.0), oldItems: old.map(\.1), new: new, positions: &positions)
        else {
            #expect(positions == before, "a snapshot that is not growth left the table changed")
            return nil
        }
        return (g, positions)
    }

    /// Random growth: items after a section's last, new sections anywhere, reloads. The batch,
    /// replayed by UIKit's rules, gives the new snapshot; it is the one the full difference finds;
    /// the table is the full one, and undoing gives the old one back; the grid answers every index
    /// path and keeps the focus and the selection on their items.
    @Test func randomGrowthAgreesWithTheFullDifference() throws {
        var rng = SeededGenerator(seed: 21)
        let f = DiffableFixture()
        f.grid.allowsMultipleSelection = true
        var current: [(Int, [String])] = []
        var nextID = 0
        for round in 0..<500 {
            var sections = current
            for _ in 0..<rng.int(1...3) {
                if sections.isEmpty || rng.int(0...2) == 0 {
                    let items = (0..<rng.int(0...3)).map { "s\(nextID)-\($0)" }
                    sections.insert((1000 + nextID, items), at: rng.int(0...sections.count)); nextID += 1
                } else {
                    let s = rng.int(0...(sections.count - 1))
                    for _ in 0..<rng.int(1...4) { sections[s].1.append("i\(nextID)"); nextID += 1 }
                }
            }
            var next = snapshot(sections)
            // A reload of an old item (at its old index path) or of one just added (none: it is inserted).
            let all = sections.flatMap(\.1)
            if !all.isEmpty, rng.int(0...2) == 0 { next.reloadItems([all[rng.int(0...(all.count - 1))]]) }

            let (g, positions) = try #require(growth(current, next), "round \(round)")
            let newItems = sections.map(\.1)
            #expect(replay(g.changes, old: current.map(\.1), new: newItems) == newItems, "round \(round)")
            #expect(positions.indexPaths == table(newItems).indexPaths, "round \(round)")
            var undone = positions
            g.undo(&undone)
            #expect(undone == table(current.map(\.1)), "round \(round): undo")
            // The full way, as apply takes it when a snapshot is not growth.
            let hashed = try HashedSnapshot<Int, String>(
                newItems, expected: next.numberOfItems, old: current.map(\.1), oldPositions: table(current.map(\.1)))
            let pack = { (ip: IndexPath?) in ip.map { SnapshotDifference.pack($0.section, $0.item) } ?? -1 }
            let full = SnapshotDifference(
                oldCounts: current.map(\.1.count), newCounts: newItems.map(\.count),
                sectionInNew: current.map { id in sections.firstIndex { $0.0 == id.0 } },
                oldToNew: hashed.oldToNew, newFromOld: hashed.newFromOld,
                reloaded: next.reloadedItemIdentifiers.compactMap { table(current.map(\.1))[$0] }.map(pack))
            #expect(hashed.positions.indexPaths == positions.indexPaths, "round \(round)")
            #expect(
                g.changes.insertedSections == full.insertedSections && g.changes.insertedItems == full.insertedItems,
                "round \(round)")
            #expect(g.changes.reloadedItems == full.reloadedItems, "round \(round)")
            #expect(
                full.deletedSections.isEmpty && full.deletedItems.isEmpty && full.movedItems.isEmpty, "round \(round)")
            #expect(
                g.changes.deletedSections.isEmpty && g.changes.deletedItems.isEmpty && g.changes.movedItems.isEmpty,
                "round \(round)")

            let focusedBefore = f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:))
            let selectedBefore = Set(f.grid.indexPathsForSelectedItems.compactMap(f.source.itemIdentifier(for:)))
            try f.source.apply(next)
            for (s, list) in newItems.enumerated() {
                #expect(f.grid.layout.numberOfItems(inSection: s) == list.count)
                for (i, id) in list.enumerated()
                where f.source.itemIdentifier(for: IndexPath(item: i, section: s)) != id
                    || f.source.indexPath(for: id) != IndexPath(item: i, section: s)
                {
                    Issue.record("round \(round): \(id) not at [\(s), \(i)]")
                }
            }
            if let id = focusedBefore { #expect(f.grid.focusedIndexPath == positions[id], "round \(round)") }
            #expect(
                Set(f.grid.indexPathsForSelectedItems.compactMap(f.source.itemIdentifier(for:))) == selectedBefore,
                "round \(round)")
            // Focus and select items anywhere, so that some are in sections that move.
            if !all.isEmpty, let ip = f.source.indexPath(for: all[rng.int(0...(all.count - 1))]) {
                f.grid.focusItem(at: ip)
            }
            if !all.isEmpty, rng.int(0...2) == 0, let ip = f.source.indexPath(for: all[rng.int(0...(all.count - 1))]) {
                f.grid.selectItem(at: ip)
            }
            current = sections
        }
    }

    /// Anything but adding goes the full way: a deletion, an item before an old one, sections
    /// reordered or gone, an item moved.
    @Test func onlyAddingIsGrowth() {
        let old = [(1, ["a", "b"]), (2, ["c"])]
        #expect(growth(old, snapshot([(1, ["a", "b", "x"]), (3, ["y"]), (2, ["c"])])) != nil)
        #expect(growth(old, snapshot([(1, ["a"]), (2, ["c"])])) == nil)
        #expect(growth(old, snapshot([(1, ["x", "a", "b"]), (2, ["c"])])) == nil)
        #expect(
            growth(old, snapshot([(1, ["x", "y", "z"]), (2, ["c"])])) == nil,
            "a and b replaced: a longer section is not always a grown one")
        #expect(growth(old, snapshot([(2, ["c"]), (1, ["a", "b"])])) == nil)
        #expect(growth(old, snapshot([(1, ["a", "b"])])) == nil)
        #expect(growth(old, snapshot([(1, ["a"]), (2, ["c", "b"])])) == nil)
        #expect(growth(old, snapshot([(1, ["b", "a"]), (2, ["c"])])) == nil)
    }

    /// A new item that repeats an old one or another new one: the full way throws for it, as
    /// for any snapshot, and nothing changes.
    @Test func duplicatesAddedStillThrowAndChangeNothing() throws {
        let f = DiffableFixture()
        let old = [(1, ["a", "b"])]
        try f.source.apply(snapshot(old))
        #expect(growth(old, snapshot([(1, ["a", "b", "a"])])) == nil)
        #expect(growth(old, snapshot([(1, ["a", "b"]), (2, ["n", "n"])])) == nil)
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("a")) {
            try f.source.apply(snapshot([(1, ["a", "b", "a"])]))
        }
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("b")) {
            try f.source.apply(snapshot([(1, ["a", "b"]), (2, ["b"])]))
        }
        #expect(f.source.snapshot().itemIdentifiers == ["a", "b"] && f.grid.layout.numberOfSections == 1)
    }

    /// A section inserted in front of others moves them without touching their items' entries:
    /// only the sections' slots change, which is what keeps loading more in front of a big
    /// section (folders before "All photos") from costing as much as the section.
    @Test func sectionsInsertedInFrontKeepTheirItemsEntries() throws {
        let big = (0..<1000).map { "p\($0)" }
        let old = [(1, ["a"]), (9, big)]
        let (g, positions) = try #require(growth(old, snapshot([(1, ["a"]), (2, ["b"]), (3, []), (9, big + ["q"])])))
        let before = table(old.map(\.1))
        #expect(big.allSatisfy { positions.entry($0) == before.entry($0) })
        #expect(
            positions["p999"] == IndexPath(item: 999, section: 3) && positions["q"] == IndexPath(item: 1000, section: 3)
        )
        #expect(positions["b"] == IndexPath(item: 0, section: 1) && positions["a"] == IndexPath(item: 0, section: 0))
        #expect(g.changes.insertedSections == [1, 2] && g.changes.insertedItems == [IndexPath(item: 1000, section: 3)])
    }

    /// The data source takes a short way for growth and for a few changed sections (its table
    /// keeps the slots of sections that moved) and the full way otherwise (slots numbered
    /// afresh), and answers the same.
    @Test func applyTakesTheShortWaysWhereTheyApply() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b"]), (2, ["c"])]))
        var more = f.source.snapshot()
        more.insertSections([3], beforeSection: 2)
        more.appendItems(["d"], toSection: 3)
        more.appendItems(["e"], toSection: 2)
        try f.source.apply(more)
        #expect(f.source.positions.slotOfSection == [0, 2, 1], "growth keeps section 2's slot")
        #expect(
            f.source.indexPath(for: "c") == IndexPath(item: 0, section: 2)
                && f.source.indexPath(for: "e") == IndexPath(item: 1, section: 2))
        #expect(f.source.indexPath(for: "d") == IndexPath(item: 0, section: 1))
        var fewer = f.source.snapshot()
        fewer.deleteItems(["b"])
        try f.source.apply(fewer)
        #expect(f.source.positions.slotOfSection == [0, 2, 1], "a patch keeps the slots")
        #expect(
            f.source.indexPath(for: "c") == IndexPath(item: 0, section: 2)
                && f.source.indexPath(for: "a") == IndexPath(item: 0, section: 0))
        #expect(f.source.indexPath(for: "b") == nil)
        try f.source.apply(snapshot([(1, ["x"]), (3, ["y"]), (2, ["z"])]))
        #expect(f.source.positions.slotOfSection == [0, 1, 2], "the full way numbers slots afresh")
        #expect(f.source.indexPath(for: "z") == IndexPath(item: 0, section: 2) && f.source.indexPath(for: "a") == nil)
    }

    /// A patch that deletes the focused item hands the focus to the nearest item left, as the
    /// full way does, and a repeated identifier still throws and changes nothing.
    @Test func aPatchMovesTheFocusOffADeletedItemAndRefusesRepeats() throws {
        let f = DiffableFixture()
        let sections = (0..<10).map { s in (s, (0..<4).map { "s\(s)-\($0)" }) }
        try f.source.apply(snapshot(sections))
        // A section in front by growth: slots no longer follow the sections, so the slots
        // after each apply tell a patch (keeps them) from the full way (numbers them afresh).
        var front = f.source.snapshot()
        front.insertSections([-1], beforeSection: 0)
        front.appendItems(["front"], toSection: -1)
        try f.source.apply(front)
        let slotsBefore = [10] + Array(0..<10)
        #expect(f.source.positions.slotOfSection == slotsBefore, "growth")
        f.grid.focusItem(at: IndexPath(item: 1, section: 4))
        var next = f.source.snapshot()
        next.deleteItems(["s3-1", "s3-2"])
        next.appendSections([10])
        next.appendItems(["new"], toSection: 10)
        try f.source.apply(next)
        let slotsAfter = slotsBefore + [11]
        #expect(f.source.positions.slotOfSection == slotsAfter, "a patch")
        #expect(
            f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:)) == "s3-0",
            "s3-0 is one before, s3-3 two after")
        #expect(
            f.source.indexPath(for: "s3-3") == IndexPath(item: 1, section: 4) && f.source.indexPath(for: "s3-1") == nil)
        #expect(f.source.indexPath(for: "new") == IndexPath(item: 0, section: 11))

        // A repeat found while the patch puts items in, with a section added (a new slot) and
        // one deleted: everything, slots too, goes back as it was.
        var repeated = f.source.snapshot()
        repeated.deleteItems(["s5-0"])
        repeated.deleteSections([8])
        repeated.appendSections([12])
        repeated.appendItems(["s7-2"], toSection: 5)
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("s7-2")) { try f.source.apply(repeated) }
        #expect(f.source.positions.slotOfSection == slotsAfter && f.source.positions.sectionOfSlot.count == 12)
        #expect(
            f.source.indexPath(for: "s5-0") == IndexPath(item: 0, section: 6)
                && f.source.indexPath(for: "s7-2") == IndexPath(item: 2, section: 8))
        #expect(
            f.source.indexPath(for: "s8-1") == IndexPath(item: 1, section: 9)
                && f.source.indexPath(for: "new") == IndexPath(item: 0, section: 11))
        #expect(f.source.snapshot().numberOfItems == 40 && f.source.positions.count == 40)
    }

    /// Deleted sections leave their slots behind; a table with many more slots than sections is
    /// built anew (slots numbered afresh) instead of growing without end.
    @Test func slotsOfDeletedSectionsDoNotPileUp() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot((0..<10).map { s in (s, (0..<20).map { "s\(s)-\($0)" }) }))
        var most = 0, renumbered = false
        for round in 10..<210 {
            var next = f.source.snapshot()
            let gone = next.sectionIdentifiers[0]
            next.deleteSections([gone])
            next.appendSections([round])
            next.appendItems((0..<20).map { "s\(round)-\($0)" }, toSection: round)
            let before = f.source.positions.sectionOfSlot.count
            try f.source.apply(next)
            let after = f.source.positions.sectionOfSlot.count
            most = max(most, after)
            if after < before { renumbered = true }
            #expect(f.source.indexPath(for: "s\(round)-19") == IndexPath(item: 19, section: 9))
            #expect(f.source.indexPath(for: "s\(gone)-0") == nil)
        }
        #expect(renumbered && most <= 2 * 20 + 64 + 1, "at most \(most) slots")
        #expect(f.source.positions.count == 200)
    }

    /// The walk's case: a snapshot copied from the data source, a section appended.
    @Test func appendingToACopyShowsTheNewSection() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b"])]))
        f.grid.focusItem(at: IndexPath(item: 1, section: 0))
        var more = f.source.snapshot()
        more.appendSections([2])
        more.appendItems(["c", "d"], toSection: 2)
        try f.source.apply(more)
        #expect(f.render().text.hasPrefix("a\n[b]\nc\nd"))
        #expect(f.source.indexPath(for: "d") == IndexPath(item: 1, section: 1))
    }
}
