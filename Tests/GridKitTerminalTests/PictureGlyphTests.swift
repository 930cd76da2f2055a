import GridKit
import GridKitPresenting
import TestSupport
import Testing

@testable import GridKitTerminal

/// Pictures in direct colour drawn in vertical halves, quadrants and sextants (`PictureGlyphs`):
/// the writer holds their cells by colour pair as it holds half blocks, writes a cell whose
/// colours are the pen's swapped as its complement, and the terminal shows every cell's atoms in
/// their colours. In 256 colours such cells go out one after another, as before.
@MainActor
@Suite struct PictureGlyphTests {
    /// `blockElementMask(of:)` for a cell's text (one scalar).
    static func foregroundMask(of text: String) -> UInt16? {
        guard let v = text.unicodeScalars.first?.value, text.unicodeScalars.count == 1 else { return nil }
        return blockElementMask(of: v)
    }

    /// The colour numbers of a cell's 12 atoms as shown (foreground or background by its mask).
    static func atoms(text: String, fg: Int, bg: Int) -> [Int]? {
        guard let mask = foregroundMask(of: text) else { return nil }
        return (0..<12).map { mask >> $0 & 1 == 1 ? fg : bg }
    }

    static let direct = ColorMapper(mode: .direct)

    /// Colour sequences in `bytes` (SGR sequences that set a colour).
    static func colourSequences(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}[").dropFirst().filter { part in
            guard let end = part.firstIndex(where: { $0.isLetter }), part[end] == "m" else { return false }
            return part[..<end].contains("38;") || part[..<end].contains("48;")
        }.count
    }

    /// One frame of `canvas` from a blank screen, and the mini terminal after it.
    static func play(_ canvas: Canvas, colors: ColorMapper) -> (bytes: [UInt8], screen: MiniTerminal) {
        var writer = FrameWriter(capabilities: .ansi, colors: colors) { _ in 1 }
        var diff = FrameDiff()
        let played = FramePlayback.play(canvas, writer: &writer, diff: &diff)
        var screen = MiniTerminal(width: canvas.size.width, height: canvas.size.height)
        screen.feed(played.bytes)
        return (played.bytes, screen)
    }

    /// Every cell of `canvas` shows its atoms in their colours on `screen`.
    static func expectShown(_ canvas: Canvas, on screen: MiniTerminal, colors: ColorMapper, _ what: String) {
        #expect(screen.problems.isEmpty, "\(what): \(screen.problems)")
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                let cell = canvas[x, y], (fg, bg, _) = colors.resolve(cell.style), shown = screen.cells[y][x]
                let want = atoms(text: cell.text, fg: fg, bg: bg),
                    got = atoms(text: shown.text, fg: shown.fg, bg: shown.bg)
                #expect(want != nil && want == got, "\(what): \(x),\(y) shows \(shown) for \(cell.text) \(fg)/\(bg)")
            }
        }
    }

    static func put(_ canvas: Canvas, _ text: String, _ x: Int, _ y: Int, _ fg: Color, _ bg: Color) {
        canvas.put(text, width: 1, at: Point(x: x, y: y), style: Style(foreground: fg, background: bg))
    }

    /// Stripes of two pairs of colours taking turns along a row, in a diagonal quadrant and an
    /// upper-left one: each pair's colours are set once, and the terminal shows every cell.
    @Test func quadrantStripesSetEachPairOnce() {
        let canvas = Canvas(size: Size(width: 16, height: 1), colorMode: .direct)
        let a = Color.rgb(91, 96, 169), b = Color.rgb(101, 57, 67), c = Color.rgb(103, 64, 85),
            d = Color.rgb(82, 104, 189)
        for x in 0..<16 { x % 2 == 0 ? Self.put(canvas, "▚", x, 0, a, b) : Self.put(canvas, "▘", x, 0, c, d) }
        let (bytes, screen) = Self.play(canvas, colors: Self.direct)
        #expect(Self.colourSequences(bytes) == 2, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        Self.expectShown(canvas, on: screen, colors: Self.direct, "stripes")
        // In 256 colours the same cells go out in order, each setting its colours.
        let palette = ColorMapper(mode: .palette256)
        let canvas256 = Canvas(size: canvas.size, colorMode: .palette256)
        for x in 0..<16 {
            x % 2 == 0
                ? Self.put(canvas256, "▚", x, 0, .palette(60), .palette(95))
                : Self.put(canvas256, "▘", x, 0, .palette(96), .palette(61))
        }
        let (bytes256, screen256) = Self.play(canvas256, colors: palette)
        #expect(Self.colourSequences(bytes256) == 16)
        Self.expectShown(canvas256, on: screen256, colors: palette, "256 colours")
    }

    /// A textured picture (its atoms 24 grey levels either side of each half's mean, by rows)
    /// drawn by `drawSymbols` in direct colour: a row whose left halves drift by a grey level a
    /// cell is written with one colour sequence; a left half 12 levels off (about 5 ΔE, past
    /// the tolerance `RowColorsTests` checks) adds one for its own colour (the writer sends the
    /// row's other cells first, then goes back to it).
    @Test func nearColoursOfAPictureRowGoOutInOneSequence() {
        func frame(_ left: (Int) -> Int) -> (bytes: [UInt8], canvas: Canvas, screen: MiniTerminal) {
            let count = 8, canvas = Canvas(size: Size(width: count + 1, height: 1), colorMode: .direct)
            var rgb: [UInt8] = []
            for y in 0..<6 {
                for x in 0..<(count * 2) {
                    let v = UInt8(clamping: (x % 2 == 0 ? left(x / 2) : 200) + (y % 2 == 0 ? 24 : -24))
                    rgb += [v, v, v]
                }
            }
            DrawContext(canvas: canvas, frame: canvas.bounds).drawSymbols(
                rgb: rgb, size: Size(width: count * 2, height: 6), at: .zero, matte: .default, symbols: .quadrants)
            let (bytes, screen) = Self.play(canvas, colors: Self.direct)
            return (bytes, canvas, screen)
        }
        let drift = frame { 70 + $0 % 3 }
        #expect(
            Self.colourSequences(drift.bytes) == 1, "\(String(decoding: drift.bytes, as: UTF8.self).debugDescription)")
        let jump = frame { $0 == 4 ? 82 : 70 }
        #expect(
            Self.colourSequences(jump.bytes) == 2, "\(String(decoding: jump.bytes, as: UTF8.self).debugDescription)")
        for (what, f) in [("drift", drift), ("jump", jump)] {
            #expect(f.screen.problems.isEmpty)
            for x in 0..<8 {
                let cell = f.canvas[x, 0], (fg, bg, _) = Self.direct.resolve(cell.style), shown = f.screen.cells[0][x]
                #expect(
                    Self.atoms(text: cell.text, fg: fg, bg: bg)
                        == Self.atoms(text: shown.text, fg: shown.fg, bg: shown.bg),
                    "\(what) \(x)")
            }
        }
    }

    /// After a cell of colours A on B, a cell of B on A (each symbol) goes out as its complement
    /// with no colour sequence.
    @Test func swappedColoursGoOutAsTheComplement() {
        let a = Color.rgb(10, 200, 30), b = Color.rgb(220, 20, 90)
        let symbols: [UInt32] = [0x258C, 0x2596, 0x2597, 0x2598, 0x259D, 0x259A, CellSymbolChoice.sextant(5)]
        for s in symbols {
            let glyph = String(Unicode.Scalar(s)!)
            let canvas = Canvas(size: Size(width: 3, height: 1), colorMode: .direct)
            Self.put(canvas, glyph, 0, 0, a, b)
            Self.put(canvas, glyph, 1, 0, b, a)
            let (bytes, screen) = Self.play(canvas, colors: Self.direct)
            #expect(
                Self.colourSequences(bytes) == 1, "\(glyph): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            )
            let complement = PictureGlyphs.complement(of: s).map { String(Unicode.Scalar($0)!) }
            #expect(screen.cells[0][1].text == complement, "\(glyph)")
            #expect(PictureGlyphs.complement(of: PictureGlyphs.complement(of: s)!) == s)
            Self.expectShown(canvas, on: screen, colors: Self.direct, glyph)
        }
    }

    /// Every complement shows the other atoms: foreground and background masks swap.
    @Test func complementsSwapTheAtoms() {
        var scalars = Array(0x2596...0x259F) + [0x258C, 0x2590]
        scalars += (1...62).filter { $0 != 21 && $0 != 42 }.map { Int(CellSymbolChoice.sextant($0)) }
        for v in scalars.map(UInt32.init) {
            let glyph = String(Unicode.Scalar(v)!)
            guard let complement = PictureGlyphs.complement(of: v) else {
                Issue.record("\(glyph) has no complement"); continue
            }
            #expect(
                Self.foregroundMask(of: glyph).map { ~$0 & 0xFFF }
                    == Self.foregroundMask(of: String(Unicode.Scalar(complement)!)), "\(glyph)")
        }
        #expect(PictureGlyphs.complement(of: 0x2580) == nil && PictureGlyphs.complement(of: 0x41) == nil)
    }

    /// Frames of direct-colour pictures in half blocks, quadrants and sextants from a few colours
    /// (so pairs come back, either way round), changed at random in patches, with text between
    /// them, rows scrolled and bands moved sideways: the mini terminal shows every cell's atoms.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomGlyphFramesArriveExactly(seed: UInt64) {
        var rng = Seeded(seed)
        let size = Size(width: 30, height: 8)
        let colours: [Color] = [
            .rgb(200, 40, 40), .rgb(40, 200, 40), .rgb(30, 30, 220), .rgb(250, 250, 250), .rgb(0, 0, 1)
        ]
        let glyphs = ["▀", "▌", "▘", "▚", "▗", "▟", String(Unicode.Scalar(CellSymbolChoice.sextant(9))!)]
        enum Content: Equatable {
            case picture(Int, Int, Int)
            case text(Character)
        }
        var frameRows = RandomFrameRows(size: size, blank: Content.text(" "))
        var writer = FrameWriter(capabilities: .ansi, colors: Self.direct) { _ in 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        for frame in 0..<120 {
            var sideways: ColumnShift?
            if frame > 0 {
                frameRows.maybeScroll(&rng)
                sideways = frameRows.maybeMoveSideways(&rng, farthest: 4)
            }
            for _ in 0..<(1 + rng.next(3)) {
                let y = rng.next(size.height), x = rng.next(size.width), w = 1 + rng.next(12), pattern = rng.next(3)
                for cx in x..<min(size.width, x + w) {
                    switch pattern {
                    case 0:
                        frameRows.rows[y][cx] = .picture(
                            rng.next(glyphs.count), rng.next(colours.count), rng.next(colours.count))
                    case 1: frameRows.rows[y][cx] = cx % 2 == 0 ? .picture(3, 0, 2) : .picture(3, 2, 0) // swapped pairs
                    default:
                        frameRows.rows[y][cx] = rng.next(4) == 0 ? .text("a") : .picture(rng.next(glyphs.count), 1, 4)
                    }
                }
            }
            let canvas = Canvas(size: size, colorMode: .direct)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    switch frameRows.rows[y][x] {
                    case .picture(let g, let f, let b): Self.put(canvas, glyphs[g], x, y, colours[f], colours[b])
                    case .text(let ch): canvas.put(String(ch), width: 1, at: Point(x: x, y: y), style: .plain)
                    }
                }
            }
            if let sideways { canvas.noteSidewaysMove(sideways) }
            let played = FramePlayback.play(canvas, writer: &writer, diff: &diff, cursor: Point(x: 0, y: 0))
            if played.everything { screen = MiniTerminal(width: size.width, height: size.height) }
            screen.feed(played.bytes)
            #expect(screen.problems.isEmpty, "frame \(frame): \(screen.problems)")
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let shown = screen.cells[y][x]
                    switch frameRows.rows[y][x] {
                    case .text(let ch):
                        guard shown.text == String(ch) else {
                            Issue.record("frame \(frame): \(x),\(y) shows \(shown), not \(ch)")
                            return
                        }
                    case .picture(let g, let f, let b):
                        let (fg, bg, _) = Self.direct.resolve(Style(foreground: colours[f], background: colours[b]))
                        guard
                            Self.atoms(text: glyphs[g], fg: fg, bg: bg)
                                == Self.atoms(text: shown.text, fg: shown.fg, bg: shown.bg)
                        else {
                            Issue.record("frame \(frame): \(x),\(y) shows \(shown), not \(glyphs[g]) \(fg)/\(bg)")
                            return
                        }
                    }
                }
            }
        }
    }
}
