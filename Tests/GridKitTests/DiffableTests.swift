import GridKitTesting
import Testing

@testable import GridKit

/// A cell showing its item identifier, bracketed when focused.
final class NameCell: GridCell {
    var name = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(state.isFocused ? "[\(name)]" : name, at: .zero, style: .plain)
    }
}

@MainActor
final class DiffableFixture {
    let grid = GridView(
        frame: Rect(x: 0, y: 0, width: 20, height: 6), layout: FlowLayout(itemSize: Size(width: 100, height: 1)))
    let source: GridDiffableDataSource<Int, String>
    init() {
        grid.register(NameCell.self)
        source = GridDiffableDataSource(gridView: grid) { grid, ip, id in
            let cell = grid.dequeue(NameCell.self, for: ip)
            cell.name = id
            return cell
        }
        grid.reloadData()
    }
    func render() -> Canvas {
        let c = Canvas(size: grid.frame.size)
        grid.render(into: c)
        return c
    }
}

func snapshot(_ sections: [(Int, [String])]) -> GridSnapshot<Int, String> {
    var s = GridSnapshot<Int, String>()
    for (id, items) in sections { s.appendSections([id]); s.appendItems(items, toSection: id) }
    return s
}

/// Plays a difference's batch on the old identifiers the way UIKit defines it, to check that it
/// really turns the old snapshot into the new one.
func replay(_ d: SnapshotDifference, old: [[String]], new: [[String]]) -> [[String]] {
    let deletedSections = Set(d.deletedSections)
    var removed: [Int: Set<Int>] = [:]
    for ip in d.deletedItems { removed[ip.section, default: []].insert(ip.item) }
    for m in d.movedItems { removed[m.from.section, default: []].insert(m.from.item) }
    var remaining = old.indices.filter { !deletedSections.contains($0) }.map { s in
        old[s].enumerated().filter { !(removed[s] ?? []).contains($0.offset) }.map(\.element)
    }
    var arriving: [Int: [(Int, String)]] = [:]
    for ip in d.insertedItems { arriving[ip.section, default: []].append((ip.item, new[ip.section][ip.item])) }
    for m in d.movedItems { arriving[m.to.section, default: []].append((m.to.item, old[m.from.section][m.from.item])) }
    var result: [[String]] = []
    let inserted = Set(d.insertedSections)
    for ns in new.indices {
        if inserted.contains(ns) { result.append(new[ns]); continue }
        var list = remaining.removeFirst()
        for (at, id) in (arriving[ns] ?? []).sorted(by: { $0.0 < $1.0 }) { list.insert(id, at: min(at, list.count)) }
        result.append(list)
    }
    return result
}

