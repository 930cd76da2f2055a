import GridKitTesting
import Testing

@testable import GridKit

/// Moving items by hand: picked up, moved with the arrows or the mouse, dropped or put back,
/// through a diffable data source's reordering handlers.
@MainActor @Suite struct ReorderingTests {
    @MainActor final class Favourites {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 31, height: 10),
            layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        let source: GridDiffableDataSource<Int, String>
        var kept: [GridReorderingTransaction<Int, String>] = []

        init() throws {
            let row = CellRegistration<ListCell, String> { cell, _, name in
                cell.contentConfiguration = .cell(text: name)
            }
            source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
                grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
            }
            var snapshot = GridSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["Ada", "Grace", "Linus", "Ken"], toSection: 0)
            try source.apply(snapshot)
            source.reorderingHandlers.canReorderItem = { $0 != "Ken" }
            source.reorderingHandlers.didReorder = { [unowned self] in kept.append($0) }
        }

        var order: [String] { source.snapshot().itemIdentifiers }
        func press(_ key: Key) { _ = grid.handle(.key(key)) }
    }

    @Test func arrowsMoveThePickedUpItemAndEnterKeepsIt() throws {
        let f = try Favourites()
        #expect(f.grid.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        f.press(.down)
        f.press(.down)
        #expect(f.order == ["Grace", "Linus", "Ada", "Ken"], "the grid shows where it would land")
        #expect(f.grid.focusedIndexPath == IndexPath(item: 2, section: 0) && f.kept.isEmpty)
        let canvas = Canvas(size: f.grid.frame.size)
        f.grid.render(into: canvas)
        f.press(.enter)
        #expect(!f.grid.isMovingItem && f.kept.count == 1)
        #expect(f.kept.first?.initialSnapshot.itemIdentifiers == ["Ada", "Grace", "Linus", "Ken"])
        #expect(f.kept.first?.finalSnapshot.itemIdentifiers == ["Grace", "Linus", "Ada", "Ken"])
        #expect(
            f.kept.first.map { Array(f.kept[0].initialSnapshot.itemIdentifiers.applying($0.difference) ?? []) } == [
                "Grace", "Linus", "Ada", "Ken"
            ])
    }

    @Test func escPutsItBackAndARefusedItemDoesNotMove() throws {
        let f = try Favourites()
        #expect(f.grid.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        f.press(.up)
        #expect(f.order == ["Grace", "Ada", "Linus", "Ken"])
        f.press(.escape)
        #expect(f.order == ["Ada", "Grace", "Linus", "Ken"] && f.kept.isEmpty && !f.grid.isMovingItem)
        #expect(f.grid.focusedIndexPath == IndexPath(item: 1, section: 0), "the focus went back with it")
        #expect(!f.grid.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)), "Ken may not move")
        // A step the source refuses changes nothing, and the item stays picked up where it was.
        f.source.reorderingHandlers.canMoveItemToSection = { _, _ in false }
        #expect(f.grid.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        f.press(.down)
        #expect(
            f.order == ["Ada", "Grace", "Linus", "Ken"] && f.grid.focusedIndexPath == IndexPath(item: 0, section: 0))
        f.press(.enter)
        #expect(f.kept.isEmpty, "nothing moved, nothing to tell")
        #expect(f.order == ["Ada", "Grace", "Linus", "Ken"])
    }

    /// Press on one item, release on another: the item moves there.
    @Test func pressAndReleaseMoves() throws {
        let f = try Favourites()
        _ = f.grid.handle(.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 0))))
        _ = f.grid.handle(.mouse(MouseEvent(action: .release, position: Point(x: 3, y: 2))))
        #expect(f.order == ["Grace", "Linus", "Ada", "Ken"] && f.kept.count == 1)
        _ = f.grid.handle(.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 3))))
        _ = f.grid.handle(.mouse(MouseEvent(action: .release, position: Point(x: 3, y: 0))))
        #expect(f.order == ["Grace", "Linus", "Ada", "Ken"] && f.kept.count == 1, "a refused item stays")
    }
}
