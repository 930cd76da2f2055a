import GridKitTesting
import Testing

@testable import GridKit

/// Issue 52's editing accessories: `.reorder()` and `.delete(actionHandler:)` on list rows,
/// shown as `GridView.isEditing` and their displayed state say, and the keys and clicks that
/// use them.
@MainActor @Suite struct EditingAccessoryTests {
    let snapshot = Snapshot()

    /// A sectioned, reorderable list whose rows carry reorder and delete accessories; the
    /// app's model is changed only by the reordering handlers and the delete actions.
    @MainActor final class EditableList {
        let grid: GridView
        let source: GridDiffableDataSource<String, String>
        var model: [String: [String]]
        let sectionIDs: [String]
        var cancelled: [String] = []
        var deleted: [String] = []

        init(_ sections: [(String, [String])], reorderShown: ListCellAccessory.DisplayedState = .whenEditing) throws {
            grid = GridView(
                frame: Rect(x: 0, y: 0, width: 24, height: 8),
                layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
            sectionIDs = sections.map(\.0)
            model = Dictionary(uniqueKeysWithValues: sections)
            var deleteItem: (String) -> Void = { _ in }
            let row = CellRegistration<ListCell, String> { cell, _, name in
                cell.contentConfiguration = .cell(text: name)
                cell.accessories = [.delete(actionHandler: { deleteItem(name) }), .reorder(displayed: reorderShown)]
            }
            source = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            var snapshot = GridSnapshot<String, String>()
            for (id, items) in sections {
                snapshot.appendSections([id])
                snapshot.appendItems(items, toSection: id)
            }
            try source.apply(snapshot)
            source.reorderingHandlers.canReorderItem = { _ in true }
            source.reorderingHandlers.didReorder = { [unowned self] transaction in
                for s in sectionIDs { model[s] = transaction.finalSnapshot.itemIdentifiers(inSection: s) }
            }
            source.reorderingHandlers.didCancelReorder = { [unowned self] item in cancelled.append(item) }
            deleteItem = { [unowned self] name in
                deleted.append(name)
                var snapshot = source.snapshot()
                snapshot.deleteItems([name])
                try? source.apply(snapshot)
                for s in sectionIDs { model[s]?.removeAll { $0 == name } }
            }
            render()
        }

        var shown: [String: [String]] {
            Dictionary(uniqueKeysWithValues: sectionIDs.map { ($0, source.snapshot().itemIdentifiers(inSection: $0)) })
        }
        var focused: String? { grid.focusedIndexPath.flatMap(source.itemIdentifier(for:)) }
        @discardableResult func press(_ keys: Key...) -> Canvas {
            for key in keys { _ = grid.handle(.key(key)) }
            return render()
        }
        @discardableResult func render() -> Canvas {
            let canvas = Canvas(size: grid.frame.size)
            grid.render(into: canvas)
            return canvas
        }
    }

    /// Not editing, rows show neither accessory and the keys do nothing; editing, `⊖` leads
    /// and `≡` ends each row (the snapshot), as UIKit shows them only while editing.
    @Test func accessoriesShowOnlyWhileEditing() throws {
        let list = try EditableList([("Fruit", ["Apple", "Banana", "Cherry"])])
        let plain = list.render()
        #expect(!plain.text.contains("⊖") && !plain.text.contains("≡"))
        list.press(.character("m"), .delete)
        #expect(!list.grid.isMovingItem && list.deleted.isEmpty, "the keys act only on accessories that show")
        list.grid.isEditing = true
        let editing = list.render()
        try snapshot.verify(editing, named: "editing-accessories")
        #expect(editing.row(0).hasPrefix(" ⊖ Apple") && editing.row(0).hasSuffix("≡  "))
        list.grid.isEditing = false
        #expect(!list.render().text.contains("⊖"), "leaving editing hides them again")
    }

