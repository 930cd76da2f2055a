import GridKit

/// The pen: the colours and attributes in effect, changed with as few bytes as the terminal
/// takes, and a cell's style resolved to them.
extension PenWriter {
    mutating func setPen(_ fg: Int, _ bg: Int, _ attributes: TextAttributes) {
        if attributes != pen.attributes || (fg == -1 && pen.fg != -1) || (bg == -1 && pen.bg != -1) {
            // Something must be turned off: start again from nothing.
            if attributes.isEmpty {
                bytes += caps.reset
            } else {
                if attributeCodes[attributes.rawValue] == nil {
                    attributeCodes[attributes.rawValue] = caps.attributes(attributes)
                }
                bytes += attributeCodes[attributes.rawValue]!
            }
            pen = caps.attributesResetColors ? (-1, -1, attributes) : (-2, -2, attributes)
            if pen.fg == -2 && (fg == -1 || bg == -1) { bytes += caps.defaultColors; pen.fg = -1; pen.bg = -1 }
        }
        if ansiColors {
            // One SGR sequence for what changed, its digits put in here.
            guard fg != pen.fg || bg != pen.bg else { return }
            if (fg == pen.fg || UInt(bitPattern: fg) < 256) && (bg == pen.bg || UInt(bitPattern: bg) < 256) {
                appendPaletteSGR(fg == pen.fg ? nil : fg, bg == pen.bg ? nil : bg)
                pen.fg = fg
                pen.bg = bg
                return
            }
            bytes.append(0x1B); bytes.append(0x5B)
            if fg != pen.fg { appendColorParameters(fg, background: false) }
            if fg != pen.fg && bg != pen.bg { bytes.append(0x3B) }
            if bg != pen.bg { appendColorParameters(bg, background: true) }
            bytes.append(0x6D)
            pen.fg = fg
            pen.bg = bg
            return
        }
        if fg != pen.fg && bg != pen.bg {
            let f = colorCode(fg, background: false), b = colorCode(bg, background: true)
            if let fp = f.parameters, let bp = b.parameters {
                // Both are SGR sequences (`ESC [ … m`) almost everywhere: one sequence with both
                // parameter lists is three bytes shorter, on every picture cell that changes both.
                bytes.append(0x1B); bytes.append(0x5B)
                bytes += fp
                bytes.append(0x3B)
                bytes += bp
                bytes.append(0x6D)
            } else {
                bytes += f.sequence
                bytes += b.sequence
            }
            pen.fg = fg
            pen.bg = bg
        }
        if fg != pen.fg {
            bytes += colorCode(fg, background: false).sequence
            pen.fg = fg
        }
        if bg != pen.bg {
            bytes += colorCode(bg, background: true).sequence
            pen.bg = bg
        }
    }

    /// The parameters selecting palette colour `n` the ANSI way: `3n`, `9n` or `38;5;n` (`4n`,
    /// `10n` or `48;5;n` for the background), as `TerminalCapabilities.ansi` formats them; or,
    /// for a direct colour (`ColorMapper.directFlag`), `38;2;r;g;b` (`48;2;r;g;b`). Semicolons,
    /// not ITU T.416's colons: every terminal with direct colour takes them (xterm, VTE, kitty,
    /// Konsole, Alacritty, WezTerm, foot, st, tmux), and some take nothing else.
    private mutating func appendColorParameters(_ n: Int, background: Bool) {
        if n >= 0 && n < 256 {
            let packed = Self.ansiPaletteParameters[n &+ (background ? 256 : 0)]
            for k in 0..<Self.packedCount(packed) { bytes.append(UInt8(truncatingIfNeeded: packed >> (8 * k))) }
            return
        }
        bytes.append(background ? 0x34 : 0x33)
        bytes.append(0x38); bytes.append(0x3B); bytes.append(0x32); bytes.append(0x3B)
        appendDecimal(n >> 16 & 0xFF)
        bytes.append(0x3B)
        appendDecimal(n >> 8 & 0xFF)
        bytes.append(0x3B)
        appendDecimal(n & 0xFF)
    }

