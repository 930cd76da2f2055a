import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// Rows of pictures made ahead (`PreparedRowBytes`, kept in `PictureRowCache`) must show on the
/// terminal exactly what the same cells written one by one show, wherever they are drawn, and
/// must not be used where something was drawn over them.
@MainActor
@Suite struct PreparedRowBytesTests {
    private static let profile = PreparedRowBytes.Profile(
        capabilities: .ansi, colors: ColorMapper(mode: .palette256), tolerance: HalfBlockChoice.standardTolerance)!
    /// Where the thumbnails' rows are kept, as a terminal keeps them.
    private let cache = PictureRowCache(profile: Self.profile)

    /// A thumbnail as the photo grid makes one: a letterbox row of spaces in the tile's
    /// background, then rows of gradients, stripes and a checkerboard (colours that come back
    /// a few cells on, which the writer groups), prepared with the bytes of its rows.
    private func thumbnail(_ size: Size, seed: UInt64) -> CellBlock {
        var rng = Seeded(seed)
        let tile = Style(background: .palette(235))
        var cells: [CanvasCell] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                if y == 0 || x == 0 {
                    cells.append(CanvasCell(text: " ", width: 1, style: tile))
                    continue
                }
                let v = x * (3 + rng.next(4)) + y * 9
                let top: Color, bottom: Color
                switch (y + Int(seed)) % 3 {
                case 0:
                    top = .rgb(UInt8(40 + v % 200), UInt8(90 + y * 11), UInt8(210 - v % 150))
                    bottom = .rgb(UInt8(44 + v % 200), UInt8(96 + y * 11), UInt8(204 - v % 150))
                case 1:
                    top = x % 2 == 0 ? .rgb(200, 60, 40) : .rgb(30, 90, 200)
                    bottom = x % 2 == 0 ? .rgb(30, 90, 200) : .rgb(200, 60, 40)
                default:
                    top = (x / 3) % 2 == 0 ? .rgb(240, 240, 240) : .rgb(20, 20, 20)
                    bottom = top
                }
                cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: top, background: bottom)))
            }
        }
        var block = CellBlock(size: size, cells: cells)
        let later = HalfBlockPreparation.preparer(
            colorMode: .palette256, tolerance: HalfBlockChoice.standardTolerance, rowBytes: cache)!(&block)
        later?()
        return block
    }

    /// Draws a grid of thumbnails `offset` rows scrolled, a caption under each and a scroll bar.
    private static func drawGrid(on canvas: Canvas, thumbnails: [CellBlock], offset: Int, captionOver: Int? = nil) {
        canvas.clear()
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        for (i, block) in thumbnails.enumerated() {
            let column = i % 3, row = i / 3
            let origin = Point(x: 1 + column * 20, y: row * 8 - offset)
            context.draw(block, at: origin)
            _ = canvas.drawText(
                "photo-\(i).jpg", at: Point(x: origin.x, y: origin.y + block.size.height),
                style: Style(foreground: .palette(245)))
            if captionOver == i {
                _ = canvas.drawText(
                    "• marked", at: Point(x: origin.x + 3, y: origin.y + 2), style: Style(attributes: .bold))
            }
        }
        for y in 0..<canvas.size.height {
            canvas.put("│", width: 1, at: Point(x: canvas.size.width - 1, y: y), style: .plain)
        }
    }

    /// Where two screens first show something different, and what each shows there.
    private static func firstDifference(_ a: MiniTerminal, _ b: MiniTerminal) -> String? {
        for y in 0..<a.height {
            for x in 0..<a.width where a.cells[y][x].visible != b.cells[y][x].visible {
                return "(\(x), \(y)): \(a.cells[y][x].visible) against \(b.cells[y][x].visible)"
            }
        }
        return nil
    }

    private func writer(prepared: Bool) -> FrameWriter {
        var w = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
        if prepared { w.pictureRows = cache }
        return w
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func preparedRowsShowWhatTheirCellsShow(seed: UInt64) {
        let thumbnails = (0..<12).map { thumbnail(Size(width: 18, height: 7), seed: seed &* 31 &+ UInt64($0)) }
        let size = Size(width: 62, height: 20)
        var frames: [(offset: Int, caption: Int?)] = [
            (0, nil), (1, nil), (2, nil), (8, nil), (8, 4), (9, 4), (16, nil), (0, nil)
        ]
        if seed == 2 { frames.reverse() }
        var plain = writer(prepared: false), prepared = writer(prepared: true)
        let bytes = SideBySidePlayback.play(
            frames.count, size: size, plain: &plain, prepared: &prepared,
            draw: { canvas, n in
                Self.drawGrid(
                    on: canvas, thumbnails: thumbnails, offset: frames[n].offset, captionOver: frames[n].caption)
            },
            difference: Self.firstDifference)
        #expect(prepared.preparedRowsWritten > 40, "\(prepared.preparedRowsWritten) prepared rows written")
        #expect(plain.preparedRowsWritten == 0)
        // About as many bytes: each row starts from no pen, where the writer would carry one on.
        #expect(
            Double(bytes.prepared) < Double(bytes.plain) * 1.1,
            "\(bytes.prepared) bytes prepared, \(bytes.plain) cell by cell")
    }

    /// A copy of a canvas (a frame kept to write again) goes out as the canvas does, its
    /// prepared rows and all.
    @Test func aCopyIsWrittenAsItsCanvasIs() {
        let thumbnails = (0..<6).map { thumbnail(Size(width: 18, height: 7), seed: 40 + UInt64($0)) }
        let canvas = Canvas(size: Size(width: 62, height: 20))
        Self.drawGrid(on: canvas, thumbnails: thumbnails, offset: 1)
        let copy = canvas.copy()
        var original = writer(prepared: true), copied = writer(prepared: true)
        var originalDiff = FrameDiff(), copiedDiff = FrameDiff()
        let a = FramePlayback.play(canvas, writer: &original, diff: &originalDiff).bytes
        let b = FramePlayback.play(copy, writer: &copied, diff: &copiedDiff).bytes
        #expect(original.preparedRowsWritten > 20)
        #expect(copied.preparedRowsWritten == original.preparedRowsWritten)
        let same = a == b // (not in the expectation: it would print both frames' bytes)
        #expect(same, "\(a.count) bytes from the canvas, \(b.count) from its copy")
    }

    /// Rows not made yet (their worker has been busy) are written cell by cell.
    @Test func rowsNotMadeYetAreWrittenCellByCell() {
        let block = thumbnail(Size(width: 18, height: 5), seed: 5)
        cache.add(block) // in place of the made rows: not made yet
        let canvas = Canvas(size: Size(width: 30, height: 6))
        DrawContext(canvas: canvas, frame: canvas.bounds).draw(block, at: Point(x: 2, y: 0))
        var writer = self.writer(prepared: true), diff = FrameDiff()
        var screen = MiniTerminal(width: 30, height: 6)
        screen.feed(FramePlayback.play(canvas, writer: &writer, diff: &diff).bytes)
        #expect(writer.preparedRowsWritten == 0)
        var plain = self.writer(prepared: false), plainDiff = FrameDiff()
        var expected = MiniTerminal(width: 30, height: 6)
        expected.feed(FramePlayback.play(canvas, writer: &plain, diff: &plainDiff).bytes)
        #expect(Self.firstDifference(screen, expected) == nil)
    }

    /// A row's bytes move the cursor only from where the row starts, so they draw the same
    /// wherever the row is put.
    @Test func rowBytesNameNoPosition() {
        let block = thumbnail(Size(width: 30, height: 6), seed: 7)
        let rows = cache.rows(of: block.identity)?.rowBytes ?? []
        #expect(rows.count == 6 && rows.allSatisfy { $0 != nil })
        for bytes in rows.compactMap({ $0 }) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.firstMatch(of: /\e\[[0-9;]*[HGfd]|\r|\e\[[0-9]*K/) == nil, "\(text.debugDescription)")
        }
    }

    /// What a cache counts for the rows covers what they come to.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theRowsFitTheBytesCountedForThem(seed: UInt64) throws {
        let block = thumbnail(Size(width: 18, height: 7), seed: seed)
        let made = try #require(cache.rows(of: block.identity))
        let held = (made.rowBytes ?? []).reduce(0) { $0 + ($1?.count ?? 0) }
        #expect(held > 0 && held <= made.byteCount, "\(held) bytes held, \(made.byteCount) counted")
    }

    /// Rows of other characters (text, attributes) are not made ahead.
    @Test func onlyPicturesAndSpacesAreMadeAhead() {
        var cells = thumbnail(Size(width: 10, height: 3), seed: 3).cells
        cells[12] = CanvasCell(text: "a", width: 1, style: .plain)
        let block = CellBlock(size: Size(width: 10, height: 3), cells: cells)
        let made = cache.add(block)
        #expect(made.rows == nil, "made only when completed")
        made.complete()
        let rows = made.rows ?? []
        #expect(rows.count == 3 && rows[0] != nil && rows[1] == nil && rows[2] != nil)
    }

    /// The cache keeps the rows of the blocks that came last, within its budget.
    @Test func theCacheLetsTheOldestBlocksGoPastItsBudget() {
        let blocks = (0..<6).map { thumbnail(Size(width: 18, height: 7), seed: 60 + UInt64($0)) }
        let each = PreparedRowBytes(for: blocks[0], profile: Self.profile).byteCount
        let small = PictureRowCache(profile: Self.profile, budget: each * 3)
        for block in blocks { small.add(block) }
        #expect(small.byteCount <= each * 3)
        #expect(blocks.prefix(3).allSatisfy { small.rows(of: $0.identity) == nil })
        #expect(blocks.suffix(3).allSatisfy { small.rows(of: $0.identity) != nil })
        // The same block again replaces its entry, counted once.
        small.add(blocks[5])
        #expect(small.byteCount == each * 3)
    }
}
