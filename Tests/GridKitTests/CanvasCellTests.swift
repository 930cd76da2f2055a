import Testing

@testable import GridKit

/// A cell is sixteen bytes whatever grapheme it holds: the first scalar inline, the rest of a
/// longer grapheme by number (`GraphemeTails`), and a picture cell's place in its picture.
@Suite struct CanvasCellTests {
    @Test func aCellIsSixteenBytes() {
        #expect(MemoryLayout<CanvasCell>.size == 16)
        #expect(MemoryLayout<CanvasCell>.stride == 16)
        // Its fields fill all 16 bytes (no padding): equal cells have equal bytes, so rows are
        // compared and hashed as bytes (`FrameDiff.rowShift`).
        #expect(
            MemoryLayout<UInt32>.size + MemoryLayout<Style>.size + MemoryLayout<UInt8>.size + MemoryLayout<UInt16>.size
                == 16)
    }

    @Test(arguments: [
        "a", "é", "e\u{301}", "e\u{301}\u{302}", "🇫🇷", "👩‍❤️", "1️⃣", "👍🏽", "漢",
        "👨‍👩‍👧‍👦", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🧑🏻‍❤️‍💋‍🧑🏼", "👨🏽‍👩🏽‍👧🏽‍👦🏽"
    ])
    func graphemesComeBackAsTheyWent(_ text: String) {
        let cell = CanvasCell(text: text, width: 1, style: .plain)
        #expect(cell.text == text)
        #expect(cell.isSingleScalar == (text.unicodeScalars.count == 1))
        #expect(cell.hasLongTail == (text.unicodeScalars.count > 4))
        #expect(cell.scalarValues == text.unicodeScalars.map(\.value))
        #expect(cell.laterScalarValues == text.unicodeScalars.dropFirst().map(\.value))
    }

    /// A family of four (seven scalars) and Scotland's flag (a black flag, five tag letters and
    /// a cancel tag) keep every scalar, in a cell of the same sixteen bytes; the cell says it
    /// is long without a look-up, and its first three later scalars are still at hand.
    @Test func longGraphemesKeepEveryScalar() {
        let family = "👨‍👩‍👧‍👦", scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        for text in [family, scotland] {
            let cell = CanvasCell(text: text, width: 2, style: .plain)
            #expect(cell.scalarValues.count == 7)
            #expect(cell.text == text)
            #expect(cell.hasLongTail && !cell.isSingleScalar)
            let later = text.unicodeScalars.dropFirst().map(\.value)
            #expect(cell.laterScalars == (later[0], later[1], later[2]))
        }
        // The same grapheme is the same cell, bit for bit (rows are compared as bytes).
        #expect(
            CanvasCell(text: family, width: 2, style: .plain).words
                == CanvasCell(text: family, width: 2, style: .plain).words)
        #expect(CanvasCell(text: family, width: 2, style: .plain) != CanvasCell(text: "👨‍👩‍👧‍👧", width: 2, style: .plain))
        #expect(CanvasCell(text: family, width: 2, style: .plain) != CanvasCell(text: "👨‍👩‍👧", width: 2, style: .plain))
    }

    /// A "grapheme" of a thousand combining marks (pasted, or in a hostile file) keeps its first
    /// 32 scalars: nothing a terminal draws in a cell has more, and it must not cost a thousand.
    @Test func aGraphemeOfEndlessMarksKeepsItsFirstThirtyTwo() {
        let zalgo = "e" + String(repeating: "\u{301}\u{316}", count: 500)
        #expect(zalgo.count == 1)
        let cell = CanvasCell(text: zalgo, width: 1, style: .plain)
        #expect(cell.scalarValues == Array(zalgo.unicodeScalars.prefix(32).map(\.value)))
    }

    /// Drawing the same long graphemes over and over, into new canvases and over each other,
    /// keeps one entry for each: the table grows with graphemes never seen, not with drawing.
    /// Each drawing must give the cells the entries the first one made (a new entry is a new
    /// number in the cell). The table is the process's, so its count would also move with other
    /// tests drawing graphemes at the same time: the cells are compared instead.
    @Test func drawingALongGraphemeAgainAddsNothing() {
        let text = "🧑🏾‍🤝‍🧑🏻 and 👩🏿‍👩🏿‍👦🏿"
        let first = Canvas(size: Size(width: 20, height: 1))
        let width = first.drawText(text, at: .zero, style: .plain)
        let cells = (0..<width).map { first[$0, 0] }
        let canvas = Canvas(size: Size(width: 25, height: 1))
        var differing = 0
        for i in 0..<200 {
            let again = Canvas(size: Size(width: 20, height: 1))
            again.drawText(text, at: .zero, style: .plain)
            canvas.drawText(text, at: Point(x: i % 5, y: 0), style: .plain)
            let over = (0..<width).map { canvas[$0 + i % 5, 0] }
            if (0..<width).map({ again[$0, 0] }) != cells || over != cells { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// Long tails are numbered once, with the long bit; when the table of them is full (in
    /// entries or in scalars), a new one keeps its first three scalars, a short tail, as every
    /// grapheme did before, and those numbered before keep theirs.
    @Test func aLongTailPastTheTableKeepsItsFirstFour() {
        let family: [UInt32] = [0x200D, 0x1F469, 0x200D, 0x1F467, 0x200D, 0x1F466]
        let other: [UInt32] = [0x200D, 0x1F468, 0x200D, 0x1F466]
        var table = GraphemeTails.Table()
        table.longCapacity = 1
        let n = table.number(ofScalars: family)
        #expect(n & GraphemeTails.longBit != 0)
        #expect(table.scalars(n) == family && table.tail(n) == (0x200D, 0x1F469, 0x200D))
        #expect(table.number(ofScalars: family) == n, "numbered once")
        let full = table.number(ofScalars: other)
        #expect(full & GraphemeTails.longBit == 0 && table.scalars(full) == [0x200D, 0x1F468, 0x200D])
        #expect(table.number(ofScalars: family) == n)
        var budget = GraphemeTails.Table()
        budget.longScalarBudget = 5
        #expect(budget.number(ofScalars: other) & GraphemeTails.longBit != 0)
        #expect(budget.number(ofScalars: family) & GraphemeTails.longBit == 0, "six more scalars would pass the budget")
        #expect(table.number(ofScalars: [0x301, 0x302]) == table.number(of: (0x301, 0x302, 0)), "short ones as before")
        var marks = GraphemeTails.Table()
        let endless = marks.number(ofScalars: Array(repeating: 0x301, count: 100))
        #expect(marks.scalars(endless).count == GraphemeTails.longestTail)
    }

    @Test func cellsAreEqualExactlyWhenTheirGraphemesAndStylesAre() {
        let red = Style(foreground: .rgb(200, 0, 0))
        #expect(
            CanvasCell(text: "e\u{301}", width: 1, style: red) == CanvasCell(text: "e\u{301}", width: 1, style: red))
        #expect(
            CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e\u{300}", width: 1, style: red))
        #expect(CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e", width: 1, style: red))
        #expect(
            CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e\u{301}", width: 1, style: .plain))
        #expect(CanvasCell(text: "a", width: 1, style: red) != CanvasCell(text: "a", width: 2, style: red))
        #expect(
            CanvasCell(text: "a", width: 1, style: red)
                != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 0), attributes: .bold)))
        #expect(
            CanvasCell(text: "a", width: 1, style: red)
                != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 0), background: .palette(0))))
        #expect(
            CanvasCell(text: "a", width: 1, style: red)
                != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 1))))
    }

    /// The frame diff and fills compare cells as two words read from memory: that must say
    /// what `==` says, for text, tails, styles, widths and picture cells alike.
    @Test func comparingTheBytesAgreesWithEquality() {
        let styles = [
            Style.plain, Style(foreground: .rgb(200, 0, 0)), Style(background: .palette(3), attributes: .bold),
            Style(foreground: .rgb(200, 0, 1))
        ]
        var cells: [CanvasCell] = []
        for text in ["a", "b", "e\u{301}", "e\u{302}", "漢"] {
            for style in styles {
                for width: UInt8 in [0, 1, 2] { cells.append(CanvasCell(text: text, width: width, style: style)) }
            }
        }
        cells += [
            .picture(image: 1, column: 2, row: 3), .picture(image: 1, column: 2, row: 4),
            .picture(image: 2, column: 2, row: 3)
        ]
        let stored = UnsafeMutablePointer<CanvasCell>.allocate(capacity: cells.count)
        defer { stored.deallocate() }
        stored.initialize(from: cells, count: cells.count)
        for i in cells.indices {
            for j in cells.indices {
                #expect(CanvasCell.sameBits(stored + i, stored + j) == (cells[i] == cells[j]))
                #expect(CanvasCell.cell(at: stored + i, holds: cells[j].words) == (cells[i] == cells[j]))
            }
        }
    }

    @Test func aTailIsNumberedOnceAcrossThreads() async {
        let numbers = await withTaskGroup(of: UInt32.self) { group in
            for _ in 0..<8 { group.addTask { GraphemeTails.number(of: (0x301, 0x302, 0x303)) } }
            return await group.reduce(into: Set<UInt32>()) { $0.insert($1) }
        }
        #expect(numbers.count == 1)
        #expect(GraphemeTails.tail(numbers.first!) == (0x301, 0x302, 0x303))
        #expect(GraphemeTails.number(of: (0, 0, 0)) == 0)
    }

    @Test(
        arguments: [(0, 0, 0), (7, 3, 2), (0xFFFF_FFFF, 70_000, 65_535), (0x1234_5678, 1_000_000, 40_000)]
            as [(Int, Int, Int)])
    func aPictureCellKeepsItsPlace(image: Int, column: Int, row: Int) {
        let cell = CanvasCell.picture(image: image, column: column, row: row)
        #expect(cell.isPicture)
        let place = cell.picture
        #expect(place?.image == UInt32(truncatingIfNeeded: image))
        #expect(place?.column == column & 0xFFFF)
        #expect(place?.row == row)
        #expect(cell.laterScalars == (0, 0, 0))
        #expect(!cell.isHalfBlock)
        #expect(cell != CanvasCell.picture(image: image, column: column + 1, row: row))
        #expect(cell != CanvasCell.picture(image: image &+ 1 << 24, column: column, row: row))
    }
}
