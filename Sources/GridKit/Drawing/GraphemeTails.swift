import Synchronization

/// The scalars after the first of the graphemes canvases hold, each tail kept once and known by
/// a number, so a `CanvasCell` carries a number instead of the scalars. Few graphemes have a
/// tail (a letter and its combining marks, a flag, an emoji sequence, a kitty placeholder's
/// row and column), and the same few come back frame after frame; the table only grows with
/// tails never seen before, and is shared by every canvas on every thread.
///
/// A tail of up to three scalars (nearly all of them) is kept as three numbers. A longer one (a
/// family of four joined by ZWJs, a flag of tag letters such as Scotland's) is kept as an array
/// of its own, under a number with `longBit` set, so a cell can tell it has one without asking.
///
/// Equal tails always get the same number, so cells stay plain values that compare by their
/// bits, and a cell copied to another canvas or kept in the last frame still means what it
/// meant. That is also why numbers are never handed back: a cell overwritten just stops
/// carrying its number, and drawing the same grapheme again finds it. What the table can hold
/// is bounded instead (`capacity`, `longCapacity`, `longScalarBudget`): past that, a new
/// grapheme keeps its first four scalars, as every grapheme once did.
enum GraphemeTails {
    typealias Tail = (UInt32, UInt32, UInt32)

    /// The tails kept, and the bounds on them. One table serves every canvas (`shared`); tests
    /// make small ones to see what happens at the bounds.
    struct Table {
        var tails: [Tail] = [(0, 0, 0)]
        var numbers: [UInt64: UInt32] = [:]
        /// Long tails by number (without `longBit`), and the numbers by tail. The two share
        /// each array's storage.
        var long: [[UInt32]] = []
        var longNumbers: [[UInt32]: UInt32] = [:]
        /// Scalars held by the long tails, for `longScalarBudget`.
        var longScalars = 0
        /// The most short tails, long tails, and scalars among the long ones.
        var capacity = GraphemeTails.capacity
        var longCapacity = GraphemeTails.longCapacity
        var longScalarBudget = GraphemeTails.longScalarBudget

        /// Three scalars of 21 bits in one key.
        static func key(_ t: Tail) -> UInt64 { UInt64(t.0) << 42 | UInt64(t.1) << 21 | UInt64(t.2) }

        /// See `GraphemeTails.number(of:)`.
        mutating func number(of tail: Tail) -> UInt32 {
            let masked = (tail.0 & 0x1F_FFFF, tail.1 & 0x1F_FFFF, tail.2 & 0x1F_FFFF)
            guard masked.0 != 0 else { return 0 }
            let key = Table.key(masked)
            if let n = numbers[key] { return n }
            guard tails.count < capacity else { return 0 }
            let n = UInt32(tails.count)
            tails.append(masked)
            numbers[key] = n
            return n
        }

        /// See `GraphemeTails.number(ofScalars:)`.
        mutating func number(ofScalars tail: [UInt32]) -> UInt32 {
            guard tail.count > 3 else {
                return number(of: (tail.first ?? 0, tail.count > 1 ? tail[1] : 0, tail.count > 2 ? tail[2] : 0))
            }
            let kept = tail.count > longestTail ? Array(tail.prefix(longestTail)) : tail
            if let n = longNumbers[kept] { return n }
            guard long.count < longCapacity, longScalars + kept.count <= longScalarBudget else {
                return number(of: (tail[0], tail[1], tail[2]))
            }
            let n = longBit | UInt32(long.count)
            long.append(kept)
            longNumbers[kept] = n
            longScalars += kept.count
            return n
        }

        /// See `GraphemeTails.tail(_:)`.
        func tail(_ number: UInt32) -> Tail {
            if number & longBit != 0 {
                let i = Int(number & ~longBit)
                guard i < long.count else { return (0, 0, 0) }
                let s = long[i]
                return (s[0], s[1], s[2])
            }
            return Int(number) < tails.count ? tails[Int(number)] : (0, 0, 0)
        }

        /// See `GraphemeTails.scalars(_:)`.
        func scalars(_ number: UInt32) -> [UInt32] {
            if number & longBit != 0 {
                let i = Int(number & ~longBit)
                return i < long.count ? long[i] : []
            }
            let (a, b, c) = tail(number)
            return [a, b, c].prefix { $0 != 0 }.map { $0 }
        }
    }

    private static let shared = Mutex(Table())

    /// The most short tails (a number below `longBit`); new ones past it are dropped, the cell
    /// keeping its first scalar, rather than the table growing without end.
    static let capacity: UInt32 = 1 << 26

    /// Set in the number of a long tail. A cell carries 27 bits of number (see `CanvasCell`),
    /// so this is the top one: `CanvasCell.hasLongTail` reads it from the cell's `head`.
    static let longBit: UInt32 = 1 << 26

    /// The most scalars kept after a grapheme's first: the rest are dropped. The longest emoji
    /// sequences have ten scalars and flags of tags seven; Unicode's stream-safe text format
    /// (UAX #15) allows 30 combining marks in a row. Nothing a terminal can draw in one or two
    /// columns needs more, and a pasted "grapheme" of a million marks must not cost a million.
    static let longestTail = 31

    /// The most long tails, and scalars among them (about 4 MB with the arrays and keys): bounds
    /// on what hostile text (endless distinct sequences) can make the table keep.
    static let longCapacity = 1 << 16
    static let longScalarBudget = 1 << 20

    /// The number of `tail` (0 for none, or when the table is full).
    static func number(of tail: Tail) -> UInt32 { shared.withLock { $0.number(of: tail) } }

    /// The number of a tail of any length: `number(of:)` for three scalars or fewer, else a
    /// long tail's (of its first `longestTail` scalars). When no more long tails fit, the
    /// number of its first three.
    static func number(ofScalars tail: [UInt32]) -> UInt32 { shared.withLock { $0.number(ofScalars: tail) } }

    /// The tail numbered `number`; for a long one, its first three scalars.
    static func tail(_ number: UInt32) -> Tail { shared.withLock { $0.tail(number) } }

    /// Every scalar of the tail numbered `number`.
    static func scalars(_ number: UInt32) -> [UInt32] { shared.withLock { $0.scalars(number) } }

    /// How many long tails are kept (for tests: drawing one again must not add one).
    static var longCount: Int { shared.withLock { $0.long.count } }
}
