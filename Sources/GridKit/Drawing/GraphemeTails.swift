import Synchronization

/// The scalars after the first of the graphemes canvases hold, each kept once and known by a
/// number, so a `CanvasCell` carries a number instead of three scalars. Few graphemes have a
/// tail (a letter and its combining marks, a flag, an emoji sequence, a kitty placeholder's
/// row and column), and the same few come back frame after frame; the table only grows with
/// tails never seen before, and is shared by every canvas on every thread.
enum GraphemeTails {
    typealias Tail = (UInt32, UInt32, UInt32)

    private struct Table {
        var tails: [Tail] = [(0, 0, 0)]
        var numbers: [UInt64: UInt32] = [:]
        /// Three scalars of 21 bits in one key.
        static func key(_ t: Tail) -> UInt64 { UInt64(t.0) << 42 | UInt64(t.1) << 21 | UInt64(t.2) }
    }

    private static let table = Mutex(Table())

    /// The most numbers a cell can carry (27 bits); tails past it are dropped, the cell keeping
    /// its first scalar, rather than the table growing without end.
    static let capacity: UInt32 = 1 << 27

    /// The number of `tail` (0 for none, or when the table is full).
    static func number(of tail: Tail) -> UInt32 {
        let masked = (tail.0 & 0x1F_FFFF, tail.1 & 0x1F_FFFF, tail.2 & 0x1F_FFFF)
        guard masked.0 != 0 else { return 0 }
        return table.withLock { t in
            let key = Table.key(masked)
            if let n = t.numbers[key] { return n }
            guard t.tails.count < capacity else { return 0 }
            let n = UInt32(t.tails.count)
            t.tails.append(masked)
            t.numbers[key] = n
            return n
        }
    }

    /// The tail numbered `number`.
    static func tail(_ number: UInt32) -> Tail {
        table.withLock { t in Int(number) < t.tails.count ? t.tails[Int(number)] : (0, 0, 0) }
    }
}
