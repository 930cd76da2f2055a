import Glibc
import GridKit
import GridKitTerminal

final class FruitCell: GridCell {
    var name = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = state.isFocused ? Style(foreground: .black, background: .yellow) : Style(background: .blue)
        context.fill(style: style)
        context.centeredText(name, y: bounds.height / 2, style: style)
    }
}

final class Fruits: Screen, GridDataSource {
    let names = ["apple", "banana", "cherry", "damson", "elderberry", "fig", "grape", "huckleberry"]
    var title: String { "Fruits" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: 14, height: 3), lineSpacing: 1) }
    func registerCells(in gridView: GridView) { gridView.register(FruitCell.self) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { names.count }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(FruitCell.self, for: indexPath)
        cell.name = names[indexPath.item]
        return cell
    }
}

do {
    let terminal = try Terminal.open()
    ScreenController(host: terminal, quitsWhenRootPops: true).run(Fruits())
    terminal.close()
} catch let error as TerminalError {
    let line = "fruitgrid: \(error.message)\n"
    write(STDERR_FILENO, line, line.utf8.count)
    exit(2)
}
