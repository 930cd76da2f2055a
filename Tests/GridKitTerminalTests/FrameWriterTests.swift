import CNcurses
import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

@MainActor
@Suite struct FrameWriterTests {
    static let mapper = ColorMapper(mode: .palette256)

    /// What `canvas` should look like on the mini terminal.
    fileprivate static func expected(_ canvas: Canvas) -> [[MiniTerminal.Cell]] {
        (0..<canvas.size.height).map { y in
            (0..<canvas.size.width).map { x in
                let c = canvas[x, y]
                let (fg, bg, a) = mapper.resolve(c.style)
                let text = c.width == 0 ? "" : c.text.unicodeScalars.first?.value == 0 ? " " : c.text
                return MiniTerminal.Cell(text: text, fg: fg, bg: bg, attributes: a).visible
            }
        }
    }

    /// Frames made at random from the last one (text in random styles, rows moved up or down,
    /// bands of rows moved sideways, wide characters, blanks), sent through FrameDiff, row and
    /// column shifts and the writer: the mini terminal must show each frame exactly.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomFramesArriveExactly(seed: UInt64) {
        var rng = Seeded(seed)
        let size = Size(width: 24, height: 12)
        var rows: [[(String, Int, Style)]] = Array(
            repeating: Array(repeating: (" ", 1, .plain), count: size.width), count: size.height)
        let styles: [Style] = [
            .plain, Style(foreground: .palette(196)),
            Style(foreground: .ansi(3), background: .ansi(4), attributes: .bold),
            Style(background: .palette(236)), Style(attributes: [.underline, .reverse]),
            Style(foreground: .ansi(12), attributes: .italic)
        ]
        let texts = ["Item 42", "αβγ", "漢字", "e\u{301}x", "│", "        ", "▶ go"]
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { v in
            MiniTerminal.wide(v) ? 2 : Unicode.Scalar(v)!.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        var scrolled = 0, movedSideways = 0
        for frame in 0..<200 {
            var sideways: ColumnShift?
            switch rng.next(5) {
            case 0 where frame > 0:
                // Rows 1..<h-1 move by up to 3, new text where they left.
                let d = [1, -1, 2, -3][rng.next(4)], band = 1..<(size.height - 1)
                let moved = band.map { y in
                    band.contains(y + d) ? rows[y + d] : Array(repeating: (" ", 1, Style.plain), count: size.width)
                }
                for (k, y) in band.enumerated() { rows[y] = moved[k] }
            case 1 where frame > 0:
                // A band of rows moves sideways by up to 4 within some columns (to the edge or
                // not), blanks where it left: as a row of tiles scrolls.
                let r0 = rng.next(size.height - 3), r1 = r0 + 1 + rng.next(3)
                let x0 = rng.next(8), x1 = [size.width, size.width - 1, size.width - 5][rng.next(3)]
                let d = [1, 2, 4, -1, -3][rng.next(5)]
                for y in r0..<r1 {
                    let was = rows[y]
                    for x in x0..<x1 {
                        let from = x + d
                        rows[y][x] = (x0..<x1).contains(from) ? was[from] : (" ", 1, .plain)
                    }
                }
                sideways = ColumnShift(rows: r0..<r1, columns: x0..<x1, distance: d)
            default:
                for _ in 0..<(1 + rng.next(4)) {
                    let y = rng.next(size.height), x = rng.next(size.width), style = styles[rng.next(styles.count)]
                    var cx = x
                    for g in texts[rng.next(texts.count)] where cx < size.width {
                        let w = g.unicodeScalars.contains { MiniTerminal.wide($0.value) } ? 2 : 1
                        if w == 2 && cx + 1 >= size.width { break }
                        rows[y][cx] = (String(g), w, style)
                        if w == 2 { rows[y][cx + 1] = ("", 0, style) }
                        cx += w
                    }
                }
            }
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                for x in 0..<size.width where rows[y][x].1 > 0 {
                    canvas.put(rows[y][x].0, width: rows[y][x].1, at: Point(x: x, y: y), style: rows[y][x].2)
                }
            }
            if let sideways { canvas.noteSidewaysMove(sideways) }
            let played = FramePlayback.play(canvas, writer: &writer, diff: &diff, cursor: Point(x: 0, y: 1))
            if played.everything { screen = MiniTerminal(width: size.width, height: size.height) }
            if played.scrolled { scrolled += 1 }
            movedSideways += played.sidewaysMoves
            screen.feed(played.bytes)
            #expect(screen.problems.isEmpty, "frame \(frame): \(screen.problems)")
            let want = Self.expected(canvas)
            for y in 0..<size.height where screen.cells[y].map(\.visible) != want[y] {
                Issue.record(
                    "frame \(frame) row \(y): \(screen.cells[y].map(\.text).joined()) ≠ \(want[y].map(\.text).joined())"
                )
                return
            }
            #expect((screen.x, screen.y) == (0, 1), "the cursor rests where asked")
        }
        #expect(scrolled > 10, "row shifts were found and used")
        #expect(movedSideways > 10, "sideways moves were taken: \(movedSideways)")
    }

    /// Emoji sequences reach the terminal whole (a ZWJ sequence, a flag), and the next cell is
    /// placed anew, whatever width the terminal gives them.
    @Test func emojiSequencesGoOutWholeAndTheNextCellIsPlacedAnew() {
        let size = Size(width: 30, height: 1)
        // The C library calls regional indicators and the ZWJ'd emoji what glibc does.
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { v in
            (0x1F1E6...0x1F1FF).contains(v) ? 1 : v == 0x200D ? 0 : v > 0x1F000 ? 2 : 1
        }
        let canvas = Canvas(size: size)
        canvas.drawText("👩‍💻 Devs 🇯🇵 x", at: .zero, style: .plain)
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        let text = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(text.contains("👩‍💻") && text.contains("🇯🇵"), "\(text.debugDescription)")
        // After each sequence the writer places the cursor itself: "Devs" at column 4, "x" at 12
        // (1-based; the spaces are blank on a cleared screen and not written).
        #expect(text.contains("\u{1B}[1;4HDevs") && text.contains("\u{1B}[1;12Hx"), "\(text.debugDescription)")
    }

    /// Sequences longer than four scalars reach the terminal whole, every byte: a family of four
    /// (seven scalars), Scotland's flag (a black flag, five tag letters and a cancel tag), a
    /// kiss with two skin tones (ten), and a keycap beside them; each in two columns, the next
    /// cell placed anew.
    @Test func longSequencesGoOutWhole() {
        let family = "👨‍👩‍👧‍👦", scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", kiss = "🧑🏻‍❤️‍💋‍🧑🏼"
        let size = Size(width: 30, height: 1)
        // What glibc says: emoji two columns, the joiner, tags and selectors none.
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { v in
            v == 0x200D || v == 0xFE0F || (0xE0000...0xE007F).contains(v) || (0x1F3FB...0x1F3FF).contains(v)
                ? 0 : v > 0x1F000 ? 2 : 1
        }
        let canvas = Canvas(size: size)
        canvas.drawText("\(family)a\(scotland)b\(kiss)c1️⃣d", at: .zero, style: .plain)
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        let bytes = writer.finish(cursor: nil)
        for sequence in [family, scotland, kiss, "1️⃣"] {
            #expect(
                bytes.firstRange(of: Array(sequence.utf8)) != nil,
                "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains("\(family)\u{1B}[1;3Ha") && text.contains("\(scotland)\u{1B}[1;6Hb"),
            "\(text.debugDescription)")
        #expect(text.contains("\(kiss)\u{1B}[1;9Hc") && text.contains("1️⃣\u{1B}[1;12Hd"), "\(text.debugDescription)")
        // Where the terminal cannot join them, what fits two columns, as for short ones.
        writer.sequenceWidths = EmojiSequenceWidths(joined: 8, flag: 2, modified: 4)
        writer.begin(size: size, cleared: true)
        var again = FrameDiff()
        again.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        let cut = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(
            !cut.contains("\u{200D}") && cut.contains("👨") && !cut.contains("👦") && cut.contains("🧑")
                && !cut.contains("💋"), "\(cut.debugDescription)")
        #expect(cut.contains(scotland), "a flag of tags is no ZWJ sequence")
    }

    /// A terminal that draws a ZWJ sequence as its emoji side by side, and flags as boxed
    /// letters, gets what fits two columns: the first emoji, the country code.
    @Test func emojiSequencesATerminalCannotJoinAreSentAsWhatFits() {
        let size = Size(width: 30, height: 1)
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { v in
            (0x1F1E6...0x1F1FF).contains(v) ? 1 : v == 0x200D ? 0 : v > 0x1F000 ? 2 : 1
        }
        writer.sequenceWidths = EmojiSequenceWidths(joined: 4, flag: 4, modified: 2)
        let canvas = Canvas(size: size)
        canvas.drawText("👩‍💻 Devs 🇯🇵 👍🏽", at: .zero, style: .plain)
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        let text = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(!text.contains("\u{200D}") && text.contains("👩") && !text.contains("💻"), "\(text.debugDescription)")
        #expect(text.contains("JP") && !text.contains("🇯"), "\(text.debugDescription)")
        #expect(text.contains("👍🏽"), "a skin tone the terminal joins goes out whole")
    }

    /// Where colours take the ANSI forms the writer formats them itself; the bytes are the ones
    /// the capabilities' own functions give (here the same forms, handed in as functions).
    @Test func colourDigitsPutInByTheWriterMatchTheCapabilities() {
        let size = Size(width: 64, height: 8)
        let canvas = Canvas(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let n = (y * size.width + x) * 7 % 256, m = (y * 31 + x * 3) % 256
                let style =
                    x % 9 == 0
                    ? Style(foreground: .ansi(UInt8(x % 16)), background: .default)
                    : Style(
                        foreground: .palette(UInt8(n)),
                        background: x % 5 == 0 ? .ansi(UInt8(y % 16)) : .palette(UInt8(m)))
                canvas.put(x % 2 == 0 ? "▀" : "a", width: 1, at: Point(x: x, y: y), style: style)
            }
        }
        var asFunctions = TerminalCapabilities.ansi
        let foreground = asFunctions.foreground, background = asFunctions.background
        asFunctions.foreground = foreground
        asFunctions.background = background
        #expect(TerminalCapabilities.ansi.colorsAreANSI && !asFunctions.colorsAreANSI)
        func written(_ caps: TerminalCapabilities) -> [UInt8] {
            var writer = FrameWriter(capabilities: caps, colors: Self.mapper) { _ in 1 }
            writer.begin(size: size, cleared: true)
            var diff = FrameDiff()
            diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
            return writer.finish(cursor: nil)
        }
        let direct = written(.ansi), viaFunctions = written(asFunctions)
        #expect(direct == viaFunctions, "\(String(decoding: direct.prefix(200), as: UTF8.self).debugDescription)")
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(direct)
        #expect(screen.problems.isEmpty, "\(screen.problems)")
    }

    /// TERM=xterm-256color with COLORTERM=truecolor: direct colour, though terminfo's entry has
    /// no `RGB` and only 256-colour strings. Text, a background and picture cells in RGB colours
    /// go out as `38;2;r;g;b` and `48;2;r;g;b` (the darkest blue too, which terminfo's direct
    /// numbering reads as an ANSI colour); the theme's colours and palette entries as they are.
    /// xterm-direct's entry, which has `RGB`, gets the same bytes.
    @Test func directColourGoesOutAsRGBWhereTerminfoHasOnly256Colours() throws {
        let read = try #require(
            TerminalCapabilities.withTerminfo(of: "xterm-256color") {
                (TerminalCapabilities.fromTerminfo(), gk_flag_cap("RGB") != 0)
            })
        #expect(!read.1, "xterm-256color's entry has no RGB")
        let mode = ColorDetector.decide(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], forced: nil, terminfoColors: 256,
            terminfoDirect: read.1,
            answeredDirect: false)
        #expect(mode == .direct)
        let mapper = ColorMapper(mode: mode)
        let size = Size(width: 20, height: 3)
        let canvas = Canvas(size: size, colorMode: mode)
        canvas.drawText("Title", at: .zero, style: Style(foreground: .rgb(250, 240, 10), background: .rgb(10, 20, 200)))
        canvas.drawText("ansi", at: Point(x: 6, y: 0), style: Style(foreground: .brightWhite, background: .palette(67)))
        canvas.drawText(
            "deep", at: Point(x: 0, y: 1), style: Style(foreground: .rgb(0, 0, 5), background: .rgb(0, 0, 1)))
        for x in 0..<size.width {
            canvas.put(
                "▀", width: 1, at: Point(x: x, y: 2),
                style: Style(foreground: .rgb(UInt8(x * 12), 100, 30), background: .rgb(200, UInt8(x * 9), 60)))
        }
        func written(_ caps: TerminalCapabilities) -> [UInt8] {
            var writer = FrameWriter(capabilities: caps, colors: mapper) { _ in 1 }
            writer.begin(size: size, cleared: true)
            var diff = FrameDiff()
            diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
            return writer.finish(cursor: nil)
        }
        let bytes = written(read.0)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("38;2;250;240;10") && text.contains("48;2;10;20;200"), "\(text.debugDescription)")
        #expect(
            text.contains("38;2;0;0;5") && text.contains("48;2;0;0;1"), "the darkest blues are RGB, not ANSI 5 and 1")
        #expect(text.contains("48;2;200;0;60"), "picture cells too")
        #expect(text.contains("97") && text.contains("48;5;67"), "a theme colour and a palette entry as they are")
        #expect(text.matches(of: /[34]8;5;/).count == 1, "the palette entry's alone: \(text.debugDescription)")
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(bytes)
        #expect(screen.problems.isEmpty, "\(screen.problems)")
        let shown = screen.cells.map { $0.map(\.visible) }
        let expected = (0..<size.height).map { y in
            (0..<size.width).map { x in
                let c = canvas[x, y]
                let (fg, bg, a) = mapper.resolve(c.style)
                return MiniTerminal.Cell(
                    text: c.text.unicodeScalars.first?.value == 0 ? " " : c.text, fg: fg, bg: bg, attributes: a
                ).visible
            }
        }
        #expect(shown == expected)
        let viaDirectEntry = try #require(
            TerminalCapabilities.withTerminfo(of: "xterm-direct") { TerminalCapabilities.fromTerminfo() })
        #expect(!viaDirectEntry.colorsAreANSI, "xterm-direct's setaf is its own")
        #expect(written(viaDirectEntry) == bytes)
    }

    /// A colour past an 8-colour entry's count (256 colours forced with GRIDKIT_COLORS, or
    /// answered by the terminal) goes out in the ANSI form, not through `setaf`'s `\E[3%p1%dm`,
    /// which made 229 `\E[3229m`: the terminal dropped it, and every picture lost its colours.
    @Test func coloursPastTheEntrysCountUseTheANSIForms() throws {
        let caps = try #require(TerminalCapabilities.withTerminfo(of: "xterm") { TerminalCapabilities.fromTerminfo() })
        #expect(caps.foreground(1) == Array("\u{1B}[31m".utf8))
        #expect(caps.foreground(229) == Array("\u{1B}[38;5;229m".utf8))
        #expect(caps.background(18) == Array("\u{1B}[48;5;18m".utf8))
        #expect(caps.background(4) == Array("\u{1B}[44m".utf8))
    }

    @Test func aGapOfBlanksInsideARowIsErasedNotWritten() {
        let size = Size(width: 40, height: 2)
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        var sent: [[UInt8]] = []
        for text in [String(repeating: "x", count: 39) + "│", "Ada" + String(repeating: " ", count: 36) + "│"] {
            let canvas = Canvas(size: size)
            canvas.drawText(text, at: Point(x: 0, y: 0), style: Style(background: .palette(236)))
            writer.begin(size: size, cleared: diff.reportsEverything(for: canvas))
            diff.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
            let bytes = writer.finish(cursor: nil)
            screen.feed(bytes)
            sent.append(bytes)
            #expect(screen.cells[0].map(\.visible) == Self.expected(canvas)[0])
            #expect(screen.problems.isEmpty)
        }
        // The 36 blanks (in a background colour, bce) go out as one erase, not 36 spaces.
        let second = String(decoding: sent[1], as: UTF8.self)
        #expect(second.contains("\u{1B}[36X"))
        #expect(sent[1].count < 30, "\(sent[1].count) bytes")
    }

    @Test func sequencesOtherThanTheANSIOnesAreAskedOfTheCapabilities() {
        var caps = TerminalCapabilities.ansi
        caps.moveTo = { row, column in Array("<move \(row),\(column)>".utf8) }
        caps.moveToColumn = nil
        caps.eraseCharacters = { n in Array("<erase \(n)>".utf8) }
        var writer = FrameWriter(capabilities: caps, colors: Self.mapper) { _ in 1 }
        let canvas = Canvas(size: Size(width: 30, height: 3))
        canvas.drawText(
            "a" + String(repeating: " ", count: 20) + "b", at: Point(x: 2, y: 1),
            style: Style(background: .palette(236)))
        writer.begin(size: canvas.size, cleared: false)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, cell in if y == 1 { writer.put(cell, x: x, y: y, in: canvas) } }
        let text = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(text.hasPrefix("<move 1,0>") && text.contains("a<erase 20><move 1,23>b"), "\(text.debugDescription)")
        #expect(!text.contains("H") && !text.contains("X"), "no ANSI move or erase")
    }

    @Test func oneLineScrollSendsTheNewLineNotTheScreen() {
        let size = Size(width: 40, height: 20)
        func frame(from first: Int) -> Canvas {
            let c = Canvas(size: size, colorMode: .palette256)
            c.drawText("Title", at: .zero, style: .plain)
            for y in 1..<19 {
                c.drawText("row \(first + y)", at: Point(x: 2, y: y), style: Style(foreground: .palette(100)))
            }
            return c
        }
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
        var diff = FrameDiff()
        writer.begin(size: size, cleared: true)
        diff.update(to: frame(from: 0)) { x, y, cell in writer.put(cell, x: x, y: y, in: frame(from: 0)) }
        _ = writer.finish(cursor: nil)
        let next = frame(from: 1)
        writer.begin(size: size, cleared: false)
        let shift = diff.rowShift(to: next)
        #expect(shift?.rows == 1..<19 && shift?.distance == 1)
        if let shift { writer.scroll(shift); diff.apply(shift) }
        let cells = diff.update(to: next) { x, y, cell in writer.put(cell, x: x, y: y, in: next) }
        let bytes = writer.finish(cursor: nil)
        #expect(cells == 6, "only the new bottom row's text: \(cells)")
        // Region, scroll, region back, the new row: about 50 bytes where a repaint is 18 rows.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.count <= 60 && text.contains("row 19") && !text.contains("row 18"), "\(text.debugDescription)")
    }

    @Test func paddingIsStrippedFromTerminfoStrings() {
        #expect(
            TerminalCapabilities.withoutPadding(Array("\u{1B}[%i%p1%d;%p2%dH$<5>".utf8))
                == Array("\u{1B}[%i%p1%d;%p2%dH".utf8))
        #expect(TerminalCapabilities.withoutPadding(Array("a$<2*/>b$x".utf8)) == Array("ab$x".utf8))
    }

    /// Resets and attribute changes as terminfo's `sgr0` and `sgr` give them, less the choice of
    /// the ASCII character set: xterm's and kitty's `ESC ( B`, tmux's, screen's and VTE's
    /// shift-in, whichever end it is at. The SGR itself is untouched.
    @Test(arguments: [
        ("\u{1B}(B\u{1B}[m", "\u{1B}[m"), ("\u{1B}[m\u{0F}", "\u{1B}[m"), ("\u{1B}[0m\u{0F}", "\u{1B}[0m"),
        ("\u{1B}[m\u{1B}(B", "\u{1B}[m"), ("\u{1B}(B\u{1B}[0;1;7m", "\u{1B}[0;1;7m"), ("\u{1B}[0;4m", "\u{1B}[0;4m"),
        ("\u{1B}(B", "\u{1B}(B")
    ])
    func resetsLeaveTheCharacterSetAlone(terminfo: String, sent: String) {
        #expect(TerminalCapabilities.withoutCharsetChoice(Array(terminfo.utf8)) == Array(sent.utf8))
    }

    /// And as read from the terminfo entries themselves: xterm's `sgr0` is `ESC ( B ESC [ m` and
    /// tmux's `ESC [ m SI`; both reset with `ESC [ m`, and bold comes without the character set.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func resetsReadFromTerminfoLeaveTheCharacterSetAlone(term: String) throws {
        let read = try #require(
            TerminalCapabilities.withTerminfo(of: term) { () -> (reset: [UInt8], bold: [UInt8]) in
                let caps = TerminalCapabilities.fromTerminfo()
                return (caps.reset, caps.attributes([.bold]))
            })
        #expect(read.reset == Array("\u{1B}[m".utf8))
        #expect(
            read.bold == Array("\u{1B}[0;1m".utf8), "\(String(decoding: read.bold, as: UTF8.self).debugDescription)")
    }
}

/// SplitMix64, for repeatable random frames.
struct Seeded {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}