@MainActor @Suite struct DiffableTests {
    @Test func appliesAndAnswersBothWays() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b", "c"]), (2, ["d"])]))
        #expect(f.grid.layout.numberOfSections == 2 && f.grid.layout.numberOfItems(inSection: 0) == 3)
        #expect(f.source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == "c")
        #expect(f.source.indexPath(for: "d") == IndexPath(item: 0, section: 1))
        #expect(f.source.snapshot().itemIdentifiers == ["a", "b", "c", "d"])
        #expect(f.render().text.hasPrefix("[a]\nb\nc\nd"))
    }

    @Test func insertsSectionsBeforeAndAfterAnother() throws {
        let f = DiffableFixture()
        var s = snapshot([(1, ["a"]), (9, ["z"])])
        s.insertSections([5, 6], beforeSection: 9)
        s.appendItems(["e"], toSection: 5)
        s.insertSections([2], afterSection: 1)
        s.appendItems(["b"], toSection: 2)
        #expect(s.sectionIdentifiers == [1, 2, 5, 6, 9])
        #expect(s.itemIdentifiers == ["a", "b", "e", "z"])
        try f.source.apply(s)
        #expect(f.render().text.hasPrefix("[a]\nb\ne\nz"))
        var bad = s
        bad.insertSections([7], beforeSection: 42)
        #expect(throws: GridSnapshotError<Int, String>.unknownSection(42)) { try f.source.apply(bad) }
        #expect(f.source.snapshot().sectionIdentifiers == [1, 2, 5, 6, 9])
    }

    @Test func focusFollowsItsItemAcrossAnApply() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b", "c"]), (2, ["d", "e"])]))
        f.grid.focusItem(at: IndexPath(item: 1, section: 0)) // b
        try f.source.apply(snapshot([(2, ["d", "b", "e"]), (1, ["x", "a", "c"])]))
        #expect(f.grid.focusedIndexPath == f.source.indexPath(for: "b"))
        #expect(f.grid.focusedIndexPath == IndexPath(item: 1, section: 0))
        #expect(f.render().text.contains("[b]"))
    }

    @Test func aDeletedFocusGoesToTheNearestSurvivor() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b", "c", "d", "e"])]))
        f.grid.focusItem(at: IndexPath(item: 2, section: 0)) // c
        try f.source.apply(snapshot([(1, ["a", "e"])]))
        #expect(
            f.source.itemIdentifier(for: f.grid.focusedIndexPath!) == "e",
            "d and b are gone; e (after) and a (before) are 2 away: after wins")
        try f.source.apply(snapshot([(1, ["a"])]))
        #expect(f.source.itemIdentifier(for: f.grid.focusedIndexPath!) == "a")
    }

    @Test func selectionFollowsIdentifiers() throws {
        let f = DiffableFixture()
        f.grid.allowsMultipleSelection = true
        try f.source.apply(snapshot([(1, ["a", "b", "c"])]))
        f.grid.selectItem(at: IndexPath(item: 0, section: 0))
        f.grid.selectItem(at: IndexPath(item: 2, section: 0))
        try f.source.apply(snapshot([(1, ["c", "z", "a"])]))
        #expect(
            Set(f.grid.indexPathsForSelectedItems) == [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
    }

    @Test func duplicatesAndUnknownIdentifiersThrowAndChangeNothing() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot([(1, ["a", "b"])]))
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("a")) {
            try f.source.apply(snapshot([(1, ["a", "x", "a"])]))
        }
        #expect(throws: GridSnapshotError<Int, String>.duplicateItem("b")) {
            try f.source.apply(snapshot([(1, ["b"]), (2, ["b"])]))
        }
        #expect(throws: GridSnapshotError<Int, String>.duplicateSection(1)) {
            try f.source.apply(snapshot([(1, ["q"]), (1, ["r"])]))
        }
        var unknown = f.source.snapshot()
        unknown.insertItems(["n"], afterItem: "nope")
        #expect(throws: GridSnapshotError<Int, String>.unknownItem("nope")) { try f.source.apply(unknown) }
        var noSection = GridSnapshot<Int, String>()
        noSection.appendItems(["a"])
        #expect(throws: GridSnapshotError<Int, String>.unknownSection(nil)) { try f.source.apply(noSection) }
        #expect(f.source.snapshot().itemIdentifiers == ["a", "b"])
        #expect(f.grid.layout.numberOfItems(inSection: 0) == 2)
        #expect(String(describing: GridSnapshotError<Int, String>.duplicateItem("a")).contains("a"))
    }

    @Test func snapshotEditing() {
        var s = snapshot([(1, ["a", "b"]), (2, ["c"])])
        s.insertItems(["x"], beforeItem: "b")
        s.insertItems(["y"], afterItem: "c")
        s.moveItem("a", afterItem: "y")
        s.moveItem("c", beforeItem: "x")
        #expect(s.itemIdentifiers(inSection: 1) == ["c", "x", "b"])
        #expect(s.itemIdentifiers(inSection: 2) == ["y", "a"])
        s.deleteItems(["x", "y"])
        #expect(s.itemIdentifiers == ["c", "b", "a"] && s.numberOfItems == 3 && s.indexOfItem("a") == 2)
        s.deleteSections([1])
        #expect(s.sectionIdentifiers == [2] && s.numberOfSections == 1 && s.sectionIdentifier(containingItem: "a") == 2)
        s.reloadItems(["a"])
        #expect(s.reloadedItemIdentifiers == ["a"])
        #expect((try? s.validate()) != nil)
    }

    /// Thousands of random snapshot pairs: the computed batch, replayed by the UIKit rules, gives
    /// the new snapshot; the grid accepts it; every index path answers the new identifier.
    @Test func randomSnapshotSequencesAgreeWithAReplay() throws {
        var rng = SeededGenerator(seed: 2026)
        let f = DiffableFixture()
        var current: [(Int, [String])] = []
        var nextID = 0
        for round in 0..<2_000 {
            var sections = current
            for _ in 0..<rng.int(0...4) {
                switch rng.int(0...7) {
                case 0: sections.insert((1000 + nextID, []), at: rng.int(0...sections.count)); nextID += 1
                case 1 where !sections.isEmpty: sections.remove(at: rng.int(0...(sections.count - 1)))
                case 2 where sections.count > 1:
                    sections.swapAt(rng.int(0...(sections.count - 1)), rng.int(0...(sections.count - 1)))
                default:
                    guard !sections.isEmpty else { continue }
                    let s = rng.int(0...(sections.count - 1))
                    switch rng.int(0...3) {
                    case 0:
                        for _ in 0..<rng.int(1...4) {
                            sections[s].1.insert("i\(nextID)", at: rng.int(0...sections[s].1.count)); nextID += 1
                        }
                    case 1 where !sections[s].1.isEmpty:
                        sections[s].1.remove(at: rng.int(0...(sections[s].1.count - 1)))
                    case 2 where !sections[s].1.isEmpty:
                        let item = sections[s].1.remove(at: rng.int(0...(sections[s].1.count - 1)))
                        let t = rng.int(0...(sections.count - 1))
                        sections[t].1.insert(item, at: rng.int(0...sections[t].1.count))
                    default: sections[s].1.shuffle(using: &rng)
                    }
                }
            }
            let oldItems = current.map(\.1), newItems = sections.map(\.1)
            var oldPositions: [String: IndexPath] = [:], newPositions: [String: IndexPath] = [:]
            for (s, list) in oldItems.enumerated() {
                for (i, id) in list.enumerated() { oldPositions[id] = IndexPath(item: i, section: s) }
            }
            for (s, list) in newItems.enumerated() {
                for (i, id) in list.enumerated() { newPositions[id] = IndexPath(item: i, section: s) }
            }
            let pack = { (ip: IndexPath?) in ip.map { SnapshotDifference.pack($0.section, $0.item) } ?? -1 }
            let d = SnapshotDifference(
                oldCounts: oldItems.map(\.count), newCounts: newItems.map(\.count),
                sectionInNew: current.map { id in sections.firstIndex { $0.0 == id.0 } },
                oldToNew: oldItems.joined().map { pack(newPositions[$0]) },
                newFromOld: newItems.joined().map { pack(oldPositions[$0]) }, reloaded: [])
            #expect(replay(d, old: oldItems, new: newItems) == newItems, "round \(round)")
            let focusedBefore = f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:))
            try f.source.apply(snapshot(sections))
            for (s, list) in newItems.enumerated() {
                #expect(f.grid.layout.numberOfItems(inSection: s) == list.count)
                for (i, id) in list.enumerated()
                where f.source.itemIdentifier(for: IndexPath(item: i, section: s)) != id
                    || f.source.indexPath(for: id) != IndexPath(item: i, section: s)
                {
                    Issue.record("round \(round): \(id) not at [\(s), \(i)]")
                }
            }
            for id in oldItems.joined() where newPositions[id] == nil && f.source.indexPath(for: id) != nil {
                Issue.record("round \(round): \(id) is still found")
            }
            if let id = focusedBefore, let now = newPositions[id] {
                #expect(f.grid.focusedIndexPath == now, "round \(round)")
            }
            if let focus = f.grid.focusedIndexPath { #expect(f.grid.isValid(focus)) }
            current = sections
        }
    }

    @Test func lisIsLongestAndIncreasing() {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let values = (0..<rng.int(0...10)).map { _ in rng.int(0...20) }
            let lis = longestIncreasingSubsequence(values).map { values[$0] }
            #expect(zip(lis, lis.dropFirst()).allSatisfy { $0 < $1 })
            // Brute force over all subsets.
            var best = 0
            for mask in 0..<(1 << values.count) {
                let picked = values.indices.filter { mask & (1 << $0) != 0 }.map { values[$0] }
                if zip(picked, picked.dropFirst()).allSatisfy({ $0 < $1 }) { best = max(best, picked.count) }
            }
            #expect(lis.count == best)
        }
    }
}

