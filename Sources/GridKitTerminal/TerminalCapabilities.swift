import CNcurses
import GridKit

/// The escape sequences a terminal takes for what `FrameWriter` does, read from terminfo (or
/// given, in tests). Parameterized ones are kept as functions so each is formatted once per
/// value and cached by the writer.
package struct TerminalCapabilities: Sendable {
    /// Cursor to (row, column), 0-based.
    package var moveTo: @Sendable (_ row: Int, _ column: Int) -> [UInt8] { didSet { movesAreANSI = false } }
    /// Cursor to a column on the same row (shorter), when the terminal has it.
    package var moveToColumn: (@Sendable (_ column: Int) -> [UInt8])? {
        didSet { if moveToColumn != nil { movesAreANSI = false } }
    }
    /// True until `moveTo` or `moveToColumn` is given another form than the ANSI one: the writer
    /// then puts their digits in itself, as formatting a string for every cursor move costs more
    /// than the rest of a small frame.
    package private(set) var movesAreANSI = true
    /// All attributes and colours off.
    package var reset: [UInt8]
    /// Exactly these attributes on (and colours reset): after it, colours are set again.
    package var attributes: @Sendable (TextAttributes) -> [UInt8]
    /// Foreground and background colour numbers (as `ColorMapper` gives them).
    package var foreground: @Sendable (Int) -> [UInt8] { didSet { colorsAreANSI = false } }
    package var background: @Sendable (Int) -> [UInt8] { didSet { colorsAreANSI = false } }
    /// True until `foreground` or `background` is given another form than the ANSI one
    /// (`3n`/`9n`/`38;5;n` and `4n`/`10n`/`48;5;n` for the 256 palette numbers): the writer
    /// then puts their digits in itself, as a picture changes colour on nearly every cell.
    package private(set) var colorsAreANSI = true
    /// Both colours back to the terminal's defaults.
    package var defaultColors: [UInt8]
    /// Whether `attributes` and `reset` also reset the colours (SGR 0 does); when not known,
    /// the writer sets them again after every attribute change.
    package var attributesResetColors: Bool
    /// Clears from the cursor to the end of the line, when the terminal has it.
    package var clearToEndOfLine: [UInt8]?
    /// Erases n characters from the cursor on (in the background colour with bce), leaving the
    /// cursor where it is, when the terminal has it (ech).
    package var eraseCharacters: (@Sendable (_ count: Int) -> [UInt8])? {
        didSet { if eraseCharacters != nil { erasesAreANSI = false } }
    }
    /// True until `eraseCharacters` is given another form than the ANSI one, which the writer
    /// puts in itself.
    package private(set) var erasesAreANSI = true
    /// Whether clearing fills with the current background colour (bce), so a coloured row's
    /// blank tail can be cleared rather than written.
    package var backColorErase: Bool
    /// Sets the scroll region to rows top...bottom (0-based, inclusive); the cursor goes home.
    package var scrollRegion: (@Sendable (_ top: Int, _ bottom: Int) -> [UInt8])?
    /// Scrolls the region up (content moves up) by n lines, the cursor on its bottom row.
    package var scrollUp: (@Sendable (_ lines: Int) -> [UInt8])?
    /// Scrolls the region down by n lines, the cursor on its top row.
    package var scrollDown: (@Sendable (_ lines: Int) -> [UInt8])?
    /// Whether writing the bottom-right cell is safe: false on terminals with automatic margins
    /// and no "newline glitch", which scroll the whole screen when it is written.
    package var bottomRightIsSafe: Bool
    /// Deletes n characters at the cursor, the rest of the line moving left and blanks coming in
    /// at its end (dch); the cursor stays. With `insertCharacters`, how a row of tiles that
    /// scrolled sideways is moved on the screen rather than sent again.
    package var deleteCharacters: (@Sendable (_ count: Int) -> [UInt8])? = nil
    /// Inserts n blanks at the cursor, the rest of the line moving right and its end dropping
    /// off (ich); the cursor stays.
    package var insertCharacters: (@Sendable (_ count: Int) -> [UInt8])? = nil

    /// What xterm and its descendants (VTE, kitty, tmux, …) take: for tests and as a model.
    package static let ansi = TerminalCapabilities(
        moveTo: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) },
        moveToColumn: { Array("\u{1B}[\($0 + 1)G".utf8) },
        reset: Array("\u{1B}[m".utf8),
        attributes: { a in
            var s = "\u{1B}[0"
            if a.contains(.bold) { s += ";1" }
            if a.contains(.dim) { s += ";2" }
            if a.contains(.italic) { s += ";3" }
            if a.contains(.underline) { s += ";4" }
            if a.contains(.reverse) { s += ";7" }
            return Array((s + "m").utf8)
        },
        foreground: { Array(($0 < 8 ? "\u{1B}[3\($0)m" : $0 < 16 ? "\u{1B}[9\($0 - 8)m" : "\u{1B}[38;5;\($0)m").utf8) },
        background: {
            Array(($0 < 8 ? "\u{1B}[4\($0)m" : $0 < 16 ? "\u{1B}[10\($0 - 8)m" : "\u{1B}[48;5;\($0)m").utf8)
        },
        defaultColors: Array("\u{1B}[39;49m".utf8),
        attributesResetColors: true,
        clearToEndOfLine: Array("\u{1B}[K".utf8),
        eraseCharacters: { Array("\u{1B}[\($0)X".utf8) },
        backColorErase: true,
        scrollRegion: { Array("\u{1B}[\($0 + 1);\($1 + 1)r".utf8) },
        scrollUp: { Array("\u{1B}[\($0)S".utf8) },
        scrollDown: { Array("\u{1B}[\($0)T".utf8) },
        bottomRightIsSafe: true,
        deleteCharacters: { Array("\u{1B}[\($0)P".utf8) },
        insertCharacters: { Array("\u{1B}[\($0)@".utf8) })

    /// The current terminal's, from terminfo (curses must be set up).
    @MainActor
    package static func fromTerminfo() -> TerminalCapabilities {
        func string(_ name: String) -> [UInt8]? {
            gk_string_cap(name).map { withoutPadding(Array(String(cString: $0).utf8)) }
        }
        func template(_ name: String) -> String? { gk_string_cap(name).map { String(cString: $0) } }
        @Sendable func apply(_ cap: String, _ p: [Int]) -> [UInt8] {
            let a = p + Array(repeating: 0, count: 9 - p.count)
            guard let out = cap.withCString({ gk_tparm($0, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]) })
            else { return [] }
            return withoutPadding(Array(String(cString: out).utf8))
        }
        var caps = ansi
        // The usual forms are formatted here: tparm interprets its little language on every move.
        if let cup = template("cup"), cup != "\u{1B}[%i%p1%d;%p2%dH" { caps.moveTo = { apply(cup, [$0, $1]) } }
        if let hpa = template("hpa") {
            if hpa != "\u{1B}[%i%p1%dG" { caps.moveToColumn = { apply(hpa, [$0]) } }
        } else {
            caps.moveToColumn = nil
        }
        caps.reset = string("sgr0").map(Self.withoutCharsetChoice) ?? caps.reset
        let sgr = template("sgr"), sitm = string("sitm") ?? [], bold = string("bold") ?? [], dim = string("dim") ?? [],
            smul = string("smul") ?? [], rev = string("rev") ?? [], reset = caps.reset
        caps.attributes = { a in
            // sgr sets them all in one sequence (standout, underline, reverse, blink, dim, bold…);
            // without it, reset and turn each on. Italic is not among sgr's.
            var out: [UInt8]
            if let sgr {
                out = Self.withoutCharsetChoice(
                    apply(
                        sgr,
                        [
                            0, a.contains(.underline) ? 1 : 0, a.contains(.reverse) ? 1 : 0, 0,
                            a.contains(.dim) ? 1 : 0, a.contains(.bold) ? 1 : 0
                        ]))
            } else {
                out = reset
                if a.contains(.bold) { out += bold }
                if a.contains(.dim) { out += dim }
                if a.contains(.underline) { out += smul }
                if a.contains(.reverse) { out += rev }
            }
            if a.contains(.italic) { out += sitm }
            return out
        }
        // xterm's 256-colour forms (xterm-256color, tmux-256color, screen-256color, kitty):
        // what `ansi` writes already.
        let ansiForeground = "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
        let ansiBackground = "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m"
        // Colours past terminfo's count (a mode forced with GRIDKIT_COLORS, or told by the
        // terminal) in the ANSI forms: an 8-colour entry's "\E[3%p1%dm" makes 229 "\E[3229m",
        // which terminals drop, and the pictures lost every colour.
        let counted = Int(gk_number_cap("colors")), ansi = Self.ansi
        if let setaf = template("setaf"), setaf != ansiForeground {
            caps.foreground = { $0 < counted ? apply(setaf, [$0]) : ansi.foreground($0) }
        }
        if let setab = template("setab"), setab != ansiBackground {
            caps.background = { $0 < counted ? apply(setab, [$0]) : ansi.background($0) }
        }
        caps.defaultColors = string("op") ?? caps.reset
        // SGR 0 (in sgr, or sgr0's "\E[m") resets colours with the attributes.
        let resets = { (s: String) in s.contains("[0") || s.contains("[m") }
        caps.attributesResetColors = sgr.map(resets) ?? resets(String(decoding: caps.reset, as: UTF8.self))
        caps.clearToEndOfLine = string("el")
        if let ech = template("ech") {
            if ech != "\u{1B}[%p1%dX" { caps.eraseCharacters = { apply(ech, [$0]) } }
        } else {
            caps.eraseCharacters = nil
        }
        caps.backColorErase = gk_flag_cap("bce") != 0
        // Scrolling by region needs csr and a way to scroll n lines either way (the parameterized
        // form, or the one-line form repeated).
        let csr = template("csr"), indn = template("indn"), ind = string("ind"), rin = template("rin"),
            ri = string("ri")
        if let csr, indn != nil || ind != nil, rin != nil || ri != nil {
            caps.scrollRegion = { apply(csr, [$0, $1]) }
            caps.scrollUp = { n in indn.map { apply($0, [n]) } ?? Array([[UInt8]](repeating: ind!, count: n).joined()) }
            caps.scrollDown = { n in rin.map { apply($0, [n]) } ?? Array([[UInt8]](repeating: ri!, count: n).joined()) }
        } else {
            caps.scrollRegion = nil
        }
        caps.bottomRightIsSafe = gk_flag_cap("am") == 0 || gk_flag_cap("xenl") != 0
        // Only the parameterized forms: a terminal with insert mode alone (smir) is left to
        // have its rows sent again.
        if let dch = template("dch") {
            caps.deleteCharacters = { apply(dch, [$0]) }
        } else {
            caps.deleteCharacters = nil
        }
        if let ich = template("ich") {
            caps.insertCharacters = { apply(ich, [$0]) }
        } else {
            caps.insertCharacters = nil
        }
        return caps
    }

    /// `body`'s result with `term`'s terminfo entry loaded as the current one, without a screen
    /// (nil when terminfo has no such entry): what `fromTerminfo()` reads for a given terminal.
    @MainActor
    package static func withTerminfo<T>(of term: String, _ body: () -> T) -> T? {
        guard gk_load_terminfo(term) == 1 else { return nil }
        defer { gk_unload_terminfo() }
        return body()
    }

    /// `sgr0` or `sgr`'s output without choosing the ASCII character set again (`ESC ( B` in
    /// xterm's and kitty's, a shift-in in tmux's, screen's and VTE's): that undoes line drawing
    /// by character set, which GridKit never turns on (its lines are UTF-8), and curses sends
    /// the whole `sgr0` when it sets the screen up. A reset or an attribute change is then 3
    /// bytes (one, in tmux) shorter, in every frame. A sequence that would be left empty is
    /// kept as it is.
    static func withoutCharsetChoice(_ sequence: [UInt8]) -> [UInt8] {
        var rest = sequence
        while let i = rest.firstRange(of: [0x1B, UInt8(ascii: "("), UInt8(ascii: "B")]) { rest.removeSubrange(i) }
        rest.removeAll { $0 == 0x0F }
        return rest.isEmpty ? sequence : rest
    }

    /// A capability without its padding (`$<5>`, `$<2/>`): delays for hardware terminals, which
    /// curses' tputs would turn into waits and which a terminal shows as text when written.
    static func withoutPadding(_ s: [UInt8]) -> [UInt8] {
        guard s.contains(UInt8(ascii: "$")) else { return s }
        var out: [UInt8] = [], i = 0
        while i < s.count {
            if s[i] == UInt8(ascii: "$"), i + 1 < s.count, s[i + 1] == UInt8(ascii: "<"),
                let close = s[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
                s[(i + 2)..<close].allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 42 || $0 == 47 })
            {
                i = close + 1
                continue
            }
            out.append(s[i])
            i += 1
        }
        return out
    }
}