    /// One SGR sequence setting palette colours `fg` and `bg` (nil: left as they are), the
    /// same bytes `appendColorParameters` makes, put together on the stack and appended at
    /// once: in 256 colours a picture written as text changes colours on nearly every cell, and
    /// byte-by-byte appends (each checking the buffer is unique and has room) and the digits
    /// worked out every time were most of what a cell cost.
    private mutating func appendPaletteSGR(_ fg: Int?, _ bg: Int?) {
        let f = fg.map { Self.ansiPaletteParameters[$0] } ?? 0
        let b = bg.map { Self.ansiPaletteParameters[$0 &+ 256] } ?? 0
        // At most ESC [ + 8 + ; + 8 + m = 20 bytes; the stores below write 8 bytes at a time.
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            raw[0] = 0x1B
            raw[1] = 0x5B
            var i = 2
            raw.storeBytes(of: f.littleEndian, toByteOffset: i, as: UInt64.self)
            i += Self.packedCount(f)
            if fg != nil && bg != nil { raw[i] = 0x3B; i += 1 }
            raw.storeBytes(of: b.littleEndian, toByteOffset: i, as: UInt64.self)
            i += Self.packedCount(b)
            raw[i] = 0x6D
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<(i + 1)]))
        }
    }

    /// How many bytes a packed parameter list holds (none of its bytes is zero).
    @inline(__always)
    private static func packedCount(_ packed: UInt64) -> Int { (64 - packed.leadingZeroBitCount + 7) / 8 }

    /// The parameters of `appendColorParameters` for palette colours: foregrounds 0-255, then
    /// backgrounds, each packed little-endian into a UInt64 (at most 8 bytes: `48;5;255`).
    private static let ansiPaletteParameters: [UInt64] = (0..<512).map { slot in
        let parameters = paletteParameters(slot & 255, background: slot >= 256)
        return parameters.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// The parameters selecting palette colour `n` (0-255) the ANSI way: `3n`, `9n` or `38;5;n`
    /// (`4n`, `10n` or `48;5;n` for the background).
    private static func paletteParameters(_ n: Int, background: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        if n < 8 {
            bytes.append(background ? 0x34 : 0x33)
            bytes.append(0x30 + UInt8(n))
        } else if n < 16 {
            if background { bytes.append(0x31); bytes.append(0x30) } else { bytes.append(0x39) }
            bytes.append(0x30 + UInt8(n - 8))
        } else {
            bytes.append(background ? 0x34 : 0x33)
            bytes.append(0x38); bytes.append(0x3B); bytes.append(0x35); bytes.append(0x3B)
            bytes += Array(String(n).utf8)
        }
        return bytes
    }

    /// The sequence setting colour `number`, formatted once: palette numbers (what pictures in
    /// 256 colours change on nearly every cell) are looked up by index, not hashed.
    private mutating func colorCode(_ number: Int, background: Bool) -> ColorCode {
        let slot = number &+ (background ? 256 : 0)
        if number >= 0 && number < 256, let known = paletteCodes[slot] { return known }
        if number >= 256, let known = (background ? directBackgrounds : directForegrounds)[number] { return known }
        let code = ColorCode(background ? caps.background(number) : caps.foreground(number))
        if number >= 0 && number < 256 {
            paletteCodes[slot] = code
        } else if background {
            directBackgrounds[number] = code
        } else {
            directForegrounds[number] = code
        }
        return code
    }

    mutating func resolve(_ style: Style) -> (fg: Int, bg: Int, attributes: TextAttributes) {
        if let r = resolved, r.style == style { return r.pen }
        let pen = mapper.resolve(style)
        resolved = (style, pen)
        return pen
    }
}

/// A colour's sequence, and its parameters alone when it is an SGR sequence (`ESC [ digits and
/// semicolons m`), so two can be joined into one.
struct ColorCode {
    let sequence: [UInt8]
    let parameters: [UInt8]?

    init(_ sequence: [UInt8]) {
        self.sequence = sequence
        let s = sequence
        if s.count > 3, s[0] == 0x1B, s[1] == 0x5B, s.last == 0x6D,
            !s.dropFirst(2).dropLast().contains(where: { $0 < 0x30 || $0 > 0x3F })
        {
            parameters = Array(s.dropFirst(2).dropLast())
        } else {
            parameters = nil
        }
    }
}
