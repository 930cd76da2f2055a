import GridKitTesting
import Testing

@testable import GridKit

/// Applies that only add (loading more): the short way must give the grid exactly what the full
/// difference would, and must not be taken for anything else.
@MainActor @Suite struct DiffableGrowthTests {
    private func growth(_ old: [(Int, [String])], _ new: GridSnapshot<Int, String>) -> SnapshotGrowth<Int, String>? {
        var positions: [String: IndexPath] = [:]
        for (s, list) in old.map(\.1).enumerated() { for (i, id) in list.enumerated() { positions[id] = IndexPath(item: i, section: s) } }
        return SnapshotGrowth(oldSections: old.map(\.0), oldItems: old.map(\.1), oldPositions: positions, new: new)
    }

    /// Random growth: items after a section's last, new sections anywhere, reloads of old items.
    /// The batch, replayed by UIKit's rules, gives the new snapshot; it is the one the full
    /// difference finds; the grid answers every index path and keeps the focus on its item.
    @Test func randomGrowthAgreesWithTheFullDifference() throws {
        var rng = SeededGenerator(seed: 21)
        let f = DiffableFixture()
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
            let oldItems = current.flatMap(\.1)
            if !oldItems.isEmpty, rng.int(0...3) == 0 { next.reloadItems([oldItems[rng.int(0...(oldItems.count - 1))]]) }

            let g = try #require(growth(current, next), "round \(round)")
            let newItems = sections.map(\.1)
            #expect(replay(g.changes, old: current.map(\.1), new: newItems) == newItems, "round \(round)")
            var newPositions: [String: IndexPath] = [:], oldPositions: [String: IndexPath] = [:]
            for (s, list) in newItems.enumerated() { for (i, id) in list.enumerated() { newPositions[id] = IndexPath(item: i, section: s) } }
            for (s, list) in current.map(\.1).enumerated() { for (i, id) in list.enumerated() { oldPositions[id] = IndexPath(item: i, section: s) } }
            #expect(g.positions == newPositions, "round \(round)")
            let pack = { (ip: IndexPath?) in ip.map { SnapshotDifference.pack($0.section, $0.item) } ?? -1 }
            let full = SnapshotDifference(
                oldCounts: current.map(\.1.count), newCounts: newItems.map(\.count),
                sectionInNew: current.map { id in sections.firstIndex { $0.0 == id.0 } },
                oldToNew: current.flatMap(\.1).map { pack(newPositions[$0]) },
                newFromOld: newItems.joined().map { pack(oldPositions[$0]) },
                reloaded: next.reloadedItemIdentifiers.map { pack(oldPositions[$0]) })
            #expect(g.changes.insertedSections == full.insertedSections && g.changes.insertedItems == full.insertedItems, "round \(round)")
            #expect(g.changes.reloadedItems == full.reloadedItems && full.deletedItems.isEmpty && full.movedItems.isEmpty, "round \(round)")

            let focusedBefore = f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:))
            try f.source.apply(next)
            for (s, list) in newItems.enumerated() {
                #expect(f.grid.layout.numberOfItems(inSection: s) == list.count)
                for (i, id) in list.enumerated() where f.source.itemIdentifier(for: IndexPath(item: i, section: s)) != id || f.source.indexPath(for: id) != IndexPath(item: i, section: s) {
                    Issue.record("round \(round): \(id) not at [\(s), \(i)]")
                }
            }
            if let id = focusedBefore { #expect(f.grid.focusedIndexPath == newPositions[id], "round \(round)") }
            if rng.int(0...4) == 0, let ip = f.source.indexPath(for: oldItems.isEmpty ? "" : oldItems[0]) { f.grid.focusItem(at: ip) }
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
        #expect(growth(old, snapshot([(1, ["x", "y", "z"]), (2, ["c"])])) == nil, "a and b replaced: a longer section is not always a grown one")
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
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("a")) { try f.source.apply(snapshot([(1, ["a", "b", "a"])])) }
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("b")) { try f.source.apply(snapshot([(1, ["a", "b"]), (2, ["b"])])) }
        #expect(f.source.snapshot().itemIdentifiers == ["a", "b"] && f.grid.layout.numberOfSections == 1)
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
