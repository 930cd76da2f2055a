import GridKit
import GridKitPresenting
import Testing

@Suite struct CanvasTests {
    @Test func drawsTextAndReadsItBack() {
        let c = Canvas(size: Size(width: 10, height: 2))
        c.drawText("hi there", at: Point(x: 1, y: 1), style: .plain)
        #expect(c.text == "\n hi there")
        #expect(c[1, 1].text == "h")
    }

    @Test func wideCharacterTakesTwoCells() {
        let c = Canvas(size: Size(width: 6, height: 1))
        let used = c.drawText("漢a", at: .zero, style: .plain)
        #expect(used == 3)
        #expect(c[0, 0].width == 2)
        #expect(c[1, 0].width == 0)
        #expect(c.row(0) == "漢a   ")
    }

    @Test func wideCharacterStraddlingTheClipEdgeBecomesASpace() {
        let c = Canvas(size: Size(width: 8, height: 1))
        c.drawText("ab漢字", at: .zero, style: .plain, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        // "ab" + 漢 fit in 4 columns; 字 would need columns 4–5 but only 4 is inside.
        #expect(c.row(0) == "ab漢    ")
        #expect(c[4, 0].text == " ")
        #expect(c[4, 0].width == 1)
    }

    @Test func wideCharacterCutAtTheLeftClipEdgeBecomesASpace() {
        let c = Canvas(size: Size(width: 6, height: 1))
        c.fill(c.bounds, style: .plain, character: ".")
        c.drawText("漢字", at: Point(x: 1, y: 0), style: .plain, clip: Rect(x: 2, y: 0, width: 4, height: 1))
        #expect(c.row(0) == ".. 字.")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let c = Canvas(size: Size(width: 4, height: 1))
        c.drawText("漢字", at: .zero, style: .plain)
        c.drawText("x", at: Point(x: 1, y: 0), style: .plain)
        #expect(c.row(0) == " x字")
        c.drawText("y", at: Point(x: 2, y: 0), style: .plain)
        #expect(c.row(0) == " xy ")
    }

    @Test func combiningMarksStayWithTheirBase() {
        let c = Canvas(size: Size(width: 4, height: 1))
        c.drawText("e\u{301}x", at: .zero, style: .plain)
        #expect(c[0, 0].text == "e\u{301}")
        #expect(c[1, 0].text == "x")
    }

    /// Graphemes longer than four scalars (a family of seven, Scotland's flag of seven, a kiss
    /// with two skin tones of ten) come back whole from the canvas: cell by cell, in `row` and
    /// in `text`, two columns each, with the text after them in place.
    @Test func longGraphemesComeBackWhole() {
        let family = "👨‍👩‍👧‍👦", scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", kiss = "🧑🏻‍❤️‍💋‍🧑🏼"
        let c = Canvas(size: Size(width: 16, height: 2))
        let used = c.drawText("\(family)x\(scotland)y\(kiss)z", at: .zero, style: .plain)
        #expect(used == 9)
        #expect(c[0, 0].text == family && c[0, 0].width == 2 && c[1, 0].width == 0)
        #expect(c[2, 0].text == "x")
        #expect(c[3, 0].text == scotland && c[5, 0].text == "y")
        #expect(c[6, 0].text == kiss && c[8, 0].text == "z")
        #expect(c.row(0) == "\(family)x\(scotland)y\(kiss)z       ")
        c.put(family, width: 2, at: Point(x: 3, y: 1), style: Style(foreground: .red))
        #expect(c.text == "\(family)x\(scotland)y\(kiss)z\n   \(family)")
        #expect(c.text.unicodeScalars.filter { $0 == "\u{200D}" }.count == 3 + 3 + 3)
    }

    /// A copy of the canvas (what a frame diff keeps as the last frame) holds the same long
    /// graphemes, and a diff between the two finds nothing changed.
    @Test func aCopyKeepsLongGraphemes() {
        let family = "👨‍👩‍👧‍👦", scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        let c = Canvas(size: Size(width: 10, height: 1))
        c.drawText("\(family) \(scotland)", at: .zero, style: .plain)
        let copy = c.copy()
        #expect(copy.row(0) == c.row(0))
        #expect(copy[0, 0].text == family && copy[3, 0].text == scotland)
        #expect(copy[0, 0] == c[0, 0] && copy[3, 0] == c[3, 0])
        var diff = FrameDiff()
        diff.update(to: c) { _, _, _ in }
        #expect(diff.update(to: copy) { _, _, _ in } == 0, "the same cells, bit for bit")
    }

    /// Overwriting a long grapheme replaces it whole, with a short one, another long one, or
    /// half a wide character (the other half becomes a space); the same one drawn again is
    /// equal to the first and counts as no change.
    @Test func overwritingALongGraphemeReplacesIt() {
        let family = "👨‍👩‍👧‍👦", daughters = "👩‍👩‍👧‍👧"
        let c = Canvas(size: Size(width: 6, height: 1))
        c.drawText(family + family, at: .zero, style: .plain)
        c.drawText("é", at: .zero, style: .plain)
        #expect(c[0, 0].text == "é" && !c[0, 0].hasLongTail)
        #expect(c.row(0) == "é \(family)  ")
        c.drawText(daughters, at: Point(x: 2, y: 0), style: .plain)
        #expect(c.row(0) == "é \(daughters)  ")
        c.drawText("x", at: Point(x: 3, y: 0), style: .plain)
        #expect(c.row(0) == "é  x  ")
        c.drawText(family, at: Point(x: 4, y: 0), style: .plain)
        _ = c.takeDamage()
        c.drawText(family, at: Point(x: 4, y: 0), style: .plain)
        #expect(c.changedColumns(ofRow: 0).isEmpty, "drawn again: no change")
    }

    @Test func maxWidthTruncatesWithEllipsis() {
        let c = Canvas(size: Size(width: 10, height: 1))
        c.drawText("abcdefghijkl", at: .zero, style: .plain, maxWidth: 6)
        #expect(c.row(0) == "abcde…    ")
    }

    /// What `maxWidth` leaves at its edges: ASCII that fits exactly is drawn whole, one column
    /// more is cut with an ellipsis, a width of 0 draws nothing, and a clip on the left still
    /// counts the width from the text's start.
    @Test func maxWidthAtItsEdges() {
        let c = Canvas(size: Size(width: 10, height: 3))
        #expect(c.drawText("abcdef", at: .zero, style: .plain, maxWidth: 6) == 6)
        #expect(c.drawText("abcdefg", at: Point(x: 0, y: 1), style: .plain, maxWidth: 6) == 6)
        #expect(c.drawText("abc", at: Point(x: 0, y: 2), style: .plain, maxWidth: 0) == 0)
        #expect(c.text == "abcdef\nabcde…\n")
        // Clipped on the left, the width is still counted from the text's start.
        #expect(
            c.drawText(
                "xyz", at: Point(x: 8, y: 2), style: .plain, clip: Rect(x: 9, y: 0, width: 1, height: 3), maxWidth: 3)
                == 2)
        #expect(c.row(2) == "         y")
    }

