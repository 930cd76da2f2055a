import CNcurses
import GridKit
import GridKitGraphics

/// The pictures on the terminal: a layer over the text that knows which cells each picture
/// covers (from the canvas's picture cells, `Canvas.picturePieces`) and what the terminal shows
/// now, so a frame sends only the pictures that are new, moved where the terminal did not move
/// them, or had text written over them.
///
/// - kitty placeholders: pictures are text. Images are sent once before the frame's text; the
///   cells carry their numbers.
/// - kitty direct placement: each piece is a placement at its cells (a source rectangle for a
///   part), deleted when it left. Text does not touch them. kitty frees an image without a
///   placement whenever it scrolls, clears or frees another's data, so an image is kept only
///   while placed (the terminal does not scroll in this mode; see `Terminal.present`).
/// - sixel and iTerm2: the terminal paints pixels over cells. Text written over a piece's
///   cells (an erase, a header) wipes them, so the piece is drawn again after the frame's text;
///   a piece cut by an edge or a header is drawn cropped. Scrolling: the terminal moves the
///   pixels with the rows (xterm moves sixel pixels in a scroll region; iTerm2 and WezTerm keep
///   pictures in their cells), so only what the scroll let in is drawn: new tiles, and the rows
///   of a tile that was cut by the edge.
@MainActor
final class PictureLayer {
    let mode: GraphicsMode
    private let passthrough: Bool
    /// Colours a sixel may use (the terminal's colour registers).
    private let sixelColors: Int
    /// One cell in pixels: a sixel is drawn pixel for pixel, so it is made this size a cell.
    private let cellPixels: Size
    /// The colours of the text: kitty placeholders carry image numbers as colours.
    private let colorMode: ColorMode

    /// What the terminal shows now, and (kitty direct) each piece's placement number.
    private var drawn: [PicturePiece: Int] = [:]
    private var nextPlacement = 1
    /// kitty: the number each image has in the terminal, and the other way round.
    private var numbers: [UInt32: Int] = [:], imageOfNumber: [Int: UInt32] = [:]
    private var lastUse: [Int: UInt64] = [:], clock: UInt64 = 0
    /// sixel and iTerm2: the pieces' encodings lately drawn (a tile cut by an edge is drawn again
    /// and again while the list scrolls back and forth).
    private var cropCache: [PicturePiece: [UInt8]] = [:]
    /// Whole pictures' sixel colours, by picture and size in pixels, and how many pixels they
    /// hold (a byte each; all are let go past `quantizedBudget`).
    private var quantizedCache: [QuantizedKey: SixelEncoder.Quantized] = [:]
    private var quantizedPixels = 0
    private static let quantizedBudget = 16 << 20
    private struct QuantizedKey: Hashable {
        let image: Int
        let size: Size
    }
    /// The bytes of the pictures of the frame being written, and the images it sends (with the
    /// deletes that must come before them), which go ahead of the frame (`takeUploads`).
    private var out: [UInt8] = [], uploads: [UInt8] = []

    init(mode: GraphicsMode, passthrough: Bool, sixelColors: Int, cellPixels: Size, colorMode: ColorMode) {
        self.mode = mode; self.passthrough = passthrough; self.sixelColors = sixelColors
        self.cellPixels = cellPixels; self.colorMode = colorMode
    }

    /// The most images kept in the terminal at once: with placeholders in 256 colours, the
    /// largest number a colour can carry. With direct placements an image is kept only while
    /// placed, so what the screen shows bounds them, and the number needs no colour.
    private var capacity: Int { mode == .kittyDirect ? 1 << 24 : KittyGraphics.maxPaletteNumber }

    private func emit(_ bytes: [UInt8], upload: Bool = false) {
        switch (passthrough, upload) {
        case (true, true): GraphicsDetector.wrapForTmux(bytes, into: &uploads)
        case (true, false): GraphicsDetector.wrapForTmux(bytes, into: &out)
        case (false, true): uploads += bytes
        case (false, false): out += bytes
        }
    }

    /// Takes the frame's picture bytes made since the last call.
    func takeBytes() -> [UInt8] {
        defer { out.removeAll(keepingCapacity: true) }
        return out
    }

    /// Takes the images `beforeText` sends (and the deletes that free their numbers): storing an
    /// image shows nothing, so they may go ahead of the frame, outside its synchronized update.
    func takeUploads() -> [UInt8] {
        defer { uploads.removeAll(keepingCapacity: true) }
        return uploads
    }

    // MARK: The frame

