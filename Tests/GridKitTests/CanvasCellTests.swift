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
        #expect(MemoryLayout<UInt32>.size + MemoryLayout<Style>.size + MemoryLayout<UInt8>.size + MemoryLayout<UInt16>.size == 16)
    }

    @Test(arguments: ["a", "é", "e\u{301}", "e\u{301}\u{302}", "🇫🇷", "👩‍❤️", "1️⃣", "👍🏽", "漢"])
    func graphemesComeBackAsTheyWent(_ text: String) {
        let cell = CanvasCell(text: text, width: 1, style: .plain)
        #expect(cell.text == text)
        #expect(cell.isSingleScalar == (text.unicodeScalars.count == 1))
        #expect(cell.scalarValues == Array(text.unicodeScalars.prefix(4).map(\.value)))
    }

    @Test func graphemesPastFourScalarsKeepTheirFirstFour() {
        let family = "👨‍👩‍👧‍👦"
        let cell = CanvasCell(text: family, width: 2, style: .plain)
        #expect(cell.scalarValues == Array(family.unicodeScalars.prefix(4).map(\.value)))
    }

    @Test func cellsAreEqualExactlyWhenTheirGraphemesAndStylesAre() {
        let red = Style(foreground: .rgb(200, 0, 0))
        #expect(CanvasCell(text: "e\u{301}", width: 1, style: red) == CanvasCell(text: "e\u{301}", width: 1, style: red))
        #expect(CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e\u{300}", width: 1, style: red))
        #expect(CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e", width: 1, style: red))
        #expect(CanvasCell(text: "e\u{301}", width: 1, style: red) != CanvasCell(text: "e\u{301}", width: 1, style: .plain))
        #expect(CanvasCell(text: "a", width: 1, style: red) != CanvasCell(text: "a", width: 2, style: red))
        #expect(CanvasCell(text: "a", width: 1, style: red) != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 0), attributes: .bold)))
        #expect(CanvasCell(text: "a", width: 1, style: red) != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 0), background: .palette(0))))
        #expect(CanvasCell(text: "a", width: 1, style: red) != CanvasCell(text: "a", width: 1, style: Style(foreground: .rgb(200, 0, 1))))
    }

    /// The frame diff and fills compare cells as two words read from memory: that must say
    /// what `==` says, for text, tails, styles, widths and picture cells alike.
    @Test func comparingTheBytesAgreesWithEquality() {
        let styles = [Style.plain, Style(foreground: .rgb(200, 0, 0)), Style(background: .palette(3), attributes: .bold), Style(foreground: .rgb(200, 0, 1))]
        var cells: [CanvasCell] = []
        for text in ["a", "b", "e\u{301}", "e\u{302}", "漢"] {
            for style in styles { for width: UInt8 in [0, 1, 2] { cells.append(CanvasCell(text: text, width: width, style: style)) } }
        }
        cells += [.picture(image: 1, column: 2, row: 3), .picture(image: 1, column: 2, row: 4), .picture(image: 2, column: 2, row: 3)]
        let stored = UnsafeMutablePointer<CanvasCell>.allocate(capacity: cells.count)
        defer { stored.deallocate() }
        stored.initialize(from: cells, count: cells.count)
        for i in cells.indices {
            for j in cells.indices {
                #expect((stored + i).sameBits(as: stored + j) == (cells[i] == cells[j]))
                #expect((stored + i).holds(cells[j].words) == (cells[i] == cells[j]))
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

    @Test(arguments: [(0, 0, 0), (7, 3, 2), (0xFFFF_FFFF, 70_000, 65_535), (0x1234_5678, 1_000_000, 40_000)] as [(Int, Int, Int)])
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
