/// A colour as a terminal understands it, from the most portable to the richest.
/// The terminal backend maps each one down to what the terminal can show.
///
/// Stored as one packed integer (kind in the top byte) so cells compare at memory speed;
/// `kind` gives it back as an enum to switch over (for the terminal backend, which maps it).
public struct Color: Hashable, Sendable {
    /// Kind in the top byte (0 default, 1 ANSI, 2 palette, 3 RGB), value below.
    package let rawValue: UInt32
    private init(kind: UInt32, value: UInt32) { rawValue = kind << 24 | (value & 0xFF_FFFF) }
    /// The colour these bits are (kind in the top byte, as `rawValue`).
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The terminal's own foreground or background.
    public static let `default` = Color(kind: 0, value: 0)
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    public static func ansi(_ index: UInt8) -> Color { Color(kind: 1, value: UInt32(index & 15)) }
    /// An entry of the xterm 256-colour palette.
    public static func palette(_ index: UInt8) -> Color { Color(kind: 2, value: UInt32(index)) }
    /// A 24-bit colour.
    public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color {
        Color(kind: 3, value: UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
    }

    /// The colour as an enum.
    package enum Kind: Hashable, Sendable {
        case `default`
        case ansi(UInt8)
        case palette(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    /// The colour as an enum, for switching over.
    package var kind: Kind {
        let v = rawValue & 0xFF_FFFF
        switch rawValue >> 24 {
        case 1: return .ansi(UInt8(v))
        case 2: return .palette(UInt8(v))
        case 3: return .rgb(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
        default: return .default
        }
    }

    /// True for the terminal's own colour.
    package var isDefault: Bool { rawValue == 0 }

    /// The eight ANSI colours and two bright ones, by name.
    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2)
    public static let yellow = Color.ansi(3), blue = Color.ansi(4), magenta = Color.ansi(5)
    public static let cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightWhite = Color.ansi(15)
}

/// Text attributes; raw values are shared with the curses shim.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The bits, one per attribute.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (or bright, on terminals that show it so).
    public static let bold = TextAttributes(rawValue: 1)
    /// Faint.
    public static let dim = TextAttributes(rawValue: 2)
    /// Italic, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 4)
    /// Underlined.
    public static let underline = TextAttributes(rawValue: 8)
    /// Foreground and background swapped: shows on every terminal, even monochrome.
    public static let reverse = TextAttributes(rawValue: 16)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: Color
    /// The cell colour.
    public var background: Color
    /// Bold, dim, underline…
    public var attributes: TextAttributes
    /// Defaults to the terminal's colours and no attributes.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground; self.background = background; self.attributes = attributes
    }
    /// The terminal's own colours, no attributes.
    public static let plain = Style()
    /// This style with more attributes.
    public func with(_ extra: TextAttributes) -> Style {
        var s = self; s.attributes.formUnion(extra); return s
    }
}

/// What the terminal can show; cells use it to choose between colour and shade characters.
public enum ColorMode: Int, Comparable, Sendable {
    case monochrome, ansi8, ansi16, palette256, direct
    /// Richer modes compare greater.
    public static func < (a: ColorMode, b: ColorMode) -> Bool { a.rawValue < b.rawValue }
}
