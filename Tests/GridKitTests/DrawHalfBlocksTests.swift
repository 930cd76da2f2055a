import GridKit
import Testing

/// `DrawContext.drawHalfBlocks`: a picture's rows written whole must leave the canvas as the
/// same picture put cell by cell does, clipped the same, and report only what changed.
@Suite struct DrawHalfBlocksTests {
    /// A picture of `width` × `height` pixels whose every pixel has its own colour.
    private static func picture(_ width: Int, _ height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        for i in 0..<(width * height) {
            rgb.append(UInt8(i % 251))
            rgb.append(UInt8(i * 7 % 253))
            rgb.append(UInt8(i * 13 % 255))
        }
        return rgb
    }

    /// The same picture put one cell at a time, as a caller without `drawHalfBlocks` would.
    private static func cellByCell(
        _ rgb: [UInt8], width: Int, height: Int, at origin: Point, matte: Color, in context: DrawContext
    ) {
        func pixel(_ x: Int, _ y: Int) -> Color? {
            guard x >= 0, y >= 0, x < width, y < height else { return nil }
            let o = (y * width + x) * 3
            return .rgb(rgb[o], rgb[o + 1], rgb[o + 2])
        }
        let firstRow = Int((Double(origin.y) / 2).rounded(.down)),
            lastRow = Int((Double(origin.y + height - 1) / 2).rounded(.down))
        for row in firstRow...lastRow {
            for x in 0..<width {
                let top = pixel(x, 2 * row - origin.y), bottom = pixel(x, 2 * row - origin.y + 1)
                context.put(
                    "▀" as Unicode.Scalar, at: Point(x: origin.x + x, y: row),
                    style: Style(foreground: top ?? matte, background: bottom ?? matte))
            }
        }
    }

    @Test(arguments: [Point(x: 2, y: 3), Point(x: -3, y: -1), Point(x: 5, y: 0), Point(x: 0, y: 8)])
    func matchesThePictureDrawnCellByCell(origin: Point) {
        let size = Size(width: 16, height: 10)
        let rgb = Self.picture(9, 7), matte = Color.rgb(24, 24, 24)
        let frame = Rect(x: 3, y: 1, width: 10, height: 7), clip = Rect(x: 4, y: 2, width: 7, height: 5)
        let quick = Canvas(size: size), slow = Canvas(size: size)
        DrawContext(canvas: quick, frame: frame, clip: clip).drawHalfBlocks(
            rgb: rgb, size: Size(width: 9, height: 7), at: origin, matte: matte)
        Self.cellByCell(
            rgb, width: 9, height: 7, at: origin, matte: matte, in: DrawContext(canvas: slow, frame: frame, clip: clip))
        var differing: [Point] = []
        for y in 0..<size.height {
            for x in 0..<size.width where quick[x, y] != slow[x, y] { differing.append(Point(x: x, y: y)) }
        }
        #expect(differing.isEmpty, "cells that differ: \(differing)")
        // Something was drawn, and nothing outside the clip.
        #expect((0..<size.height).contains { y in (0..<size.width).contains { quick[$0, y].text == "▀" } })
        for y in 0..<size.height {
            for x in 0..<size.width where !clip.contains(Point(x: x, y: y)) { #expect(quick[x, y] == .blank) }
        }
    }

    @Test func overwritingHalfAWideCharacterBlanksItsOtherHalf() {
        let canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.drawText("漢字漢", at: .zero, style: .plain)
        // One pixel wide, at column 1: the right half of 漢.
        DrawContext(canvas: canvas, frame: canvas.bounds).drawHalfBlocks(
            rgb: [9, 9, 9, 8, 8, 8], size: Size(width: 1, height: 2), at: Point(x: 1, y: 0), matte: .default)
        #expect(canvas.row(0) == " ▀字漢")
        #expect(canvas[0, 0].width == 1)
    }

    @Test func reportsOnlyTheCellsThatChanged() {
        let canvas = Canvas(size: Size(width: 8, height: 2))
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        var rgb = Self.picture(6, 4)
        context.drawHalfBlocks(rgb: rgb, size: Size(width: 6, height: 4), at: Point(x: 1, y: 0), matte: .default)
        _ = canvas.takeDamage()
        // One pixel of the lower row changes: only its cell is new.
        rgb[(3 * 6 + 4) * 3] &+= 1
        context.drawHalfBlocks(rgb: rgb, size: Size(width: 6, height: 4), at: Point(x: 1, y: 0), matte: .default)
        #expect(canvas.changedColumns(ofRow: 0).isEmpty)
        #expect(canvas.changedColumns(ofRow: 1) == 5..<6)
    }

    @Test func drawsNothingForAPictureWithoutItsPixels() {
        let canvas = Canvas(size: Size(width: 4, height: 2))
        DrawContext(canvas: canvas, frame: canvas.bounds).drawHalfBlocks(
            rgb: [1, 2, 3], size: Size(width: 2, height: 2), at: .zero, matte: .default)
        #expect(canvas.text.allSatisfy { $0 == " " || $0 == "\n" })
    }

    @Test func blockElementsAndBoxDrawingAreOneColumn() {
        for v in UInt32(0x2500)..<0x25A0 {
            #expect(TextWidth.width(of: Unicode.Scalar(v)!) == 1, "U+\(String(v, radix: 16))")
        }
    }
}
