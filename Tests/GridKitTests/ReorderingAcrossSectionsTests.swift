import GridKitTesting
import Testing

@testable import GridKit

/// Issue 52's reordering: a row moved over a section's edge, put back with Esc, and an app's
/// model kept only through the reordering handlers, as an app keeps it.
@MainActor @Suite struct ReorderingAcrossSectionsTests {
    /// A sectioned list on a diffable source, and the app's model of it, changed only by the
    /// reordering handlers.
    @MainActor final class Board {
        let grid: GridView
        let source: GridDiffableDataSource<String, String>
        let sectionIDs: [String]
        /// The app's model: each section's items, as the handlers told.
        var model: [[String]]
        var kept = 0, cancelled: [String] = []
        /// The last kept move's section transactions: section, items before, items after.
        var sectionChanges: [(String, [String], [String])] = []

        init(_ sections: [(String, [String])], height: Int = 10, refusing: String? = nil) throws {
            grid = GridView(
                frame: Rect(x: 0, y: 0, width: 30, height: height),
                layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
            let row = CellRegistration<ListCell, String> { cell, _, name in
                cell.contentConfiguration = .cell(text: name)
            }
            source = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            sectionIDs = sections.map(\.0)
            model = sections.map(\.1)
            var snapshot = GridSnapshot<String, String>()
            for (id, items) in sections {
                snapshot.appendSections([id])
                snapshot.appendItems(items, toSection: id)
            }
            try source.apply(snapshot)
            source.reorderingHandlers.canReorderItem = { _ in true }
            if let refusing { source.reorderingHandlers.canMoveItemToSection = { _, section in section != refusing } }
            source.reorderingHandlers.didReorder = { [unowned self] transaction in
                // As an app does: the model from the final snapshot, section by section.
                #expect(transaction.initialSnapshot.items == model, "the transaction starts from the model")
                model = sectionIDs.map { transaction.finalSnapshot.itemIdentifiers(inSection: $0) }
                sectionChanges = transaction.sectionTransactions.map {
                    #expect($0.initialSnapshot.items.applying($0.difference) == $0.finalSnapshot.items)
                    return ($0.sectionIdentifier, $0.initialSnapshot.items, $0.finalSnapshot.items)
                }
                kept += 1
            }
            source.reorderingHandlers.didCancelReorder = { [unowned self] item in cancelled.append(item) }
            _ = render()
        }

        /// What the data source shows, section by section.
        var shown: [[String]] { sectionIDs.map { source.snapshot().itemIdentifiers(inSection: $0) } }
        var focused: String? { grid.focusedIndexPath.flatMap(source.itemIdentifier(for:)) }
        func press(_ keys: Key...) {
            for key in keys {
                _ = grid.handle(.key(key))
                _ = render()
            }
        }
        @discardableResult func render() -> Canvas {
            let canvas = Canvas(size: grid.frame.size)
            grid.render(into: canvas)
            return canvas
        }
        /// The rows drawn picked up (reversed and bold).
        var movingRows: [String] {
            let canvas = render()
            return (0..<canvas.size.height).filter { canvas[1, $0].style.attributes.contains(.reverse) }.map {
                canvas.row($0).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    static let smileys = [
        "Grinning face", "Beaming face", "Winking face", "Smiling face", "Hugging face", "Thinking face"
    ]

    /// The steps: Down ×5 to the last smiley, pick it up, Down: it is the first of
    /// Nature, still the one moving; Down again moves it, not "Dog face"; Enter keeps that.
    @Test func downPastTheEndOfASectionLandsFirstInTheNext() throws {
        let b = try Board([("Smileys", Self.smileys), ("Nature", ["Dog face", "Cat face", "Tiger"])], height: 12)
        b.press(.down, .down, .down, .down, .down)
        #expect(b.focused == "Thinking face")
        #expect(b.grid.beginInteractiveMovementForItem(at: b.grid.focusedIndexPath!))
        b.press(.down)
        #expect(b.shown == [Array(Self.smileys.dropLast()), ["Thinking face", "Dog face", "Cat face", "Tiger"]])
        #expect(b.grid.focusedIndexPath == IndexPath(item: 0, section: 1) && b.focused == "Thinking face")
        #expect(b.movingRows == ["Thinking face"])
        b.press(.down)
        #expect(b.shown[1] == ["Dog face", "Thinking face", "Cat face", "Tiger"] && b.movingRows == ["Thinking face"])
        b.press(.enter)
        #expect(b.kept == 1 && b.model == b.shown && b.focused == "Thinking face")
        // Both sections changed, each told with its items before and after.
        #expect(b.sectionChanges.map(\.0) == ["Smileys", "Nature"])
        #expect(
            b.sectionChanges.first?.1 == Self.smileys && b.sectionChanges.first?.2 == Array(Self.smileys.dropLast()))
        #expect(b.sectionChanges.last?.1 == ["Dog face", "Cat face", "Tiger"] && b.sectionChanges.last?.2 == b.shown[1])
        // A move inside one section tells only that section.
        #expect(b.grid.beginInteractiveMovementForItem(at: b.grid.focusedIndexPath!))
        b.press(.down, .enter)
        #expect(
            b.kept == 2 && b.sectionChanges.map(\.0) == ["Nature"]
                && b.sectionChanges[0].2 == ["Dog face", "Cat face", "Thinking face", "Tiger"])
    }

    /// Up past the start of a section: the last place of the previous one, which the next Up
    /// leaves for the place before its last item. Esc puts the row back and tells the app.
    @Test func upPastTheStartLandsLastInThePreviousAndEscPutsItBack() throws {
        let b = try Board([("Smileys", Self.smileys), ("Nature", ["Dog face", "Cat face", "Tiger"])], height: 12)
        let before = b.shown
        b.grid.focusItem(at: IndexPath(item: 0, section: 1))
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 1)))
        b.press(.up)
        #expect(b.shown == [Self.smileys + ["Dog face"], ["Cat face", "Tiger"]], "last in Smileys")
        #expect(b.focused == "Dog face" && b.movingRows == ["Dog face"])
        b.press(.up)
        #expect(
            b.shown[0] == [
                "Grinning face", "Beaming face", "Winking face", "Smiling face", "Hugging face", "Dog face",
                "Thinking face"
            ])
        b.press(.escape)
        #expect(b.shown == before && b.model == before, "back where it was")
        #expect(b.cancelled == ["Dog face"] && b.kept == 0)
        #expect(
            b.focused == "Dog face" && b.grid.focusedIndexPath == IndexPath(item: 0, section: 1) && !b.grid.isMovingItem
        )
    }

    /// Empty sections are places too, both ways; a section the app refuses is passed over.
    @Test func emptySectionsCanBeEnteredAndRefusedOnesPassedOver() throws {
        let b = try Board([("A", ["a1", "a2"]), ("Empty", []), ("B", ["b1"]), ("No", []), ("C", [])], refusing: "No")
        b.grid.focusItem(at: IndexPath(item: 1, section: 0))
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        b.press(.down)
        #expect(b.shown == [["a1"], ["a2"], ["b1"], [], []], "into the empty section")
        b.press(.down)
        #expect(b.shown == [["a1"], [], ["a2", "b1"], [], []])
        b.press(.down, .down)
        #expect(b.shown == [["a1"], [], ["b1"], [], ["a2"]], "over the refused section, into the last one")
        b.press(.down)
        #expect(b.shown == [["a1"], [], ["b1"], [], ["a2"]], "nowhere further")
        b.press(.up)
        #expect(b.shown == [["a1"], [], ["b1", "a2"], [], []], "back over it, last in B")
        b.press(.enter)
        #expect(b.model == b.shown && b.focused == "a2" && b.kept == 1)
    }

    /// While a row is picked up, clicks are held back as other keys are: a press elsewhere took
    /// the focus off the moving row, and a double click selected another item mid-move (a
    /// screen could push a detail with the move still under way).
    @Test func clicksWhileMovingLeaveTheFocusOnTheMovingRow() throws {
        let b = try Board([("Smileys", Self.smileys), ("Nature", ["Dog face", "Cat face", "Tiger"])], height: 12)
        b.grid.focusItem(at: IndexPath(item: 5, section: 0))
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
        b.press(.down)
        let moving = b.shown
        // "Cat face" is drawn on row 7: a row per item, no headers.
        for count in [1, 2] {
            _ = b.grid.handle(.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 7), clickCount: count)))
            _ = b.grid.handle(.mouse(MouseEvent(action: .release, position: Point(x: 3, y: 7), clickCount: count)))
        }
        #expect(b.grid.isMovingItem && b.focused == "Thinking face" && b.movingRows == ["Thinking face"])
        #expect(b.grid.indexPathsForSelectedItems.isEmpty && b.shown == moving)
        b.press(.down, .enter)
        #expect(
            b.shown[1] == ["Dog face", "Thinking face", "Cat face", "Tiger"] && b.model == b.shown
                && b.focused == "Thinking face")
    }

    /// An app may ask the data source whether a row can move at any time (to show a hint for
    /// the focused row, say); asked mid-move, that took the snapshot of that moment as where the
    /// move began, so Esc put back a different row and a drop's transaction started from there.
    @Test func askingCanMoveMidMoveDoesNotRestartTheMove() throws {
        let b = try Board([("Smileys", Self.smileys), ("Nature", ["Dog face", "Cat face", "Tiger"])], height: 12)
        let before = b.shown
        b.grid.focusItem(at: IndexPath(item: 5, section: 0))
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
        b.press(.down, .down)
        #expect(b.source.gridView(b.grid, canMoveItemAt: b.grid.focusedIndexPath!))
        b.press(.escape)
        #expect(b.shown == before && b.cancelled == ["Thinking face"] && b.focused == "Thinking face")
        // A drop: the handlers' transaction starts from the snapshot before the move (checked
        // against the model in the Board's didReorder).
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
        b.press(.down, .down)
        #expect(b.source.gridView(b.grid, canMoveItemAt: IndexPath(item: 0, section: 0)))
        b.press(.enter)
        #expect(b.kept == 1 && b.model == b.shown && b.shown[1] == ["Dog face", "Thinking face", "Cat face", "Tiger"])
    }

    /// A row moving inside the view does not scroll it: only a row that would leave the view
    /// scrolls it, by what it needs.
    @Test func aMovingRowScrollsTheListOnlyWhenItMustShow() throws {
        let b = try Board([("All", (0..<30).map { "row \($0)" })], height: 10)
        b.grid.focusItem(at: IndexPath(item: 2, section: 0))
        #expect(b.grid.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        b.press(.down, .down, .down)
        #expect(b.grid.contentOffset.y == 0 && b.grid.focusedIndexPath?.item == 5)
        b.press(.down, .down, .down, .down)
        #expect(b.grid.contentOffset.y == 0 && b.grid.focusedIndexPath?.item == 9, "the last row shown")
        b.press(.down)
        #expect(b.grid.contentOffset.y == 1 && b.grid.focusedIndexPath?.item == 10)
        b.press(.up, .up)
        #expect(b.grid.contentOffset.y == 1, "still in view going back")
        b.press(.enter)
        #expect(b.model == b.shown && b.focused == "row 2")
    }

    /// 1,000 random sequences of picking up, moving up and down, dropping and cancelling, over
    /// sections of 0 to 4 rows (one of them refused in some runs), the app asking now and then
    /// whether a row can move. After every drop or cancel the app's model, kept through the
    /// handlers alone, equals the data source's snapshot and the focus is on the item moved;
    /// while moving, the focus is on it too.
    @Test func randomMovesKeepTheModelAndTheSnapshotTogether() throws {
        var random = SeededGenerator(seed: 52)
        var seen = (intoFirst: 0, intoLast: 0, intoEmpty: 0, down: 0, up: 0, cancelledAcross: 0)
        for run in 0..<1_000 {
            let sectionCount = random.int(1...5)
            var sections: [(String, [String])] = []
            for s in 0..<sectionCount { sections.append(("s\(s)", (0..<random.int(0...4)).map { "r\(s).\($0)" })) }
            let refusing = random.int(0...3) == 0 ? sections[random.int(0...(sectionCount - 1))].0 : nil
            let b = try Board(sections, height: random.int(3...12), refusing: refusing)
            var moving: (item: String, from: IndexPath)?
            for _ in 0..<30 {
                let all = b.shown.enumerated().flatMap { s, items in
                    items.indices.map { IndexPath(item: $0, section: s) }
                }
                guard !all.isEmpty else { break }
                if let m = moving {
                    // Now and then the app asks whether a row can move, as a hint would.
                    if random.int(0...4) == 0 {
                        _ = b.source.gridView(b.grid, canMoveItemAt: all[random.int(0...(all.count - 1))])
                    }
                    switch random.int(0...9) {
                    case 0...3:
                        b.press(.down)
                        seen.down += 1
                    case 4...7:
                        b.press(.up)
                        seen.up += 1
                    default:
                        let at = b.source.indexPath(for: m.item)!
                        let cancel = random.int(0...1) == 0
                        b.press(cancel ? .escape : .enter)
                        moving = nil
                        #expect(!b.grid.isMovingItem)
                        #expect(b.model == b.shown, "run \(run): the model is the snapshot")
                        #expect(b.focused == m.item, "run \(run): the focus is on the item moved")
                        if cancel {
                            #expect(b.source.indexPath(for: m.item) == m.from, "run \(run): put back")
                            #expect(b.cancelled.last == m.item)
                            if at.section != m.from.section { seen.cancelledAcross += 1 }
                        } else if at.section != m.from.section {
                            if at.item == 0 { seen.intoFirst += 1 }
                            if at.item == b.shown[at.section].count - 1 { seen.intoLast += 1 }
                            if b.shown[at.section].count == 1 { seen.intoEmpty += 1 }
                        }
                        continue
                    }
                    #expect(
                        b.grid.isMovingItem && b.focused == m.item, "run \(run): the focus stays on the moving item")
                    #expect(b.movingRows.count <= 1)
                    if refusing != nil, let at = b.source.indexPath(for: m.item) {
                        #expect(
                            b.sectionIDs[at.section] != refusing || at.section == m.from.section,
                            "run \(run): kept out of the refused section")
                    }
                } else {
                    let pick = all[random.int(0...(all.count - 1))]
                    b.grid.focusItem(at: pick)
                    #expect(b.grid.beginInteractiveMovementForItem(at: pick))
                    moving = (b.source.itemIdentifier(for: pick)!, pick)
                    _ = b.render()
                }
            }
            if moving != nil {
                b.press(.enter)
                #expect(b.model == b.shown, "run \(run): the model is the snapshot")
            }
        }
        #expect(seen.intoFirst > 0 && seen.intoLast > 0 && seen.intoEmpty > 0 && seen.cancelledAcross > 0, "\(seen)")
        #expect(seen.down > 0 && seen.up > 0)
    }
}
