import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// Pictures moved sideways by the terminal (a row of tiles scrolled by a tile).
@MainActor
@Suite struct SidewaysPictureTests {
    /// A gradient picture cell for column `v` of the picture on row `y`.
    static func putGradient(_ canvas: Canvas, x: Int, y: Int, v: Int) {
        let top = (UInt8(40 + v * 3), UInt8(80 + y * 30), UInt8(220 - v * 2)),
            bottom = (UInt8(43 + v * 3), UInt8(90 + y * 30), UInt8(216 - v * 2))
        canvas.put(
            "▀", width: 1, at: Point(x: x, y: y),
            style: Style(foreground: .rgb(top.0, top.1, top.2), background: .rgb(bottom.0, bottom.1, bottom.2)))
    }

    /// A row of gradient tiles moved left and right by a few columns, so that the band's left
    /// edge cuts a tile at another column each time: with the tolerance, what shows after each move
    /// is what a repaint of the same canvas shows (the cut run is decided from its new start).
    @Test func aPictureCutByTheBandsEdgeShowsWhatARepaintShows() {
        let size = Size(width: 40, height: 3)
        let band = 4..<40
        func canvas(offset: Int) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            canvas.drawText("|", at: Point(x: 0, y: 0), style: .plain)
            for y in 0..<size.height {
                for x in band {
                    // Tiles of 8 picture columns 2 apart, seen from `offset` on: gradients.
                    let v = x - band.lowerBound + offset
                    guard v >= 0, v % 10 < 8 else { continue }
                    Self.putGradient(canvas, x: x, y: y, v: v)
                }
            }
            return canvas
        }
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        var offset = 0
        var movesTaken = 0
        for step in [3, 5, -2, 7, -6, 4, 1, -3] {
            offset += step
            let next = canvas(offset: offset)
            next.noteSidewaysMove(ColumnShift(rows: 0..<size.height, columns: band, distance: step))
            let played = FramePlayback.play(next, writer: &writer, diff: &diff)
            movesTaken += played.sidewaysMoves
            screen.feed(played.bytes)
            #expect(screen.problems.isEmpty, "\(screen.problems)")
            #expect(
                screen.pictureHalves == MiniTerminal.repaint(of: next).pictureHalves,
                "after a move by \(step) (offset \(offset))")
        }
        #expect(movesTaken >= 6, "the terminal moved the band: \(movesTaken)")
    }

    /// The same with a wide character in front of the tiles, so that a move cuts it or deletes
    /// it at the band's edge (where the diff forgets the cells beside a wide character): the
    /// picture run after it is still written again from its new start.
    @Test func aWideCharacterAtTheBandsEdgeDoesNotStopTheRewrite() {
        let size = Size(width: 40, height: 3)
        let band = 0..<40
        func canvas(offset: Int) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                var x = band.lowerBound
                while x < band.upperBound {
                    let v = x - band.lowerBound + offset
                    if v == 0 && x + 1 < band.upperBound {
                        canvas.put("漢", width: 2, at: Point(x: x, y: y), style: .plain)
                        x += 2
                        continue
                    }
                    if v >= 2 && (v - 2) % 10 < 8 {
                        Self.putGradient(canvas, x: x, y: y, v: v)
                    }
                    x += 1
                }
            }
            return canvas
        }
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { MiniTerminal.wide($0) ? 2 : 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: size.width, height: size.height)
        var offset = 0
        for (k, step) in [0, 3, -3, 1, -1, 4].enumerated() {
            offset += step
            let next = canvas(offset: offset)
            if step != 0 { next.noteSidewaysMove(ColumnShift(rows: 0..<size.height, columns: band, distance: step)) }
            let played = FramePlayback.play(next, writer: &writer, diff: &diff)
            #expect(played.everything == (k == 0))
            screen.feed(played.bytes)
            #expect(
                screen.pictureHalves == MiniTerminal.repaint(of: next).pictureHalves,
                "after a move by \(step) (offset \(offset))")
        }
    }

    /// One picture across the whole band (no gaps between tiles): the run the edge cuts is the
    /// band, yet the moves are still taken, and the cells already showing their colours are not
    /// sent again. (Counted as unknown, the run made every move look worthless.)
    @Test func aBandThatIsOnePictureStillMoves() {
        let size = Size(width: 40, height: 4)
        func canvas(offset: Int) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let v = x + offset
                    let top = (UInt8(40 + v * 2), UInt8(80 + y * 30), UInt8(220 - v)),
                        bottom = (UInt8(43 + v * 2), UInt8(90 + y * 30), UInt8(216 - v))
                    canvas.put(
                        "▀", width: 1, at: Point(x: x, y: y),
                        style: Style(
                            foreground: .rgb(top.0, top.1, top.2), background: .rgb(bottom.0, bottom.1, bottom.2)))
                }
            }
            return canvas
        }
        var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
        var diff = FrameDiff()
        let first = canvas(offset: 0)
        _ = FramePlayback.play(first, writer: &writer, diff: &diff)
        var taken = 0, bytes = 0
        for k in 1...5 {
            let next = canvas(offset: 3 * k)
            next.noteSidewaysMove(ColumnShift(rows: 0..<size.height, columns: 0..<size.width, distance: 3))
            let played = FramePlayback.play(next, writer: &writer, diff: &diff)
            taken += played.sidewaysMoves
            bytes += played.bytes.count
        }
        #expect(taken == 5, "every move taken: \(taken)")
        // A whole band is 160 cells, some 2 KB; the moves and the columns let in are far less.
        #expect(bytes / 5 < 800, "\(bytes / 5) bytes a move")
    }

    /// The cut tile is reported whole, but cells that already show their colours are not sent:
    /// with exact colours, a move left sends only the columns let in.
    @Test func cellsAlreadyShowingTheirColoursAreNotSentAgain() {
        let size = Size(width: 30, height: 3)
        let band = 0..<30
        func canvas(offset: Int) -> Canvas {
            let canvas = Canvas(size: size, colorMode: .palette256)
            for y in 0..<size.height {
                for x in band where (x + offset) % 10 < 8 {
                    let v = x + offset
                    canvas.put(
                        "▀", width: 1, at: Point(x: x, y: y),
                        style: Style(
                            foreground: .palette(UInt8(16 + v % 200)), background: .palette(UInt8(17 + v % 200))))
                }
            }
            return canvas
        }
        for skips in [true, false] {
            var writer = FrameWriter(capabilities: .ansi, colors: PictureRunTests.mapper) { _ in 1 }
            writer.skipsShownPictureCells = skips
            var diff = FrameDiff()
            let first = canvas(offset: 0)
            var screen = MiniTerminal(width: size.width, height: size.height)
            screen.feed(FramePlayback.play(first, writer: &writer, diff: &diff).bytes)
            // Moved left by 3: the tile at the left edge is cut (its first 3 columns gone).
            let next = canvas(offset: 3)
            next.noteSidewaysMove(ColumnShift(rows: 0..<size.height, columns: band, distance: 3))
            let played = FramePlayback.play(next, writer: &writer, diff: &diff)
            #expect(played.sidewaysMoves == 1)
            let bytes = played.bytes
            screen.feed(bytes)
            let blocks = String(decoding: bytes, as: UTF8.self).filter { "▀▄█".contains($0) }.count
            if skips {
                #expect(blocks <= 3 * size.height, "only the columns let in: \(blocks) blocks")
            } else {
                #expect(blocks > 3 * size.height, "the cut tile again: \(blocks) blocks")
            }
            for y in 0..<size.height {
                for x in band {
                    let want: [Int]? = (x + 3) % 10 < 8 ? [16 + (x + 3) % 200, 17 + (x + 3) % 200] : nil
                    if let want { #expect(screen.cells[y][x].halves.map { [$0.top, $0.bottom] } == want, "\(x),\(y)") }
                }
            }
        }
    }
}

extension MiniTerminal {
    /// The screen `canvas` leaves when written whole on a cleared screen by a fresh writer (the
    /// default tolerance): what a repaint shows.
    @MainActor
    static func repaint(of canvas: Canvas) -> MiniTerminal {
        var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { wide($0) ? 2 : 1 }
        var diff = FrameDiff()
        var screen = MiniTerminal(width: canvas.size.width, height: canvas.size.height)
        screen.feed(FramePlayback.play(canvas, writer: &writer, diff: &diff).bytes)
        return screen
    }
}
