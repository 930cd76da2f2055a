import GridKit
import GridKitTesting
import Testing

@MainActor @Suite struct TextFieldTests {
    func field(_ keys: String, text: String = "") -> TextField {
        let field = TextField(text: text)
        for event in InputEvent.script(keys) { field.handle(event) }
        return field
    }

    @Test func typingMovingAndDeleting() {
        #expect(field("text:helo, left, text:l").text == "hello")
        #expect(field("home, del, end, bs", text: "hello").text == "ell")
        #expect(field("ctrl-a, text:>, ctrl-e, text:<", text: "mid").text == ">mid<")
        #expect(field("left*3, ctrl-k", text: "keep this").text == "keep t")
        #expect(field("left*4, ctrl-u", text: "drop this").text == "this")
        #expect(field("ctrl-w", text: "two words").text == "two ")
        #expect(field("alt-b, alt-b, text:X", text: "one two three").text == "one Xtwo three")
        #expect(field("home, alt-f, text:X", text: "one two").text == "oneX two")
    }

    @Test func theCaretStepsOverWholeGraphemeClusters() {
        let family = "👨‍👩‍👧‍👦", flag = "🏴󠁧󠁢󠁳󠁣󠁴󠁿", accented = "e\u{301}"
        let f = field("left, bs", text: "a" + family + flag + accented)
        #expect(f.text == "a" + family + accented, "Backspace took the whole flag, tags and all")
        #expect(f.caret == 2)
        #expect(field("home, right, del", text: "a" + family + "b").text == "ab")
    }

    @Test func aPasteIsOneEditOnOneLineCappedAtMaxLength() {
        let f = TextField(maxLength: 10)
        var edits = 0
        f.editingChanged = { _ in edits += 1 }
        f.handle(.paste("one\ntwo\tthree four five"))
        #expect(f.text == "one two th")
        #expect(f.wasTruncated)
        #expect(edits == 1)
        let big = TextField()
        big.handle(.paste(String(repeating: "x", count: 1 << 20)))
        #expect(big.text.count == 4096 && big.wasTruncated)
    }

    @Test func drawsPlaceholderTextAndTheCursorAtTheCaret() throws {
        let canvas = Canvas(size: Size(width: 12, height: 2))
        let f = TextField(placeholder: "Search")
        f.draw(in: canvas, at: Point(x: 1, y: 0), width: 10)
        #expect(canvas.row(0) == " Search     ")
        #expect(!canvas.showsCursor)
        f.isFirstResponder = true
        f.text = "a long line of text"
        f.handle(.key(.left))
        f.draw(in: canvas, at: Point(x: 1, y: 1), width: 10)
        #expect(canvas.row(1) == " ne of text ", "scrolled so the caret shows")
        #expect(canvas.showsCursor && canvas.cursor == Point(x: 10, y: 1), "on the last character, where the caret is")
    }
}

@MainActor @Suite struct AlertControllerTests {
    func alert(_ log: Box) -> AlertController {
        let alert = AlertController(title: "Delete “notes”?", message: "It cannot be brought back.")
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in log.value.append("delete") })
        alert.addAction(AlertAction(title: "Keep", style: .default, key: "n") { _ in log.value.append("keep") })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.value.append("cancel") })
        return alert
    }
    final class Box { var value: [String] = [] }

    @Test func keysChooseAndEscCancels() {
        let log = Box()
        let a = alert(log)
        #expect(a.handle(.key(.enter)) == 0, "the first action that does not cancel is highlighted")
        #expect(a.handle(.key(.right)) == nil && a.handle(.key(.enter)) == 1)
        #expect(a.handle(.char("n")) == 1 && a.handle(.char("D")) == 0 && a.handle(.char("x")) == nil)
        #expect(a.handle(.key(.escape)) == 2)
        a.choose(2)
        #expect(log.value == ["cancel"])
        let none = AlertController(title: "Note", message: nil)
        none.addAction(AlertAction(title: "OK"))
        #expect(none.handle(.key(.escape)) == -1, "no cancel action: Esc closes it")
    }

    @Test func drawnCentredAndAClickChooses() throws {
        let canvas = Canvas(size: Size(width: 50, height: 11))
        let a = alert(Box())
        a.draw(in: canvas)
        try Snapshot().verify(canvas, named: "alert")
        let row = (0..<11).first { canvas.row($0).contains("[ Keep ]") }!
        let x = canvas.row(row).distance(from: canvas.row(row).startIndex, to: canvas.row(row).firstIndex(of: "K")!)
        #expect(a.handle(.mouse(MouseEvent(action: .press, position: Point(x: x, y: row)))) == 1)
    }
}

@Suite struct TableColumnsTests {
    let columns = TableColumns([
        TableColumn("PID", width: .fixed(5), alignment: .trailing),
        TableColumn("Name", width: .fraction(2)),
        TableColumn("User", width: .fit(minimum: 4, maximum: 8)),
        TableColumn("Note", width: .fraction(1))
    ])

    @Test func fixedAndFittedFirstThenFractionsShareTheRest() {
        #expect(columns.widths(for: 30) == [5, 12, 4, 6])
        var fitted = columns
        fitted.fit(["1", "x", "a-long-user-name", ""])
        #expect(fitted.widths(for: 30) == [5, 9, 8, 5], "a fitted column grows to its maximum")
        fitted.fit(["1", "x", "ab", ""])
        #expect(fitted.widths(for: 30) == [5, 9, 8, 5], "and never shrinks: widths stay put")
        #expect(
            columns.widths(for: 10) == [5, 0, 2, 0], "too narrow: fractions, then fitted, then the last columns give")
    }

    @Test @MainActor func rowsAlignAndCutWithAnEllipsis() {
        let canvas = Canvas(size: Size(width: 30, height: 1))
        columns.draw(
            ["42", "a name far too long", "root", "ok"], in: DrawContext(canvas: canvas, frame: canvas.bounds),
            style: .plain)
        #expect(canvas.row(0) == "   42 a name far … root ok    ")
        #expect(
            columns.column(at: 3, width: 30) == 0 && columns.column(at: 5, width: 30) == nil
                && columns.column(at: 20, width: 30) == 2)
    }

    @Test @MainActor func theHeaderSortsAndTurnsRound() {
        let header = TableHeader(columns: columns, sortColumn: 0)
        var told: [String] = []
        header.sortChanged = { told.append("\($0.sortColumn!)\($0.ascending ? "▲" : "▼")") }
        header.sort(byColumn: 0)
        header.sort(byColumn: 1)
        header.click(at: 20, width: 30)
        #expect(told == ["0▼", "1▲", "2▲"])
        #expect(header.titles == ["PID", "Name", "User▲", "Note"])
    }
}
