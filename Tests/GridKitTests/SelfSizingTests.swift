import GridKitTesting
import Testing

@testable import GridKit

/// A row that asks for `heightOf(item)` rows (and `widthOf(item)` columns, if set, else the
/// width offered) and counts how often it was measured.
final class TallRow: GridCell {
    var item = 0
    var heightOf: (Int) -> Int = { _ in 1 }
    var widthOf: ((Int) -> Int)?
    var measured: () -> Void = {}
    override func preferredSize(fitting size: Size) -> Size? {
        measured()
        return Size(width: widthOf?(item) ?? size.width, height: heightOf(item))
    }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.fill(bounds, style: .plain, character: state.isFocused ? "#" : "=")
        context.text(state.isFocused ? "[\(item)]" : "\(item)", at: .zero, style: .plain)
    }
}

@MainActor
final class TallRows: DelegateDataSource {
    var count: Int
    var heightOf: (Int) -> Int
    var widthOf: ((Int) -> Int)?
    var measurements = 0
    /// Sections of `count` rows each.
    var sections = 1
    init(count: Int, heightOf: @escaping (Int) -> Int) { self.count = count; self.heightOf = heightOf }
    func registerCells(in gridView: GridView) { gridView.register(TallRow.self) }
    func numberOfSections(in gridView: GridView) -> Int { sections }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { count }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(TallRow.self, for: indexPath)
        cell.item = indexPath.item
        cell.heightOf = heightOf
        cell.widthOf = widthOf
        cell.measured = { [weak self] in self?.measurements += 1 }
        return cell
    }
}

@MainActor @Suite struct SelfSizingTests {
    func list(_ rows: TallRows, height: Int = 10) -> GridHarness {
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.estimatedItemSize = Size(width: 100, height: 1)
        return GridHarness(rows, layout: layout, size: Size(width: 20, height: height))
    }

    @Test func aCellThreeRowsTallPushesTheNextThreeRowsDown() {
        let h = list(TallRows(count: 5) { $0 == 0 ? 3 : 1 })
        let frame = h.render()
        #expect(frame.row(0).hasPrefix("[0]"))
        #expect(frame.row(1).hasPrefix("###") && frame.row(2).hasPrefix("###"))
        #expect(frame.row(3).hasPrefix("1="))
        #expect(h.gridView.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 3)
    }

    @Test func theContentSizeFollowsTheMeasurements() {
        let rows = TallRows(count: 1_000) { _ in 2 }
        let h = list(rows)
        #expect(h.gridView.layout.contentSize.height == 1_000, "all estimated before the first frame")
        h.render()
        // The first frame measures what it shows (5 rows of 2 fill 10), and the estimate stands for the rest.
        #expect(h.gridView.layout.contentSize.height == 1_000 + rows.measurements)
        #expect(rows.measurements <= 12)
    }

    @Test func theFocusedItemDoesNotJumpWhenCellsAboveItAreMeasured() {
        let rows = TallRows(count: 300) { 1 + $0 % 3 }
        let h = list(rows, height: 12)
        h.gridView.focusItem(at: IndexPath(item: 150, section: 0))
        h.gridView.scrollToItem(at: IndexPath(item: 150, section: 0), at: .top)
        h.render()
        let g = h.gridView
        func screenRow(_ item: Int) -> Int {
            g.layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame.minY - g.contentOffset.y
        }
        let before = screenRow(150)
        #expect(g.isFullyVisible(IndexPath(item: 150, section: 0)))
        // The wheel brings unmeasured cells in above the focus; they are taller than estimated.
        h.press([.mouse(MouseEvent(action: .wheelUp, position: Point(x: 1, y: 1)))])
        #expect(before == 0)
        #expect(screenRow(150) == before + 3, "the content moved by the wheel's three rows, no more")
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 150, section: 0))
        #expect(h.canvas.row(3).hasPrefix("[150]"))
    }

    @Test func endAndHomeReachTheRealEdgesAndKeepTheFocusWhole() {
        let rows = TallRows(count: 500) { 1 + $0 % 4 }
        let h = list(rows)
        h.press(InputEvent.script("end"))
        let last = IndexPath(item: 499, section: 0)
        #expect(h.gridView.focusedIndexPath == last && h.gridView.isFullyVisible(last))
        #expect(h.canvas.text.contains("[499]"))
        h.press(InputEvent.script("home, down*7"))
        #expect(h.gridView.isFullyVisible(h.gridView.focusedIndexPath!))
    }

    @Test func aMillionSelfSizingItemsMeasureOnlyWhatShows() {
        let rows = TallRows(count: 1_000_000) { 1 + $0 % 2 }
        let h = list(rows)
        h.render()
        let first = rows.measurements
        #expect(first <= 12)
        h.press(InputEvent.script("end"))
        #expect(rows.measurements - first <= 20, "End measures a screenful, not a million")
        h.press(InputEvent.script("pgup*3, home"))
        #expect(rows.measurements <= 80)
        #expect(h.gridView.liveCellCount < 40)
    }

    @Test func reloadingAnItemMeasuresItAgain() {
        var tall = 1
        let rows = TallRows(count: 10) { $0 == 2 ? tall : 1 }
        let h = list(rows)
        h.render()
        #expect(h.gridView.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == 3)
        tall = 4
        rows.heightOf = { $0 == 2 ? tall : 1 }
        h.gridView.reloadItems(at: [IndexPath(item: 2, section: 0)])
        h.render()
        #expect(h.gridView.layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minY == 6)
    }

    @Test func fenwickPrefixesAndSearch() {
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<200 {
            var values = (0..<rng.int(0...40)).map { _ in rng.int(0...5) }
            var tree = FenwickTree(values)
            for _ in 0..<10 where !values.isEmpty {
                let i = rng.int(0...(values.count - 1)), d = rng.int(0...4)
                values[i] += d; tree.add(d, at: i)
            }
            for n in 0...values.count { #expect(tree.prefix(n) == values.prefix(n).reduce(0, +)) }
            for target in 0...(values.reduce(0, +) + 2) {
                let expected = (0...values.count).last { values.prefix($0).reduce(0, +) <= target } ?? 0
                #expect(tree.count(withPrefixAtMost: target) == expected)
            }
        }
    }
}