/// `reloadSections` on a diffable snapshot: the marked section's cells and header are asked for
/// again, also when nothing else changed and for a section with no items; the others show what
/// they were made with.
@MainActor @Suite struct SnapshotReloadSectionsTests {
    @Test func aReloadedSectionIsAskedForAgain() throws {
        var labels = ["A": "a1", "B": "b1"] // what the app would show per section
        var config = ListConfiguration(appearance: .plain)
        config.headerMode = .supplementary
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 20, height: 8), layout: CompositionalLayout.list(using: config))
        let source = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
            let cell = grid.dequeue(ListCell.self, for: indexPath)
            cell.contentConfiguration = .cell(text: "\(name) \(labels[String(name.prefix(1)), default: "?"])")
            return cell
        }
        grid.register(ListCell.self)
        grid.register(ListCell.self, forSupplementaryViewOfKind: .header)
        source.supplementaryViewProvider = { [unowned source] grid, kind, indexPath in
            let view = grid.dequeueSupplementary(ListCell.self, ofKind: kind, for: indexPath)
            let id = source.sectionIdentifier(for: indexPath.section) ?? "?"
            view.contentConfiguration = .header(text: "\(id) \(labels[id, default: "?"])")
            return view
        }
        var snapshot = GridSnapshot<String, String>()
        snapshot.appendSections(["A", "B", "C"])
        snapshot.appendItems(["A1", "A2"], toSection: "A")
        snapshot.appendItems(["B1"], toSection: "B")
        try source.apply(snapshot)
        func shown() -> String {
            let canvas = Canvas(size: grid.frame.size)
            grid.render(into: canvas)
            return canvas.text
        }
        #expect(shown().contains("B b1") && shown().contains("B1 b1"))
        labels = ["A": "a2", "B": "b2", "C": "c2"]
        var reload = source.snapshot()
        reload.reloadSections(["B", "C"])
        #expect(reload.reloadedSectionIdentifiers == ["B", "C"] && Set(reload.reloadedItemIdentifiers) == ["B1"])
        try source.apply(reload)
        let text = shown()
        #expect(text.contains("B b2") && text.contains("B1 b2") && text.contains("C c2"), "\(text)")
        #expect(source.snapshot().reloadedSectionIdentifiers.isEmpty, "the kept snapshot has no pending reloads")
        labels["C"] = "c3"
        var empty = source.snapshot()
        empty.reloadSections(["C"])
        try source.apply(empty)
        #expect(shown().contains("C c3"), "a section with no items: its header still comes again")

        var unknown = source.snapshot()
        unknown.reloadSections(["Z"])
        #expect(throws: GridSnapshotError<String, String>.self) { try unknown.validate() }
    }
}
