// Uses GridKit the way another package would, through the `GridKit` product alone, and checks
// what the README promises: typed registration, a diffable data source whose focus follows its
// item, an error (and no change) for a duplicate identifier, self-sizing cells, and a FlowLayout
// held as `any GridLayout`. Prints each failure and a closing count; exits 1 on any failure.
import Glibc
import GridKit

final class NameCell: GridCell {
    var name = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(state.isFocused ? "[\(name)]" : name, at: .zero, style: .plain)
    }
}

/// Three rows tall when its name says so, one row otherwise.
final class TallCell: GridCell {
    var name = ""
    override func preferredSize(fitting size: Size) -> Size? { Size(width: size.width, height: name == "tall" ? 3 : 1) }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(name, at: .zero, style: .plain)
    }
}

var passed = 0, failed = 0
@MainActor func check(_ ok: Bool, _ what: String) {
    if ok { passed += 1 } else { failed += 1; print("FAILED: \(what)") }
}
@MainActor func text(of grid: GridView) -> [String] {
    let canvas = Canvas(size: grid.frame.size)
    grid.render(into: canvas)
    return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@MainActor func diffable() throws {
    // README: diffable
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 30, height: 8))
    grid.register(NameCell.self)
    let fruits = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(NameCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    var snapshot = GridSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["apple", "banana"], toSection: 0)
    snapshot.appendItems(["cherry"], toSection: 1)
    try fruits.apply(snapshot)               // three items, the focus on the first
    snapshot.moveItem("apple", afterItem: "cherry")
    try fruits.apply(snapshot)               // one move: the focus follows "apple"
    // README end
    check(text(of: grid).contains { $0.contains("[apple]") }, "the focus followed apple to section 1: \(text(of: grid))")
    check(grid.focusedIndexPath == fruits.indexPath(for: "apple"), "focusedIndexPath is apple's new place")
    check(fruits.indexPath(for: "apple") == IndexPath(item: 1, section: 1), "apple is after cherry")

    var twice = fruits.snapshot()
    twice.appendItems(["banana"], toSection: 1)
    do {
        try fruits.apply(twice)
        check(false, "a duplicate identifier throws")
    } catch let error as GridSnapshotError<Int, String> {
        check(error == .duplicateItem("banana"), "the error names the duplicate: \(error)")
    }
    check(fruits.snapshot().itemIdentifiers == ["banana", "cherry", "apple"], "nothing changed after the error")
}

@MainActor func selfSizing() {
    final class Rows: GridDataSource {
        let names = ["tall", "next", "last"]
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { names.count }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            let cell = gridView.dequeue(TallCell.self, for: indexPath)
            cell.name = names[indexPath.item]
            return cell
        }
    }
    let flow = FlowLayout(itemSize: Size(width: 100, height: 1))
    flow.estimatedItemSize = Size(width: 100, height: 1)
    let layout: any GridLayout = flow
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 20, height: 8), layout: layout)
    grid.register(TallCell.self)
    let rows = Rows()
    grid.dataSource = rows
    grid.reloadData()
    let lines = text(of: grid)
    check(lines[0].hasPrefix("tall") && lines[3].hasPrefix("next") && lines[4].hasPrefix("last"),
          "the cell three rows tall pushes the next three rows down: \(lines)")
    check(grid.layout is FlowLayout, "a FlowLayout held as any GridLayout")
}

do { try diffable() } catch { check(false, "apply threw \(error)") }
selfSizing()
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
