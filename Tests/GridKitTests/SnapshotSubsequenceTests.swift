import GridKitTesting
import Testing

@testable import GridKit

/// Snapshots that only narrow or only widen what is shown (a filter as it is typed and
/// deleted): applied from a walk, with the table of positions built only when asked for.
@MainActor @Suite struct SnapshotSubsequenceTests {
    /// Items "a0" to "e9": five sections of ten.
    private let all: [(Int, [String])] = (0..<5).map { s in
        (s, (0..<10).map { "\(Character(UnicodeScalar(97 + s)!))\($0)" })
    }

    /// `all` with only the items `keep` lets through, and no empty sections.
    private func filtered(_ keep: (String) -> Bool) -> [(Int, [String])] {
        all.map { ($0.0, $0.1.filter(keep)) }.filter { !$0.1.isEmpty }
    }

    private func walk(_ old: [(Int, [String])], _ new: [(Int, [String])]) -> SnapshotSubsequence<Int, String>? {
        SnapshotSubsequence(oldSections: old.map(\.0), oldItems: old.map(\.1), new: snapshot(new))
    }

    /// What the grid shows is `expected`, item by item, read without asking where identifiers are.
    private func expectShown(_ f: DiffableFixture, _ expected: [(Int, [String])], _ note: Comment? = nil) {
        #expect(f.grid.layout.numberOfSections == expected.count, note)
        for (s, (_, list)) in expected.enumerated() {
            #expect(f.grid.layout.numberOfItems(inSection: s) == list.count, note)
            for (i, id) in list.enumerated() where f.source.itemIdentifier(for: IndexPath(item: i, section: s)) != id {
                Issue.record("\(id) not at [\(s), \(i)] \(note.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test func aNarrowingOrWideningWalkPairsItemsInOrder() throws {
        let narrow = filtered { $0.hasSuffix("1") || $0.hasPrefix("c") }
        let w = try #require(walk(all, narrow))
        #expect(w.added.isEmpty)
        #expect(
            replay(
                w.difference(oldItems: all.map(\.1), newItems: narrow.map(\.1), reloaded: []), old: all.map(\.1),
                new: narrow.map(\.1)) == narrow.map(\.1))
        let back = try #require(walk(narrow, all))
        #expect(back.added.count == 50 - 14)
        #expect(
            replay(
                back.difference(oldItems: narrow.map(\.1), newItems: all.map(\.1), reloaded: []), old: narrow.map(\.1),
                new: all.map(\.1)) == all.map(\.1))
        // Neither: a reorder, a move to another section, an item swapped for another, sections
        // in another order.
        #expect(walk([(0, ["a", "b", "c"])], [(0, ["b", "a"])]) == nil)
        #expect(walk([(0, ["a", "b"]), (1, ["c"])], [(0, ["a"]), (1, ["b", "c"])]) == nil)
        #expect(walk([(0, ["a", "b", "c"])], [(0, ["a", "x", "c"])]) == nil)
        #expect(walk([(0, ["a"]), (1, ["b"])], [(1, ["b"]), (0, ["a"])]) == nil)
    }

    /// Typing a filter and deleting it: each apply finds its difference without hashing the
    /// items, the table is not built between keys, and focus and selection follow their items.
    @Test func filteringLeavesTheTableToBeBuiltWhenAsked() throws {
        let f = DiffableFixture()
        f.grid.allowsMultipleSelection = true
        try f.source.apply(snapshot(all))
        #expect(!f.source.positionsAreStale)
        f.grid.focusItem(at: IndexPath(item: 3, section: 2)) // c3
        f.grid.selectItem(at: IndexPath(item: 1, section: 4)) // e1
        let steps: [(String) -> Bool] = [
            { $0.hasSuffix("1") || $0.hasSuffix("3") }, { $0.hasSuffix("1") || $0 == "c3" },
            { $0.hasSuffix("1") || $0.hasSuffix("3") }, { _ in true }
        ]
        for (k, keep) in steps.enumerated() {
            let shown = filtered(keep)
            try f.source.apply(snapshot(shown))
            // The last step adds most items: the table is built, finding repeats as it goes.
            #expect(f.source.positionsAreStale == (k < 3), "step \(k)")
            expectShown(f, shown, "step \(k)")
            #expect(f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:)) == "c3", "step \(k)")
            #expect(f.grid.indexPathsForSelectedItems.compactMap(f.source.itemIdentifier(for:)) == ["e1"], "step \(k)")
        }
        #expect(f.render().text.contains("[c3]"))
        // Asked for, the table is built, and right.
        for (s, (_, list)) in all.enumerated() {
            for (i, id) in list.enumerated() { #expect(f.source.indexPath(for: id) == IndexPath(item: i, section: s)) }
        }
        #expect(!f.source.positionsAreStale)
        // Narrowing the focus away: the nearest survivor, found without the table.
        try f.source.apply(snapshot(filtered { $0.hasSuffix("1") || $0.hasSuffix("3") }))
        try f.source.apply(snapshot(filtered { $0.hasSuffix("1") }))
        #expect(f.source.positionsAreStale)
        #expect(
            f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:)) == "d1", "c1 and d1 are as near; after wins")
        #expect(f.source.indexPath(for: "c3") == nil && f.source.indexPath(for: "d1") == IndexPath(item: 0, section: 3))
    }

    /// An identifier put in twice, or put in while shown, throws and changes nothing, with the
    /// table current or not, and few or many items added.
    @Test func aRepeatAmongTheAddedThrowsAndChangesNothing() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot(all))
        let some = filtered { $0.hasPrefix("a") || $0.hasSuffix("2") }
        for stale in [false, true] {
            try f.source.apply(snapshot(all))
            try f.source.apply(snapshot(some))
            if !stale { _ = f.source.indexPath(for: "a0") }
            #expect(f.source.positionsAreStale == stale)
            var shownTwice = some
            shownTwice[1].1.append("a4")
            #expect(throws: GridSnapshotError<Int, String>.duplicateItem("a4")) {
                try f.source.apply(snapshot(shownTwice))
            }
            var addedTwice = some
            addedTwice[1].1 += ["x", "x"]
            #expect(throws: GridSnapshotError<Int, String>.duplicateItem("x")) {
                try f.source.apply(snapshot(addedTwice))
            }
            var manyAdded = some
            manyAdded.append((9, (0..<40).map { "m\($0)" } + ["m7"]))
            #expect(throws: GridSnapshotError<Int, String>.duplicateItem("m7")) {
                try f.source.apply(snapshot(manyAdded))
            }
            expectShown(f, some, "stale \(stale)")
            #expect(f.source.indexPath(for: "b2") == IndexPath(item: 0, section: 1))
        }
    }

    /// Reloads name items by identifier: with no table current, they are still found, where
    /// they are shown before the apply.
    @Test func reloadsWithoutACurrentTable() throws {
        let f = DiffableFixture()
        try f.source.apply(snapshot(all))
        try f.source.apply(snapshot(filtered { $0.hasSuffix("5") || $0.hasSuffix("6") }))
        #expect(f.source.positionsAreStale)
        #expect(
            f.source.oldPositions(of: ["b6", "zz", "e5"]) == [
                SnapshotDifference.pack(1, 1), SnapshotDifference.pack(4, 0)
            ])
        #expect(f.source.positionsAreStale)
        var s = snapshot(filtered { $0.hasSuffix("5") })
        s.reloadItems(["b5"])
        try f.source.apply(s)
        #expect(f.source.positionsAreStale, "a reload is found without building a table")
        expectShown(f, filtered { $0.hasSuffix("5") })
    }

    /// Random filters typed and deleted, with now and then another kind of change: what is
    /// shown is always the snapshot, the focused item keeps the focus while it is shown, and
    /// the table, when asked for, answers for every item.
    @Test func randomFiltersAgreeWithTheSnapshot() throws {
        var rng = SeededGenerator(seed: 44)
        let f = DiffableFixture()
        try f.source.apply(snapshot(all))
        var shown = all
        // Whether what is shown is in the order of `all` (no shuffle since the last widening).
        var inOrder = true
        for round in 0..<400 {
            var next: [(Int, [String])]
            let kind = rng.int(0...9), shuffled = kind == 0, filter = !shuffled, widened = kind >= 5
            switch kind {
            case 0:
                next = shown.map { ($0.0, $0.1.shuffled(using: &rng)) }
            case 1...4:
                // Narrower: a random part of what is shown.
                next = shown.map { ($0.0, $0.1.filter { _ in rng.int(0...3) > 0 }) }.filter { !$0.1.isEmpty }
            default:
                // Wider: a random part of everything, holding what is shown.
                let held = Set(shown.flatMap(\.1))
                next = all.map { ($0.0, $0.1.filter { held.contains($0) || rng.int(0...2) == 0 }) }.filter {
                    !$0.1.isEmpty
                }
            }
            // The walk, where it is taken, finds the full difference's batch.
            let w = walk(shown, next)
            if filter && inOrder { #expect(w != nil, "round \(round): a filter's change is a walk") }
            inOrder = !shuffled || next.map(\.1) == shown.map(\.1) ? inOrder || widened : false
            if let w {
                let old = shown.map(\.1), new = next.map(\.1)
                var table = PositionTable<String>(sections: old.count)
                for (s, list) in old.enumerated() {
                    for (i, id) in list.enumerated() { _ = table.insert(id, item: i, section: s) }
                }
                let hashed = try HashedSnapshot<Int, String>(
                    new, expected: new.joined().count, old: old, oldPositions: table)
                let sectionInNew = shown.map { id in next.firstIndex { $0.0 == id.0 } }
                let full = SnapshotDifference(
                    oldCounts: old.map(\.count), newCounts: new.map(\.count), sectionInNew: sectionInNew,
                    oldToNew: hashed.oldToNew, newFromOld: hashed.newFromOld, reloaded: [])
                let mine = w.difference(oldItems: old, newItems: new, reloaded: [])
                #expect(
                    mine.deletedSections == full.deletedSections && mine.insertedSections == full.insertedSections,
                    "round \(round)")
                #expect(
                    mine.deletedItems == full.deletedItems && mine.insertedItems == full.insertedItems, "round \(round)"
                )
                #expect(mine.movedItems.isEmpty && full.movedItems.isEmpty, "round \(round)")
                #expect(replay(mine, old: old, new: new) == new, "round \(round)")
            }
            let focused = f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:))
            try f.source.apply(snapshot(next))
            expectShown(f, next, "round \(round)")
            if let id = focused, next.contains(where: { $0.1.contains(id) }) {
                #expect(f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:)) == id, "round \(round)")
            }
            if let at = f.grid.focusedIndexPath { #expect(f.grid.isValid(at)) }
            if rng.int(0...7) == 0 {
                for (s, (_, list)) in next.enumerated() {
                    for (i, id) in list.enumerated() where f.source.indexPath(for: id) != IndexPath(item: i, section: s)
                    {
                        Issue.record("round \(round): \(id) not found at [\(s), \(i)]")
                    }
                }
            }
            shown = next
        }
    }

    /// Where the focus should go: its item, else the nearest survivor in reading order (the
    /// one after wins a tie), else the same index path, else the first item.
    private func reference(focus at: IndexPath?, old: [[String]], new: [[String]]) -> String? {
        guard let at else { return nil }
        let flatOld = old.flatMap { $0 }
        let newSet = Set(new.flatMap { $0 })
        var start = at.item
        for s in 0..<at.section { start += old[s].count }
        let id = flatOld[start]
        if newSet.contains(id) { return id }
        for d in 1..<max(1, flatOld.count) {
            if start + d < flatOld.count, newSet.contains(flatOld[start + d]) { return flatOld[start + d] }
            if start - d >= 0, newSet.contains(flatOld[start - d]) { return flatOld[start - d] }
        }
        // none survived: same index path if valid, else first item
        if at.section < new.count && at.item < new[at.section].count { return new[at.section][at.item] }
        if let s = new.firstIndex(where: { !$0.isEmpty }) { return new[s][0] }
        return nil
    }

    /// Every kind of snapshot, from every state of the table (current or left to be built):
    /// narrowing, widening, repeats, moves between sections, reordered sections, shuffles, the
    /// same again, with reloads, focus and selection. A throw is the one `validate()` names and
    /// changes nothing; otherwise the grid shows the snapshot, the selection keeps the items
    /// left, the focus follows the rules, and the table answers for every identifier.
    @Test(arguments: [1, 2, 3]) func everyKindOfSnapshotAgreesWithTheRules(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) * 7919)
        let universe = (0..<40).map { "i\($0)" }
        let f = DiffableFixture()
        f.grid.allowsMultipleSelection = true
        var shown: [(Int, [String])] = [
            (0, Array(universe[0..<10])), (1, Array(universe[10..<20])), (2, []), (3, Array(universe[20..<30]))
        ]
        try f.source.apply(snapshot(shown))
        var throwsSeen = 0, staleSeen = 0
        for round in 0..<1500 {
            let note: Comment = "seed \(seed) round \(round)"
            let held = Set(shown.flatMap(\.1))
            let free = universe.filter { !held.contains($0) }
            var next = shown
            let kind = rng.int(0...9)
            switch kind {
            case 0, 1, 2:
                next = shown.map { ($0.0, $0.1.filter { _ in rng.int(0...3) > 0 }) }.filter { _ in rng.int(0...9) > 0 }
            case 3, 4:
                var pool = free.shuffled(using: &rng)
                for _ in 0..<rng.int(1...6) where !pool.isEmpty {
                    let id = pool.removeLast()
                    if next.isEmpty || rng.int(0...5) == 0 {
                        let sid = (0..<8).first { s in !next.contains { $0.0 == s } }
                        if let sid { next.insert((sid, [id]), at: rng.int(0...next.count)) }
                    } else {
                        let s = rng.int(0...(next.count - 1))
                        next[s].1.insert(id, at: rng.int(0...next[s].1.count))
                    }
                }
                if rng.int(0...4) == 0, let sid = (0..<8).first(where: { s in !next.contains { $0.0 == s } }) {
                    next.insert((sid, []), at: rng.int(0...next.count))
                }
            case 5:
                // widen with a duplicate
                let pick =
                    rng.int(0...1) == 0 && !held.isEmpty
                    ? held.randomElement(using: &rng)! : (free.randomElement(using: &rng) ?? "i0")
                if next.isEmpty { next = [(5, [])] }
                for _ in 0..<(held.contains(pick) ? 1 : 2) {
                    let s = rng.int(0...(next.count - 1))
                    next[s].1.insert(pick, at: rng.int(0...next[s].1.count))
                }
                if rng.int(0...1) == 0, let id = free.filter({ $0 != pick }).randomElement(using: &rng) {
                    let s = rng.int(0...(next.count - 1))
                    next[s].1.insert(id, at: rng.int(0...next[s].1.count))
                }
            case 6:
                // move an item to another section (maybe also narrowing)
                let nonEmpty = next.indices.filter { !next[$0].1.isEmpty }
                if let s = nonEmpty.randomElement(using: &rng), next.count > 1 {
                    let i = rng.int(0...(next[s].1.count - 1)), id = next[s].1.remove(at: i)
                    var t = rng.int(0...(next.count - 1)); if t == s { t = (t + 1) % next.count }
                    next[t].1.insert(id, at: rng.int(0...next[t].1.count))
                }
                if rng.int(0...1) == 0 { next = next.map { ($0.0, $0.1.filter { _ in rng.int(0...5) > 0 }) } }
            case 7:
                next.shuffle(using: &rng)
            case 8:
                break // identical
            default:
                next = next.map { ($0.0, $0.1.shuffled(using: &rng)) }
            }
            var snap = snapshot(next)
            if rng.int(0...2) == 0 {
                snap.reloadItems(
                    Array(universe.shuffled(using: &rng).prefix(3)).filter { id in next.contains { $0.1.contains(id) } }
                )
            }
            // focus and selection
            let oldItems = shown.map(\.1)
            let all = oldItems.enumerated().flatMap { s, l in l.indices.map { IndexPath(item: $0, section: s) } }
            if rng.int(0...2) == 0, let at = all.randomElement(using: &rng) { f.grid.focusItem(at: at) }
            if rng.int(0...3) == 0, let at = all.randomElement(using: &rng) { f.grid.selectItem(at: at) }
            let focused = f.grid.focusedIndexPath.flatMap { f.source.itemIdentifier(for: $0) != nil ? $0 : nil }
            let selectedIDs = Set(f.grid.indexPathsForSelectedItems.compactMap(f.source.itemIdentifier(for:)))
            let staleBefore = f.source.positionsAreStale
            var expectedError: GridSnapshotError<Int, String>?
            do { try snap.validate() } catch { expectedError = error }
            do {
                try f.source.apply(snap)
                #expect(expectedError == nil, "accepted a bad snapshot \(note) \(next)")
            } catch let e as GridSnapshotError<Int, String> {
                throwsSeen += 1
                #expect(
                    e == expectedError,
                    "error \(e) vs \(String(describing: expectedError)) \(note) stale \(staleBefore)")
                #expect(f.source.snapshot().sectionIdentifiers == shown.map(\.0) && f.source.sections == oldItems, note)
                #expect(f.source.positionsAreStale == staleBefore || !f.source.positionsAreStale, note)
                for (s, l) in oldItems.enumerated() {
                    for (i, id) in l.enumerated() where f.source.indexPath(for: id) != IndexPath(item: i, section: s) {
                        Issue.record("after throw \(id) \(note)")
                    }
                }
                continue
            }
            if f.source.positionsAreStale { staleSeen += 1 }
            let new = next.map(\.1)
            #expect(f.source.snapshot().sectionIdentifiers == next.map(\.0), note)
            #expect(f.source.sections == new, note)
            #expect(f.grid.layout.numberOfSections == new.count, note)
            for (s, l) in new.enumerated() { #expect(f.grid.layout.numberOfItems(inSection: s) == l.count, note) }
            let newSet = Set(new.flatMap { $0 })
            let wantSel = selectedIDs.filter { newSet.contains($0) }
            let gotSel = Set(f.grid.indexPathsForSelectedItems.compactMap(f.source.itemIdentifier(for:)))
            #expect(gotSel == wantSel && f.grid.indexPathsForSelectedItems.count == wantSel.count, "selection \(note)")
            let want = reference(focus: focused, old: oldItems, new: new)
            let got = f.grid.focusedIndexPath.flatMap(f.source.itemIdentifier(for:))
            if focused != nil {
                #expect(got == want, "focus \(String(describing: got)) vs \(String(describing: want)) \(note)")
            }
            if rng.int(0...3) == 0 {
                for id in universe {
                    var expected: IndexPath?
                    for (s, l) in new.enumerated() {
                        if let i = l.firstIndex(of: id) { expected = IndexPath(item: i, section: s) }
                    }
                    #expect(f.source.indexPath(for: id) == expected, "indexPath \(id) \(note)")
                }
            }
            shown = next
        }
        #expect(throwsSeen > 20 && staleSeen > 20, "both throws and a table left to build were reached")
    }
}
