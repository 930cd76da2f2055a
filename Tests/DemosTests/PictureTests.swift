import Foundation
import GridKit
import Testing

@testable import Demos
@testable import GridKitGraphics
@testable import GridKitTerminal

@Suite struct PictureTests {
    func gradient(_ w: Int, _ h: Int) -> TerminalImage {
        var rgba: [UInt8] = []
        for y in 0..<h { for x in 0..<w { rgba += [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), 90, 255] } }
        return TerminalImage(width: w, height: h, rgba: rgba)
    }

    /// libpng, an independent decoder, reads what PNGWriter writes, pixel for pixel.
    @Test func pngWriterOutputDecodesWithLibpng() throws {
        let image = gradient(70, 33)
        let decoded = try ImageDecoder.decode(PNGWriter.png(image))
        #expect(decoded.width == 70 && decoded.height == 33)
        #expect(decoded.pixels == image.rgba)
    }

    /// An opaque picture (a thumbnail over its matte) goes as RGB, colour type 2; one with any
    /// transparency keeps its alpha (type 6). libpng reads both back pixel for pixel.
    @Test func pngWriterDropsTheAlphaOnlyOfOpaquePictures() throws {
        let opaque = gradient(40, 24)
        var rgba = opaque.rgba
        rgba[4 * 37 + 3] = 128 // one pixel half transparent
        let translucent = TerminalImage(width: 40, height: 24, rgba: rgba)
        var lastPixel = opaque.rgba
        lastPixel[lastPixel.count - 1] = 0
        #expect(
            PNGWriter.png(TerminalImage(width: 40, height: 24, rgba: lastPixel))[25] == 6, "the last pixel counts too")
        let rgbPNG = PNGWriter.png(opaque), rgbaPNG = PNGWriter.png(translucent)
        // IHDR's colour type: 8 signature bytes, 8 of chunk length and type, 4 + 4 of size, the depth.
        #expect(rgbPNG[25] == 2 && rgbaPNG[25] == 6)
        #expect(try ImageDecoder.decode(rgbPNG).pixels == opaque.rgba)
        #expect(try ImageDecoder.decode(rgbaPNG).pixels == translucent.rgba)
    }

    /// Each row takes the filter that leaves it the smallest differences (the sum of their
    /// magnitudes, the bytes read as signed): Sub for a row that grows to the right, Up for one
    /// that repeats the row above (and, narrowly, for a noisy one), Paeth (narrowly) for one
    /// shifted a pixel to the right, with the filtered bytes as PNG defines them (libpng reads
    /// whole pictures back above).
    @Test func pngRowsTakeTheFilterThatLeavesTheLeast() {
        // One byte a pixel, 8 wide.
        let rows: [[UInt8]] = [
            [10, 20, 30, 40, 50, 60, 70, 80],
            [250, 9, 200, 3, 180, 77, 5, 140],
            [250, 9, 200, 3, 180, 77, 5, 140],
            [0, 250, 9, 200, 3, 180, 77, 5]
        ]
        let out = PNGWriter.filtered(rows.flatMap { $0 }, width: 8, height: 4, bytesPerPixel: 1)
        let filters = (0..<4).map { out[$0 * 9] }
        // Row 1: Up's magnitudes add up to 418, Sub's to 520 (an unsigned sum would pick Paeth).
        #expect(filters == [1, 2, 2, 4], "Sub, Up, Up, Paeth: \(filters)")
        #expect(Array(out[1..<9]) == [10, 10, 10, 10, 10, 10, 10, 10])
        #expect(Array(out[19..<27]) == [UInt8](repeating: 0, count: 8))
        #expect(Array(out[28..<36]) == [6, 250, 15, 197, 59, 177, 0, 121])
        // Sub and Paeth look one pixel back: three bytes in RGB.
        let rgb = PNGWriter.filtered([10, 20, 30, 15, 25, 35, 20, 30, 40], width: 3, height: 1, bytesPerPixel: 3)
        #expect(rgb == [1, 10, 20, 30, 5, 5, 5, 5, 5, 5])
        // Paeth: of left, above and upper left, the one nearest left + above - upper left; on a
        // tie left, then above.
        #expect(
            PNGWriter.paeth(10, 20, 15) == 15 && PNGWriter.paeth(10, 20, 25) == 10 && PNGWriter.paeth(10, 20, 10) == 20)
        #expect(PNGWriter.paeth(0, 6, 4) == 0 && PNGWriter.paeth(6, 0, 4) == 0)
    }

    @Test func itermSequenceCarriesAPngSizedInCells() throws {
        let image = gradient(40, 24)
        let text = String(decoding: ITermImage.sequence(image, columns: 4, rows: 2), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;") && text.hasSuffix("\u{07}"))
        #expect(text.contains("width=4;height=2"))
        let base64 = text.split(separator: ":", maxSplits: 1)[1].dropLast()
        let png = try #require(Data(base64Encoded: String(base64)).map { [UInt8]($0) })
        #expect(text.contains("size=\(png.count);"))
        #expect(try ImageDecoder.decode(png).pixels == image.rgba)
    }

    /// Pictures fill their cells at the terminal's cell size, the photo centred on the matte.
    @Test func thumbnailsGetAPictureOfTheirCellsPixelSize() throws {
        let photo = PhotoItem(name: "a", folder: "f", source: .generated(kind: 0, seed: 3, width: 400, height: 300))
        guard
            case .thumbnail(let t) = ThumbnailLoader.load(
                photo, columns: 16, rows: 7, graphics: .sixel, cell: Size(width: 9, height: 18))
        else {
            Issue.record("no thumbnail"); return
        }
        let picture = try #require(t.picture)
        #expect(picture.width == 16 * 9 && picture.height == 7 * 18)
        #expect(picture.width >= 48 && picture.height >= 32, "more than half-block resolution")
        guard case .thumbnail(let plain) = ThumbnailLoader.load(photo, columns: 16, rows: 7) else { return }
        #expect(plain.picture == nil, "half blocks need no picture")
    }

    /// With the host's cell preparer (256 colours), a thumbnail's half-block cells are made and
    /// prepared where it is decoded, and drawing it copies them: palette colours, no RGB left.
    /// On another background, or without a preparer, it draws its pixels as before.
    @Test func thumbnailsDrawCellsPreparedForTheTerminal() throws {
        let photo = PhotoItem(name: "a", folder: "f", source: .generated(kind: 0, seed: 3, width: 400, height: 300))
        let prepare = try #require(
            HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: HalfBlockChoice.standardTolerance))
        guard
            case .thumbnail(let t) = ThumbnailLoader.load(
                photo, columns: 16, rows: 7, prepareCells: (prepare, background: PhotoCell.tileBackground)),
            case .thumbnail(let plain) = ThumbnailLoader.load(photo, columns: 16, rows: 7)
        else {
            Issue.record("no thumbnail"); return
        }
        let cells = try #require(t.cells)
        #expect(plain.cells == nil)
        func drawn(_ thumbnail: Thumbnail, on background: Style) -> Canvas {
            let canvas = Canvas(size: Size(width: 16, height: 7))
            thumbnail.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: background)
            return canvas
        }
        let prepared = drawn(t, on: PhotoCell.tileBackground), pixels = drawn(plain, on: PhotoCell.tileBackground)
        var blocks = 0
        for y in 0..<7 {
            for x in 0..<16 {
                #expect(prepared[x, y] == cells.block.cells[y * 16 + x])
                guard prepared[x, y].text == "▀" else { continue }
                blocks += 1
                #expect(
                    prepared[x, y].style.foreground.rawValue >> 24 == 2
                        && prepared[x, y].style.background.rawValue >> 24 == 2)
                #expect(pixels[x, y].text == "▀", "the same cells are pictures either way")
            }
        }
        #expect(blocks > 16 * 4)
        // Another background: the pixels, as without a preparer.
        let other = Style(background: .palette(17))
        let fallback = drawn(t, on: other), plainOther = drawn(plain, on: other)
        for y in 0..<7 { for x in 0..<16 { #expect(fallback[x, y] == plainOther[x, y]) } }
    }

    /// In direct colour, with quadrants, the cells are made where the thumbnail is decoded, for
    /// a direct-colour screen (RGB colours, chosen as drawing them on one would), and drawing
    /// the thumbnail copies them.
    @Test func directColourThumbnailsAreMadeAheadInDirectColour() throws {
        let photo = PhotoItem(name: "a", folder: "f", source: .generated(kind: 2, seed: 3, width: 400, height: 300))
        let prepare = try #require(HalfBlockPreparation.preparer(colorMode: .direct, tolerance: 0))
        guard
            case .thumbnail(let t) = ThumbnailLoader.load(
                photo, columns: 16, rows: 7, prepareCells: (prepare, background: PhotoCell.tileBackground),
                symbols: .quadrants, colorMode: .direct),
            case .thumbnail(let plain) = ThumbnailLoader.load(photo, columns: 16, rows: 7, symbols: .quadrants)
        else {
            Issue.record("no thumbnail"); return
        }
        let cells = try #require(t.cells)
        let ahead = Canvas(size: Size(width: 16, height: 7), colorMode: .direct)
        t.draw(in: DrawContext(canvas: ahead, frame: ahead.bounds), at: .zero, background: PhotoCell.tileBackground)
        let now = Canvas(size: Size(width: 16, height: 7), colorMode: .direct)
        plain.draw(in: DrawContext(canvas: now, frame: now.bounds), at: .zero, background: PhotoCell.tileBackground)
        var rgb = 0
        for y in 0..<7 {
            for x in 0..<16 {
                #expect(ahead[x, y] == cells.block.cells[y * 16 + x])
                #expect(ahead[x, y] == now[x, y], "\(x),\(y): made ahead as drawn on the screen")
                if ahead[x, y].style.foreground.rawValue >> 24 == 3 { rgb += 1 }
            }
        }
        #expect(rgb > 16 * 4, "RGB colours, not the palette's")
    }
}
