import Testing

@testable import GridKit

/// Where a block is drawn whole, the canvas notes which row of which block (by its identity)
/// each canvas row holds; the notes follow rows a scroll moves, and a block drawn over another's
/// place replaces its notes.
@Suite struct BlockRowNotesTests {
    /// Blocks by name, and names by identity.
    private final class Blocks {
        var names: [UInt64: String] = [:]
        func block(_ name: String, _ size: Size) -> CellBlock {
            let block = CellBlock(
                size: size,
                cells: Array(
                    repeating: CanvasCell(text: "▀", width: 1, style: Style(foreground: .palette(30))),
                    count: size.width * size.height))
            names[block.identity] = name
            return block
        }
        func notes(_ canvas: Canvas, row y: Int) -> [String] {
            canvas.blockRows(ofRow: y).map { "\(names[$0.block] ?? "?")[\($0.row)]@\($0.x)+\($0.width)" }
        }
    }

    @Test func everyBlockHasAnIdentityOfItsOwnThatCopiesShare() {
        let a = CellBlock(size: Size(width: 2, height: 1), cells: []),
            b = CellBlock(size: Size(width: 2, height: 1), cells: [])
        var copy = a
        copy.cells[0] = CanvasCell(text: "x", width: 1, style: .plain)
        #expect(a.identity != b.identity)
        #expect(copy.identity == a.identity)
    }

    @Test func rowsDrawnWholeAreNotedWhereTheyAre() {
        let blocks = Blocks()
        let canvas = Canvas(size: Size(width: 30, height: 8))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(blocks.block("a", Size(width: 6, height: 3)), at: Point(x: 2, y: -1))
        context.draw(blocks.block("b", Size(width: 6, height: 3)), at: Point(x: 12, y: 1))
        #expect(blocks.notes(canvas, row: 0) == ["a[1]@2+6"])
        #expect(blocks.notes(canvas, row: 1) == ["a[2]@2+6", "b[0]@12+6"])
        #expect(blocks.notes(canvas, row: 3) == ["b[2]@12+6"])
        #expect(blocks.notes(canvas, row: 4).isEmpty)
        // Cut at the side: not noted (its rows' bytes would draw the part outside too).
        DrawContext(canvas: canvas, frame: Rect(x: 0, y: 5, width: 27, height: 3)).draw(
            blocks.block("c", Size(width: 6, height: 2)), at: Point(x: 24, y: 0))
        #expect(blocks.notes(canvas, row: 5).isEmpty)
    }

    @Test func aBlockDrawnOverAnothersPlaceReplacesItsNotes() {
        let blocks = Blocks()
        let canvas = Canvas(size: Size(width: 30, height: 4))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(blocks.block("a", Size(width: 6, height: 1)), at: Point(x: 2, y: 0))
        context.draw(blocks.block("b", Size(width: 6, height: 1)), at: Point(x: 10, y: 0))
        context.draw(blocks.block("c", Size(width: 6, height: 1)), at: Point(x: 20, y: 0))
        context.draw(blocks.block("d", Size(width: 6, height: 1)), at: Point(x: 2, y: 0))
        #expect(blocks.notes(canvas, row: 0) == ["d[0]@2+6", "b[0]@10+6", "c[0]@20+6"])
        // Overlapping two: both go.
        context.draw(blocks.block("e", Size(width: 8, height: 1)), at: Point(x: 6, y: 0))
        #expect(blocks.notes(canvas, row: 0) == ["e[0]@6+8", "c[0]@20+6"])
        context.draw(blocks.block("f", Size(width: 2, height: 1)), at: Point(x: 0, y: 0))
        #expect(blocks.notes(canvas, row: 0) == ["f[0]@0+2", "e[0]@6+8", "c[0]@20+6"])
        canvas.clear()
        #expect(blocks.notes(canvas, row: 0).isEmpty)
    }

    @Test func notesFollowTheRowsAScrollMoves() {
        let blocks = Blocks()
        let canvas = Canvas(size: Size(width: 20, height: 6))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        context.draw(blocks.block("a", Size(width: 6, height: 4)), at: Point(x: 1, y: 1))
        canvas.shiftRows(in: canvas.bounds, by: 2)
        #expect(blocks.notes(canvas, row: 0) == ["a[1]@1+6"])
        #expect(blocks.notes(canvas, row: 1) == ["a[2]@1+6"])
        #expect(blocks.notes(canvas, row: 2) == ["a[3]@1+6"])
        // The rows let in were row 0 (nothing) and row 1 (a[0]): a note whose cells are gone
        // stays listed; a writer compares the cells before it uses one.
        #expect(blocks.notes(canvas, row: 5) == ["a[0]@1+6"])
    }
}
