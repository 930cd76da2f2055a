import GridKitTesting
import Testing

@testable import GridKit

/// Where a batch takes each item: random batches, made from a before and an after state of
/// named items, must map every old index path to where its item is after.
@Suite struct BatchMappingTests {
    @Test func randomBatchesMapEveryItemToWhereItWent() throws {
        var rng = SeededGenerator(seed: 11)
        var name = 0
        func fresh() -> Int {
            name += 1
            return name
        }
        for round in 0..<300 {
            let old: [(id: Int, items: [Int])] = (0..<rng.int(1...4)).map { _ in
                (fresh(), (0..<rng.int(0...8)).map { _ in fresh() })
            }
            // Sections deleted, then items deleted, moved (anywhere, into the same section too)
            // and inserted; sections inserted.
            var new = old.filter { _ in rng.int(0...5) != 0 }
            var deleted: Set<Int> = [], moved: [Int] = []
            for s in new.indices {
                for id in new[s].items {
                    switch rng.int(0...5) {
                    case 0: deleted.insert(id)
                    case 1: moved.append(id)
                    default: break
                    }
                }
                new[s].items.removeAll { deleted.contains($0) || moved.contains($0) }
            }
            let survivors = new.count
            var inserted: Set<Int> = []
            if survivors > 0 {
                for id in moved + (0..<rng.int(0...4)).map({ _ in fresh() }) {
                    let s = rng.int(0...(survivors - 1))
                    new[s].items.insert(id, at: rng.int(0...new[s].items.count))
                    if !moved.contains(id) { inserted.insert(id) }
                }
            } else {
                deleted.formUnion(moved)
                moved = []
            }
            for _ in 0..<rng.int(0...2) { new.insert((fresh(), [fresh()]), at: rng.int(0...new.count)) }

            let batch = GridBatchUpdate()
            let oldIDs = old.map(\.id), newIDs = new.map(\.id)
            var oldPlace: [Int: IndexPath] = [:], newPlace: [Int: IndexPath] = [:]
            for (s, section) in old.enumerated() {
                for (i, id) in section.items.enumerated() { oldPlace[id] = IndexPath(item: i, section: s) }
            }
            for (s, section) in new.enumerated() {
                for (i, id) in section.items.enumerated() { newPlace[id] = IndexPath(item: i, section: s) }
            }
            batch.deleteSections(oldIDs.indices.filter { !newIDs.contains(oldIDs[$0]) })
            batch.insertSections(newIDs.indices.filter { !oldIDs.contains(newIDs[$0]) })
            // Shuffled: the mapping must not rely on a diffable apply's sorted lists.
            batch.deleteItems(
                at: deleted.compactMap { id in oldPlace[id].flatMap { newIDs.contains(oldIDs[$0.section]) ? $0 : nil } }
                    .shuffled(using: &rng))
            batch.insertItems(at: inserted.compactMap { newPlace[$0] }.shuffled(using: &rng))
            for id in moved { batch.moveItem(at: oldPlace[id]!, to: newPlace[id]!) }

            let mapping = try BatchMapping(batch, before: old.map(\.items.count), after: new.map(\.items.count))
            for (id, at) in oldPlace {
                let expected = newIDs.contains(oldIDs[at.section]) ? newPlace[id] : nil
                #expect(mapping.map(at) == expected, "round \(round): item \(id) at \(at)")
            }
        }
    }

    /// An item named twice: the error says which two things named it.
    @Test func anItemNamedTwiceIsRefusedSayingHow() {
        func refusal(_ before: [Int], _ after: [Int], _ record: (GridBatchUpdate) -> Void) -> String? {
            let batch = GridBatchUpdate()
            record(batch)
            do {
                _ = try BatchMapping(batch, before: before, after: after)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let a = IndexPath(item: 1, section: 0), b = IndexPath(item: 0, section: 1)
        #expect(
            refusal([3, 1], [1, 1]) { $0.deleteItems(at: [a, a]) } == "invalid update: item [0, 1] is deleted twice")
        #expect(
            refusal([3, 2], [2, 2]) {
                $0.deleteItems(at: [a]); $0.moveItem(at: a, to: b)
            } == "invalid update: item [0, 1] is moved and also deleted or moved again")
        #expect(
            refusal([1, 1], [1, 3]) { $0.insertItems(at: [b, b]) } == "invalid update: item [1, 0] is inserted twice")
        #expect(
            refusal([2, 1], [1, 3]) {
                $0.insertItems(at: [b]); $0.moveItem(at: a, to: b)
            }
                == "invalid update: [1, 0] is the destination of a move and also inserted or moved to")
        #expect(refusal([2, 1], [1, 2]) { $0.moveItem(at: a, to: b) } == nil)
        // Several mistakes: each index is checked before repeats are looked for, whichever came
        // first in the batch.
        let outside = IndexPath(item: 5, section: 0)
        #expect(
            refusal([3, 1], [0, 1]) {
                $0.deleteItems(at: [a, a]); $0.deleteItems(at: [outside])
            } == "\(GridUpdateError.outOfRange("deleted item \(outside)"))")
        #expect(
            refusal([3, 1], [1, 2]) {
                $0.deleteItems(at: [a, a]); $0.insertItems(at: [IndexPath(item: 0, section: 2)])
            } == "\(GridUpdateError.outOfRange("inserted item [2, 0]"))")
    }
}