    /// Text of one scalar a character, not ASCII (a focus marker before a name, CJK): what
    /// fits exactly is drawn whole, counted in columns (a wide character is two), and one
    /// column more is cut with an ellipsis, as text that needs grapheme breaking is.
    @Test func maxWidthWithMarkersAndWideCharacters() {
        let c = Canvas(size: Size(width: 10, height: 5))
        #expect(c.drawText("▶abcde", at: .zero, style: .plain, maxWidth: 6) == 6)
        #expect(c.drawText("▶abcdef", at: Point(x: 0, y: 1), style: .plain, maxWidth: 6) == 6)
        #expect(c.drawText("界界界", at: Point(x: 0, y: 2), style: .plain, maxWidth: 6) == 6)
        #expect(c.drawText("界界界a", at: Point(x: 0, y: 3), style: .plain, maxWidth: 6) == 5)
        // Grapheme breaking needed (a combining accent): the same rule.
        #expect(c.drawText("▶abcde\u{301}f", at: Point(x: 0, y: 4), style: .plain, maxWidth: 6) == 6)
        #expect(c.text == "▶abcde\n▶abcd…\n界界界\n界界…\n▶abcd…")
    }

    @Test func drawContextClipsToItsFrame() {
        let c = Canvas(size: Size(width: 10, height: 3))
        let ctx = DrawContext(canvas: c, frame: Rect(x: 2, y: 1, width: 4, height: 1))
        ctx.fill(style: .plain)
        ctx.text("abcdefgh", at: .zero, style: .plain)
        ctx.text("zz", at: Point(x: 0, y: 1), style: .plain) // below the frame: clipped away
        #expect(c.text == "\n  abcd\n")
    }

    @Test func putsSingleCharactersInsideItsClipOnly() {
        let c = Canvas(size: Size(width: 8, height: 2))
        let ctx = DrawContext(canvas: c, frame: Rect(x: 2, y: 0, width: 4, height: 1))
        let style = Style(foreground: .rgb(200, 10, 10), background: .palette(17))
        ctx.put("▀" as Unicode.Scalar, at: .zero, style: style)
        ctx.put("x" as Unicode.Scalar, at: Point(x: 1, y: 0), style: .plain)
        ctx.put("\u{7}" as Unicode.Scalar, at: Point(x: 2, y: 0), style: .plain) // a control character: nothing
        ctx.put("\u{301}" as Unicode.Scalar, at: Point(x: 2, y: 0), style: .plain) // a lone combining mark: nothing
        ctx.put("界" as Unicode.Scalar, at: Point(x: 3, y: 0), style: .plain) // wide, its right half outside: a space
        ctx.put("y" as Unicode.Scalar, at: Point(x: 4, y: 0), style: .plain) // outside the frame
        ctx.put("z" as Unicode.Scalar, at: Point(x: 0, y: 1), style: .plain) // below it
        #expect(c.text == "  ▀x\n")
        #expect(c[5, 0].text == " " && c[5, 0].width == 1)
        #expect(c[2, 0].style == style)
        ctx.put("界" as Unicode.Scalar, at: Point(x: 2, y: 0), style: .plain)
        #expect(c[4, 0].width == 2 && c[5, 0].width == 0)
    }

    @Test func tooSmallNoticeNamesTheSizeNeeded() {
        let c = Canvas(size: Size(width: 20, height: 5))
        c.drawTooSmallNotice(need: Size(width: 40, height: 10))
        #expect(c.text.contains("terminal too small"))
        #expect(c.text.contains("(need 40×10)"))
    }

    /// A fill reports only the columns whose cells it changed, in each row: a frame sends those.
    @Test func fillReportsOnlyTheColumnsItChanged() {
        let c = Canvas(size: Size(width: 10, height: 3))
        c.drawText("ab", at: Point(x: 3, y: 0), style: .plain)
        c.drawText("c", at: Point(x: 8, y: 2), style: .plain)
        _ = c.takeDamage()
        c.fill(Rect(x: 1, y: 0, width: 9, height: 3), with: .blank)
        #expect(c.changedColumns(ofRow: 0) == 3..<5)
        #expect(c.changedColumns(ofRow: 1).isEmpty)
        #expect(c.changedColumns(ofRow: 2) == 8..<9)
        #expect(c.row(0) == String(repeating: " ", count: 10) && c.row(2) == String(repeating: " ", count: 10))
    }
}
