import GridKit

// Sizing moved from `GridDelegate` to `GridDelegateFlowLayout` (as UIKit has it). Adopting the
// new protocol, the sizes are used; implementing the method on a plain `GridDelegate` stops the
// program with a message naming the move (`APICheck --misplaced-sizing`, run by the end-to-end
// tests), where it used to be ignored without a word.

/// Rows whose height the delegate gives: the third is three rows tall.
final class FlowSizedRows: GridDataSource, GridDelegateFlowLayout {
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 4 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(NameCell.self, for: indexPath)
        cell.name = "row\(indexPath.item)"
        return cell
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(width: FlowLayout.fullLine, height: indexPath.item == 2 ? 3 : 1)
    }
}

/// The same rows sized the old way: the method on a delegate that adopts only `GridDelegate`.
final class MisplacedSizingRows: GridDataSource, GridDelegate {
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 4 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        gridView.dequeue(NameCell.self, for: indexPath)
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(width: FlowLayout.fullLine, height: indexPath.item == 2 ? 3 : 1)
    }
}

@MainActor func flowSizing() {
    let rows = FlowSizedRows()
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 20, height: 8))
    grid.register(NameCell.self)
    grid.dataSource = rows
    grid.delegate = rows
    grid.reloadData()
    check(
        text(of: grid).prefix(6) == ["[row0]", "row1", "row2", "", "", "row3"],
        "a GridDelegateFlowLayout sizes rows: \(text(of: grid))")
}

/// Lays out rows sized the old way: the program stops at the first layout.
@MainActor func misplacedSizing() {
    let rows = MisplacedSizingRows()
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 20, height: 8))
    grid.register(NameCell.self)
    grid.dataSource = rows
    grid.delegate = rows
    grid.reloadData()
    _ = text(of: grid)
    print("misplaced sizing was not reported")
}
