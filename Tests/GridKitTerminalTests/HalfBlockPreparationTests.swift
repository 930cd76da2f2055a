import GridKit
import Testing

@testable import GridKitTerminal

/// Pictures prepared where they are made (`HalfBlockPreparation`) show the colours decided for
/// them, and cost no more than the same pictures in their pixels' own colours, which the writer
/// decides a cell at a time.
@MainActor
@Suite struct HalfBlockPreparationTests {
    /// Rows of gradient pictures (where pen colours are kept), with gaps, a matte half, a cell of
    /// other colours and text between them.
    private static func pictureRows(_ size: Size, seed: UInt64) -> CellBlock {
        var rng = Seeded(seed)
        var cells: [CanvasCell] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let v = x * (2 + rng.next(3)) + y * 5, kind = rng.next(20)
                let top = Color.rgb(UInt8(60 + v % 150), UInt8(100 + y * 7), UInt8(200 - v % 120))
                let bottom = Color.rgb(UInt8(62 + v % 150), UInt8(104 + y * 7), UInt8(196 - v % 120))
                switch kind {
                case 0: cells.append(CanvasCell(text: " ", width: 1, style: Style(background: .palette(235))))
                case 1: cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: top, background: .palette(235))))
                case 2: cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: .palette(33), background: .palette(200))))
                case 3: cells.append(CanvasCell(text: "a", width: 1, style: .plain))
                default: cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: top, background: bottom)))
                }
            }
        }
        return CellBlock(size: size, cells: cells)
    }

    /// Rows of three thumbnails 16 cells wide on a matte, as the photo grid shows them: gradients
    /// with some noise, so that neighbours are close but seldom the same.
    private static func thumbnailRows(_ height: Int, seed: UInt64) -> CellBlock {
        var rng = Seeded(seed)
        let matte = CanvasCell(text: " ", width: 1, style: Style(background: .palette(235)))
        var cells: [CanvasCell] = []
        for y in 0..<height {
            for picture in 0..<3 {
                cells += [matte, matte]
                for x in 0..<16 {
                    func pixel(_ row: Int) -> Color {
                        .rgb(
                            UInt8(min(255, 30 + picture * 50 + 6 * x + rng.next(20))), UInt8(min(255, 30 + 18 * row + rng.next(20))),
                            UInt8(200 - 5 * x + rng.next(20)))
                    }
                    cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: pixel(2 * y), background: pixel(2 * y + 1))))
                }
            }
        }
        return CellBlock(size: Size(width: 54, height: height), cells: cells)
    }

    private static func written(_ block: CellBlock, tolerance: Int) -> (bytes: [UInt8], screen: [[MiniTerminal.Cell]]) {
        let canvas = Canvas(size: block.size)
        DrawContext(canvas: canvas, frame: canvas.bounds).draw(block, at: .zero)
        var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
        writer.halfBlocks.tolerance = tolerance
        var diff = FrameDiff()
        let bytes = FramePlayback.play(canvas, writer: &writer, diff: &diff).bytes
        var screen = MiniTerminal(width: block.size.width, height: block.size.height)
        screen.feed(bytes)
        return (bytes, screen.cells)
    }

    private static func prepared(_ pixels: CellBlock, tolerance: Int) throws -> CellBlock {
        var prepared = pixels
        let prepare = try #require(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance))
        prepare(&prepared)
        return prepared
    }

    @Test(arguments: [(HalfBlockChoice.standardTolerance, 1), (HalfBlockChoice.standardTolerance, 2), (0, 3), (600, 4)] as [(Int, UInt64)])
    func preparedPicturesShowTheColoursDecidedForThem(tolerance: Int, seed: UInt64) throws {
        let pixels = Self.pictureRows(Size(width: 40, height: 6), seed: seed)
        let prepared = try Self.prepared(pixels, tolerance: tolerance)
        let asPixels = Self.written(pixels, tolerance: tolerance).screen, asPrepared = Self.written(prepared, tolerance: tolerance).screen
        for (i, (a, b)) in zip(pixels.cells, prepared.cells).enumerated() {
            let x = i % pixels.size.width, y = i / pixels.size.width
            guard a.text == "▀" else {
                // Nothing else changed, and it shows as before.
                #expect(a == b)
                #expect(asPrepared[y][x] == asPixels[y][x])
                continue
            }
            // Palette colours, which the writer sends as they are.
            guard case .palette(let top) = b.style.foreground.kind, case .palette(let bottom) = b.style.background.kind else {
                Issue.record("cell \(x),\(y) is not in palette colours: \(b.style)")
                continue
            }
            #expect(b.text == "▀")
            let shown = asPrepared[y][x].halves
            #expect(shown?.top == Int(top) && shown?.bottom == Int(bottom), "cell \(x),\(y)")
        }
    }

    /// Bytes times the tolerance plus how much further the colours shown are from the pixels
    /// than their nearest entries: what both the writer's choice and the preparer's weigh.
    private static func score(_ block: CellBlock, pixels: CellBlock, tolerance: Int) -> Int {
        let (bytes, screen) = Self.written(block, tolerance: tolerance)
        let choice = HalfBlockChoice(tolerance: tolerance)
        var extra = 0
        for (i, cell) in pixels.cells.enumerated() where cell.text == "▀" {
            guard case .rgb(let r1, let g1, let b1) = cell.style.foreground.kind, case .rgb(let r2, let g2, let b2) = cell.style.background.kind,
                let shown = screen[i / pixels.size.width][i % pixels.size.width].halves
            else { continue }
            for (pixel, entry) in [(SIMD3(Int32(r1), Int32(g1), Int32(b1)), shown.top), (SIMD3(Int32(r2), Int32(g2), Int32(b2)), shown.bottom)] {
                let nearest = ColorMapper.nearestPalette(Int(pixel.x), Int(pixel.y), Int(pixel.z))
                extra += max(0, choice.distance(pixel, entry) - choice.distance(pixel, nearest))
            }
        }
        return bytes.count * tolerance + extra
    }

    /// Decided a run at a time, a picture costs less, bytes and colour weighed together, than with
    /// the writer's own choice a cell at a time.
    @Test(arguments: [(HalfBlockChoice.standardTolerance, 1), (HalfBlockChoice.standardTolerance, 2), (400, 5), (600, 4)] as [(Int, UInt64)])
    func preparedPicturesCostLessThanTheWritersChoice(tolerance: Int, seed: UInt64) throws {
        let pixels = Self.thumbnailRows(7, seed: seed)
        let prepared = try Self.prepared(pixels, tolerance: tolerance)
        let byRun = Self.score(prepared, pixels: pixels, tolerance: tolerance), byCell = Self.score(pixels, pixels: pixels, tolerance: tolerance)
        // On thumbnails like these the run is a fifth cheaper; a tenth leaves room for noise.
        #expect(byRun * 10 <= byCell * 9, "\(byRun) by run, \(byCell) by cell")
    }

    @Test func onlyTwoHundredFiftySixColoursWithNarrowBlocksArePrepared() {
        #expect(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 200) != nil)
        for mode in [ColorMode.direct, .ansi16, .ansi8, .monochrome] { #expect(HalfBlockPreparation.preparer(colorMode: mode, tolerance: 200) == nil) }
        #expect(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 200, blocksAreNarrow: false) == nil)
    }
}
