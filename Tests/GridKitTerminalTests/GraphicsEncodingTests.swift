import Foundation
import GridKitGraphics
import GridKitTesting
import Testing

@testable import GridKit

/// A smooth test picture: red grows to the right, blue downwards, green in a diagonal band.
func testImage(_ w: Int, _ h: Int) -> TerminalImage {
    var rgba = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            let i = (y * w + x) * 4
            rgba[i] = UInt8(x * 255 / max(1, w - 1)); rgba[i + 1] = UInt8(abs(x - y) * 255 / max(1, w + h));
            rgba[i + 2] = UInt8(y * 255 / max(1, h - 1))
        }
    }
    return TerminalImage(width: w, height: h, rgba: rgba)
}

/// Reads a sixel DCS back into RGB pixels, the way a terminal would.
func decodeSixel(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
    guard let q = bytes.firstIndex(of: 0x71) else { return nil } // 'q'
    var i = q + 1
    func number() -> Int {
        var n = 0
        while i < bytes.count, (48...57).contains(bytes[i]) { n = n * 10 + Int(bytes[i] - 48); i += 1 }
        return n
    }
    var width = 0, height = 0
    var palette: [Int: (Int, Int, Int)] = [:]
    var pixels: [Int: (Int, Int, Int)] = [:]
    var color = 0, x = 0, band = 0
    while i < bytes.count {
        let c = bytes[i]
        switch c {
        case 0x22: // " raster attributes
            i += 1; _ = number(); i += 1; _ = number(); i += 1; width = number(); i += 1; height = number()
        case 0x23: // # colour
            i += 1
            let n = number()
            if i < bytes.count, bytes[i] == 0x3B {
                i += 1; _ = number(); i += 1; let r = number(); i += 1; let g = number(); i += 1; let b = number()
                palette[n] = (r * 255 / 100, g * 255 / 100, b * 255 / 100)
            }
            color = n
        case 0x24: x = 0; i += 1 // $
        case 0x2D: x = 0; band += 1; i += 1 // -
        case 0x21: // ! repeat
            i += 1
            let count = number()
            let v = Int(bytes[i]) - 63
            for k in 0..<count {
                for r in 0..<6 where v & (1 << r) != 0 { pixels[(band * 6 + r) * 10_000 + x + k] = palette[color] }
            }
            x += count; i += 1
        case 63...126:
            let v = Int(c) - 63
            for r in 0..<6 where v & (1 << r) != 0 { pixels[(band * 6 + r) * 10_000 + x] = palette[color] }
            x += 1; i += 1
        case 0x1B: i = bytes.count
        default: i += 1
        }
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            if let p = pixels[y * 10_000 + x] {
                rgb[(y * width + x) * 3] = UInt8(p.0); rgb[(y * width + x) * 3 + 1] = UInt8(p.1);
                rgb[(y * width + x) * 3 + 2] = UInt8(p.2)
            }
        }
    }
    return (width, height, rgb)
}

/// Mean absolute difference per channel between an image and decoded RGB.
func meanError(_ image: TerminalImage, _ rgb: [UInt8]) -> Double {
    var total = 0
    for i in 0..<(image.width * image.height) {
        for k in 0..<3 { total += abs(Int(image.rgba[i * 4 + k]) - Int(rgb[i * 3 + k])) }
    }
    return Double(total) / Double(image.width * image.height * 3)
}

@MainActor @Suite struct GraphicsEncodingTests {
    /// Base64 read back with Foundation: nil when it is not base64.
    static func decodeBase64(_ text: [UInt8]) -> [UInt8]? { Data(base64Encoded: Data(text)).map { [UInt8]($0) } }

    /// The package's one base64 encoder (the pictures' escape sequences), read back by
    /// Foundation's decoder: every length's padding, and the RFC's example.
    @Test func base64RoundTrips() {
        var rng = SeededGenerator(seed: 1)
        for n in 0..<40 {
            let bytes = (0..<n).map { _ in UInt8(rng.int(0...255)) }
            #expect(Self.decodeBase64(Base64.encode(bytes)) == bytes)
        }
        #expect(String(decoding: Base64.encode(Array("Man".utf8) + [77]), as: UTF8.self) == "TWFuTQ==")
    }