    /// Before the frame's text: the images it needs (`takeUploads`). `everything`: the screen
    /// was just cleared.
    func beforeText(_ pieces: [PicturePiece], in canvas: Canvas, everything: Bool) {
        if everything { forgetScreen() }
        guard mode == .kitty || mode == .kittyDirect else { return }
        // No picture left (the photos were left): free what the terminal holds.
        if pieces.isEmpty {
            if !numbers.isEmpty { deleteAll() }
            return
        }
        clock += 1
        for piece in pieces {
            if let n = numbers[piece.image] { lastUse[n] = clock; continue }
            guard let picture = canvas.placedPicture(piece.image) else { continue }
            let n = freeNumber()
            numbers[piece.image] = n; imageOfNumber[n] = piece.image; lastUse[n] = clock
            emit(
                mode == .kitty
                    ? KittyGraphics.transmit(
                        picture.image, number: n, placeholderColumns: picture.cells.width, rows: picture.cells.height)
                    : KittyGraphics.transmit(picture.image, number: n), upload: true)
        }
    }

    /// A number for a new image: an unused one, or the one used longest ago (its image is not
    /// on screen: those on screen were used this frame).
    private func freeNumber() -> Int {
        if imageOfNumber.count < capacity { return (1...capacity).first { imageOfNumber[$0] == nil }! }
        let n = lastUse.min { $0.value < $1.value }!.key
        if let old = imageOfNumber[n] {
            numbers[old] = nil
            for (piece, placement) in drawn where piece.image == old {
                drawn[piece] = nil
                emit(KittyGraphics.deletePlacement(number: n, placement: placement), upload: true)
            }
        }
        emit(KittyGraphics.delete(number: n), upload: true)
        imageOfNumber[n] = nil
        return n
    }

    /// kitty placeholders: the number of each image sent, which its cells carry.
    var placeholderNumbers: [UInt32: Int] { numbers }

    /// The terminal moved the rows of `shift` (a scroll region). Returns rows to write again
    /// whole: a sixel terminal may leave pixels behind in the rows a scroll lets in.
    func didScroll(_ shift: RowShift) -> Range<Int>? {
        let band = Rect(x: 0, y: shift.rows.lowerBound, width: Int.max / 2, height: shift.rows.count)
        var moved: [PicturePiece: Int] = [:]
        for (piece, placement) in drawn {
            guard piece.cells.intersects(band) else { moved[piece] = placement; continue }
            switch mode {
            case .sixel where band.contains(piece.cells), .iterm where band.contains(piece.cells):
                // The pixels moved with the rows (xterm moves sixel pixels; iTerm2 and WezTerm
                // keep pictures in the cells they cover); those pushed out of the band are gone.
                var now = piece
                now.cells.origin.y -= shift.distance
                let kept = now.cells.intersection(band)
                guard !kept.isEmpty else { continue }
                now.source.origin.y += kept.minY - now.cells.minY
                now.source.size.height = kept.height
                now.cells = kept
                moved[now] = placement
            case .kittyDirect:
                // `Terminal` does not scroll in this mode (kitty would free the images not yet
                // placed); were it to, the moved placement goes, and the piece is placed anew.
                if let n = numbers[piece.image] { emit(KittyGraphics.deletePlacement(number: n, placement: placement)) }
            default:
                break // drawn again if still wanted
            }
        }
        drawn = moved
        guard mode == .sixel else { return nil }
        return shift.distance > 0
            ? (shift.rows.upperBound - shift.distance)..<shift.rows.upperBound
            : shift.rows.lowerBound..<(shift.rows.lowerBound - shift.distance)
    }

    /// After the frame's text: draws what is missing, deletes what left. `written` holds, per
    /// row, the runs of columns the frame's text covered.
    func afterText(_ pieces: [PicturePiece], in canvas: Canvas, written: [Int: [ClosedRange<Int>]]) {
        switch mode {
        case .blocks, .kitty: return
        case .kittyDirect: placeDirect(pieces, in: canvas)
        case .sixel, .iterm: paint(pieces, in: canvas, written: written)
        }
    }

    private func placeDirect(_ pieces: [PicturePiece], in canvas: Canvas) {
        let wanted = Set(pieces)
        for (piece, placement) in drawn where !wanted.contains(piece) {
            drawn[piece] = nil
            if let n = numbers[piece.image] { emit(KittyGraphics.deletePlacement(number: n, placement: placement)) }
        }
        for piece in pieces where drawn[piece] == nil {
            guard let n = numbers[piece.image], let picture = canvas.placedPicture(piece.image), fits(piece, picture)
            else { continue }
            let placement = nextPlacement
            nextPlacement += 1
            let px = pixelRect(of: piece, in: picture)
            emit(
                cursorSave(at: piece.cells.origin)
                    + KittyGraphics.place(
                        number: n, placement: placement, source: px, columns: piece.cells.width,
                        rows: piece.cells.height)
                    + cursorRestore)
            drawn[piece] = placement
        }
        // kitty frees every image that has no placement whenever it deletes one with its data
        // or scrolls: an image is kept only while it is placed. The rest are freed now (which
        // frees them all), before anything else could, and sent again if they come back.
        let placed = Set(drawn.keys.map(\.image))
        for (image, n) in numbers where !placed.contains(image) {
            emit(KittyGraphics.delete(number: n))
            numbers[image] = nil; imageOfNumber[n] = nil; lastUse[n] = nil
        }
    }

