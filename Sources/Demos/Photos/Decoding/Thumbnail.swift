import GridKit

/// A picture shrunk for the terminal: `columns` × `rows` cells, each cell two pixels tall
/// (drawn as `▀` with the upper pixel as foreground and the lower as background).
package struct Thumbnail: Sendable {
    package let columns: Int
    package let rows: Int
    /// The image's pixel rectangle inside the cell grid (pixels are cell-wide, half-cell tall).
    package let imageRect: (x: Int, y: Int, width: Int, height: Int)
    /// RGB of every pixel of the image rectangle, row by row.
    let rgb: [UInt8]
    /// The same rectangle sampled 2 × 3 times as finely (2 × 6 a cell), and the symbols it is
    /// drawn with (`DrawContext.drawSymbols`); nil for half blocks alone.
    let fine: (rgb: [UInt8], symbols: PictureSymbols)?
    /// The size of the original image, for captions.
    package let sourceSize: Size
    /// The same picture at pixel resolution, filling `columns` × `rows` cells of the terminal's
    /// cell size, for terminals that show images (nil in half-block mode).
    package private(set) var picture: TerminalImage?
    /// The half-block cells made ahead of drawing and prepared for the terminal (`addCells`),
    /// and the background they were made on: drawing them is a copy.
    package private(set) var cells: (block: CellBlock, background: Style)?
    /// What the host's preparer left for later on the cells (the terminal makes their rows'
    /// bytes there, and keeps them itself), for a worker thread with nothing more urgent.
    package private(set) var finishCells: (@Sendable () -> Void)?

    /// Bytes held, for the cache's budget. (What the host made of the cells it keeps, and counts, itself.)
    package var byteCount: Int {
        rgb.count + (fine?.rgb.count ?? 0) + 64 + (picture.map { $0.rgba.count * 2 } ?? 0)
            + (cells?.block.cells.count ?? 0) * MemoryLayout<CanvasCell>.stride
    }

    /// Makes the cells that draw the thumbnail in half blocks (or finer symbols) on `background`
    /// for a screen of `colorMode`, and hands them to `prepare` (`ScreenContext.prepareCells`: the
    /// host decides their colours for its terminal there). This runs on a decode thread, so the
    /// thread that draws only copies the cells.
    package mutating func addCells(background: Style, colorMode: ColorMode = .palette256, prepare: CellPreparer) {
        guard columns > 0, rows > 0 else { return }
        let canvas = Canvas(size: Size(width: columns, height: rows), colorMode: colorMode)
        drawHalfBlocks(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: background)
        var block = CellBlock(copying: canvas)
        finishCells = prepare(&block)
        cells = (block, background)
    }

    /// Adds the pixel-resolution picture for `mode`, handed to `prepare` (the host encodes it
    /// for the terminal there: this runs on a decode thread, so the thread that draws only
    /// copies the bytes).
    package mutating func addPicture(
        from image: RGBAImage, cell: Size, mode: GraphicsMode, prepare: ImagePreparer? = nil,
        matte: (UInt8, UInt8, UInt8) = (24, 24, 24)
    ) {
        guard mode != .blocks, columns > 0, rows > 0, cell.width > 0, cell.height > 0, image.width > 0, image.height > 0
        else { return }
        let boxW = columns * cell.width, boxH = rows * cell.height
        var tw = boxW, th = max(1, (image.height * boxW + image.width / 2) / image.width)
        if th > boxH { th = boxH; tw = max(1, min(boxW, (image.width * boxH + image.height / 2) / image.height)) }
        let scaled = Thumbnail.areaAverage(image, to: tw, th, matte: matte)
        var rgba = [UInt8](repeating: 255, count: boxW * boxH * 4)
        for i in 0..<(boxW * boxH) { rgba[i * 4] = matte.0; rgba[i * 4 + 1] = matte.1; rgba[i * 4 + 2] = matte.2 }
        let ox = (boxW - tw) / 2, oy = (boxH - th) / 2
        for y in 0..<th {
            for x in 0..<tw {
                let s = (y * tw + x) * 3, d = ((oy + y) * boxW + ox + x) * 4
                rgba[d] = scaled[s]; rgba[d + 1] = scaled[s + 1]; rgba[d + 2] = scaled[s + 2]
            }
        }
        let made = TerminalImage(width: boxW, height: boxH, rgba: rgba)
        prepare?(made)
        picture = made
    }

    /// Fits `image` into `columns` × `rows` cells keeping its aspect ratio on a screen whose
    /// cells are `cell` pixels (each half-cell a pixel of the thumbnail: square when a cell is
    /// twice as tall as wide, taller in a font of 6 × 13), averaging every source pixel that
    /// falls into each target pixel. Transparency is blended onto `matte`.
    /// With `symbols` finer than half blocks, the picture is also sampled for them.
    package init(
        image: RGBAImage, columns: Int, rows: Int, cell: Size = Size(width: 10, height: 20),
        matte: (UInt8, UInt8, UInt8) = (24, 24, 24),
        symbols: PictureSymbols = .halfBlocks
    ) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        sourceSize = Size(width: image.sourceWidth, height: image.sourceHeight)
        let boxW = self.columns, boxH = self.rows * 2
        guard image.width > 0, image.height > 0, boxW > 0, boxH > 0 else {
            imageRect = (0, 0, 0, 0); rgb = []; fine = nil
            return
        }
        // A thumbnail pixel is cell.width wide and cell.height / 2 tall on the screen.
        let pw = max(1, cell.width) * 2, ph = max(1, cell.height)
        var tw = boxW, th = max(1, (image.height * boxW * pw + image.width * ph / 2) / (image.width * ph))
        if th > boxH { th = boxH; tw = max(1, (image.width * boxH * ph + image.height * pw / 2) / (image.height * pw)) }
        tw = min(tw, boxW)
        imageRect = ((boxW - tw) / 2, (boxH - th) / 2, tw, th)
        rgb = Thumbnail.areaAverage(image, to: tw, th, matte: matte)
        fine =
            symbols > .halfBlocks ? (Thumbnail.exactAreaAverage(image, to: tw * 2, th * 3, matte: matte), symbols) : nil
    }

    /// Box-filter downscaling: each target pixel is the mean of the source pixels it covers.
    static func areaAverage(_ image: RGBAImage, to tw: Int, _ th: Int, matte: (UInt8, UInt8, UInt8)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: tw * th * 3)
        image.pixels.withUnsafeBufferPointer { src in
            for ty in 0..<th {
                let y0 = ty * image.height / th, y1 = max(y0 + 1, (ty + 1) * image.height / th)
                for tx in 0..<tw {
                    let x0 = tx * image.width / tw, x1 = max(x0 + 1, (tx + 1) * image.width / tw)
                    var r = 0, g = 0, b = 0
                    for y in y0..<y1 {
                        var i = (y * image.width + x0) * 4
                        for _ in x0..<x1 {
                            let a = Int(src[i + 3])
                            if a == 255 {
                                r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2])
                            } else {
                                r += (Int(src[i]) * a + Int(matte.0) * (255 - a)) / 255
                                g += (Int(src[i + 1]) * a + Int(matte.1) * (255 - a)) / 255
                                b += (Int(src[i + 2]) * a + Int(matte.2) * (255 - a)) / 255
                            }
                            i += 4
                        }
                    }
                    let n = (y1 - y0) * (x1 - x0), o = (ty * tw + tx) * 3
                    out[o] = UInt8((r + n / 2) / n); out[o + 1] = UInt8((g + n / 2) / n);
                    out[o + 2] = UInt8((b + n / 2) / n)
                }
            }
        }
        return out
    }

    /// The colour of pixel (x, y) of the cell grid's pixel space, nil outside the image.
    package func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
        let ix = x - imageRect.x, iy = y - imageRect.y
        guard ix >= 0, iy >= 0, ix < imageRect.width, iy < imageRect.height else { return nil }
        let o = (iy * imageRect.width + ix) * 3
        return (rgb[o], rgb[o + 1], rgb[o + 2])
    }

    static func luminance(_ p: (UInt8, UInt8, UInt8)) -> Int {
        let r = Int(p.0) * 299, g = Int(p.1) * 587, b = Int(p.2) * 114
        return (r + g + b) / 1000
    }

    /// Draws the thumbnail with its top-left at `origin`: half blocks in colour, or a grey ramp
    /// of shade characters where the terminal has 8 colours or none. The shades are drawn in
    /// the terminal's foreground colour, so on a light background the ramp runs the other way
    /// (a full block is dark there): the picture is never a negative. Where the terminal has
    /// no block characters (`glyphSet` `.ascii`) a cell is a space in the mean of its two
    /// pixels, or a character of an ASCII ramp.
    package func draw(in context: DrawContext, at origin: Point, background: Style) {
        let ascii = context.glyphSet == .ascii
        let shades: [String] = ascii ? [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"] : [" ", "░", "▒", "▓", "█"]
        let colour = context.colorMode >= .ansi16
        let light = context.backgroundTone == .light
        if colour && !ascii {
            if let cells, cells.background == background {
                context.draw(cells.block, at: origin)
            } else {
                drawHalfBlocks(in: context, at: origin, background: background)
            }
            return
        }
        for row in 0..<rows {
            for col in 0..<columns {
                let top = pixel(col, row * 2), bottom = pixel(col, row * 2 + 1)
                let p = Point(x: origin.x + col, y: origin.y + row)
                if top == nil && bottom == nil { context.put(" ", at: p, style: background); continue }
                if colour && ascii {
                    let both = [top, bottom].compactMap { $0 }
                    func mean(_ k: KeyPath<(UInt8, UInt8, UInt8), UInt8>) -> UInt8 {
                        UInt8(both.map { Int($0[keyPath: k]) }.reduce(0, +) / both.count)
                    }
                    context.put(" ", at: p, style: Style(background: .rgb(mean(\.0), mean(\.1), mean(\.2))))
                } else {
                    let lum = [top, bottom].compactMap { $0 }.map(Thumbnail.luminance)
                    let mean = lum.reduce(0, +) / lum.count
                    let top = shades.count - 1, level = min(top, mean * shades.count / 256)
                    context.put(shades[light ? top - level : level], at: p, style: .plain)
                }
            }
        }
    }

    /// The colour picture: `▀` with the upper pixel as foreground and the lower as background,
    /// the matte where the image does not reach, and spaces in `background` in the cells it does
    /// not reach at all. The picture's rows go to the canvas whole (`drawHalfBlocks`), since a
    /// scroll draws a row of these tiles on the key's path.
    private func drawHalfBlocks(in context: DrawContext, at origin: Point, background: Style) {
        let (ix, iy, iw, ih) = imageRect
        let area = Rect(x: origin.x, y: origin.y, width: columns, height: rows)
        guard iw > 0, ih > 0 else {
            context.fill(area, style: background)
            return
        }
        // Cell rows the image reaches, and around them what it does not.
        let firstRow = iy / 2, endRow = (iy + ih + 1) / 2
        context.fill(Rect(x: area.minX, y: area.minY, width: columns, height: firstRow), style: background)
        context.fill(
            Rect(x: area.minX, y: area.minY + endRow, width: columns, height: rows - endRow), style: background)
        context.fill(
            Rect(x: area.minX, y: area.minY + firstRow, width: ix, height: endRow - firstRow), style: background)
        context.fill(
            Rect(x: area.minX + ix + iw, y: area.minY + firstRow, width: columns - ix - iw, height: endRow - firstRow),
            style: background)
        let at = Point(x: origin.x + ix, y: 2 * origin.y + iy)
        if let fine {
            context.drawSymbols(
                rgb: fine.rgb, size: Size(width: iw * 2, height: ih * 3), at: at, matte: background.background,
                symbols: fine.symbols)
        } else {
            context.drawHalfBlocks(rgb: rgb, size: Size(width: iw, height: ih), at: at, matte: background.background)
        }
    }
}
