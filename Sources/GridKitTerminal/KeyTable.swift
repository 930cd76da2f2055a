import CNcurses
import GridKit

/// The key sequences a terminal's terminfo entry names (kcuu1, kf1, …), kept where the decoder's
/// own reading of CSI and SS3 would not give the same key: function keys past F4, keypad Enter
/// (`ESC O M`), rxvt's and the Linux console's forms. Looked up once, when the terminal opens.
struct KeyTable {
    struct Entry {
        var bytes: [UInt8]
        var key: Key
    }

    /// Whole CSI or SS3 sequences, looked up once the sequence is read.
    private(set) var exact: [Entry] = []
    /// Whether one of `exact` names a sequence the generic reading decodes to another key (only
    /// then are they looked up before it).
    private(set) var overridesGeneric = false
    /// Sequences of other shapes (`ESC [ [ A`, `ESC [ 2 3 $`), matched byte by byte before any reading.
    private(set) var prefixed: [Entry] = []

    /// The capabilities read, and their keys; the first of two with the same sequence wins.
    static let capabilities: [(name: String, key: Key)] =
        [
            ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
            ("kpp", .pageUp), ("knp", .pageDown), ("khome", .home), ("ka1", .home), ("kend", .end), ("kc1", .end),
            ("kent", .enter), ("kdch1", .delete), ("kcbt", .backTab)
        ] + (1...24).map { ("kf\($0)", .function($0)) }

    init() {}

    /// The keys for these sequences, in order (the first of two alike wins).
    init(_ sequences: [(bytes: [UInt8], key: Key)]) {
        for (bytes, key) in sequences { add(bytes, key) }
    }

    /// `capabilities` as `lookup` gives their strings (nil for one the terminal lacks).
    init(lookup: (String) -> [UInt8]?) {
        self.init(Self.capabilities.compactMap { name, key in lookup(name).map { ($0, key) } })
    }

    /// The keys of the terminal curses was set up for (`gk_string_cap`).
    static func fromTerminfo() -> KeyTable {
        KeyTable { name in
            guard let s = gk_string_cap(name) else { return nil }
            let c = UnsafeRawPointer(s).assumingMemoryBound(to: UInt8.self)
            var n = 0
            while c[n] != 0 { n += 1 }
            return Array(UnsafeBufferPointer(start: c, count: n))
        }
    }

    private mutating func add(_ sequence: [UInt8], _ key: Key) {
        // Only escape sequences: single bytes (kbs as ^H or ^?) are decoded as bytes. X10 mouse
        // reports start with ESC [ M.
        guard sequence.count >= 2, sequence[0] == 0x1B, !sequence.starts(with: [0x1B, 0x5B, 0x4D]) else { return }
        guard !exact.contains(where: { $0.bytes == sequence }), !prefixed.contains(where: { $0.bytes == sequence })
        else { return }
        guard let event = InputDecoder.reading(sequence) else {
            prefixed.append(Entry(bytes: sequence, key: key))
            return
        }
        if event == .key(key) { return }
        if case .key? = event { overridesGeneric = true }
        exact.append(Entry(bytes: sequence, key: key))
    }
}
