import Foundation
import GridKitPresenting
import Testing

@testable import GridKit
@testable import GridKitTerminal

/// The picture layer decides what a frame sends: these tests play frames through it and read
/// back where it drew (the cursor move before each picture) and what it placed or deleted.
@MainActor @Suite struct PictureLayerTests {
    /// A canvas 40×20 with a 2×2 grid of 8×4-cell pictures at rows 2 and 7.
    func canvasWithPictures() -> (Canvas, [TerminalImage]) {
        let canvas = Canvas(size: Size(width: 40, height: 20))
        canvas.graphicsMode = .sixel
        let images = (0..<4).map { _ in testImage(80, 80) }
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        for (i, image) in images.enumerated() {
            context.placeImage(image, in: Rect(x: 2 + (i % 2) * 10, y: 2 + (i / 2) * 5, width: 8, height: 4))
        }
        return (canvas, images)
    }

    /// Where pictures were drawn: the cursor positions (0-based x, y) that precede them.
    func drawnAt(_ bytes: [UInt8], marker: String = "\u{1B}P") -> [Point] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.matches(of: /\e7\e\[(\d+);(\d+)H/).compactMap { m in
            let rest = text[m.range.upperBound...]
            guard rest.hasPrefix(marker) else { return nil }
            return Point(x: Int(m.2)! - 1, y: Int(m.1)! - 1)
        }
    }

    func frame(
        _ layer: PictureLayer, _ canvas: Canvas, everything: Bool = false, written: [Int: [ClosedRange<Int>]] = [:]
    ) -> [UInt8] {
        let pieces = canvas.picturePieces()
        layer.beforeText(pieces, in: canvas, everything: everything)
        // As the terminal sends them: the images first, then the frame's own picture bytes.
        let uploads = layer.takeUploads()
        layer.afterText(pieces, in: canvas, written: written)
        return uploads + layer.takeBytes()
    }

    func sixelLayer() -> PictureLayer {
        PictureLayer(
            mode: .sixel, passthrough: false, sixelColors: 256, cellPixels: Size(width: 10, height: 20),
            colorMode: .palette256)
    }

