import GridKit
import Testing

/// `CellBlock` drawn with `DrawContext.draw(_:at:)`: the same canvas as its cells put one by
/// one, clipped the same, and only what changed reported.
@Suite struct CellBlockTests {
    /// A block whose every cell differs: letters in colours by position.
    private static func block(_ size: Size) -> CellBlock {
        var cells: [CanvasCell] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let letter = String(UnicodeScalar(UInt8(97 + (x + y * 3) % 26)))
                cells.append(
                    CanvasCell(
                        text: letter, width: 1,
                        style: Style(foreground: .palette(UInt8(16 + x)), background: .palette(UInt8(100 + y)))))
            }
        }
        return CellBlock(size: size, cells: cells)
    }

    @Test(arguments: [Point(x: 1, y: 1), Point(x: -2, y: -1), Point(x: 6, y: 4), Point(x: 0, y: 0)])
    func matchesTheCellsPutOneByOne(origin: Point) {
        let size = Size(width: 14, height: 9), block = Self.block(Size(width: 6, height: 4))
        let frame = Rect(x: 2, y: 1, width: 10, height: 7), clip = Rect(x: 3, y: 2, width: 7, height: 5)
        let quick = Canvas(size: size), slow = Canvas(size: size)
        DrawContext(canvas: quick, frame: frame, clip: clip).draw(block, at: origin)
        let context = DrawContext(canvas: slow, frame: frame, clip: clip)
        for y in 0..<block.size.height {
            for x in 0..<block.size.width {
                let cell = block.cells[y * block.size.width + x]
                context.put(cell.text, at: Point(x: origin.x + x, y: origin.y + y), style: cell.style)
            }
        }
        var differing: [Point] = []
        for y in 0..<size.height {
            for x in 0..<size.width where quick[x, y] != slow[x, y] { differing.append(Point(x: x, y: y)) }
        }
        #expect(differing.isEmpty, "cells that differ: \(differing)")
        #expect(
            (0..<size.height).contains { y in (0..<size.width).contains { quick[$0, y] != .blank } },
            "something was drawn")
    }

    @Test func overwritingHalfAWideCharacterBlanksItsOtherHalf() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.drawText("漢字漢", at: .zero, style: .plain)
        DrawContext(canvas: canvas, frame: canvas.bounds).draw(
            CellBlock(size: Size(width: 1, height: 1), cells: [CanvasCell(text: "x", width: 1, style: .plain)]),
            at: Point(x: 3, y: 0))
        #expect(canvas.row(0) == "漢 x漢")
    }

    /// A row of a block copied whole over wide characters (cut at either end of what changes,
    /// or inside it) and over cells it already holds: the same row, and the same columns
    /// reported changed, as putting its cells one by one.
    @Test(arguments: 0..<8, [false, true])
    func copiesOverWideCharactersAsCellByCell(x: Int, sameEnds: Bool) {
        let under = "漢a字bc漢d字"
        let cells = ["q", " ", "r", "b", "s"].map { CanvasCell(text: $0, width: 1, style: .plain) }
        let quick = Canvas(size: Size(width: 13, height: 1)), slow = Canvas(size: Size(width: 13, height: 1))
        for canvas in [quick, slow] {
            canvas.drawText(under, at: .zero, style: .plain)
            _ = canvas.takeDamage()
        }
        // Where the block's cell is what the canvas holds already, both leave it be: inside the
        // block, and with `sameEnds` at its ends, so what changes is a shorter run.
        var block = cells
        for i in sameEnds ? [0, 3, 4] : [3] where quick[x + i, 0].width == 1 { block[i] = quick[x + i, 0] }
        DrawContext(canvas: quick, frame: quick.bounds).draw(
            CellBlock(size: Size(width: 5, height: 1), cells: block), at: Point(x: x, y: 0))
        let context = DrawContext(canvas: slow, frame: slow.bounds)
        for (i, cell) in block.enumerated() where slow[x + i, 0] != cell {
            context.put(cell.text, at: Point(x: x + i, y: 0), style: cell.style)
        }
        #expect(quick.row(0) == slow.row(0))
        #expect((0..<13).allSatisfy { quick[$0, 0] == slow[$0, 0] })
        #expect(quick.changedColumns(ofRow: 0) == slow.changedColumns(ofRow: 0))
    }

    @Test func reportsOnlyTheCellsThatChanged() {
        let canvas = Canvas(size: Size(width: 10, height: 3))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        var block = Self.block(Size(width: 5, height: 3))
        context.draw(block, at: Point(x: 2, y: 0))
        _ = canvas.takeDamage()
        block.cells[1 * 5 + 3] = CanvasCell(text: "Z", width: 1, style: .plain)
        context.draw(block, at: Point(x: 2, y: 0))
        #expect(canvas.changedColumns(ofRow: 0).isEmpty && canvas.changedColumns(ofRow: 2).isEmpty)
        #expect(canvas.changedColumns(ofRow: 1) == 5..<6)
    }

    @Test func keepsItsShapeAndOneColumnCells() {
        let short = CellBlock(size: Size(width: 3, height: 2), cells: [CanvasCell(text: "漢", width: 2, style: .plain)])
        #expect(short.cells.count == 6)
        #expect(short.cells.allSatisfy { $0.width == 1 })
        #expect(short.cells[0].text == " " && short.cells[5] == .blank)
        let canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.drawText("ab", at: Point(x: 1, y: 1), style: .plain)
        let copy = CellBlock(copying: canvas)
        #expect(copy.size == canvas.size && copy.cells[5].text == "a" && copy.cells[6].text == "b")
    }
}
