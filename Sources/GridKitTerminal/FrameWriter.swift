import CNcurses
import GridKit

/// Turns the cells `FrameDiff` reports into one buffer of escape sequences for the terminal, so
/// a frame costs one write: cursor moves only where the next changed cell is not where the last
/// one left the cursor, colours and attributes only when they change, a clear-to-end-of-line for
/// a row's tail of spaces (in their background colour where the terminal has bce), nothing for
/// blank cells on a screen just cleared, and at the end the attributes reset and the (hidden)
/// cursor on the focused cell.
package struct FrameWriter {
    let caps: TerminalCapabilities
    let mapper: ColorMapper
    private let width: (UInt32) -> Int
    /// The locale's codeset when it is not UTF-8: every character goes through it.
    let charset: LocaleCharset?
    /// How wide the terminal draws emoji sequences (two columns each unless it said otherwise).
    package var sequenceWidths = EmojiSequenceWidths()
    /// How picture cells (upper half blocks) are written: exact colours, or (by default, in 256
    /// colours) a pen colour kept where that costs little (`HalfBlockChoice`).
    package var halfBlocks = HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance)
    /// The bytes of the frame being written.
    package internal(set) var bytes: [UInt8] = []
    /// Where the terminal's cursor is; nil when unknown (at the start, after the last column).
    var cursor: (x: Int, y: Int)?
    /// Whether `cursor.x` is sure: not after a character whose width the C library and the
    /// terminal might see differently (anything but ASCII and blocks). Only a sure column is
    /// stepped from; otherwise the column is named, which also corrects any such drift.
    var columnIsSure = false
    /// The colours (-1 default, -2 unknown) and attributes in effect.
    var pen = (fg: -2, bg: -2, attributes: TextAttributes())
    /// Colour sequences made so far: numbers below 256 (foreground, then background) by index,
    /// direct colours by number.
    var paletteCodes = [ColorCode?](repeating: nil, count: 512)
    var directForegrounds: [Int: ColorCode] = [:], directBackgrounds: [Int: ColorCode] = [:]
    var attributeCodes: [UInt8: [UInt8]] = [:]
    /// Colours are palette numbers in the ANSI forms: the writer formats them itself.
    let ansiColors: Bool
    /// Scroll-region and scroll sequences by their parameters: a list scrolls by the same line
    /// again and again, and formatting them goes through terminfo's interpreter.
    var scrollCodes: [SIMD3<Int32>: [UInt8]] = [:]
    /// Per row, where its blank tail starts (computed when first needed in a frame), and whether
    /// the tail was cleared already.
    var blankTail: [Int] = []
    private var tailCleared: [Bool] = []
    /// Blanks reported one after another on a row, held back: a long run of them goes out as one
    /// erase (`eraseCharacters`, a list row's gap before its scroll bar), a short one as spaces.
    private var pendingBlanks: (x: Int, y: Int, count: Int, style: Style)?
    /// Picture cells of one row held back, so that those one pair of colours draws go out
    /// together (`PictureRun`).
    var pictures = PictureRun()
    /// The canvas the held cells come from: their row's other picture cells decide their colours too.
    var pictureCanvas: Canvas?
    /// The colours of the picture cells the terminal shows (`ShownHalves`): a picture cell
    /// reported again in the colours it shows is not sent.
    var shown = ShownHalves()
    /// Whether `shown` may be trusted: only where nothing but this writer draws on the cells
    /// (no pictures drawn over them by a graphics protocol).
    package var skipsShownPictureCells = true
    /// Whether the block characters take one column (a locale that draws East Asian ambiguous
    /// characters wide makes them two): only then are picture cells written as blocks here.
    let blocksAreNarrow: Bool
    /// Where rows of pictures made ahead are kept (`PictureRowCache`): the writer sends those
    /// bytes for a row the canvas notes a block drew whole.
    package var pictureRows: PictureRowCache?
    /// The row whose prepared rows are at hand, those rows (by column), the next one to meet,
    /// and the columns of the one just written (their cells are skipped as they are reported).
    var preparedY = -1, preparedPlaces: [DrawnBlockRow] = [], preparedNext = 0
    var preparedSkip = (y: -1, end: 0)
    /// Prepared rows written in all, for tests and measurements.
    package internal(set) var preparedRowsWritten = 0
    /// Cursor moves inside the row only, from where it starts (`PreparedRowBytes`): no column
    /// named, no carriage return.
    var relocatable = false
    /// Set when the screen was just cleared: blank cells need not be written.
    private var screenIsBlank = false
    var size = Size(width: 0, height: 0)
    /// Nearest palette entries of RGB colours met lately, as 0xRRGGBB << 8 | entry, by a hash of
    /// the colour: a photo's neighbouring pixels repeat colours, and matching one is the
    /// costliest step of a picture cell. (Every slot starts as black, which is entry 16.)
    private var nearestMemo = [UInt32](repeating: 16, count: 1024)
    /// Whether the terminal has these, kept as flags: asked for every cell written.
    let clearsToEndOfLine: Bool, erasesCharacters: Bool
    /// The last style resolved and what it came to: neighbouring cells mostly share a style,
    /// and a colour that is not a palette entry is matched against the palette.
    var resolved: (style: Style, pen: (fg: Int, bg: Int, attributes: TextAttributes))?

    /// `width` tells the C library's idea of a scalar's width (what the terminal will do);
    /// `charset`, the codeset to write in where the locale is not UTF-8.
    package init(capabilities: TerminalCapabilities, colors: ColorMapper, charset: LocaleCharset? = nil, width: @escaping (UInt32) -> Int) {
        caps = capabilities
        mapper = colors
        // Direct colours go out as `38;2;r;g;b` whatever terminfo says: where it describes them
        // at all (the `RGB` extension, xterm-direct), its `setaf` reads numbers below 8 as the
        // ANSI colours and has no bright ones, and a terminal announced by COLORTERM has only
        // 256-colour strings in its entry.
        ansiColors = capabilities.colorsAreANSI || colors.mode == .direct
        self.charset = charset
        self.width = width
        clearsToEndOfLine = capabilities.clearToEndOfLine != nil
        erasesCharacters = capabilities.eraseCharacters != nil
        blocksAreNarrow = [HalfBlockChoice.upper, HalfBlockChoice.lower, HalfBlockChoice.full].allSatisfy { width($0) == 1 }
    }

    /// Starts a frame of `size`; `cleared` when the screen was cleared just before it.
    package mutating func begin(size: Size, cleared: Bool) {
        bytes.removeAll(keepingCapacity: true)
        self.size = size
        screenIsBlank = cleared
        if cleared { cursor = nil; pen = (-2, -2, []) }
        if cleared || shown.size != size { shown.reset(size) }
        if blankTail.count != size.height {
            blankTail = Array(repeating: -1, count: size.height)
            tailCleared = Array(repeating: false, count: size.height)
        } else {
            for y in 0..<size.height { blankTail[y] = -1; tailCleared[y] = false }
        }
        pendingBlanks = nil
        pictures.removeAll()
        preparedY = -1
        preparedSkip = (-1, 0)
    }

    /// A one-column space (or an empty cell, which shows as one).
    private static func isSpace(_ c: CanvasCell) -> Bool { (c.text0 == 0 || c.text0 == 32) && c.isSingleScalar && c.width == 1 }

    /// A space in the terminal's own colours: what a cleared screen already shows.
    private mutating func isBlank(_ c: CanvasCell) -> Bool { Self.isSpace(c) && resolve(c.style) == (-1, -1, []) }

    /// Whether spaces in `style` can be cleared by the terminal: plain, or (with bce) only a background colour.
    private mutating func isClearable(_ style: Style) -> Bool {
        let (_, bg, attributes) = resolve(style)
        return attributes.isEmpty && (bg == -1 || caps.backColorErase)
    }

    /// Writes one changed cell of `canvas` at (x, y); returns the column the diff goes on from:
    /// past the row when a row of a picture went out as its prepared bytes, else the next one.
    @discardableResult
    package mutating func put(_ cell: CanvasCell, x: Int, y: Int, in canvas: Canvas) -> Int {
        putCell(cell, x: x, y: y, in: canvas)
        return y == preparedSkip.y && x < preparedSkip.end ? preparedSkip.end : x + 1
    }

    private mutating func putCell(_ cell: CanvasCell, x: Int, y: Int, in canvas: Canvas) {
        if !caps.bottomRightIsSafe && y == size.height - 1 && x + max(1, Int(cell.width)) >= size.width {
            // Writing the last cell scrolls such a terminal: a wide character that would reach
            // it leaves a space in its first column instead.
            if x < size.width - 1 { putCell(CanvasCell(scalar: 32, width: 1, style: cell.style), x: x, y: y, in: canvas) }
            return
        }
        if pictureRows != nil {
            if y == preparedSkip.y && x < preparedSkip.end { return }
            if putPreparedRow(at: x, y, in: canvas) { return }
        }
        if screenIsBlank && isBlank(cell) { return }
        if clearsToEndOfLine {
            if blankTail[y] < 0 { blankTail[y] = tailStart(of: y, in: canvas) }
            if x >= blankTail[y] {
                // A row ending in spaces of one colour: one clear for all of them, in that
                // background (terminals with bce) or the default one.
                if tailCleared[y] { return }
                tailCleared[y] = true
                let (_, bg, _) = resolve(cell.style)
                if screenIsBlank && bg == -1 { return }
                flushBlanks()
                flushPictures()
                move(to: blankTail[y], y)
                setPen(-1, bg, [])
                bytes += caps.clearToEndOfLine!
                shown.forget(blankTail[y]..<size.width, y: y)
                return
            }
        }
        if erasesCharacters, Self.isSpace(cell), isClearable(cell.style) {
            if let p = pendingBlanks, p.y == y, p.x + p.count == x, p.style == cell.style {
                pendingBlanks!.count += 1
            } else {
                flushBlanks()
                pendingBlanks = (x, y, 1, cell.style)
            }
            return
        }
        flushBlanks()
        if cell.text0 == 0x2580, cell.isSingleScalar, !blocksAreNarrow {
            // Blocks would take two columns (so would U+FFFD, ambiguous too): a space in the
            // picture's lower colour keeps the row in place and the picture recognisable.
            flushPictures()
            write(CanvasCell(scalar: 32, width: 1, style: Style(background: cell.style.background)), x: x, y: y)
            return
        }
        if let picture = pictureCell(cell, x: x) {
            if pictures.y != y { flushPictures() }
            pictures.append(picture, y: y)
            if pictureCanvas !== canvas { pictureCanvas = canvas }
            return
        }
        flushPictures()
        write(cell, x: x, y: y)
    }

    /// Sends what a row holds back (blanks, picture cells): the row is done.
    mutating func flushRow() {
        flushBlanks()
        flushPictures()
    }

    /// Sends the blanks held back: one erase for a run long enough to gain by it, else spaces.
    mutating func flushBlanks() {
        guard let p = pendingBlanks else { return }
        pendingBlanks = nil
        if p.count >= 8 {
            let (_, bg, _) = resolve(p.style)
            move(to: p.x, p.y)
            setPen(-1, bg, [])
            erase(p.count)
            shown.forget(p.x..<(p.x + p.count), y: p.y)
        } else {
            let blank = CanvasCell(scalar: 32, width: 1, style: p.style)
            for i in 0..<p.count { write(blank, x: p.x + i, y: p.y) }
        }
    }

    /// Writes one cell at (x, y).
    private mutating func write(_ cell: CanvasCell, x: Int, y: Int) {
        shown.forget(x..<(x + max(1, Int(cell.width))), y: y)
        move(to: x, y)
        let (fg, bg, attributes) = resolve(cell.style)
        let base = cell.text0 == 0 ? 32 : cell.text0
        setPen(fg, bg, attributes)
        let cellWidth = Int(cell.width)
        if base >= 0x20 && base < 0x7F && cell.isSingleScalar {
            appendUTF8(base) // the common case, with nothing to ask or allocate
        } else if let charset {
            // Not UTF-8: the base character in the locale's codeset, in the cell's columns;
            // marks and the rest of a sequence have nowhere to go.
            bytes += charset.encode(base, width: cellWidth)
        } else if cellWidth == 2, Self.isEmojiSequence(cell) {
            // An emoji sequence (joined by ZWJ, a flag's two letters, a skin tone, a keycap)
            // goes out whole, as the one grapheme it is, where the terminal draws it in two
            // columns; elsewhere what fits them. Terminals differ in how they draw one, so the
            // next cell is placed anew rather than after it.
            // A sequence of more than four scalars (a family, a flag of tags) is read whole;
            // the rest as three, with nothing allocated.
            let (m1, m2, m3) = cell.laterScalars
            let long = cell.hasLongTail ? cell.laterScalarValues : nil
            let isFlag = (0x1F1E6...0x1F1FF).contains(base)
            let joined = m1 == 0x200D || m2 == 0x200D || m3 == 0x200D || long?.contains(0x200D) == true
            let modified = [m1, m2, m3].contains(where: Self.isSkinTone) || long?.contains(where: Self.isSkinTone) == true
            if isFlag && sequenceWidths.flag != 2 {
                // The country code in letters: two columns, and still says which flag.
                appendUTF8(base - 0x1F1E6 + 0x41)
                appendUTF8(m1 >= 0x1F1E6 && m1 <= 0x1F1FF ? m1 - 0x1F1E6 + 0x41 : 32)
            } else if (joined && sequenceWidths.joined != 2) || (modified && sequenceWidths.modified != 2) {
                appendUTF8(base) // the first emoji
                if width(base) == 1 { bytes.append(32) }
            } else {
                appendUTF8(base)
                if let long {
                    for v in long { appendUTF8(v) }
                } else {
                    for v in [m1, m2, m3] where v != 0 { appendUTF8(v) }
                }
            }
            cursor = nil
            return
        } else if width(base) == cellWidth {
            appendUTF8(base)
            // One spacing character plus its combining marks is all a terminal cell holds; what
            // follows a ZWJ or a second flag letter is dropped rather than garbling the line.
            // (Read from the cell as they are: an array of them would be allocated per cell.)
            if cell.hasLongTail {
                for v in cell.laterScalarValues where width(v) == 0 && v != 0x200D { appendUTF8(v) }
            } else {
                let (m1, m2, m3) = cell.laterScalars
                for v in [m1, m2, m3] where v != 0 && width(v) == 0 && v != 0x200D { appendUTF8(v) }
            }
        } else {
            // The C library (and so the terminal) disagrees about the width: something whose
            // width both agree on, then spaces, so the rest of the row stays in place.
            appendUTF8(width(base) == 1 ? base : 0xFFFD)
            for _ in 1..<max(1, cellWidth) { bytes.append(32) }
        }
        if !(base >= 0x20 && base < 0x7F && cell.isSingleScalar) { columnIsSure = false }
        let next = x + max(1, cellWidth)
        cursor = next < size.width ? (next, y) : nil // past the last column the cursor is in limbo
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
    func pixel(_ c: Color) -> SIMD3<Int32>? {
        guard mapper.mode == .palette256, c.rawValue >> 24 == 3 else { return nil }
        let v = Int32(bitPattern: c.rawValue & 0xFF_FFFF)
        return SIMD3(v >> 16, (v >> 8) & 0xFF, v & 0xFF)
    }

    /// True for a grapheme that is an emoji sequence rather than a character and its marks:
    /// joined by ZWJ, a flag (two letters, or a black flag and tag letters), a skin tone, a
    /// keycap or the emoji variation selector.
    private static func isEmojiSequence(_ cell: CanvasCell) -> Bool {
        if (0x1F1E6...0x1F1FF).contains(cell.text0) { return true } // a regional indicator: a flag
        func marksSequence(_ v: UInt32) -> Bool {
            v == 0x200D || v == 0xFE0F || v == 0x20E3 || isSkinTone(v) || (0xE0020...0xE007F).contains(v)
        }
        if cell.hasLongTail { return cell.laterScalarValues.contains(where: marksSequence) }
        let (m1, m2, m3) = cell.laterScalars
        return marksSequence(m1) || marksSequence(m2) || marksSequence(m3)
    }

    /// An emoji modifier (a skin tone).
    private static func isSkinTone(_ v: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(v) }

    /// Ends the frame: attributes off, the cursor on `rest` when given. Returns the bytes.
    package mutating func finish(cursor rest: Point?) -> [UInt8] {
        flushBlanks()
        flushPictures()
        if pen.attributes != [] || pen.fg != -1 || pen.bg != -1 {
            bytes += caps.reset
            pen = caps.attributesResetColors ? (-1, -1, []) : (-2, -2, [])
        }
        if let rest, rest.x >= 0, rest.y >= 0, rest.x < size.width, rest.y < size.height { move(to: rest.x, rest.y) }
        return bytes
    }

    /// The first column from which row `y` is spaces of one clearable style to its end (the
    /// width when it is not).
    mutating func tailStart(of y: Int, in canvas: Canvas) -> Int {
        let cells = canvas.rowCells(y)
        let style = cells[size.width - 1].style
        guard isClearable(style) else { return size.width }
        var x = size.width
        while x > 0 && Self.isSpace(cells[x - 1]) && cells[x - 1].style == style { x -= 1 }
        // A short tail costs more to clear than to write.
        return size.width - x >= 4 ? x : size.width
    }

    /// Erases `count` characters from the cursor on; the cursor stays.
    private mutating func erase(_ count: Int) {
        guard caps.erasesAreANSI else { bytes += caps.eraseCharacters!(count); return }
        bytes.append(0x1B); bytes.append(UInt8(ascii: "["))
        appendDecimal(count)
        bytes.append(UInt8(ascii: "X"))
    }

    @inline(__always)
    func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4 }

    mutating func appendDecimal(_ n: Int) {
        // Colour numbers and positions have at most four digits: no recursion for them.
        guard n < 10_000 else {
            appendDecimal(n / 10)
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
            return
        }
        if n >= 1000 { bytes.append(UInt8(ascii: "0") + UInt8(n / 1000)) }
        if n >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(n / 100 % 10)) }
        if n >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(n / 10 % 10)) }
        bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80: bytes.append(UInt8(v))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | v >> 6)); bytes.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | v >> 12)); bytes.append(UInt8(0x80 | v >> 6 & 0x3F)); bytes.append(UInt8(0x80 | v & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | v >> 18)); bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F)); bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
