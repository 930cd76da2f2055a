import Testing

@testable import GridKit

/// Where a block with prepared rows (`PreparedRows`) is drawn whole, the canvas notes which of
/// its rows each canvas row holds; the notes follow rows a scroll moves, and a block drawn over
/// another's place replaces its notes.
@Suite struct PreparedRowsTests {
    private final class Made: PreparedRows {
        let name: String
        init(_ name: String) { self.name = name }
        func complete() {}
        var byteCount: Int { 0 }
    }

    private static func block(_ name: String, _ size: Size) -> CellBlock {
        var block = CellBlock(size: size, cells: Array(repeating: CanvasCell(text: "▀", width: 1, style: Style(foreground: .palette(30))), count: size.width * size.height))
        block.preparedRows = Made(name)
        return block
    }

    private static func notes(_ canvas: Canvas, row y: Int) -> [String] {
        canvas.preparedRows(ofRow: y).map { "\(($0.rows as! Made).name)[\($0.row)]@\($0.x)+\($0.width)" }
    }

    @Test func rowsDrawnWholeAreNotedWhereTheyAre() {
        let canvas = Canvas(size: Size(width: 30, height: 8))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(Self.block("a", Size(width: 6, height: 3)), at: Point(x: 2, y: -1))
        context.draw(Self.block("b", Size(width: 6, height: 3)), at: Point(x: 12, y: 1))
        #expect(Self.notes(canvas, row: 0) == ["a[1]@2+6"])
        #expect(Self.notes(canvas, row: 1) == ["a[2]@2+6", "b[0]@12+6"])
        #expect(Self.notes(canvas, row: 3) == ["b[2]@12+6"])
        #expect(Self.notes(canvas, row: 4).isEmpty)
        // Cut at the side: not noted (its rows' bytes would draw the part outside too).
        DrawContext(canvas: canvas, frame: Rect(x: 0, y: 5, width: 27, height: 3)).draw(Self.block("c", Size(width: 6, height: 2)), at: Point(x: 24, y: 0))
        #expect(Self.notes(canvas, row: 5).isEmpty)
        // Without prepared rows: nothing noted.
        context.draw(CellBlock(size: Size(width: 4, height: 1), cells: []), at: Point(x: 0, y: 6))
        #expect(Self.notes(canvas, row: 6).isEmpty)
    }

    @Test func aBlockDrawnOverAnothersPlaceReplacesItsNotes() {
        let canvas = Canvas(size: Size(width: 30, height: 4))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(Self.block("a", Size(width: 6, height: 1)), at: Point(x: 2, y: 0))
        context.draw(Self.block("b", Size(width: 6, height: 1)), at: Point(x: 10, y: 0))
        context.draw(Self.block("c", Size(width: 6, height: 1)), at: Point(x: 20, y: 0))
        context.draw(Self.block("d", Size(width: 6, height: 1)), at: Point(x: 2, y: 0))
        #expect(Self.notes(canvas, row: 0) == ["d[0]@2+6", "b[0]@10+6", "c[0]@20+6"])
        // Overlapping two: both go.
        context.draw(Self.block("e", Size(width: 8, height: 1)), at: Point(x: 6, y: 0))
        #expect(Self.notes(canvas, row: 0) == ["e[0]@6+8", "c[0]@20+6"])
        context.draw(Self.block("f", Size(width: 2, height: 1)), at: Point(x: 0, y: 0))
        #expect(Self.notes(canvas, row: 0) == ["f[0]@0+2", "e[0]@6+8", "c[0]@20+6"])
        canvas.clear()
        #expect(Self.notes(canvas, row: 0).isEmpty)
    }

    @Test func notesFollowTheRowsAScrollMoves() {
        let canvas = Canvas(size: Size(width: 20, height: 6))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(Self.block("a", Size(width: 6, height: 4)), at: Point(x: 1, y: 1))
        canvas.shiftRows(in: canvas.bounds, by: 2)
        #expect(Self.notes(canvas, row: 0) == ["a[1]@1+6"])
        #expect(Self.notes(canvas, row: 1) == ["a[2]@1+6"])
        #expect(Self.notes(canvas, row: 2) == ["a[3]@1+6"])
        // The rows let in were row 0 (nothing) and row 1 (a[0]): a note whose cells are gone
        // stays listed; a writer compares the cells before it uses one.
        #expect(Self.notes(canvas, row: 5) == ["a[0]@1+6"])
    }
}