    private func paint(_ pieces: [PicturePiece], in canvas: Canvas, written: [Int: [ClosedRange<Int>]]) {
        for piece in pieces {
            if drawn[piece] != nil && !overlapsWriting(piece.cells, written) { continue }
            guard let picture = canvas.placedPicture(piece.image), fits(piece, picture) else { continue }
            // A tile the scroll brought further in: the part already on screen moved with the
            // rows and stays; only the rest is drawn.
            var part = piece
            if drawn[piece] == nil, let shown = shownPart(of: piece, written: written) {
                drawn[shown] = nil
                if shown.cells.minY == piece.cells.minY {
                    part.cells = Rect(
                        x: piece.cells.minX, y: shown.cells.maxY, width: piece.cells.width,
                        height: piece.cells.maxY - shown.cells.maxY)
                } else {
                    part.cells = Rect(
                        x: piece.cells.minX, y: piece.cells.minY, width: piece.cells.width,
                        height: shown.cells.minY - piece.cells.minY)
                }
                part.source = Rect(
                    x: piece.source.minX, y: piece.source.minY + part.cells.minY - piece.cells.minY,
                    width: piece.source.width, height: part.cells.height)
            }
            for tile in sixelTiles(of: part) {
                let bytes: [UInt8]
                if let known = cropCache[tile] {
                    bytes = known
                } else {
                    bytes = encode(tile, picture)
                    if cropCache.count > 96 { cropCache.removeAll(keepingCapacity: true) }
                    cropCache[tile] = bytes
                }
                emit(cursorSave(at: tile.cells.origin) + bytes + cursorRestore)
            }
            drawn[piece] = 0
        }
        let wanted = Set(pieces)
        for piece in drawn.keys where !wanted.contains(piece) { drawn[piece] = nil }
    }

    /// The largest sixel drawn in one piece, in pixels either way: xterm draws nothing of a
    /// sixel wider or taller than its `maxGraphicSize`, 1000 × 1000 unless configured.
    static let maxSixelPixels = 1000

    /// `piece` cut into pieces a sixel terminal draws (one, unless it is larger than
    /// `maxSixelPixels` either way: a full-screen viewer on a large window).
    private func sixelTiles(of piece: PicturePiece) -> [PicturePiece] {
        let columns = max(1, Self.maxSixelPixels / max(1, cellPixels.width)),
            rows = max(1, Self.maxSixelPixels / max(1, cellPixels.height))
        guard mode == .sixel, piece.cells.width > columns || piece.cells.height > rows else { return [piece] }
        var tiles: [PicturePiece] = []
        for dy in stride(from: 0, to: piece.cells.height, by: rows) {
            for dx in stride(from: 0, to: piece.cells.width, by: columns) {
                let w = min(columns, piece.cells.width - dx), h = min(rows, piece.cells.height - dy)
                tiles.append(
                    PicturePiece(
                        image: piece.image,
                        cells: Rect(x: piece.cells.minX + dx, y: piece.cells.minY + dy, width: w, height: h),
                        source: Rect(x: piece.source.minX + dx, y: piece.source.minY + dy, width: w, height: h)))
            }
        }
        return tiles
    }

    /// A piece on screen, untouched by this frame's text, that is the top or bottom band of
    /// `piece` (same picture, same columns, its rows where `piece` has them).
    private func shownPart(of piece: PicturePiece, written: [Int: [ClosedRange<Int>]]) -> PicturePiece? {
        for shown in drawn.keys
        where shown.image == piece.image && shown.cells.minX == piece.cells.minX
            && shown.cells.width == piece.cells.width && shown.source.minX == piece.source.minX
            && shown.cells.minY - shown.source.minY == piece.cells.minY - piece.source.minY
            && piece.cells.contains(shown.cells) && shown.cells.height < piece.cells.height
            && (shown.cells.minY == piece.cells.minY || shown.cells.maxY == piece.cells.maxY)
            && !overlapsWriting(shown.cells, written)
        {
            return shown
        }
        return nil
    }

    private func overlapsWriting(_ cells: Rect, _ written: [Int: [ClosedRange<Int>]]) -> Bool {
        let columns = cells.minX...(cells.maxX - 1)
        for y in cells.minY..<cells.maxY {
            if let runs = written[y], runs.contains(where: { $0.overlaps(columns) }) { return true }
        }
        return false
    }

