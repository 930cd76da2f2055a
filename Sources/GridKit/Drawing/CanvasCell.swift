/// One terminal cell of a `Canvas`. A plain value (no references), so frames copy and
/// compare at memory speed: the grapheme is kept as up to four scalars inline.
public struct CanvasCell: Equatable, Sendable {
    // Scalars of the grapheme; 0 marks the end. Longer graphemes (some ZWJ sequences) keep
    // their first four, which is more than a curses cell can show anyway.
    @usableFromInline var s0: UInt32, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
    /// Columns the grapheme takes: 1, 2, or 0 for the right half of a wide character.
    public var width: UInt8
    /// How the grapheme is drawn.
    public var style: Style

    /// A cell for a grapheme given as text (its first four scalars are kept).
    public init(text: String, width: UInt8, style: Style) {
        s0 = 0
        var i = 0
        for u in text.unicodeScalars {
            switch i {
            case 0: s0 = u.value
            case 1: s1 = u.value
            case 2: s2 = u.value
            case 3: s3 = u.value
            default: break
            }
            i += 1
        }
        self.width = width
        self.style = style
    }

    /// A cell holding one scalar.
    package init(scalar: UInt32, width: UInt8, style: Style) {
        s0 = scalar; self.width = width; self.style = style
    }

    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String {
        var out = String.UnicodeScalarView()
        for v in scalarValues { if let u = Unicode.Scalar(v) { out.append(u) } }
        return String(out)
    }

    /// The first scalar of the grapheme (0 for none).
    @inlinable package var text0: UInt32 { s0 }

    /// True when the grapheme is a single scalar (or none).
    @inlinable package var isSingleScalar: Bool { s1 == 0 }

    /// True for an upper half block alone: a cell of a picture drawn in half blocks.
    @inlinable package var isHalfBlock: Bool { s0 == 0x2580 && s1 == 0 }

    /// The scalars after the first: up to three, 0 past the last.
    @inlinable package var laterScalars: (UInt32, UInt32, UInt32) { (s1, s2, s3) }

    /// The grapheme's scalar values.
    package var scalarValues: [UInt32] {
        if s0 == 0 { return [] }
        if s1 == 0 { return [s0] }
        return [s0, s1, s2, s3].prefix { $0 != 0 }.map { $0 }
    }

    /// A space in the plain style: what a new canvas holds.
    public static let blank = CanvasCell(scalar: 32, width: 1, style: .plain)

    /// Adds two combining marks after the base scalar (kitty placeholders: row and column).
    package mutating func setMarks(_ first: UInt32, _ second: UInt32) { s1 = first; s2 = second }

    /// Field by field, cheapest and most often different first: a frame diff compares thousands.
    @inline(__always)
    public static func == (a: CanvasCell, b: CanvasCell) -> Bool {
        a.s0 == b.s0 && a.style.background == b.style.background && a.style.foreground == b.style.foreground
            && a.width == b.width && a.style.attributes == b.style.attributes && a.s1 == b.s1 && a.s2 == b.s2 && a.s3 == b.s3
    }
}
