import GridKitTesting
import Testing

@testable import GridKit

/// Editing a snapshot: every operation, in random order, against a plain model of sections and
/// items that finds identifiers the obvious way.
@Suite struct SnapshotEditingTests {
    /// Sections and their items, edited as the operations' documentation says.
    private struct Model {
        var sections: [(id: Int, items: [String])] = []
        var reloads: [String] = []
        var firstError: GridSnapshotError<Int, String>?

        func find(_ id: String) -> (s: Int, i: Int)? {
            for (s, section) in sections.enumerated() { if let i = section.items.firstIndex(of: id) { return (s, i) } }
            return nil
        }
        mutating func fail(_ e: GridSnapshotError<Int, String>) { if firstError == nil { firstError = e } }
        mutating func move(_ id: String, _ anchor: String, after: Bool) {
            guard id != anchor else { return }
            guard let (s, i) = find(id) else { return fail(.unknownItem(id)) }
            guard find(anchor) != nil else { return fail(.unknownItem(anchor)) }
            sections[s].items.remove(at: i)
            let (t, j) = find(anchor)!
            sections[t].items.insert(id, at: after ? j + 1 : j)
        }
    }

    @Test func randomEditsAgreeWithAPlainModel() throws {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<60 {
            var snapshot = GridSnapshot<Int, String>(), model = Model()
            var nextSection = 0, nextItem = 0
            func anyItem() -> String {
                let all = model.sections.flatMap(\.items)
                // Now and then one the snapshot does not hold.
                return all.isEmpty || rng.int(0...15) == 0
                    ? "missing\(rng.int(0...3))" : all[rng.int(0...(all.count - 1))]
            }
            func anySection() -> Int {
                model.sections.isEmpty || rng.int(0...15) == 0
                    ? -1 - rng.int(0...3) : model.sections[rng.int(0...(model.sections.count - 1))].id
            }
            func fresh(_ n: Int) -> [String] {
                defer { nextItem += n }
                return (1...n).map { "i\(nextItem + $0)" }
            }
            for step in 0..<80 {
                switch rng.int(0...11) {
                case 0:
                    let ids = Array((nextSection + 1)...(nextSection + rng.int(1...2)))
                    nextSection = ids.last!
                    snapshot.appendSections(ids)
                    model.sections += ids.map { ($0, []) }
                case 1, 2:
                    let ids = [nextSection + 1], anchor = anySection(), after = rng.int(0...1) == 1
                    nextSection += 1
                    if after {
                        snapshot.insertSections(ids, afterSection: anchor)
                    } else {
                        snapshot.insertSections(ids, beforeSection: anchor)
                    }
                    if let s = model.sections.firstIndex(where: { $0.id == anchor }) {
                        model.sections.insert((ids[0], []), at: after ? s + 1 : s)
                    } else {
                        model.fail(.unknownSection(anchor))
                    }
                case 3:
                    let id = anySection()
                    snapshot.deleteSections([id])
                    if let s = model.sections.firstIndex(where: { $0.id == id }) {
                        model.sections.remove(at: s)
                    } else {
                        model.fail(.unknownSection(id))
                    }
                case 4, 5:
                    let ids = fresh(rng.int(1...4)), toLast = rng.int(0...3) == 0, section = anySection()
                    snapshot.appendItems(ids, toSection: toLast ? nil : section)
                    if let s = toLast
                        ? (model.sections.isEmpty ? nil : model.sections.count - 1)
                        : model.sections.firstIndex(where: { $0.id == section })
                    {
                        model.sections[s].items += ids
                    } else {
                        model.fail(.unknownSection(toLast ? nil : section))
                    }
                case 6:
                    let ids = fresh(rng.int(1...2)), anchor = anyItem(), after = rng.int(0...1) == 1
                    if after {
                        snapshot.insertItems(ids, afterItem: anchor)
                    } else {
                        snapshot.insertItems(ids, beforeItem: anchor)
                    }
                    if let (s, i) = model.find(anchor) {
                        model.sections[s].items.insert(contentsOf: ids, at: after ? i + 1 : i)
                    } else {
                        model.fail(.unknownItem(anchor))
                    }
                case 7:
                    let ids = (0..<rng.int(1...3)).map { _ in anyItem() }
                    snapshot.deleteItems(ids)
                    let doomed = Set(ids)
                    let missing = ids.first { model.find($0) == nil }
                    for s in model.sections.indices { model.sections[s].items.removeAll { doomed.contains($0) } }
                    if let missing { model.fail(.unknownItem(missing)) }
                case 8, 9:
                    // Often within one section, where the anchor's index shifts when the item leaves.
                    let id = anyItem(), after = rng.int(0...1) == 1
                    var anchor = anyItem()
                    if let (s, _) = model.find(id), rng.int(0...1) == 0,
                        let other = model.sections[s].items.randomElement(using: &rng)
                    {
                        anchor = other
                    }
                    if after {
                        snapshot.moveItem(id, afterItem: anchor)
                    } else {
                        snapshot.moveItem(id, beforeItem: anchor)
                    }
                    model.move(id, anchor, after: after)
                case 10:
                    let ids = (0..<rng.int(1...3)).map { _ in anyItem() }
                    snapshot.reloadItems(ids)
                    if let missing = ids.first(where: { model.find($0) == nil }) {
                        model.fail(.unknownItem(missing))
                    } else {
                        model.reloads += ids
                    }
                default:
                    if rng.int(0...5) == 0 {
                        snapshot.deleteAllItems()
                        for s in model.sections.indices { model.sections[s].items.removeAll() }
                    }
                }
                let context = "round \(round), step \(step)"
                #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), "\(context)")
                for section in model.sections where snapshot.itemIdentifiers(inSection: section.id) != section.items {
                    Issue.record(
                        "\(context): section \(section.id) holds \(snapshot.itemIdentifiers(inSection: section.id)), not \(section.items)"
                    )
                }
                #expect(snapshot.itemIdentifiers == model.sections.flatMap(\.items), "\(context)")
                #expect(snapshot.reloadedItemIdentifiers == model.reloads, "\(context)")
                let probe = anyItem()
                let flat = model.sections.flatMap(\.items)
                #expect(snapshot.indexOfItem(probe) == flat.firstIndex(of: probe), "\(context)")
                #expect(
                    snapshot.sectionIdentifier(containingItem: probe)
                        == model.find(probe).map { model.sections[$0.s].id }, "\(context)")
            }
            if let expected = model.firstError {
                #expect(throws: expected) { try snapshot.validate() }
            } else {
                try snapshot.validate()
            }
        }
    }

    /// Moves inside one section, each way round: the anchor's place is taken after the item left.
    @Test func movesWithinASection() {
        var s = GridSnapshot<Int, String>()
        s.appendSections([1])
        s.appendItems(["a", "b", "c", "d"])
        // (item, after or before, anchor, the items then): back and forth, and onto its own place.
        let steps: [(String, Bool, String, [String])] = [
            ("a", true, "c", ["b", "c", "a", "d"]), ("a", false, "b", ["a", "b", "c", "d"]),
            ("d", false, "a", ["d", "a", "b", "c"]), ("d", true, "c", ["a", "b", "c", "d"]),
            ("b", false, "c", ["a", "b", "c", "d"]), ("c", true, "b", ["a", "b", "c", "d"])
        ]
        for (item, after, anchor, expected) in steps {
            if after { s.moveItem(item, afterItem: anchor) } else { s.moveItem(item, beforeItem: anchor) }
            #expect(s.itemIdentifiers == expected, "\(item) \(after ? "after" : "before") \(anchor)")
        }
    }
}
