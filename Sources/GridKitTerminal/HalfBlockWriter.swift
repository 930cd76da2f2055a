import GridKit

/// The half-block picture writer, `FrameWriter`'s second half: the cells of a row's pictures
/// (upper half blocks in two colours) are held (`PictureRun`) until the row is done, their
/// colours decided from the left of their run (`HalfBlockChoice`), and written grouped by colour
/// pair through the cursor-and-pen writer (`PenWriter`); a row of a block made ahead goes out
/// as its bytes (`PictureRowCache`, `HalfBlockWriter+PreparedRows.swift`).
///
/// The seam for other picture characters: what a picture cell is (`pictureCell`), which
/// characters and colours draw it (`HalfBlockChoice`) and how they are sent all live here. In
/// direct colour the vertical halves, quadrants and sextants of `CellSymbolChoice` are held and
/// grouped by colour pair too, each written as it is or as its complement (`PictureGlyphs`).
package struct HalfBlockWriter {
    /// How picture cells are written: exact colours, or (by default, in 256 colours) a pen
    /// colour kept where that costs little.
    var choice = HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance)
    /// Picture cells of one row held back, so that those one pair of colours draws go out
    /// together.
    var pictures = PictureRun()
    /// The canvas the held cells come from: their row's other picture cells decide their colours too.
    var pictureCanvas: Canvas?
    /// Whether what the terminal shows of picture cells (`PenWriter.shown`) may be trusted:
    /// only where nothing but this writer draws on the cells (no pictures drawn over them by a
    /// graphics protocol).
    var skipsShownCells = true
    /// Whether the block characters take one column (a locale that draws East Asian ambiguous
    /// characters wide makes them two): only then are picture cells written as blocks here.
    let blocksAreNarrow: Bool
    /// Where rows of pictures made ahead are kept (`PictureRowCache`): their bytes are sent for
    /// a row the canvas notes a block drew whole.
    var rows: PictureRowCache? {
        didSet {
            preparedIdentities.removeAll()
            preparedBlocks.removeAll()
        }
    }
    /// The row whose block rows are at hand, those rows (by column), the next one to meet,
    /// and the columns of the one just written (their cells are skipped as they are reported).
    var preparedY = -1, preparedPlaces: [DrawnBlockRow] = [], preparedNext = 0
    var preparedSkip = (y: -1, end: 0)
    /// The blocks whose rows this frame has found in `rows`, the latest last: a tile's rows
    /// come one screen line after another, and each would be a look-up in the shared cache (a
    /// lock and a hash) and a retain of the block's rows. Their identities are kept apart, at
    /// the same index, so finding one touches no block.
    var preparedIdentities: [UInt64] = []
    /// The rows of the block `preparedIdentities` names at the same index.
    var preparedBlocks: [PreparedRowBytes.Made] = []
    /// Prepared rows written in all, for tests and measurements.
    var preparedRowsWritten = 0
    /// Nearest palette entries of RGB colours met lately, as 0xRRGGBB << 8 | entry, by a hash of
    /// the colour: a photo's neighbouring pixels repeat colours, and matching one is the
    /// costliest step of a picture cell. (Every slot starts as black, which is entry 16.)
    private var nearestMemo = [UInt32](repeating: 16, count: 1024)
    /// Whether the terminal draws each of `PictureGlyphs`' characters in one column (1), not
    /// (0) or not asked yet (-1).
    private var narrowGlyphs = [Int8](repeating: -1, count: PictureGlyphs.slots)

    init(blocksAreNarrow: Bool) { self.blocksAreNarrow = blocksAreNarrow }

    /// How far a pen colour kept may be from a pixel (`HalfBlockChoice`).
    package var tolerance: Int {
        get { choice.tolerance }
        set { choice.tolerance = newValue }
    }

    /// Starts a frame: nothing held.
    mutating func begin() {
        pictures.removeAll()
        preparedY = -1
        preparedSkip = (-1, 0)
        preparedIdentities.removeAll(keepingCapacity: true)
        preparedBlocks.removeAll(keepingCapacity: true)
    }

    /// Whether (x, y) is in the row of a picture just sent as its prepared bytes.
    @inline(__always)
    func skips(_ x: Int, _ y: Int) -> Bool { y == preparedSkip.y && x < preparedSkip.end }

    /// The column the diff goes on from after the cell at (x, y): past a prepared row just sent.
    @inline(__always)
    func resumeColumn(after x: Int, y: Int) -> Int { skips(x, y) ? preparedSkip.end : x + 1 }

    /// Holds `cell` when it is a picture cell: it goes out with its row's others. False for any
    /// other cell.
    mutating func hold(_ cell: CanvasCell, x: Int, y: Int, in canvas: Canvas, out: inout PenWriter) -> Bool {
        guard let picture = pictureCell(cell, x: x, out: &out) else { return false }
        if pictures.y != y { flush(into: &out) }
        pictures.append(picture, y: y)
        if pictureCanvas !== canvas { pictureCanvas = canvas }
        return true
    }

    /// The palette entry nearest RGB colour `rgb` (0xRRGGBB), as `ColorMapper` matches it.
    @inline(__always)
    mutating func nearestEntry(_ rgb: UInt32) -> Int {
        let slot = Int(truncatingIfNeeded: (rgb &* 0x9E37_79B1) >> 22)
        let known = nearestMemo[slot]
        if known >> 8 == rgb { return Int(known & 0xFF) }
        let entry = ColorMapper.nearestPalette(Int(rgb >> 16), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
        nearestMemo[slot] = rgb << 8 | UInt32(entry)
        return entry
    }

    /// A picture pixel's own colour, where the palette matched it (an RGB colour in 256 colours):
    /// what `HalfBlockChoice` weighs a pen colour against.
    @inline(__always)
    static func pixel(_ c: Color, mode: ColorMode) -> SIMD3<Int32>? {
        guard mode == .palette256, c.rawValue >> 24 == 3 else { return nil }
        let v = Int32(bitPattern: c.rawValue & 0xFF_FFFF)
        return SIMD3(v >> 16, (v >> 8) & 0xFF, v & 0xFF)
    }

    /// A picture cell (an upper half block in two colours; in direct colour also another block
    /// element of `PictureGlyphs`) as `PictureRun` holds it; nil for any other cell.
    mutating func pictureCell(_ cell: CanvasCell, x: Int, out: inout PenWriter) -> PictureRun.Cell? {
        guard out.charset == nil, blocksAreNarrow else { return nil }
        guard cell.isHalfBlock else { return glyphCell(cell, x: x, out: &out) }
        let style = cell.style, mode = out.mapper.mode
        if mode == .palette256, style.attributes.isEmpty, style.foreground.rawValue >> 24 == 3,
            style.background.rawValue >> 24 == 3
        {
            // What nearly every cell of a photo is: two RGB pixels, matched to the palette here
            // without going through `resolve`.
            let top = style.foreground.rawValue & 0xFF_FFFF, bottom = style.background.rawValue & 0xFF_FFFF
            return PictureRun.Cell(
                x: x, top: nearestEntry(top), bottom: nearestEntry(bottom), packedTop: top, packedBottom: bottom)
        }
        if mode == .palette256, style.attributes.isEmpty, style.foreground.rawValue >> 24 == 2,
            style.background.rawValue >> 24 == 2
        {
            // Two palette entries: a picture prepared where it was made (`HalfBlockPreparation`).
            return PictureRun.Cell(
                x: x, top: Int(style.foreground.rawValue & 0xFF), bottom: Int(style.background.rawValue & 0xFF))
        }
        let (fg, bg, attributes) = out.resolve(style)
        guard fg >= 0, bg >= 0, attributes.isEmpty else { return nil }
        return PictureRun.Cell(
            x: x, top: fg, bottom: bg, topRGB: Self.pixel(cell.style.foreground, mode: mode),
            bottomRGB: Self.pixel(cell.style.background, mode: mode))
    }

    /// A cell of a picture in direct colour drawn in a vertical half, a quadrant or a sextant
    /// (`CellSymbolChoice`), as `PictureRun` holds it: such cells are held and written by colour
    /// pair like half blocks, where the pen's colours match a cell's either way round (its
    /// complement swaps them). In 256 colours and below they are written as text, as they are.
    private mutating func glyphCell(_ cell: CanvasCell, x: Int, out: inout PenWriter) -> PictureRun.Cell? {
        guard out.mapper.mode == .direct, cell.width == 1, cell.isSingleScalar,
            let slot = PictureGlyphs.slot(of: cell.text0)
        else { return nil }
        if narrowGlyphs[slot] < 0 { narrowGlyphs[slot] = out.isNarrow(cell.text0) ? 1 : 0 }
        guard narrowGlyphs[slot] == 1, PictureGlyphs.complement(of: cell.text0) != nil else { return nil }
        let (fg, bg, attributes) = out.resolve(cell.style)
        guard fg >= 0, bg >= 0, attributes.isEmpty else { return nil }
        return PictureRun.Cell(x: x, top: fg, bottom: bg, scalar: cell.text0)
    }

    /// Writes the picture cells held: each in turn from the left, and after each, the cells
    /// further on that the colours now set draw as they are.
    mutating func flush(into out: inout PenWriter) {
        guard !pictures.isEmpty else { return }
        settlePictureColors(out: &out)
        pictures.prepare()
        if skipsShownCells {
            // Cells already showing their colours (a cut tile written again from its new start
            // changes in its first few cells only).
            for i in pictures.cells.indices {
                let c = pictures.cells[i]
                // (What a cell of another block element shows is not kept: only its halves' colours are.)
                if c.scalar == HalfBlockChoice.upper || c.top == c.bottom,
                    out.shown.halves(x: Int(c.x), y: Int(c.y))
                        == ShownHalves.packed(top: Int(c.top), bottom: Int(c.bottom))
                {
                    pictures.markDone(i)
                }
            }
        }
        while let i = pictures.nextPending() {
            writePicture(i, out: &out)
            // Three kinds of cell the pen draws as it is, each a chain of cells in order: its
            // two colours, and one colour as a space (its background) or as a full block (over
            // a picture's background, as in `HalfBlockChoice`).
            let (fg, bg) = (out.pen.fg, out.pen.bg)
            var pair =
                pictures.has(i, colors: fg, bg)
                ? pictures.nextPending(sameAs: i) : pictures.firstPending(colors: fg, bg, after: i)
            var spaces = fg == bg || !pictures.hasSolid(bg) ? -1 : pictures.firstPending(colors: bg, bg, after: i)
            var blocks =
                fg == bg || out.mapper.mode != .palette256 || bg < 16 || !pictures.hasSolid(fg)
                ? -1 : pictures.firstPending(colors: fg, fg, after: i)
            while pair >= 0 || spaces >= 0 || blocks >= 0 {
                // -1 is the largest
                let k = Int(min(UInt(bitPattern: pair), UInt(bitPattern: spaces), UInt(bitPattern: blocks)))
                if worthReaching(k, out: out) { writePicture(k, out: &out) }
                if k == pair { pair = pictures.nextPending(sameAs: k) }
                if k == spaces { spaces = pictures.nextPending(sameAs: k) }
                if k == blocks { blocks = pictures.nextPending(sameAs: k) }
            }
        }
        pictures.removeAll()
        pictureCanvas = nil
    }

    /// Decides the held cells' colours as if their row's picture were written from the left
    /// (a pen colour kept where that saves bytes, `HalfBlockChoice`), so that neighbours that
    /// may share colours do. Each run of picture cells starts from no pen, and cells of the run
    /// that are not held (unchanged) are decided again on the way: a cell's colours depend only
    /// on the picture to its left, so a row redrawn in part shows what a repaint shows.
    ///
    /// For the same reason an unchanged cell right of a held one may now come out in other
    /// colours than the terminal shows (a mark drawn over a thumbnail changes the pen the rest
    /// of its row meets). Where the writer knows what the terminal shows (`ShownHalves`), the
    /// rest of each run is decided too, and the cells that differ are held as well.
    private mutating func settlePictureColors(out: inout PenWriter) {
        // Only cells whose pixels are known (RGB cells in 256 colours) have colours to decide.
        guard choice.tolerance > 0, out.mapper.mode == .palette256, let canvas = pictureCanvas else { return }
        let row = canvas.rowCells(pictures.y), width = canvas.size.width, y = pictures.y
        let comparesShown = skipsShownCells, palette = out.mapper.mode == .palette256, choice = self.choice
        var meets = (fg: -2, bg: -2)
        var next = -1 // the column after the last cell decided
        var also: [PictureRun.Cell] = []
        func decide(_ c: PictureRun.Cell) -> (top: Int, bottom: Int) {
            guard let (t, b) = c.pixels else { meets = (-2, -2); return (Int(c.top), Int(c.bottom)) }
            let written = choice.choose(
                top: Int(c.top), bottom: Int(c.bottom), topRGB: t, bottomRGB: b, pen: meets,
                backgroundUnderBlocks: palette && meets.bg >= 16)
            meets = (written.fg, written.bg)
            return HalfBlockChoice.halves(written)
        }
        // An unchanged cell after a held one in its run: decided, and held too when the
        // terminal shows it otherwise.
        func redecide(_ c: PictureRun.Cell, at x: Int) {
            let (top, bottom) = decide(c)
            if comparesShown && out.shown.halves(x: x, y: y) != ShownHalves.packed(top: top, bottom: bottom) {
                also.append(PictureRun.Cell(x: x, top: top, bottom: bottom))
            }
        }
        let held = pictures.cells.count
        for i in 0..<held {
            let x = Int(pictures.cells[i].x)
            if x != next {
                // From where this cell's run of picture cells starts (or the last cell decided).
                var start = x
                while start > 0, start != next, pictureCell(row[start - 1], x: start - 1, out: &out) != nil {
                    start -= 1
                }
                let continues = start == next
                if !continues { meets = (-2, -2) }
                for k in start..<x {
                    guard let c = pictureCell(row[k], x: k, out: &out) else { continue }
                    if continues { redecide(c, at: k) } else { _ = decide(c) }
                }
            }
            let (top, bottom) = decide(pictures.cells[i])
            pictures.settle(i, top: top, bottom: bottom)
            next = x + 1
            // Up to the next held cell, or to the end of the run.
            let nextHeld = i + 1 < held ? Int(pictures.cells[i + 1].x) : width
            guard comparesShown, nextHeld != next else { continue }
            while next < min(nextHeld, width), let c = pictureCell(row[next], x: next, out: &out) {
                redecide(c, at: next)
                next += 1
            }
        }
        if !also.isEmpty { pictures.insertSettled(also) }
    }

    /// Whether going to held cell `k` now, with the pen as it is, is cheaper than leaving it
    /// for when the writer gets there from its left neighbour: the move there, and the step
    /// over it later, against the colours it would need after that neighbour.
    private func worthReaching(_ k: Int, out: borrowing PenWriter) -> Bool {
        let c = pictures.cells[k]
        guard k > 0, pictures.isPending(k - 1), pictures.cells[k - 1].y == c.y, pictures.cells[k - 1].x == c.x - 1
        else { return true }
        let left = pictures.cells[k - 1]
        let overLater =
            k + 1 < pictures.cells.count && pictures.isPending(k + 1) && pictures.cells[k + 1].y == c.y
                && pictures.cells[k + 1].x == c.x + 1 ? 3 : 0
        let needs: Int
        if c.top == c.bottom {
            needs = left.top == c.top || left.bottom == c.top ? 0 : HalfBlockChoice.oneColorBytes
        } else {
            let changes = min(
                (left.top == c.top ? 0 : 1) + (left.bottom == c.bottom ? 0 : 1),
                (left.top == c.bottom ? 0 : 1) + (left.bottom == c.top ? 0 : 1))
            needs = changes == 0 ? 0 : changes == 1 ? HalfBlockChoice.oneColorBytes : HalfBlockChoice.bothColorsBytes
        }
        return needs > out.moveBytes(to: Int(c.x), Int(c.y)) + overLater
    }

    /// Writes held picture cell `i`. A short gap of held cells on the way is crossed with spaces
    /// (a byte each, written over later), not a cursor move.
    private mutating func writePicture(_ i: Int, out: inout PenWriter) {
        let c = pictures.cells[i], y = Int(c.y), x = Int(c.x)
        if let at = out.cursor, at.y == y, at.x < x, x - at.x <= 3 {
            let first = i - (x - at.x)
            if first >= 0, pictures.cells[first].x == at.x, pictures.cells[first].y == c.y,
                (first..<i).allSatisfy({ pictures.isPending($0) })
            {
                for _ in at.x..<x { out.bytes.append(32) }
                out.cursor = (x, y)
            }
        }
        out.move(to: x, y)
        // The pen the cell's colours will meet: attributes in effect are reset first.
        let reset = out.caps.attributesResetColors ? -1 : -2
        let pen = out.pen
        let meets = pen.attributes.isEmpty ? (fg: pen.fg, bg: pen.bg) : (fg: reset, bg: reset)
        if c.scalar != HalfBlockChoice.upper && c.top != c.bottom,
            let complement = PictureGlyphs.complement(of: c.scalar)
        {
            // Another block element: as it is, or its complement with the colours swapped where
            // that changes fewer of the pen's.
            let top = Int(c.top), bottom = Int(c.bottom)
            let asIs = (top == meets.fg ? 0 : 1) + (bottom == meets.bg ? 0 : 1)
            let swapped = (bottom == meets.fg ? 0 : 1) + (top == meets.bg ? 0 : 1)
            if swapped < asIs {
                out.setPen(bottom, top, [])
                out.appendUTF8(complement)
            } else {
                out.setPen(top, bottom, [])
                out.appendUTF8(c.scalar)
            }
            out.shown.forget(x..<(x + 1), y: y)
            pictures.markDone(i)
            out.cursor = x + 1 < out.size.width ? (x + 1, y) : nil
            return
        }
        let pixels = c.pixels
        let (base, fg, bg) = choice.choose(
            top: Int(c.top), bottom: Int(c.bottom), topRGB: pixels?.top, bottomRGB: pixels?.bottom, pen: meets,
            // In 256 colours a picture's colours are entries 16 and up; below are the theme's.
            backgroundUnderBlocks: out.mapper.mode == .palette256 && meets.bg >= 16)
        out.setPen(fg, bg, [])
        out.appendUTF8(base)
        let (top, bottom) = HalfBlockChoice.halves((base, fg, bg))
        out.shown.set(x: x, y: y, top: top, bottom: bottom)
        pictures.markDone(i)
        out.cursor = x + 1 < out.size.width ? (x + 1, y) : nil
    }
}