    @Test(arguments: [true, false])
    func sixelDecodesBackToThePicture(dither: Bool) throws {
        let image = testImage(64, 40)
        let bytes = SixelEncoder.encode(image, colors: 256, dither: dither)
        #expect(bytes.starts(with: Array("\u{1B}P".utf8)) && bytes.suffix(2) == Array("\u{1B}\\".utf8))
        let decoded = try #require(decodeSixel(bytes))
        #expect(decoded.width == 64 && decoded.height == 40)
        #expect(meanError(image, decoded.rgb) < 12, "within a few percent of the source")
        // Every pixel got a colour (no holes between bands or runs).
        #expect(decoded.rgb.count == 64 * 40 * 3)
    }

    /// A picture's sixel colours are kept on it with its sixel (decided once, off the main thread,
    /// where pictures are prepared): what is kept reads back the same, and the whole sixel is the
    /// whole of those colours, so a piece cut from them matches it.
    @Test func sixelColoursAreKeptWithTheSixel() throws {
        let image = testImage(50, 37)
        let whole = SixelEncoder.sixel(image, colors: 64)
        let kept = SixelEncoder.quantized(image, colors: 64)
        let fresh = SixelEncoder.quantized(image, colors: 64, dither: SixelEncoder.dithersByDefault)
        #expect(kept.width == 50 && kept.height == 37 && kept.indexes == fresh.indexes)
        #expect(kept.palette.map { [$0.0, $0.1, $0.2] } == fresh.palette.map { [$0.0, $0.1, $0.2] })
        #expect(SixelEncoder.encode(kept, region: Rect(x: 0, y: 0, width: 50, height: 37)) == whole)
        let piece = try #require(
            decodeSixel(SixelEncoder.encode(kept, region: Rect(x: 10, y: 12, width: 20, height: 13))))
        let all = try #require(decodeSixel(whole))
        for y in 0..<13 {
            let row = Array(piece.rgb[(y * 20 * 3)..<((y + 1) * 20 * 3)])
            let from = ((12 + y) * 50 + 10) * 3
            #expect(row == Array(all.rgb[from..<(from + 20 * 3)]), "row \(y) of the piece")
        }
    }

    /// A colour's pass over a band ends at its last pixel there: no run of empty sixels before
    /// the next pass, band or the end (a piece of a cut tile sent 22% fewer bytes a Down so).
    @Test func sixelPassesEndAtTheirLastPixel() throws {
        // Left half red, right half blue. Median cut sorts by red: blue is entry 0, red 1, so
        // red's pass in each band comes last and ends at the middle, before `-` or the end.
        var rgba: [UInt8] = []
        for _ in 0..<12 { for x in 0..<40 { rgba += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = TerminalImage(width: 40, height: 12, rgba: rgba)
        let bytes = SixelEncoder.encode(image, colors: 16, dither: false)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("#0!20?!20~$#1!20~-#0!20?!20~$#1!20~\u{1B}\\"), "\(text.debugDescription)")
        let decoded = try #require(decodeSixel(bytes))
        #expect(decoded.width == 40 && decoded.height == 12 && meanError(image, decoded.rgb) < 1)
        // In a textured picture too, no pass ends in empty sixels.
        let ends = String(decoding: SixelEncoder.encode(testImage(64, 40), colors: 256), as: UTF8.self)
        for terminator in ["?$", "?-", "?\u{1B}"] { #expect(!ends.contains(terminator)) }
    }

    @Test func sixelPaletteIsSmallWhenThePictureIs() throws {
        var rgba: [UInt8] = []
        for i in 0..<(30 * 12) { rgba += i % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let image = TerminalImage(width: 30, height: 12, rgba: rgba)
        let bytes = SixelEncoder.encode(image, colors: 16, dither: false)
        let decoded = try #require(decodeSixel(bytes))
        #expect(meanError(image, decoded.rgb) < 2)
    }

    /// The palette's boxes are sorted by one channel with a counting pass: it keeps the order of
    /// equal values, as the stable sort it replaced did (the palette depends on that order), and
    /// leaves what is outside the range alone.
    @Test(arguments: [0, 1, 2])
    func sortingByAChannelIsStable(channel: Int) {
        var seed: UInt64 = 99 + UInt64(channel)
        var samples: [UInt32] = (0..<3000).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: seed >> 40) & 0x3F3F3F // few values: many equal keys
        }
        let shift = UInt32(16 - 8 * channel)
        let range = 500..<2600
        let expected =
            Array(samples[..<500])
            + samples[range].enumerated().sorted { a, b in
                let ka = a.element >> shift & 0xFF, kb = b.element >> shift & 0xFF
                return ka != kb ? ka < kb : a.offset < b.offset
            }.map(\.element)
            + Array(samples[2600...])
        SixelEncoder.sortByChannel(&samples, range, shift: shift)
        let firstDifference = zip(samples, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(samples.count == expected.count && firstDifference == nil)
    }

    /// Median cut splits the box with the widest spread (the first of equals) at its median, and
    /// a colour is its box's mean.
    @Test func medianCutSplitsTheWidestBoxAtItsMedian() {
        // Reds 0, 10, 20, 30 and blues 0, 100: blue's spread is the widest, then red's.
        let pixels: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (10, 0, 0), (20, 0, 100), (30, 0, 100)]
        let rgb = pixels.flatMap { [$0.0, $0.1, $0.2] }
        let two = SixelEncoder.medianCut(rgb, count: 2).map { [$0.0, $0.1, $0.2] }
        #expect(two == [[5, 0, 0], [25, 0, 100]])
        let three = SixelEncoder.medianCut(rgb, count: 3).map { [$0.0, $0.1, $0.2] }
        #expect(three == [[0, 0, 0], [25, 0, 100], [10, 0, 0]])
        let many = SixelEncoder.medianCut(rgb, count: 256).map { [$0.0, $0.1, $0.2] }
        #expect(many.count == 4 && Set(many) == Set(pixels.map { [$0.0, $0.1, $0.2] }))
    }

    @Test func kittyTransmitCarriesTheExactPixelsCompressedInChunks() throws {
        let image = testImage(50, 30)
        let bytes = KittyGraphics.transmit(image, number: 7, placeholderColumns: 5, rows: 2)
        let text = String(decoding: bytes, as: UTF8.self)
        let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst().map {
            $0.components(separatedBy: "\u{1B}\\")[0]
        }
        let first = chunks[0].split(separator: ";")[0]
        for key in ["a=T", "U=1", "f=32", "o=z", "s=50", "v=30", "i=7", "c=5", "r=2"] { #expect(first.contains(key)) }
        #expect(chunks.last!.contains("m=0"))
        let payload = chunks.map { String($0.split(separator: ";", maxSplits: 1)[1]) }
        #expect(payload.allSatisfy { $0.utf8.count <= 4096 })
        let compressed = try #require(Self.decodeBase64(Array(payload.joined().utf8)))
        #expect(compressed.count < image.rgba.count, "zlib shrinks it")
        #expect(try inflate(compressed) == image.rgba)
        // Without placeholder cells: stored only, placed later.
        let stored = String(decoding: KittyGraphics.transmit(image, number: 7), as: UTF8.self)
        #expect(stored.hasPrefix("\u{1B}_Ga=t,") && !stored.contains("U=1"))
    }

    @Test func kittyPlacementsNameTheirSourceRectangle() {
        let text = String(
            decoding: KittyGraphics.place(
                number: 3, placement: 9, source: Rect(x: 0, y: 40, width: 160, height: 100),
                columns: 16, rows: 5), as: UTF8.self)
        for key in ["a=p", "i=3", "p=9", "x=0", "y=40", "w=160", "h=100", "c=16", "r=5", "C=1"] {
            #expect(text.contains(key))
        }
        #expect(
            String(decoding: KittyGraphics.deletePlacement(number: 3, placement: 9), as: UTF8.self).contains("a=d,d=i"))
    }

    @Test func placeholderCellsCarryRowColumnAndNumber() {
        let cell = KittyGraphics.cell(row: 1, column: 2, number: 7, mode: .palette256)
        #expect(cell.scalarValues == [0x10EEEE, KittyGraphics.diacritics[1], KittyGraphics.diacritics[2]])
        #expect(cell.style.foreground == .palette(7))
        // Direct colour carries the number as RGB.
        #expect(KittyGraphics.color(for: 300, mode: .direct) == .rgb(0, 1, 44))
    }

    @Test func placedPicturesMarkTheirVisibleCells() {
        let canvas = Canvas(size: Size(width: 10, height: 4), colorMode: .palette256)
        canvas.graphicsMode = .sixel
        let context = DrawContext(canvas: canvas, frame: Rect(x: 2, y: 1, width: 6, height: 3))
        let image = testImage(30, 40)
        #expect(context.placeImage(image, in: Rect(x: 1, y: 0, width: 3, height: 2)))
        let p = canvas[4, 2].picture // row 1, column 1 of the placement
        #expect(p?.image == UInt32(image.id) && p?.column == 1 && p?.row == 1)
        #expect(
            canvas.picturePieces() == [
                PicturePiece(
                    image: UInt32(image.id), cells: Rect(x: 3, y: 1, width: 3, height: 2),
                    source: Rect(x: 0, y: 0, width: 3, height: 2))
            ])
        // Cut by the context's edge: the visible part, with the picture cells it shows.
        #expect(context.placeImage(image, in: Rect(x: 4, y: 1, width: 3, height: 3)))
        let cut = canvas.picturePieces().first { $0.cells.minX == 6 }
        #expect(
            cut?.cells == Rect(x: 6, y: 2, width: 2, height: 2) && cut?.source == Rect(x: 0, y: 0, width: 2, height: 2))
        // Text drawn over a row of it (a pinned header) splits off what stays visible.
        canvas.drawText("header", at: Point(x: 0, y: 1), style: .plain)
        #expect(
            canvas.picturePieces().contains(
                PicturePiece(
                    image: UInt32(image.id), cells: Rect(x: 3, y: 2, width: 3, height: 1),
                    source: Rect(x: 0, y: 1, width: 3, height: 1))))
        // Covered entirely: forgotten.
        canvas.clear()
        #expect(canvas.picturePieces().isEmpty && canvas.placedPicture(UInt32(image.id)) == nil)
    }

    @Test func blocksModeDeclines() {
        let canvas = Canvas(size: Size(width: 10, height: 4))
        #expect(
            !DrawContext(canvas: canvas, frame: canvas.bounds).placeImage(
                testImage(4, 4), in: Rect(x: 0, y: 0, width: 2, height: 2)))
        #expect(!canvas.hasPictures)
    }

    @Test func pngIsCompressedAndCropsKeepTheirPixels() throws {
        let image = testImage(64, 48)
        let png = PNGWriter.png(image)
        #expect(png.count < image.rgba.count / 2, "real deflate, not stored blocks")
        let cut = PictureEncoding.crop(
            image, cells: Size(width: 8, height: 4), source: Rect(x: 2, y: 1, width: 3, height: 2))
        #expect(cut.width == 24 && cut.height == 24)
        #expect(Array(cut.rgba[0..<4]) == Array(image.rgba[((12 * 64) + 16) * 4..<((12 * 64) + 16) * 4 + 4]))
        let scaled = PictureEncoding.crop(
            image, cells: Size(width: 8, height: 4), source: Rect(x: 0, y: 0, width: 8, height: 4),
            pixels: Size(width: 32, height: 24))
        #expect(scaled.width == 32 && scaled.height == 24)
    }
}

/// zlib's inflate, through the system's python (an independent decoder).
func inflate(_ bytes: [UInt8]) throws -> [UInt8] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridkit-inflate-\(UUID().uuidString)")
    try Data(bytes).write(to: dir)
    defer { try? FileManager.default.removeItem(at: dir) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [
        "python3", "-c", "import sys,zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1],'rb').read()))",
        dir.path
    ]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return [UInt8](data)
}
