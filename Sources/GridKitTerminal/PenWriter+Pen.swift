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
        if n < 8 {
            bytes.append(background ? 0x34 : 0x33)
            bytes.append(0x30 + UInt8(n))
        } else if n < 16 {
            if background { bytes.append(0x31); bytes.append(0x30) } else { bytes.append(0x39) }
            bytes.append(0x30 + UInt8(n - 8))
        } else if n < 256 {
            bytes.append(background ? 0x34 : 0x33)
            bytes.append(0x38); bytes.append(0x3B); bytes.append(0x35); bytes.append(0x3B)
            appendDecimal(n)
        } else {
            bytes.append(background ? 0x34 : 0x33)
            bytes.append(0x38); bytes.append(0x3B); bytes.append(0x32); bytes.append(0x3B)
            appendDecimal(n >> 16 & 0xFF)
            bytes.append(0x3B)
            appendDecimal(n >> 8 & 0xFF)
            bytes.append(0x3B)
            appendDecimal(n & 0xFF)
        }
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
