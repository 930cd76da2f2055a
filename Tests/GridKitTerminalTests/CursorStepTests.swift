import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// The cursor moves the writer makes between changed cells, and how it orders picture cells.
@MainActor
@Suite struct CursorStepTests {
    /// A known cursor goes by the shortest form: a backspace one to the left, a carriage return
    /// to the first column, a step up or down (which never scrolls), or the position named.
    @Test func stepsTakeTheShortestForm() {
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
        writer.begin(size: Size(width: 20, height: 5), cleared: true)
        for (x, y) in [(5, 2), (4, 2), (0, 2), (0, 3), (7, 1), (7, 4), (6, 3)] { writer.move(to: x, y) }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "\u{1B}[3;6H\u{8}\r\u{1B}[B\u{1B}[2;8H\u{1B}[3B\u{1B}[A\u{8}", "\(text.debugDescription)")
    }

    /// A terminal without a column move (`hpa`; a VT220 has no CHA) never gets one: steps,
    /// backspaces and carriage returns, or the position named.
    @Test func withoutAColumnMoveNoneIsSent() {
        var caps = TerminalCapabilities.ansi
        caps.moveToColumn = nil
        var writer = FrameWriter(capabilities: caps, colors: PictureRunTests.mapper) { _ in 1 }
        writer.begin(size: Size(width: 80, height: 5), cleared: true)
        var screen = MiniTerminal(width: 80, height: 5)
        for (x, y) in [(5, 2), (15, 2), (70, 2), (3, 2), (0, 2), (60, 3), (59, 3), (2, 1)] {
            let before = writer.bytes.count, expected = writer.moveBytes(to: x, y)
            writer.move(to: x, y)
            #expect(writer.bytes.count - before == expected, "to \(x),\(y)")
            screen.feed(Array(writer.bytes[before...]))
            #expect(screen.x == x && screen.y == y)
        }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(!text.contains("G"), "\(text.debugDescription)")
    }

    /// What the writer expects a move to cost is what the move sends, and the mini terminal
    /// ends up where it was sent, from anywhere to anywhere.
    @Test func aMoveCostsWhatItWasExpectedToCost() {
        var rng = Seeded(7)
        let size = Size(width: 120, height: 40)
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
        writer.begin(size: size, cleared: true)
        var screen = MiniTerminal(width: size.width, height: size.height)
        for _ in 0..<2000 {
            let x = rng.next(2) == 0 ? rng.next(size.width) : max(0, (writer.cursor?.x ?? 0) + rng.next(5) - 3)
            let y =
                rng.next(3) == 0
                ? rng.next(size.height) : min(size.height - 1, max(0, (writer.cursor?.y ?? 0) + rng.next(3) - 1))
            let before = writer.bytes.count, expected = writer.moveBytes(to: x, y)
            writer.move(to: x, y)
            #expect(writer.bytes.count - before == expected, "to \(x),\(y)")
            screen.feed(Array(writer.bytes[before...]))
            #expect(screen.x == x && screen.y == y, "the terminal is at \(screen.x),\(screen.y), not \(x),\(y)")
        }
        #expect(screen.problems.isEmpty, "\(screen.problems)")
    }

    /// A cell of one colour that its left neighbour already has is written after that
    /// neighbour, not jumped to and stepped over later: this row goes out with no move at all.
    @Test func aCellTheLeftNeighbourLeadsIntoIsNotJumpedTo() {
        let size = Size(width: 6, height: 1)
        let canvas = Canvas(size: size, colorMode: .palette256)
        for (x, c) in [(20, 30), (40, 30), (30, 30), (50, 60)].enumerated() {
            canvas.put(
                "▀", width: 1, at: Point(x: x, y: 0),
                style: Style(foreground: .palette(UInt8(c.0)), background: .palette(UInt8(c.1))))
        }
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
        writer.halfBlocks.tolerance = 0
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, c in writer.put(c, x: x, y: y, in: canvas) }
        let bytes = writer.finish(cursor: nil), text = String(decoding: bytes, as: UTF8.self)
        let moves = text.filter { "HGCD\u{8}\r".contains($0) }.count
        #expect(moves == 1, "only the first cell's position: \(text.debugDescription)")
        var screen = MiniTerminal(width: size.width, height: size.height)
        screen.feed(bytes)
        let shown = (0..<4).map { screen.cells[0][$0].halves.map { [$0.top, $0.bottom] } ?? [] }
        #expect(shown == [[20, 30], [40, 30], [30, 30], [50, 60]], "\(screen.cells[0])")
    }

    /// `GRIDKIT_PICTURE_COLORS`: exact, or a tolerance; anything else leaves the default.
    @Test func thePictureColoursSetting() {
        #expect(HalfBlockChoice.tolerance(setting: "exact") == 0)
        #expect(HalfBlockChoice.tolerance(setting: "350") == 350)
        for bad in [nil, "", "-5", "fine", "1e9", "3.5"] as [String?] {
            #expect(HalfBlockChoice.tolerance(setting: bad) == nil, "\(bad ?? "nil")")
        }
    }
}