    /// `m` on a row with a reorder accessory picks it up for the grid's interactive move; the
    /// arrows move it, `m` drops it, and the reordering handlers hear the move.
    @Test func theMoveKeyPicksARowUpAndDropsIt() throws {
        let list = try EditableList([("Fruit", ["Apple", "Banana", "Cherry"])])
        list.grid.isEditing = true
        list.render()
        list.press(.character("m"))
        #expect(list.grid.isMovingItem)
        list.press(.down, .down)
        list.press(.character("m"))
        #expect(!list.grid.isMovingItem)
        #expect(list.model["Fruit"] == ["Banana", "Cherry", "Apple"] && list.shown == list.model)
        #expect(list.focused == "Apple")
    }

    /// Across sections and back with Esc: the row is put back and `didCancelReorder` is told.
    @Test func aPickedUpRowCanBePutBack() throws {
        let list = try EditableList([("A", ["one", "two"]), ("B", ["three"])])
        list.grid.isEditing = true
        list.render()
        list.press(.down, .character("m"), .down)
        #expect(list.shown["B"] == ["two", "three"], "down past the end lands first in the next section")
        list.press(.escape)
        #expect(list.shown == list.model && list.model["A"] == ["one", "two"])
        #expect(list.cancelled == ["two"] && list.focused == "two")
    }

    /// `.reorder(displayed: .always)` picks up without editing, as UIKit's displayed state says.
    @Test func anAlwaysShownHandleWorksWithoutEditing() throws {
        let list = try EditableList([("Fruit", ["Apple", "Banana"])], reorderShown: .always)
        #expect(list.render().row(0).hasSuffix("≡  ") && !list.render().text.contains("⊖"))
        list.press(.character("m"))
        #expect(list.grid.isMovingItem)
        list.press(.down, .enter)
        #expect(list.model["Fruit"] == ["Banana", "Apple"])
    }

    /// Delete and Backspace on a row with a delete accessory call its handler; so does a
    /// click on the `⊖`, and a click elsewhere on the row only focuses it.
    @Test func deleteKeysAndClicksCallTheHandler() throws {
        let list = try EditableList([("Fruit", ["Apple", "Banana", "Cherry", "Damson"])])
        list.grid.isEditing = true
        list.render()
        list.press(.delete)
        #expect(list.deleted == ["Apple"] && list.shown["Fruit"] == ["Banana", "Cherry", "Damson"])
        list.press(.backspace)
        #expect(list.deleted == ["Apple", "Banana"])
        // Row 1 is "Damson" now: a click on its text focuses it, one on its glyph deletes it.
        _ = list.grid.handle(.mouse(MouseEvent(action: .press, position: Point(x: 8, y: 1), clickCount: 1)))
        _ = list.grid.handle(.mouse(MouseEvent(action: .release, position: Point(x: 8, y: 1), clickCount: 1)))
        list.render()
        #expect(list.focused == "Damson" && list.deleted.count == 2)
        _ = list.grid.handle(.mouse(MouseEvent(action: .press, position: Point(x: 1, y: 1), clickCount: 1)))
        list.render()
        #expect(list.deleted == ["Apple", "Banana", "Damson"] && list.model == list.shown)
    }

    /// The move and delete keys are bound in the standard map, listed in help only while editing.
    @Test func theKeysAreBoundAndListedWhileEditing() {
        let keys = KeyBindings.standard
        #expect(keys.action(for: .character("m")) == .moveItem)
        #expect(keys.action(for: .delete) == .deleteItem && keys.action(for: .backspace) == .deleteItem)
        var back = keys
        back.backspaceGoesBack = true
        #expect(back.action(for: .backspace) == .back)
        back.backspaceGoesBack = false
        #expect(back.action(for: .backspace) == .deleteItem)
        final class Plain: Screen, GridDataSource {
            var title: String { "Plain" }
            func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: 4, height: 1)) }
            func registerCells(in gridView: GridView) {}
            func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 0 }
            func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell { GridCell() }
        }
        let summary = KeyAction.moveItem.summary
        #expect(!HelpScreen(for: Plain()).rows.contains { $0.action == summary })
        #expect(HelpScreen(for: Plain(), editing: true).rows.contains { $0.action == summary })
    }
}
