import CNcurses
import GridKit

/// Cursor-and-pen writing, the half of `FrameWriter` every byte goes through: cursor moves only
/// where the next cell is not where the last one left the cursor, colours and attributes only
/// when they change, text in the terminal's encoding, runs of blanks erased, a row's blank tail
/// cleared, and what the terminal shows of picture cells (`ShownHalves`) forgotten where text
/// goes. The half-block picture writer (`HalfBlockWriter`) writes through it.
package struct PenWriter {
    let caps: TerminalCapabilities
    let mapper: ColorMapper
    private let width: (UInt32) -> Int
    /// The locale's codeset when it is not UTF-8: every character goes through it.
    let charset: LocaleCharset?
    /// How wide the terminal draws emoji sequences (two columns each unless it said otherwise).
    package var sequenceWidths = EmojiSequenceWidths()
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
    var tailCleared: [Bool] = []
    /// Blanks reported one after another on a row, held back: a long run of them goes out as one
    /// erase (`eraseCharacters`, a list row's gap before its scroll bar), a short one as spaces.
    var pendingBlanks: (x: Int, y: Int, count: Int, style: Style)?
    /// The colours of the picture cells the terminal shows (`ShownHalves`): a picture cell
    /// reported again in the colours it shows is not sent. Text written anywhere forgets them.
    var shown = ShownHalves()
    /// Cursor moves inside the row only, from where it starts (`PreparedRowBytes`): no column
    /// named, no carriage return. A picture's block elements leave the column sure here: only
    /// rows of those the terminal draws narrow are made (`PreparedRowBytes.Profile`).
    var relocatable = false
    /// Set when a move had to name a position while `relocatable` (the column was not sure):
    /// bytes that cannot go anywhere else.
    var namedPosition = false
    /// Set when the screen was just cleared: blank cells need not be written.
    var screenIsBlank = false
    var size = Size(width: 0, height: 0)
    /// Whether the terminal has these, kept as flags: asked for every cell written.
    let clearsToEndOfLine: Bool, erasesCharacters: Bool
    /// The last style resolved and what it came to: neighbouring cells mostly share a style,
    /// and a colour that is not a palette entry is matched against the palette.
    var resolved: (style: Style, pen: (fg: Int, bg: Int, attributes: TextAttributes))?

    /// `width` tells the C library's idea of a scalar's width (what the terminal will do);
    /// `charset`, the codeset to write in where the locale is not UTF-8.
    init(
        capabilities: TerminalCapabilities, colors: ColorMapper, charset: LocaleCharset?,
        width: @escaping (UInt32) -> Int
    ) {
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
    }

    /// Starts a frame of `size`; `cleared` when the screen was cleared just before it.
    mutating func begin(size: Size, cleared: Bool) {
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
    }

    /// Whether the terminal draws `scalar` in one column (the C library's width).
    func isNarrow(_ scalar: UInt32) -> Bool { width(scalar) == 1 }

    /// A one-column space (or an empty cell, which shows as one).
    static func isSpace(_ c: CanvasCell) -> Bool { (c.text0 == 0 || c.text0 == 32) && c.isSingleScalar && c.width == 1 }

    /// A space in the terminal's own colours: what a cleared screen already shows.
    mutating func isBlank(_ c: CanvasCell) -> Bool { Self.isSpace(c) && resolve(c.style) == (-1, -1, []) }

    /// Whether spaces in `style` can be cleared by the terminal: plain, or (with bce) only a background colour.
    mutating func isClearable(_ style: Style) -> Bool {
        let (_, bg, attributes) = resolve(style)
        return attributes.isEmpty && (bg == -1 || caps.backColorErase)
    }

    /// Holds back a blank in `style` at (x, y): blanks one after another go out together
    /// (`flushBlanks`).
    mutating func holdBlank(_ style: Style, x: Int, y: Int) {
        if let p = pendingBlanks, p.y == y, p.x + p.count == x, p.style == style {
            pendingBlanks!.count += 1
        } else {
            flushBlanks()
            pendingBlanks = (x, y, 1, style)
        }
    }

    /// Clears row `y` from its blank tail on, in background `bg`.
    mutating func clearTail(of y: Int, background bg: Int) {
        move(to: blankTail[y], y)
        setPen(-1, bg, [])
        bytes += caps.clearToEndOfLine!
        shown.forget(blankTail[y]..<size.width, y: y)
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
    mutating func write(_ cell: CanvasCell, x: Int, y: Int) {
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
            let modified =
                [m1, m2, m3].contains(where: Self.isSkinTone) || long?.contains(where: Self.isSkinTone) == true
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
        if !(base >= 0x20 && base < 0x7F && cell.isSingleScalar)
            && !(relocatable && cell.isSingleScalar && PictureGlyphs.slot(of: base) != nil)
        {
            columnIsSure = false
        }
        let next = x + max(1, cellWidth)
        cursor = next < size.width ? (next, y) : nil // past the last column the cursor is in limbo
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

    /// Ends the frame (its rows' held cells sent): attributes off, the cursor on `rest` when
    /// given. Returns the bytes.
    mutating func finish(cursor rest: Point?) -> [UInt8] {
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
            bytes.append(UInt8(0xE0 | v >> 12)); bytes.append(UInt8(0x80 | v >> 6 & 0x3F));
            bytes.append(UInt8(0x80 | v & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | v >> 18)); bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F)); bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
