import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// Picture cells held back per row and written grouped by their colours (`PictureRun`,
/// `FrameWriter`): the index that finds them, fewer colour sequences where colours come back
/// along a row, and the terminal showing exactly the picture whatever the order.
@MainActor
@Suite struct PictureRunTests {
    static let mapper = ColorMapper(mode: .palette256)

    /// The cells with two colours (in either order) are found in order after a given cell,
    /// those written are skipped, and colours decided later are what they are found by.
    @Test func cellsAreFoundByTheirColoursInOrder() {
        var run = PictureRun()
        let colours = [(20, 30), (40, 50), (30, 20), (40, 50), (60, 60), (20, 30)]
        for (x, c) in colours.enumerated() {
            run.append(PictureRun.Cell(x: x * 2, top: c.0, bottom: c.1), y: 3)
        }
        run.settle(3, top: 60, bottom: 60)
        run.prepare()
        #expect(run.y == 3)
        #expect(run.firstPending(colors: 30, 20, after: -1) == 0)
        #expect(run.firstPending(colors: 20, 30, after: 0) == 2)
        #expect(run.nextPending(sameAs: 2) == 5)
        #expect(run.firstPending(colors: 50, 40, after: -1) == 1, "cell 3 was given other colours")
        #expect(run.nextPending(sameAs: 1) == -1)
        #expect(run.firstPending(colors: 60, 60, after: 0) == 3)
        #expect(run.hasSolid(60) && !run.hasSolid(20) && !run.hasSolid(0x12_3456), "only 60 is a cell's one colour")
        #expect(run.has(2, colors: 20, 30) && run.has(2, colors: 30, 20) && !run.has(2, colors: 20, 20))
        #expect(run.firstPending(colors: 1, 2, after: -1) == -1, "colours no cell has")
        run.markDone(0)
        run.markDone(2)
        #expect(run.firstPending(colors: 20, 30, after: -1) == 5)
        #expect(run.nextPending() == 1)
        run.markDone(1)
        #expect(run.nextPending() == 3)
        run.removeAll()
        #expect(run.isEmpty && run.y == -1)
    }

    /// Many colours in one row, more than the table's first size: every cell is still found.
    @Test func aWideRowOfDistinctColoursIsIndexed() {
        var run = PictureRun()
        for x in 0..<500 { run.append(PictureRun.Cell(x: x, top: 16 + x % 240, bottom: 16 + (x / 240)), y: 0) }
        run.prepare()
        for x in 0..<500 {
            #expect(run.firstPending(colors: 16 + x % 240, 16 + x / 240, after: x - 1) == x)
        }
        // And a solid cell in direct colour (a number above 255).
        run.removeAll()
        run.append(PictureRun.Cell(x: 0, top: 0x12_3456, bottom: 0x12_3456), y: 1)
        run.prepare()
        #expect(run.hasSolid(0x12_3456) && run.firstPending(colors: 0x12_3456, 0x12_3456, after: -1) == 0)
    }

