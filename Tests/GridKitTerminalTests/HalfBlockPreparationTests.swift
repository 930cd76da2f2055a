import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

/// Pictures prepared where they are made (`HalfBlockPreparation`) must go out exactly as the same
/// pictures in their pixels' own colours do: the same bytes, the same screen.
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
                case 1:
                    cells.append(
                        CanvasCell(text: "▀", width: 1, style: Style(foreground: top, background: .palette(235))))
                case 2:
                    cells.append(
                        CanvasCell(
                            text: "▀", width: 1, style: Style(foreground: .palette(33), background: .palette(200))))
                case 3: cells.append(CanvasCell(text: "a", width: 1, style: .plain))
                default:
                    cells.append(CanvasCell(text: "▀", width: 1, style: Style(foreground: top, background: bottom)))
                }
            }
        }
        return CellBlock(size: size, cells: cells)
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

    @Test(
        arguments: [(HalfBlockChoice.standardTolerance, 1), (HalfBlockChoice.standardTolerance, 2), (0, 3), (600, 4)]
            as [(Int, UInt64)])
    func preparedPicturesGoOutAsTheirPixelsDo(tolerance: Int, seed: UInt64) throws {
        let pixels = Self.pictureRows(Size(width: 40, height: 6), seed: seed)
        var prepared = pixels
        let prepare = try #require(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance))
        _ = prepare(&prepared)
        // Every picture cell now has palette colours; nothing else changed.
        for (a, b) in zip(pixels.cells, prepared.cells) {
            if a.text == "▀" {
                #expect(
                    b.text == "▀" && b.style.foreground.rawValue >> 24 != 3 && b.style.background.rawValue >> 24 != 3)
            } else {
                #expect(a == b)
            }
        }
        let asPixels = Self.written(pixels, tolerance: tolerance),
            asPrepared = Self.written(prepared, tolerance: tolerance)
        #expect(
            asPrepared.bytes == asPixels.bytes,
            "\(asPrepared.bytes.count) bytes prepared, \(asPixels.bytes.count) as pixels")
        #expect(asPrepared.screen == asPixels.screen)
    }

    /// 256 colours with narrow blocks are prepared; direct colour's cells are made ahead and
    /// left as they are; other modes have none.
    @Test func onlyTwoHundredFiftySixColoursWithNarrowBlocksArePrepared() throws {
        #expect(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 200) != nil)
        for mode in [ColorMode.ansi16, .ansi8, .monochrome] {
            #expect(HalfBlockPreparation.preparer(colorMode: mode, tolerance: 200) == nil)
        }
        #expect(HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 200, blocksAreNarrow: false) == nil)
        #expect(HalfBlockPreparation.preparer(colorMode: .direct, tolerance: 200, blocksAreNarrow: false) == nil)
        let direct = try #require(HalfBlockPreparation.preparer(colorMode: .direct, tolerance: 200))
        let canvas = Canvas(size: Size(width: 3, height: 1), colorMode: .direct)
        canvas.put("▚", width: 1, at: .zero, style: Style(foreground: .rgb(1, 2, 3), background: .rgb(200, 100, 50)))
        canvas.put(
            "▀", width: 1, at: Point(x: 1, y: 0), style: Style(foreground: .rgb(9, 9, 9), background: .rgb(0, 0, 1)))
        var block = CellBlock(copying: canvas)
        let before = block.cells
        #expect(direct(&block) == nil)
        #expect(block.cells == before)
    }
}
