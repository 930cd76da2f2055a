/// A colour as a terminal understands it, from the most portable to the richest.
/// The terminal backend maps each one down to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// An entry of the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2)
    public static let yellow = Color.ansi(3), blue = Color.ansi(4), magenta = Color.ansi(5)
    public static let cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightWhite = Color.ansi(15)
}

/// Text attributes; raw values are shared with the curses shim.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextAttributes(rawValue: 1)
    public static let dim = TextAttributes(rawValue: 2)
    public static let italic = TextAttributes(rawValue: 4)
    public static let underline = TextAttributes(rawValue: 8)
    public static let reverse = TextAttributes(rawValue: 16)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground; self.background = background; self.attributes = attributes
    }
    public static let plain = Style()
    public func with(_ extra: TextAttributes) -> Style {
        var s = self; s.attributes.formUnion(extra); return s
    }
}

/// What the terminal can show; cells use it to choose between colour and shade characters.
public enum ColorMode: Int, Comparable, Sendable {
    case monochrome, ansi8, ansi16, palette256, direct
    public static func < (a: ColorMode, b: ColorMode) -> Bool { a.rawValue < b.rawValue }
}