    /// Stripes: two pairs of colours taking turns along each row. Written from the left, every
    /// cell changed both colours; grouped, each row sets each pair once.
    @Test func coloursThatComeBackAlongARowAreSetOncePerRow() {
        let size = Size(width: 40, height: 4)
        let canvas = Canvas(size: size, colorMode: .palette256)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let (t, b): (UInt8, UInt8) = x % 2 == 0 ? (100, 200) : (50, 60)
                canvas.put(
                    "▀", width: 1, at: Point(x: x, y: y), style: Style(foreground: .palette(t), background: .palette(b))
                )
            }
        }
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
        let bytes = writer.finish(cursor: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        // Colours set, counted inside sequences too (`ESC[38;5;n;48;5;mm` sets two).
        let colourSequences =
            text.components(separatedBy: "38;5;").count - 1 + text.components(separatedBy: "48;5;").count - 1
        #expect(
            colourSequences <= 4 * size.height,
            "each pair set once a row: \(colourSequences) colours set in \(text.debugDescription)")
        // Left to right, 22 bytes a cell (both colours and the block).
        #expect(bytes.count * 3 < size.width * size.height * 22, "\(bytes.count) bytes")
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(bytes)
        #expect(screen.problems.isEmpty, "\(screen.problems)")
        for y in 0..<size.height {
            for x in 0..<size.width {
                let want = x % 2 == 0 ? (100, 200) : (50, 60), shown = screen.cells[y][x].halves
                #expect(shown?.top == want.0 && shown?.bottom == want.1, "\(x),\(y) shows \(screen.cells[y][x])")
            }
        }
    }

    /// With the tolerance, a cell's colours depend on the picture to its left: a row redrawn in
    /// part (its right half changed) must show what the same row drawn whole shows, whatever
    /// was written before it.
    @Test func aRowRedrawnInPartShowsWhatARepaintShows() {
        let size = Size(width: 30, height: 3)
        func frame(_ shift: Int) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            canvas.drawText("title", at: .zero, style: Style(foreground: .palette(33), background: .palette(200)))
            for y in 1..<3 {
                for x in 0..<size.width {
                    // A smooth gradient (where pen colours are kept); the right half moves.
                    let v = x >= 15 ? x + shift : x
                    let top = (UInt8(60 + v * 5), UInt8(90 + y * 20), UInt8(200 - v * 4)),
                        bottom = (UInt8(62 + v * 5), UInt8(100 + y * 20), UInt8(196 - v * 4))
                    canvas.put(
                        "▀", width: 1, at: Point(x: x, y: y),
                        style: Style(
                            foreground: .rgb(top.0, top.1, top.2), background: .rgb(bottom.0, bottom.1, bottom.2)))
                }
            }
            return canvas
        }
        func shown(_ frames: [Canvas]) -> [[MiniTerminal.Cell]] {
            var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
            var diff = FrameDiff()
            var screen = MiniTerminal(width: size.width, height: size.height)
            for f in frames {
                writer.begin(size: size, cleared: diff.reportsEverything(for: f))
                diff.update(to: f) { x, y, c in writer.put(c, x: x, y: y, in: f) }
                screen.feed(writer.finish(cursor: nil))
            }
            return screen.cells
        }
        for shift in [1, 2, 3] {
            let incremental = shown([frame(0), frame(shift)]), whole = shown([frame(shift)])
            for y in 1..<3 {
                let a = incremental[y].map { $0.halves.map { [$0.top, $0.bottom] } ?? [] },
                    b = whole[y].map { $0.halves.map { [$0.top, $0.bottom] } ?? [] }
                #expect(a == b, "shift \(shift), row \(y): in part \(a) against whole \(b)")
            }
        }
    }

    /// A change in the middle of a picture's row (a mark drawn over a thumbnail, a tile's
    /// border) leaves the cells right of it unchanged on the canvas, but with the tolerance their
    /// colours follow from what is to their left: the terminal must show what a repaint shows.
    @Test(arguments: [(10, 2), (4, 1), (20, 3), (0, 2)])
    func aChangeInsideARunShowsWhatARepaintShows(change: (x: Int, width: Int)) {
        let size = Size(width: 30, height: 3)
        func frame(changed: Bool) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    // A gentle gradient, where pen colours are kept; the changed cells jump.
                    let jump = changed && x >= change.x && x < change.x + change.width ? 70 : 0
                    let v = x * 3 + jump
                    let top = Color.rgb(UInt8(70 + v), UInt8(110 + y * 9), UInt8(180 - x * 2))
                    let bottom = Color.rgb(UInt8(72 + v), UInt8(114 + y * 9), UInt8(176 - x * 2))
                    canvas.put("▀", width: 1, at: Point(x: x, y: y), style: Style(foreground: top, background: bottom))
                }
            }
            return canvas
        }
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        for canvas in [frame(changed: false), frame(changed: true), frame(changed: false)] {
            screen.feed(FramePlayback.play(canvas, writer: &writer, diff: &diff).bytes)
            let repaint = MiniTerminal.repaint(of: canvas).pictureHalves, shown = screen.pictureHalves
            for y in 0..<size.height {
                #expect(shown[y] == repaint[y], "row \(y): \(shown[y]) against a repaint's \(repaint[y])")
            }
        }
    }

    /// Where the C library (so the terminal) takes the block characters for two columns (East
    /// Asian ambiguous width), picture cells are not written as blocks: a row would shift.
    @Test func wideBlocksAreNotWrittenAsBlocks() {
        let size = Size(width: 6, height: 1)
        let canvas = Canvas(size: size, colorMode: .palette256)
        for x in 0..<3 {
            canvas.put(
                "▀", width: 1, at: Point(x: x, y: 0), style: Style(foreground: .palette(100), background: .palette(200))
            )
        }
        canvas.drawText("abc", at: Point(x: 3, y: 0), style: .plain)
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { $0 >= 0x2580 && $0 <= 0x259F ? 2 : 1 }
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
        let text = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(
            !text.contains("▀") && !text.contains("▄") && !text.contains("█") && !text.contains("\u{FFFD}"),
            "\(text.debugDescription)")
        // Spaces in the picture's lower colour, then the text where it belongs.
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(Array(text.utf8))
        #expect(screen.cells[0].prefix(3).allSatisfy { $0.text == " " && $0.bg == 200 }, "\(screen.cells[0])")
        #expect(screen.cells[0][3...].map(\.text).joined() == "abc")
    }

    /// A terminal that scrolls when its last cell is written: a wide character that would reach
    /// it is a space in its first column instead.
    @Test func aWideCharacterNeverWritesTheLastCell() {
        let size = Size(width: 6, height: 2)
        let canvas = Canvas(size: size, colorMode: .palette256)
        canvas.drawText("漢", at: Point(x: 4, y: 1), style: .plain)
        var caps = TerminalCapabilities.ansi
        caps.bottomRightIsSafe = false
        var writer = FrameWriter(capabilities: caps, colors: Self.mapper) { MiniTerminal.wide($0) ? 2 : 1 }
        writer.begin(size: size, cleared: false)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
        let text = String(decoding: writer.finish(cursor: nil), as: UTF8.self)
        #expect(!text.contains("漢"), "\(text.debugDescription)")
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(Array(text.utf8))
        #expect(screen.problems.isEmpty && screen.cells[1][4].text == " ", "a blank there instead: \(screen.cells[1])")
    }

    /// Frames of pictures in a few colours (so that colours come back), changed at random in
    /// patches, with text between them, rows scrolled, some cells left as they were: the mini
    /// terminal shows every pixel's nearest palette entry and the text, frame after frame.
    /// With the default tolerance, every picture cell still shows two picture colours, and what
    /// a repaint would show. Bands of rows move sideways too (the writer then skips cells that
    /// already show their colours, so what it knows the terminal shows must follow the moves).
    /// (Seeds 1 to 3 exactly, 4 and 5 with the tolerance.)
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomPictureFramesArriveExactly(seed: UInt64) {
        let tolerance = seed > 3 ? HalfBlockChoice.standardTolerance : 0
        var rng = Seeded(seed)
        let size = Size(width: 30, height: 8)
        let colours: [(UInt8, UInt8, UInt8)] = [
            (200, 40, 40), (40, 200, 40), (30, 30, 220), (250, 250, 250), (90, 90, 90), (205, 180, 10)
        ]
        enum Content: Equatable {
            case picture(Int, Int)
            case text(Character)
        }
        var frameRows = RandomFrameRows(size: size, blank: Content.text(" "))
        var writer = FrameWriter(capabilities: .ansi, colors: Self.mapper) { _ in 1 }
        writer.halfBlocks.tolerance = tolerance
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        var sidewaysTaken = 0
        for frame in 0..<150 {
            var sideways: ColumnShift?
            if frame > 0 {
                frameRows.maybeScroll(&rng)
                sideways = frameRows.maybeMoveSideways(&rng, farthest: 5)
            }
            for _ in 0..<(1 + rng.next(3)) {
                let y = rng.next(size.height), x = rng.next(size.width), w = 1 + rng.next(12)
                let pattern = rng.next(3)
                for cx in x..<min(size.width, x + w) {
                    switch pattern {
                    case 0: frameRows.rows[y][cx] = .picture(rng.next(colours.count), rng.next(colours.count))
                    case 1: frameRows.rows[y][cx] = cx % 2 == 0 ? .picture(0, 3) : .picture(2, 4) // stripes
                    default:
                        frameRows.rows[y][cx] = rng.next(4) == 0 ? .text(rng.next(2) == 0 ? "a" : "b") : .picture(5, 5)
                    }
                }
            }
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    switch frameRows.rows[y][x] {
                    case .picture(let t, let b):
                        let (tc, bc) = (colours[t], colours[b])
                        canvas.put(
                            "▀", width: 1, at: Point(x: x, y: y),
                            style: Style(foreground: .rgb(tc.0, tc.1, tc.2), background: .rgb(bc.0, bc.1, bc.2)))
                    case .text(let ch): canvas.put(String(ch), width: 1, at: Point(x: x, y: y), style: .plain)
                    }
                }
            }
            if let sideways { canvas.noteSidewaysMove(sideways) }
            let played = FramePlayback.play(canvas, writer: &writer, diff: &diff, cursor: Point(x: 0, y: 0))
            if played.everything { screen = MiniTerminal(width: size.width, height: size.height) }
            sidewaysTaken += played.sidewaysMoves
            screen.feed(played.bytes)
            #expect(screen.problems.isEmpty, "frame \(frame): \(screen.problems)")
            if tolerance > 0 {
                let repaint = MiniTerminal.repaint(of: canvas).pictureHalves, shown = screen.pictureHalves
                for y in 0..<size.height where shown[y] != repaint[y] {
                    Issue.record("frame \(frame) row \(y) differs from a repaint")
                    return
                }
            }
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let shown = screen.cells[y][x]
                    switch frameRows.rows[y][x] {
                    case .text(let ch):
                        guard shown.text == String(ch), shown.bg == -1 else {
                            Issue.record("frame \(frame): \(x),\(y) shows \(shown), not \(ch)")
                            return
                        }
                    case .picture(let t, let b):
                        let want = [t, b].map {
                            ColorMapper.nearestPalette(Int(colours[$0].0), Int(colours[$0].1), Int(colours[$0].2))
                        }
                        guard let halves = shown.halves,
                            tolerance > 0
                                ? halves.top >= 16 && halves.bottom >= 16 : [halves.top, halves.bottom] == want
                        else {
                            Issue.record("frame \(frame): \(x),\(y) shows \(shown), not the picture's \(want)")
                            return
                        }
                    }
                }
            }
        }
        #expect(sidewaysTaken > 5, "sideways moves were made: \(sidewaysTaken)")
    }
}
