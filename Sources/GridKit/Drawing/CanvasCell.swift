/// One terminal cell of a `Canvas`. A plain value of sixteen bytes (no references), so frames
/// copy and compare at memory speed: the grapheme's first scalar is kept inline, and the rest of
/// a longer grapheme (marks, a flag's second letter or its tags, an emoji sequence of any
/// length) by number.
public struct CanvasCell: Equatable, Sendable {
    // Sixteen bytes, laid out in this order: the first scalar in the low 21 bits of `head`;
    // the style (nine bytes); the width; and which grapheme tail (the scalars after the first,
    // kept by `GraphemeTails`) the cell has, numbered by `head`'s top 11 bits above `tail`
    // (0: none). A scroll moves, draws and compares thousands of cells, and a cell that fits in
    // a quarter of a cache line halves what that work reads and writes. A picture cell keeps
    // its place in the picture in these bits instead (see `PictureCells`).
    @usableFromInline var head: UInt32
    /// How the grapheme is drawn.
    public var style: Style
    /// Columns the grapheme takes: 1, 2, or 0 for the right half of a wide character.
    public var width: UInt8
    @usableFromInline var tail: UInt16

    /// The bits of `head` that hold the first scalar (Unicode needs 21).
    @usableFromInline static let scalarBits: UInt32 = 0x1F_FFFF

    /// A cell for a grapheme given as text. Every scalar of it is kept (an emoji family of
    /// seven, a flag of tags), up to 32: past that it is no longer anything a terminal draws in
    /// a cell (see `GraphemeTails.longestTail`).
    package init(text: String, width: UInt8, style: Style) {
        var first: UInt32 = 0, later: (UInt32, UInt32, UInt32) = (0, 0, 0)
        // Only a grapheme of five scalars or more gathers them in an array: the rest, nearly
        // all, are numbered from the three in hand with nothing allocated.
        var long: [UInt32]?
        var i = 0
        scalars: for u in text.unicodeScalars {
            switch i {
            case 0: first = u.value
            case 1: later.0 = u.value
            case 2: later.1 = u.value
            case 3: later.2 = u.value
            case GraphemeTails.longestTail + 1: break scalars
            default:
                if long == nil { long = [later.0, later.1, later.2] }
                long!.append(u.value)
            }
            i += 1
        }
        self.init(scalar: first, width: width, style: style)
        if let long {
            setTail(GraphemeTails.number(ofScalars: long))
        } else if later.0 != 0 {
            setTail(GraphemeTails.number(of: later))
        }
    }

    /// A cell holding one scalar.
    package init(scalar: UInt32, width: UInt8, style: Style) {
        head = scalar; self.style = style; self.width = width; tail = 0
    }

    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String {
        var out = String.UnicodeScalarView()
        for v in scalarValues { if let u = Unicode.Scalar(v) { out.append(u) } }
        return String(out)
    }

    /// The first scalar of the grapheme (0 for none).
    @inlinable package var text0: UInt32 { head & Self.scalarBits }

    /// True when the grapheme is a single scalar (or none).
    @inlinable package var isSingleScalar: Bool { head <= Self.scalarBits && tail == 0 }

    /// True for an upper half block alone: a cell of a picture drawn in half blocks.
    @inlinable package var isHalfBlock: Bool { head == 0x2580 && tail == 0 }

    /// The number of the cell's grapheme tail in `GraphemeTails` (0: none).
    @inlinable var tailNumber: UInt32 { isPicture ? 0 : (head >> 21) << 16 | UInt32(tail) }

    private mutating func setTail(_ number: UInt32) {
        head = head & Self.scalarBits | (number >> 16) << 21
        tail = UInt16(truncatingIfNeeded: number)
    }

    /// True when the grapheme has more than four scalars: `laterScalars` holds only the first
    /// three after its first, `laterScalarValues` all of them. Read from the cell alone.
    @inlinable package var hasLongTail: Bool { head >> 31 != 0 && !isPicture }

    /// The scalars after the first: the first three of them, 0 past the last.
    package var laterScalars: (UInt32, UInt32, UInt32) {
        let n = tailNumber
        return n == 0 ? (0, 0, 0) : GraphemeTails.tail(n)
    }

    /// Every scalar after the first (an array: for a grapheme that may be long).
    package var laterScalarValues: [UInt32] {
        let n = tailNumber
        return n == 0 ? [] : GraphemeTails.scalars(n)
    }

    /// The grapheme's scalar values.
    package var scalarValues: [UInt32] {
        let first = text0
        if first == 0 { return [] }
        if hasLongTail { return [first] + laterScalarValues }
        let (a, b, c) = laterScalars
        return [first, a, b, c].prefix { $0 != 0 }.map { $0 }
    }

    /// A space in the plain style: what a new canvas holds.
    package static let blank = CanvasCell(scalar: 32, width: 1, style: .plain)

    /// Adds two combining marks after the base scalar (kitty placeholders: row and column).
    package mutating func setMarks(_ first: UInt32, _ second: UInt32) {
        setTail(GraphemeTails.number(of: (first, second, 0)))
    }

    /// The cell's sixteen bytes as two words, for comparing many cells with one (`CanvasCell.sameBits`).
    @inline(__always)
    var words: (UInt64, UInt64) {
        withUnsafeBytes(of: self) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// Field by field, cheapest and most often different first: a frame diff compares thousands.
    @inline(__always)
    public static func == (a: CanvasCell, b: CanvasCell) -> Bool {
        a.head == b.head && a.style.background == b.style.background && a.style.foreground == b.style.foreground
            && a.width == b.width && a.style.attributes == b.style.attributes && a.tail == b.tail
    }
}

// Reads of cells in place, as statics of `CanvasCell` rather than an extension of
// `UnsafeMutablePointer` (an extension of a standard type is listed in the public API even
// when all its members are `package`).
extension CanvasCell {
    /// The sixteen bytes of the cell at `p` as two words, read in place.
    @inlinable @inline(__always)
    package static func words(at p: UnsafePointer<CanvasCell>) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// Whether the cell at `p` is equal to the one whose `words` are given: two loads and two
    /// comparisons, where `==` on a cell read from memory loads and compares six fields. Every
    /// byte of a cell is a field's (a test checks the layout), so equal bytes are equal cells.
    /// Frame diffs and fills compare thousands of cells a frame, most of them equal.
    @inlinable @inline(__always)
    package static func cell(at p: UnsafePointer<CanvasCell>, holds words: (UInt64, UInt64)) -> Bool {
        Self.words(at: p) == words
    }

    /// Whether the cells at `a` and `b` are equal, as `cell(at:holds:)` compares them.
    @inlinable @inline(__always)
    package static func sameBits(_ a: UnsafePointer<CanvasCell>, _ b: UnsafePointer<CanvasCell>) -> Bool {
        cell(at: a, holds: words(at: b))
    }
}