    private func encode(_ piece: PicturePiece, _ picture: PlacedPicture) -> [UInt8] {
        let whole = piece.source == Rect(origin: .zero, size: picture.cells)
        if mode == .iterm {
            let image =
                whole ? picture.image : PictureEncoding.crop(picture.image, cells: picture.cells, source: piece.source)
            return ITermImage.sequence(image, columns: piece.cells.width, rows: piece.cells.height)
        }
        let exact = Size(width: piece.cells.width * cellPixels.width, height: piece.cells.height * cellPixels.height)
        if whole && exact == Size(width: picture.image.width, height: picture.image.height) {
            return SixelEncoder.sixel(picture.image, colors: sixelColors)
        }
        // A piece is cut from the whole picture's colours at the terminal's cell size, so it
        // shows what the whole shows there (drawn whole and scrolled, or cut by a header).
        let pixels = quantizedWhole(picture)
        let region = Rect(
            x: piece.source.minX * cellPixels.width, y: piece.source.minY * cellPixels.height,
            width: piece.cells.width * cellPixels.width, height: piece.cells.height * cellPixels.height)
        return SixelEncoder.encode(pixels, region: region)
    }

    /// The whole of `picture` at the terminal's cell size, its sixel colours decided (kept for
    /// the pictures cut lately: a header or an edge cuts the same tiles frame after frame).
    private func quantizedWhole(_ picture: PlacedPicture) -> SixelEncoder.Quantized {
        let size = Size(width: picture.cells.width * cellPixels.width, height: picture.cells.height * cellPixels.height)
        let key = QuantizedKey(image: picture.image.id, size: size)
        if let known = quantizedCache[key] { return known }
        // Prepared at the terminal's cell size, the picture's colours were decided with its sixel
        // (off the main thread); at another size (a cell size that changed) they are decided here.
        let pixels =
            size == Size(width: picture.image.width, height: picture.image.height)
            ? SixelEncoder.quantized(picture.image, colors: sixelColors)
            : SixelEncoder.quantized(
                PictureEncoding.scaled(picture.image, to: size), colors: sixelColors,
                dither: SixelEncoder.dithersByDefault)
        quantizedPixels += pixels.indexes.count
        if quantizedPixels > Self.quantizedBudget {
            quantizedCache.removeAll(keepingCapacity: true)
            quantizedPixels = pixels.indexes.count
        }
        quantizedCache[key] = pixels
        return pixels
    }

    /// False for a piece of a picture placed again at another size in the same frame (the
    /// canvas knows the last size only): it is left out rather than drawn from the wrong cells.
    private func fits(_ piece: PicturePiece, _ picture: PlacedPicture) -> Bool {
        piece.source.maxX <= picture.cells.width && piece.source.maxY <= picture.cells.height
    }

    /// The pixels of the picture that `piece` shows.
    private func pixelRect(of piece: PicturePiece, in picture: PlacedPicture) -> Rect {
        let w = picture.image.width, h = picture.image.height
        let cw = max(1, picture.cells.width), ch = max(1, picture.cells.height)
        let x0 = piece.source.minX * w / cw, x1 = piece.source.maxX * w / cw
        let y0 = piece.source.minY * h / ch, y1 = piece.source.maxY * h / ch
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    private func cursorSave(at p: Point) -> [UInt8] { Array("\u{1B}7\u{1B}[\(p.y + 1);\(p.x + 1)H".utf8) }
    private var cursorRestore: [UInt8] { Array("\u{1B}8".utf8) }

    /// The screen was cleared (a repaint, a resize, a resume): nothing is drawn, and kitty's
    /// images are sent again. kitty may keep placements through a clear, and may drop the
    /// images' data with it (0.26 does: a placement of an image sent before the clear then
    /// fails, and the tile stays empty): free every image sent, by its number (placed or not,
    /// placements and data), and start afresh.
    /// (The deletes go with the uploads, ahead of the images sent again under their numbers.)
    func forgetScreen() {
        if mode == .kitty || mode == .kittyDirect {
            deleteAll(upload: true)
        } else {
            drawn.removeAll()
        }
    }

    /// Frees every image sent to the terminal (kitty keeps them until told): in the frame's
    /// bytes, or with the uploads.
    func deleteAll(upload: Bool = false) {
        guard mode == .kitty || mode == .kittyDirect else { return }
        for n in imageOfNumber.keys.sorted() { emit(KittyGraphics.delete(number: n), upload: upload) }
        numbers.removeAll(); imageOfNumber.removeAll(); lastUse.removeAll()
        drawn.removeAll()
    }
}
