import Testing

@testable import GridKit

/// A frame that shows the same elements as the last takes the last frame's views instead of
/// looking each one up again; these hold it to the views the grid's maps name.
@MainActor @Suite struct ReusedViewsTests {
    /// Draws its text; `whileDrawing` runs once, in the middle of a frame.
    final class Label: GridCell {
        var text = ""
        var whileDrawing: (() -> Void)?
        override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
            context.put(text, at: Point(x: 0, y: 0), style: Style())
            let run = whileDrawing
            whileDrawing = nil
            run?()
        }
    }

    /// Three rows; each ask for a cell makes a new one, named by how often it was asked.
    final class Source: GridDataSource {
        var asked: [Int: Int] = [:]
        var onFirstDraw: ((IndexPath) -> Void)?
        func numberOfSections(in gridView: GridView) -> Int { 1 }
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 3 }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            asked[indexPath.item, default: 0] += 1
            let cell = Label()
            cell.text = "row \(indexPath.item) v\(asked[indexPath.item]!)"
            if asked[indexPath.item] == 1, let onFirstDraw { cell.whileDrawing = { onFirstDraw(indexPath) } }
            return cell
        }
    }

    func grid(_ source: Source) -> GridView {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 12, height: 1)
        layout.minimumLineSpacing = 0
        let grid = GridView(frame: Rect(x: 0, y: 0, width: 12, height: 3), layout: layout)
        grid.dataSource = source
        grid.reloadData()
        return grid
    }

    /// A cell replaced while a frame draws (its drawing reconfigures the item, and the data
    /// source hands a new cell): the next frame shows the same elements, and must draw the new
    /// cell, not the one the last frame found.
    @Test func aCellReplacedWhileDrawingIsTheOneDrawnNext() {
        let source = Source()
        let grid = grid(source)
        source.onFirstDraw = { [unowned grid] ip in if ip.item == 1 { grid.reconfigureItems(at: [ip]) } }
        let canvas = Canvas(size: Size(width: 12, height: 3))
        grid.render(into: canvas)
        #expect(source.asked[1] == 2)
        grid.render(into: canvas)
        #expect(canvas.row(1).hasPrefix("row 1 v2"), "drew \(canvas.row(1))")
    }

    /// Hears what the grid tells a delegate about cells coming and going.
    final class Watcher: GridDelegate {
        var told: [String] = []
        func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath) {
            told.append("will \((cell as! Label).text)")
        }
        func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {
            told.append("end \((cell as! Label).text)")
        }
    }

    /// A reconfigure that gets another cell from the data source: the delegate is told the old
    /// one left and the new one came, in that order, as when a scroll swaps them.
    @Test func aCellReplacedByReconfiguringIsToldOfBothWays() {
        let source = Source(), watcher = Watcher()
        let grid = grid(source)
        grid.delegate = watcher
        let canvas = Canvas(size: Size(width: 12, height: 3))
        grid.render(into: canvas)
        watcher.told.removeAll()
        grid.reconfigureItems(at: [IndexPath(item: 2, section: 0)])
        #expect(watcher.told == ["end row 2 v1", "will row 2 v2"])
        grid.render(into: canvas)
        #expect(watcher.told == ["end row 2 v1", "will row 2 v2"], "nothing more when it is drawn")
        #expect(canvas.row(2).hasPrefix("row 2 v2"))
    }

    /// Without a change the same views are drawn, and the data source is not asked again.
    @Test func theSameElementsKeepTheirViews() {
        let source = Source()
        let grid = grid(source)
        let canvas = Canvas(size: Size(width: 12, height: 3))
        grid.render(into: canvas)
        grid.render(into: canvas)
        #expect(source.asked == [0: 1, 1: 1, 2: 1])
        #expect((0..<3).map { canvas.row($0).trimmingTrailingSpaces } == ["row 0 v1", "row 1 v1", "row 2 v1"])
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
