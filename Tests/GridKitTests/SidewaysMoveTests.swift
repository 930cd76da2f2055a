import GridKitPresenting
import GridKitTesting
import Testing

@testable import GridKit

/// A row that scrolls on its own tells the canvas how far its content moved sideways, so a
/// terminal can move it too and be sent only the tile let in.
@MainActor
@Suite struct SidewaysMoveTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// A sideways row of 10-column tiles over a grid section that scrolls down.
    func albums() -> (GridHarness, CompositionalLayout) {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        tile.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .continuous
        let grid = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), subitems: [tile]))
        let layout = CompositionalLayout { s, _ in s == 0 ? row : grid }
        let h = GridHarness(TestContent(counts: [20, 30]), layout: layout, size: Size(width: 41, height: 12))
        return (h, layout)
    }

    @Test func aRowScrolledSidewaysIsNotedWithItsRowsAndDistance() {
        let (h, layout) = albums()
        h.render()
        h.canvas.takeDamage()
        // Right along the row until it scrolls: four tiles fit, the fifth moves it.
        for _ in 0..<3 {
            h.press([.key(.right)])
            #expect(h.canvas.sidewaysMoves.isEmpty, "focus moves within what shows: nothing moved")
            h.canvas.takeDamage()
        }
        let before = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minX
        h.press([.key(.right)])
        let after = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minX
        #expect(after < before, "the row scrolled")
        let grid = h.gridView.frame
        #expect(
            h.canvas.sidewaysMoves == [
                ColumnShift(rows: grid.minY..<(grid.minY + 3), columns: grid.minX..<grid.maxX, distance: before - after)
            ])
    }

    @Test func scrollingDownIsNotASidewaysMove() {
        let (h, _) = albums()
        h.render()
        h.canvas.takeDamage()
        for _ in 0..<8 {
            h.press([.key(.down)])
            #expect(h.canvas.sidewaysMoves.isEmpty)
            h.canvas.takeDamage()
        }
    }
    /// The diff takes a noted move only where what the terminal shows matches the new frame
    /// better moved than in place; once applied, only the columns let in are reported.
    @Test func theDiffTakesAMoveOnlyWhereItPays() {
        let size = Size(width: 30, height: 6)
        func frame(shiftedBy d: Int) -> Canvas {
            let c = Canvas(size: size)
            for y in 1..<4 {
                for x in 0..<30 where (x + d) % 7 != 0 {
                    c.put(
                        String(UnicodeScalar(UInt8(65 + (x + d + y) % 26))), width: 1, at: Point(x: x, y: y),
                        style: Style(foreground: .palette(UInt8(16 + (x + d) % 200))))
                }
            }
            return c
        }
        var diff = FrameDiff()
        diff.update(to: frame(shiftedBy: 0)) { _, _, _ in }
        let band = ColumnShift(rows: 1..<4, columns: 0..<30, distance: 3)

        let same = frame(shiftedBy: 0)
        same.noteSidewaysMove(band)
        #expect(diff.sidewaysShifts(to: same).isEmpty, "nothing moved: in place matches better")

        let moved = frame(shiftedBy: 3)
        moved.noteSidewaysMove(band)
        #expect(diff.sidewaysShifts(to: moved) == [band])
        diff.apply(band)
        var reported: [Point] = []
        diff.update(to: moved) { x, y, _ in reported.append(Point(x: x, y: y)) }
        #expect(!reported.isEmpty && reported.allSatisfy { $0.x >= 27 }, "only the three columns let in: \(reported)")
    }
    /// Two moves of one band before the frame goes out (keys that came together) are one move.
    @Test func movesOfOneBandAddUp() {
        let canvas = Canvas(size: Size(width: 40, height: 10))
        canvas.noteSidewaysMove(ColumnShift(rows: 1..<4, columns: 0..<40, distance: 9))
        canvas.noteSidewaysMove(ColumnShift(rows: 1..<4, columns: 0..<40, distance: 9))
        #expect(canvas.sidewaysMoves == [ColumnShift(rows: 1..<4, columns: 0..<40, distance: 18)])
        canvas.noteSidewaysMove(ColumnShift(rows: 1..<4, columns: 0..<40, distance: -18))
        #expect(canvas.sidewaysMoves.isEmpty, "there and back: nothing moved")
        canvas.noteSidewaysMove(ColumnShift(rows: 1..<4, columns: 0..<40, distance: 9))
        canvas.noteSidewaysMove(ColumnShift(rows: 5..<8, columns: 0..<40, distance: 9))
        #expect(canvas.sidewaysMoves.count == 2, "another band is another move")
        canvas.takeDamage()
        #expect(canvas.sidewaysMoves.isEmpty, "a frame sent forgets them")
    }
}