    @Test func eachPictureIsDrawnOnceAndAgainOnlyWhereTextWasWrittenOverIt() {
        let (canvas, _) = canvasWithPictures()
        let layer = sixelLayer()
        #expect(
            Set(drawnAt(frame(layer, canvas, everything: true))) == [
                Point(x: 2, y: 2), Point(x: 12, y: 2), Point(x: 2, y: 7), Point(x: 12, y: 7)
            ])
        #expect(frame(layer, canvas).isEmpty, "nothing changed: nothing sent")
        // Text written on row 3 between the pictures touches none; across the second it does.
        #expect(frame(layer, canvas, written: [3: [10...11]]).isEmpty)
        #expect(drawnAt(frame(layer, canvas, written: [8: [0...0, 14...15]])) == [Point(x: 12, y: 7)])
    }

    /// A Page Down in sixel: every tile's cells get another picture. The diff, told that
    /// pictures cover pictures, writes none of those cells (blanking them showed the terminal's
    /// background until the sixels came), and the layer still draws each new picture; where
    /// text and pictures trade places the cells are written as before.
    @Test func aPictureReplacingAPictureIsDrawnOverItWithoutBlankingItsCells() {
        for covers in [true, false] {
            let (canvas, _) = canvasWithPictures()
            let layer = sixelLayer()
            var diff = FrameDiff()
            diff.picturesCoverPictures = covers
            func written() -> [Int: [ClosedRange<Int>]] {
                var runs: [Int: [ClosedRange<Int>]] = [:]
                diff.update(to: canvas) { x, y, _ in runs[y, default: []].append(x...x) }
                return runs
            }
            let first = written()
            #expect(first.values.reduce(0) { $0 + $1.count } == 40 * 20, "the first frame is written whole")
            _ = frame(layer, canvas, everything: true)
            // Other pictures in the same cells, and text where the last one was.
            let context = DrawContext(canvas: canvas, frame: canvas.bounds)
            for i in 0..<3 {
                context.placeImage(
                    testImage(80, 80), in: Rect(x: 2 + (i % 2) * 10, y: 2 + (i / 2) * 5, width: 8, height: 4))
            }
            canvas.fill(Rect(x: 12, y: 7, width: 8, height: 4), style: .plain)
            canvas.drawText("caption", at: Point(x: 12, y: 8), style: .plain)
            let runs = written()
            let cells = runs.values.reduce(0) { $0 + $1.count }
            if covers {
                #expect(cells == 8 * 4, "only the last tile's cells, now text: \(cells)")
                #expect(
                    runs.values.joined().allSatisfy { (12...19).contains($0.lowerBound) },
                    "no cell of the three replaced pictures: \(runs)")
            } else {
                #expect(cells == 4 * 8 * 4, "every tile's cells: \(cells)")
            }
            let drawn = Set(drawnAt(frame(layer, canvas, written: runs)))
            #expect(
                drawn == [Point(x: 2, y: 2), Point(x: 12, y: 2), Point(x: 2, y: 7)], "the three new pictures: \(drawn)")
            // A tile waiting for its picture (spaces in the tile's colour, a mark, an underlined
            // space), then the picture: the spaces stay as they are under it, in that colour.
            canvas.fill(Rect(x: 12, y: 7, width: 8, height: 4), style: Style(background: .palette(235)))
            canvas.drawText("…", at: Point(x: 15, y: 8), style: Style(background: .palette(235)))
            canvas.drawText(" ", at: Point(x: 16, y: 9), style: Style(attributes: .underline))
            _ = written()
            _ = frame(layer, canvas)
            context.placeImage(testImage(80, 80), in: Rect(x: 12, y: 7, width: 8, height: 4))
            let landing = written()
            let landed = landing.flatMap { y, xs in xs.map { Point(x: $0.lowerBound, y: y) } }
            if covers {
                #expect(
                    Set(landed) == [Point(x: 15, y: 8), Point(x: 16, y: 9)],
                    "the mark and the underline only: \(landed)")
            } else {
                #expect(landed.count == 8 * 4)
            }
            #expect(drawnAt(frame(layer, canvas, written: landing)) == [Point(x: 12, y: 7)])
        }
    }

    @Test func aPictureUnderAHeaderIsDrawnCroppedToWhatShows() throws {
        let (canvas, images) = canvasWithPictures()
        let layer = sixelLayer()
        _ = frame(layer, canvas, everything: true)
        // A header over the top row of the first picture.
        canvas.drawText(String(repeating: "=", count: 9), at: Point(x: 1, y: 2), style: .plain)
        let bytes = frame(layer, canvas, written: [2: [1...9]])
        #expect(drawnAt(bytes) == [Point(x: 2, y: 3)], "drawn below the header, not over it")
        let sixel = try #require(decodeSixel(bytes))
        #expect(sixel.width == 80 && sixel.height == 60, "three rows of 20 pixels, not four")
        #expect(canvas.placedPicture(UInt32(images[0].id)) != nil)
    }

    /// A tile cut by a header shows exactly the pixels the whole tile shows in those rows (as
    /// when the whole was drawn and scrolled there), on a terminal whose cells are not the
    /// picture's pixels apart. Quantized on its own, the cut piece chose its own palette and
    /// dither, and differed from the whole.
    @Test(arguments: [Size(width: 6, height: 13), Size(width: 10, height: 20)])
    func aCutPieceShowsTheWholePicturesPixels(cell: Size) throws {
        let canvas = Canvas(size: Size(width: 40, height: 20))
        canvas.graphicsMode = .sixel
        // 80 × 80 pixels in 8 × 4 cells: at 10 × 20 the picture fits its cells exactly.
        let image = testImage(80, 80)
        DrawContext(canvas: canvas, frame: canvas.bounds).placeImage(image, in: Rect(x: 2, y: 2, width: 8, height: 4))
        let layer = PictureLayer(
            mode: .sixel, passthrough: false, sixelColors: 64, cellPixels: cell, colorMode: .palette256)
        let whole = try #require(decodeSixel(frame(layer, canvas, everything: true)))
        #expect(whole.width == 8 * cell.width && whole.height == 4 * cell.height)
        canvas.drawText(String(repeating: "=", count: 9), at: Point(x: 1, y: 2), style: .plain)
        let cut = try #require(decodeSixel(frame(layer, canvas, written: [2: [1...9]])))
        #expect(cut.width == whole.width && cut.height == 3 * cell.height)
        let skipped = cell.height * whole.width * 3
        let differing = zip(cut.rgb, whole.rgb[skipped...]).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(cut.rgb.count) values differ from the whole picture's rows")
    }

    @Test func aScrollMovesTheDrawnPicturesAndOnlyWhatCameInIsDrawn() {
        let (canvas, _) = canvasWithPictures()
        let layer = sixelLayer()
        _ = frame(layer, canvas, everything: true)
        // The rows 1..<19 scroll up by 3: the top pictures lose their first row to the band's
        // edge, and a new tile comes in at the bottom, partly.
        let shift = RowShift(rows: 1..<19, distance: 3)
        canvas.shiftRows(in: Rect(x: 0, y: 1, width: 40, height: 18), by: 3)
        // The grid draws the rows let in afresh.
        canvas.fill(Rect(x: 0, y: 16, width: 40, height: 3), style: .plain)
        let newcomer = testImage(80, 80)
        DrawContext(canvas: canvas, frame: Rect(x: 0, y: 1, width: 40, height: 18)).placeImage(
            newcomer, in: Rect(x: 2, y: 15, width: 8, height: 4))
        #expect(layer.didScroll(shift) == 16..<19, "the rows let in are written again")
        let bytes = frame(layer, canvas, written: [16: [0...39], 17: [0...39], 18: [0...39]])
        #expect(drawnAt(bytes) == [Point(x: 2, y: 16)], "only the picture let in (local row 15 of the band)")
    }

    @Test func aTileScrolledFurtherInGetsOnlyItsNewRows() throws {
        let canvas = Canvas(size: Size(width: 40, height: 20))
        canvas.graphicsMode = .sixel
        let image = testImage(80, 80)
        let band = Rect(x: 0, y: 0, width: 40, height: 20)
        // 3 rows show
        DrawContext(canvas: canvas, frame: band).placeImage(image, in: Rect(x: 2, y: 17, width: 8, height: 4))
        let layer = sixelLayer()
        _ = frame(layer, canvas, everything: true)
        canvas.shiftRows(in: band, by: 2)
        canvas.fill(Rect(x: 0, y: 18, width: 40, height: 2), style: .plain)
        DrawContext(canvas: canvas, frame: band).placeImage(image, in: Rect(x: 2, y: 15, width: 8, height: 4))
        _ = layer.didScroll(RowShift(rows: 0..<20, distance: 2))
        let bytes = frame(layer, canvas, written: [18: [0...39], 19: [0...39]])
        #expect(drawnAt(bytes) == [Point(x: 2, y: 18)], "the fourth row of the tile, under the three that moved")
        #expect(try #require(decodeSixel(bytes)).height == 20)
    }

    @Test func kittyDirectPlacesMovesAndDeletesPlacements() {
        let (canvas, images) = canvasWithPictures()
        let layer = PictureLayer(
            mode: .kittyDirect, passthrough: false, sixelColors: 256, cellPixels: Size(width: 10, height: 20),
            colorMode: .palette256)
        let first = String(decoding: frame(layer, canvas, everything: true), as: UTF8.self)
        #expect(first.matches(of: /\e_Ga=t,/).count == 4 && first.matches(of: /\e_Ga=p,/).count == 4)
        #expect(frame(layer, canvas).isEmpty, "text does not touch kitty's pictures")
        // Scrolled by a row (which `Terminal` never asks in this mode: kitty frees the images
        // not placed yet as it scrolls): each moved placement goes and is made anew where its
        // piece is now; no image is sent again.
        canvas.shiftRows(in: Rect(x: 0, y: 1, width: 40, height: 18), by: 1)
        _ = layer.didScroll(RowShift(rows: 1..<19, distance: 1))
        let moved = String(decoding: frame(layer, canvas), as: UTF8.self)
        #expect(moved.matches(of: /\e_Ga=t,/).isEmpty && moved.matches(of: /\e_Ga=p,/).count == 4)
        #expect(
            moved.matches(of: /a=d,d=i/).count == 4 && moved.matches(of: /a=d,d=I/).isEmpty,
            "placements deleted, images kept")
        // One picture covered: its placement is deleted, and its image freed (kitty would free
        // an image without a placement at its next scroll anyway); the rest stay.
        canvas.fill(Rect(x: 0, y: 0, width: 11, height: 5), style: .plain)
        let covered = String(decoding: frame(layer, canvas), as: UTF8.self)
        #expect(covered.matches(of: /a=d,d=i/).count == 1 && covered.matches(of: /\e_Ga=p,/).isEmpty)
        #expect(
            covered.matches(of: /a=d,d=I/).count == 1
                && covered.firstRange(of: "a=d,d=i")!.lowerBound < covered.firstRange(of: "a=d,d=I")!.lowerBound)
        // A picture cut by the header shows its lower part through a source rectangle.
        canvas.drawText("header", at: Point(x: 12, y: 1), style: .plain)
        let cut = String(decoding: frame(layer, canvas), as: UTF8.self)
        #expect(cut.contains("y=20,w=80,h=60"), "\(cut)")
        layer.deleteAll()
        #expect(
            String(decoding: layer.takeBytes(), as: UTF8.self).matches(of: /a=d,d=I/).count == 3,
            "the three still placed")
        _ = images
    }

    /// More pictures on screen than 255 (small tiles on a large terminal): with direct placements
    /// no image is freed while the frame's images go out (kitty would free with it every image
    /// not placed yet, this frame's new ones too), and each is placed.
    @Test func kittyDirectSendsMorePicturesThanAPaletteHoldsWithoutFreeingAny() {
        let canvas = Canvas(size: Size(width: 100, height: 30))
        canvas.graphicsMode = .kittyDirect
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        for i in 0..<300 {
            context.placeImage(testImage(10, 20), in: Rect(x: (i % 50) * 2, y: (i / 50) * 2, width: 1, height: 1))
        }
        let layer = PictureLayer(
            mode: .kittyDirect, passthrough: false, sixelColors: 256, cellPixels: Size(width: 10, height: 20),
            colorMode: .palette256)
        let sent = String(decoding: frame(layer, canvas), as: UTF8.self)
        #expect(sent.matches(of: /\e_Ga=t,/).count == 300 && sent.matches(of: /\e_Ga=p,/).count == 300)
        #expect(sent.matches(of: /a=d,d=I/).isEmpty, "no image freed")
    }

    /// A cleared screen (a resize, Ctrl-L, a resume) may take kitty's image data with it
    /// (0.26 drops it): every image is freed and sent again before it is placed, in both modes.
    @Test(arguments: [GraphicsMode.kittyDirect, .kitty])
    func kittySendsItsImagesAgainAfterAClear(_ mode: GraphicsMode) {
        let (canvas, _) = canvasWithPictures()
        let layer = PictureLayer(
            mode: mode, passthrough: false, sixelColors: 256, cellPixels: Size(width: 10, height: 20),
            colorMode: .palette256)
        let first = String(decoding: frame(layer, canvas, everything: true), as: UTF8.self)
        #expect(first.matches(of: /\e_Ga=[tT],/).count == 4)
        let again = String(decoding: frame(layer, canvas, everything: true), as: UTF8.self)
        let freed = again.range(of: "a=d,d=I"), sent = again.firstMatch(of: /\e_Ga=[tT],/)?.range
        #expect(
            again.matches(of: /a=d,d=I/).count == 4 && again.matches(of: /\e_Ga=[tT],/).count == 4,
            "each freed by its number, then sent: \(again.prefix(200))")
        #expect(
            freed.map { f in sent.map { f.lowerBound < $0.lowerBound } ?? false } == true, "freed before sent again")
        layer.forgetScreen()
        let resumed = String(decoding: frame(layer, canvas), as: UTF8.self)
        #expect(
            resumed.contains("a=d,d=I") && resumed.matches(of: /\e_Ga=[tT],/).count == 4,
            "after a repaint behind its back too")
    }

    @Test func placeholderNumbersAreSentBeforeTheCellsThatCarryThem() {
        let (canvas, images) = canvasWithPictures()
        let layer = PictureLayer(
            mode: .kitty, passthrough: false, sixelColors: 256, cellPixels: Size(width: 10, height: 20),
            colorMode: .palette256)
        let pieces = canvas.picturePieces()
        layer.beforeText(pieces, in: canvas, everything: true)
        let sent = String(decoding: layer.takeUploads(), as: UTF8.self)
        #expect(sent.matches(of: /a=T,U=1/).count == 4)
        #expect(layer.takeBytes().isEmpty, "only the images, ahead of the frame")
        #expect(Set(images.compactMap { layer.placeholderNumbers[UInt32($0.id)] }).count == 4)
        // The photos are left: everything sent is freed, in the frame that no longer shows them.
        canvas.clear()
        layer.beforeText(canvas.picturePieces(), in: canvas, everything: false)
        #expect(layer.takeUploads().isEmpty)
        #expect(String(decoding: layer.takeBytes(), as: UTF8.self).matches(of: /a=d,d=I/).count == 4)
    }

    /// xterm draws nothing of a sixel over 1000 pixels either way: a large picture goes in pieces.
    @Test func largePicturesAreSentAsSixelsXtermDraws() throws {
        let canvas = Canvas(size: Size(width: 200, height: 60))
        canvas.graphicsMode = .sixel
        DrawContext(canvas: canvas, frame: canvas.bounds).placeImage(
            testImage(1600, 1000), in: Rect(x: 0, y: 1, width: 160, height: 50))
        let bytes = frame(sixelLayer(), canvas, everything: true)
        let sizes = String(decoding: bytes, as: UTF8.self).matches(of: /"1;1;(\d+);(\d+)/).map {
            (Int($0.1)!, Int($0.2)!)
        }
        #expect(sizes.count == 2 && sizes.allSatisfy { $0.0 <= 1000 && $0.1 <= 1000 }, "\(sizes)")
        #expect(sizes.map(\.0).reduce(0, +) == 1600 && drawnAt(bytes) == [Point(x: 0, y: 1), Point(x: 100, y: 1)])
    }
}
