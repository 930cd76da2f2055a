import GridKitTesting
import Testing

@testable import GridKit

/// A waterfall's columns are equal for the items' heights: where the width leaves a few columns
/// over (the first columns one wider), items of one shape are still as tall in every column, so
/// they go round the columns in reading order.
@MainActor
@Suite struct WaterfallLayoutTests {
    final class SameShape: DelegateDataSource, WaterfallLayoutDelegate {
        let count: Int
        init(count: Int) { self.count = count }
        func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { count }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            gridView.dequeue(LabelCell.self, for: indexPath)
        }
        func gridView(_ gridView: GridView, layout: WaterfallLayout, aspectRatioForItemAt indexPath: IndexPath)
            -> Double?
        { 4.0 / 3.0 }
    }

    @Test func itemsOfOneShapeGoRoundTheColumnsInOrder() {
        let layout = WaterfallLayout()
        layout.numberOfColumns = 6
        // 100 columns: six of 16 with five gaps is 101; of 15, 95, so four columns are 16 wide.
        let h = GridHarness(SameShape(count: 36), layout: layout, size: Size(width: 100, height: 40))
        h.render()
        let frames = (0..<36).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(Set(frames.map(\.width)) == [15, 16], "the width leaves columns over: \(Set(frames.map(\.width)))")
        #expect(Set(frames.map(\.height)).count == 1, "one shape, one height: \(Set(frames.map(\.height)))")
        let columns = frames.map(\.minX)
        for i in 6..<36 { #expect(columns[i] == columns[i % 6], "item \(i) under item \(i % 6)") }
    }
}
