import CNcurses
import GridKit

/// Turns the bytes a terminal sends into terminal-independent `InputEvent`s. The shim only reads
/// them (`gk_read_input`); everything they mean is decided here:
///
/// - keys: the sequences the terminal's terminfo entry names (`KeyTable`), and the ANSI and xterm
///   forms, CSI (`ESC [`) and SS3 (`ESC O`), modifiers dropped (Ctrl+Right is Right);
/// - characters, decoded from UTF-8 (a stray or cut byte is U+FFFD, not lost in); control bytes
///   as Enter, Backspace, Tab, Ctrl+letter;
/// - Alt: ESC and a character is Alt+that character; ESC before a key sequence is that key;
/// - xterm mouse reports, SGR (`CSI < b ; x ; y M/m`) and X10 (`CSI M cb cx cy`): presses (a second
///   press at the same cell soon after is a double click), releases, the wheel;
/// - what is no input is swallowed whole: APC, DCS and OSC strings and CSI sequences it does not
///   know (a terminal's late answers to the queries made at start-up), so that `ESC [ 9 9 ~`
///   never reads as Esc followed by typing.
///
/// - bracketed paste: what comes between `ESC [ 200 ~` and `ESC [ 201 ~` is one `.paste`, read
///   in one pass however many reads it takes, never decoded as keys; past `maxPaste` bytes the
///   rest is dropped (a text field keeps far less).
///
/// Bytes stay between reads, so a sequence split across reads decodes whole. One still unfinished
/// at the end of what was read (an ESC alone, `ESC [ 1 ;`, half a character) waits for the rest
/// `escapeDelay` from when it was first seen; after that it is taken as it is: an ESC alone is
/// the Esc key, a sequence cut short is dropped.
struct InputDecoder {
    /// How long the rest of a sequence may take to arrive after its first bytes (curses' ESCDELAY).
    static let escapeDelay: UInt64 = 25_000_000
    static let doubleClickNanoseconds: UInt64 = 400_000_000
    /// CSI parameter bytes past this many are garbage: dropped there, and what follows is read
    /// afresh. Replies run long (xterm as a VT420 answers DA1 with 32 parameter bytes).
    static let maxSequenceLength = 256
    /// An APC, DCS or OSC string longer than this is no reply: dropped up to there.
    static let maxStringLength = 4096
    /// What one read may bring at most. Between reads only an unfinished sequence stays, at most
    /// a string long, so there is always this much room.
    static let readSize = 4096
    /// The most bytes of one paste kept: well past what any text field holds, so the field can
    /// say it was cut; the rest is read and dropped.
    static let maxPaste = 1 << 20

    /// The terminal's key sequences that the CSI and SS3 reading alone would not give.
    let keys: KeyTable
    private var bytes: [UInt8]
    /// What is read and not yet decoded: `bytes[head..<tail]`.
    private var head = 0, tail = 0
    /// When the unfinished sequence at `head` was first seen, and where what had been read then
    /// ended: once the delay is over, all of that is taken as it is.
    private var pendingSince: UInt64?
    private var pendingEnd = 0
    private var lastPress: (position: Point, time: UInt64)?
    /// Inside a bracketed paste: the bytes pasted so far.
    private var paste: [UInt8]?

    /// The locale's codeset when it is not UTF-8: a typed `é` is then one byte of it.
    private let charset: LocaleCharset?

    init(keys: KeyTable = KeyTable(), charset: LocaleCharset? = nil) {
        self.keys = keys
        self.charset = charset
        bytes = [UInt8](repeating: 0, count: Self.maxStringLength + Self.readSize + 64)
    }

    /// When what is left unfinished will be taken as it is; nil when nothing waits. Past it,
    /// `next(now:)` decodes it.
    var deadline: UInt64? { pendingSince.map { $0 + Self.escapeDelay } }

    /// Bytes read and not yet decoded.
    var pendingByteCount: Int { tail - head }

    // MARK: Reading

    /// Reads what is waiting on `fd` in one `read` (`gk_read_input`: at once for a timeout below
    /// -1, else after waiting that long for input). Returns the bytes read, 0, or -1 at end of input.
    mutating func read(from fd: Int32, timeoutMilliseconds: Int32 = -2) -> Int {
        makeRoom(Self.readSize)
        let start = tail
        let n = bytes.withUnsafeMutableBufferPointer { b in
            Int(gk_read_input(fd, b.baseAddress! + start, b.count - start, timeoutMilliseconds))
        }
        if n > 0 { tail += n }
        return n
    }

    /// Adds bytes as if read (tests).
    mutating func feed(_ input: some Collection<UInt8>) {
        makeRoom(input.count)
        for b in input { bytes[tail] = b; tail += 1 }
    }

    private mutating func makeRoom(_ count: Int) {
        if head == tail { head = 0; tail = 0 }
        if bytes.count - tail >= count { return }
        if head > 0 {
            for k in head..<tail { bytes[k - head] = bytes[k] }
            tail -= head
            pendingEnd = max(0, pendingEnd - head)
            head = 0
        }
        if bytes.count - tail < count { bytes += repeatElement(0, count: count - (bytes.count - tail)) }
    }

    // MARK: Decoding

    /// How `sequence` reads on its own, with no key table: nil when it is not one whole CSI or
    /// SS3 sequence; otherwise what it means (which may be nothing).
    static func reading(_ sequence: [UInt8]) -> InputEvent?? {
        guard sequence.count >= 3, sequence[0] == 0x1B, sequence[1] == 0x5B || sequence[1] == 0x4F else { return nil }
        var decoder = InputDecoder()
        decoder.feed(sequence)
        guard let step = decoder.sequence(at: 0, final: false, now: 0), step.length == sequence.count else {
            return nil
        }
        return .some(step.event)
    }

    /// The next event in what was read, or nil when nothing more is complete. `now` is monotonic
    /// nanoseconds: it counts double clicks and tells when an unfinished sequence has waited long enough.
    mutating func next(now: UInt64) -> InputEvent? {
        while head < tail {
            if paste != nil {
                if let pasted = continuePaste() { return pasted }
                if paste != nil { return nil }
                continue
            }
            var step = decode(at: head, final: false, now: now)
            var waited = false
            if step.length == 0 {
                // Unfinished at the end of what was read: the rest may be on its way.
                guard let since = pendingSince else {
                    pendingSince = now
                    pendingEnd = tail
                    return nil
                }
                guard now >= since + Self.escapeDelay else { return nil }
                step = decode(at: head, final: true, now: now)
                waited = true
            }
            assert(step.length > 0)
            head += max(step.length, 1)
            // Bytes read after the wait began wait on their own.
            if !waited || head >= pendingEnd { pendingSince = nil }
            if let event = step.event { return event }
        }
        return nil
    }

    /// What starts at `i`: its length in bytes (0 when it is unfinished at the end of what was
    /// read, never when `final`) and what it means (nil: nothing we report).
    private struct Step {
        var length: Int
        var event: InputEvent?
        static let unfinished = Step(length: 0, event: nil)
    }

    private mutating func decode(at i: Int, final: Bool, now: UInt64) -> Step {
        let b = bytes[i]
        if b == 0x1B { return escape(at: i, final: final, now: now) }
        if b < 0x80 { return Step(length: 1, event: Self.plainKey(UInt32(b)).map { .key($0) }) }
        let (length, scalar) = character(at: i, final: final)
        if length == 0 { return .unfinished }
        return Step(length: length, event: Self.plainKey(scalar).map { .key($0) })
    }

    /// The character at `i` (a byte of 0x80 or more): in the locale's codeset where it is not
    /// UTF-8 (one byte, or two in a double-byte codeset), else UTF-8.
    private func character(at i: Int, final: Bool) -> (Int, UInt32) {
        if let charset {
            let (length, scalar) = bytes.withUnsafeBufferPointer {
                charset.decode(UnsafeBufferPointer(rebasing: $0[i..<tail]))
            }
            if length == 0 { return final ? (1, 0xFFFD) : (0, 0) }
            return (length, scalar)
        }
        return utf8(at: i, final: final)
    }

    /// A UTF-8 character at `i` (a byte of 0x80 or more): its length and code point, U+FFFD for
    /// one byte that starts none; length 0 when its last bytes are still to come.
    private func utf8(at i: Int, final: Bool) -> (Int, UInt32) {
        let b = bytes[i]
        let need = b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xC0 && b < 0xE0 ? 2 : 1
        if need == 1 { return (1, 0xFFFD) }
        var scalar = UInt32(b) & (need == 4 ? 7 : need == 3 ? 15 : 31)
        let have = min(need, tail - i)
        for k in 1..<have {
            let c = bytes[i + k]
            if c & 0xC0 != 0x80 { return (1, 0xFFFD) }
            scalar = scalar << 6 | UInt32(c & 63)
        }
        if have < need { return final ? (1, 0xFFFD) : (0, 0) }
        return (need, scalar)
    }

    /// The key for a character or control byte on its own; nil for one that means nothing.
    private static func plainKey(_ value: UInt32) -> Key? {
        switch value {
        case 13, 10: return .enter
        case 8, 127: return .backspace
        case 9: return .tab
        case 27: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value + 96))))
        case 0..<32, 0x80..<0xA0: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    /// What starts with an ESC at `i`.
    private mutating func escape(at i: Int, final: Bool, now: UInt64) -> Step {
        if tail - i == 1 { return final ? Step(length: 1, event: .key(.escape)) : .unfinished }
        if let sequence = sequence(at: i, final: final, now: now) { return sequence }
        switch bytes[i + 1] {
        case 0x1B:
            // ESC before a key sequence is Alt with that key: the key. Otherwise Esc, and the
            // second ESC is decoded on its own.
            if tail - i == 2 { return final ? Step(length: 1, event: .key(.escape)) : .unfinished }
            if let inner = sequence(at: i + 1, final: final, now: now) {
                if inner.length == 0 { return .unfinished }
                if inner.event != nil { return Step(length: inner.length + 1, event: inner.event) }
            }
            return Step(length: 1, event: .key(.escape))
        case 0x5F, 0x50, 0x5D: // _ P ]: APC, DCS, OSC
            return string(at: i, final: final)
        case let b:
            let (length, value) = b < 0x80 ? (1, UInt32(b)) : character(at: i + 1, final: final)
            if length == 0 { return .unfinished }
            if (0x20..<0x7F).contains(value) || value >= 0xA0, let scalar = Unicode.Scalar(value) {
                return Step(length: 1 + length, event: .key(.alt(Character(scalar))))
            }
            // Alt with a control character: the control key (Alt+Enter is Enter).
            return Step(length: 1 + length, event: Self.plainKey(value).map { .key($0) })
        }
    }

    /// A key or mouse sequence at `i` (terminfo's, CSI, SS3); nil when none starts there.
    private mutating func sequence(at i: Int, final: Bool, now: UInt64) -> Step? {
        if !keys.prefixed.isEmpty, let step = prefixedKey(at: i, final: final) { return step }
        guard i + 1 < tail else { return nil }
        switch bytes[i + 1] {
        case 0x5B: return csi(at: i, final: final, now: now) // [
        case 0x4F: return ss3(at: i, final: final) // O
        default: return nil
        }
    }

    /// One of terminfo's sequences that are not read as CSI or SS3, matched byte by byte; the
    /// longest wins, and while a longer one may still come it is waited for.
    private func prefixedKey(at i: Int, final: Bool) -> Step? {
        var best: KeyTable.Entry?
        var partial = false
        for entry in keys.prefixed {
            let have = min(entry.bytes.count, tail - i)
            var k = 0
            while k < have && bytes[i + k] == entry.bytes[k] { k += 1 }
            guard k == have else { continue }
            if have < entry.bytes.count {
                partial = true
            } else if entry.bytes.count > best?.bytes.count ?? 0 {
                best = entry
            }
        }
        if partial && !final { return .unfinished }
        return best.map { Step(length: $0.bytes.count, event: .key($0.key)) }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
    /// X10 mouse reports are `ESC [ M` and three raw bytes.
    private mutating func csi(at i: Int, final: Bool, now: UInt64) -> Step {
        let start = i + 2
        if start == tail { return final ? Step(length: 2, event: nil) : .unfinished } // cut short: dropped
        if bytes[start] == 0x4D { // M
            guard tail - i >= 6 else { return final ? Step(length: tail - i, event: nil) : .unfinished }
            return Step(length: 6, event: x10Mouse(at: i + 3, now: now))
        }
        var j = start
        while j < tail {
            let b = bytes[j]
            if b >= 0x40 && b <= 0x7E {
                return Step(
                    length: j + 1 - i, event: csiEvent(final: b, parameters: start..<j, sequence: i..<(j + 1), now: now)
                )
            }
            // Not part of a sequence (a control byte, a character): the sequence ends, the byte is
            // decoded on its own.
            guard b >= 0x20 && b <= 0x3F else { return Step(length: j - i, event: nil) }
            j += 1
            if j - start == Self.maxSequenceLength { return Step(length: j - i, event: nil) }
        }
        return final ? Step(length: tail - i, event: nil) : .unfinished
    }

    private mutating func csiEvent(final: UInt8, parameters p: Range<Int>, sequence: Range<Int>, now: UInt64)
        -> InputEvent?
    {
        if (final == 0x4D || final == 0x6D) && !p.isEmpty && bytes[p.lowerBound] == 0x3C { // M m, <
            return sgrMouse(fields: (p.lowerBound + 1)..<p.upperBound, release: final == 0x6D, now: now)
        }
        if final == 0x7E, firstNumber(p) == 200 {
            paste = []
            return nil
        }
        return key(sequence, generic: csiKey(final: final, parameters: p)).map { .key($0) }
    }

    /// Takes pasted bytes up to the end marker, `ESC [ 201 ~`: the paste when it came, nil when
    /// more is to be read (an end marker cut by the read waits whole for the next).
    private mutating func continuePaste() -> InputEvent? {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var j = head
        while j < tail {
            if bytes[j] == 0x1B {
                let have = min(end.count, tail - j)
                var k = 1
                while k < have && bytes[j + k] == end[k] { k += 1 }
                if k == have {
                    keepPasted(head..<j)
                    head = j
                    guard have == end.count else { return nil }
                    head += end.count
                    let text = String(decoding: paste ?? [], as: UTF8.self)
                    paste = nil
                    return .paste(text)
                }
            }
            j += 1
        }
        keepPasted(head..<tail)
        head = tail
        return nil
    }

    private mutating func keepPasted(_ range: Range<Int>) {
        let room = Self.maxPaste - (paste?.count ?? 0)
        guard room > 0, !range.isEmpty else { return }
        paste?.append(contentsOf: bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + room)])
    }

    /// SS3: one final byte (`ESC O A` is an arrow in application mode). `ESC O` and anything
    /// else is Alt+O.
    private func ss3(at i: Int, final: Bool) -> Step {
        if i + 2 == tail { return final ? Step(length: 2, event: .key(.alt("O"))) : .unfinished }
        let b = bytes[i + 2]
        guard b >= 0x40 && b <= 0x7E else { return Step(length: 2, event: .key(.alt("O"))) }
        return Step(
            length: 3,
            event: key(i..<(i + 3), generic: csiKey(final: b, parameters: (i + 2)..<(i + 2))).map { .key($0) })
    }

    /// The key for a whole CSI or SS3 sequence: terminfo's where it says otherwise, else the
    /// generic reading's.
    private func key(_ sequence: Range<Int>, generic: Key?) -> Key? {
        if keys.exact.isEmpty { return generic }
        if generic != nil && !keys.overridesGeneric { return generic }
        for entry in keys.exact where entry.bytes.count == sequence.count {
            if bytes[sequence].elementsEqual(entry.bytes) { return entry.key }
        }
        return generic
    }

    /// The key a CSI or SS3 sequence names, modifiers dropped; nil for one we do not use.
    private func csiKey(final: UInt8, parameters p: Range<Int>) -> Key? {
        switch final {
        case 0x41: return .up // A
        case 0x42: return .down // B
        case 0x43: return .right // C
        case 0x44: return .left // D
        case 0x48: return .home // H
        case 0x46: return .end // F
        case 0x5A: return .backTab // Z
        case 0x50...0x53 where p.isEmpty || (p.count == 1 && bytes[p.lowerBound] == 0x31):
            // SS3 P–S (or CSI 1 P): F1–F4
            return .function(Int(final) - 0x4F)
        case 0x7E: // ~, numbered keys
            switch firstNumber(p) {
            case 200: return nil // a paste begins: `csiEvent` saw it
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// The first parameter of a sequence when it is a number (digits up to `;`).
    private func firstNumber(_ p: Range<Int>) -> Int? {
        var value = 0, digits = 0
        for k in p {
            let b = bytes[k]
            if b == 0x3B { break }
            guard b >= 0x30 && b <= 0x39 else { return nil }
            value = min(value * 10 + Int(b - 0x30), 100_000)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// Reads an APC, DCS or OSC string at `i` up to its terminator (ESC \ or BEL) and drops it.
    /// Any other ESC ends it (a reply holds none: what follows is input); so does the length limit.
    private func string(at i: Int, final: Bool) -> Step {
        let start = i + 2
        var j = start
        while j < tail {
            if j - start == Self.maxStringLength { return Step(length: j - i, event: nil) }
            let b = bytes[j]
            if b == 7 { return Step(length: j + 1 - i, event: nil) }
            if b == 0x1B {
                if j + 1 == tail { break } // the rest of ESC \ may be on its way
                return Step(length: bytes[j + 1] == 0x5C ? j + 2 - i : j - i, event: nil)
            }
            j += 1
        }
        guard final else { return .unfinished }
        // Nothing came after the introducer: it was Alt with that character.
        if start == tail { return Step(length: 2, event: .key(.alt(Character(Unicode.Scalar(bytes[i + 1]))))) }
        return Step(length: tail - i, event: nil) // cut short: dropped
    }

    // MARK: Mouse

    /// An SGR report's fields, `b ; x ; y`; nil for motion and for one that is not a report.
    private mutating func sgrMouse(fields: Range<Int>, release: Bool, now: UInt64) -> InputEvent? {
        event(MouseReport.sgr(bytes[fields], release: release), now: now)
    }

    /// An X10 report's three bytes at `i`.
    private mutating func x10Mouse(at i: Int, now: UInt64) -> InputEvent? {
        event(MouseReport.x10(bytes[i], bytes[i + 1], bytes[i + 2]), now: now)
    }

    /// The event of a report: a press counts towards a double click.
    private mutating func event(_ report: MouseReport?, now: UInt64) -> InputEvent? {
        switch report {
        case nil: return nil
        case .wheel(let action, let p): return .mouse(MouseEvent(action: action, position: p))
        case .release(let p, let button): return .mouse(MouseEvent(action: .release, position: p, button: button))
        case .press(let p, let button): return press(at: p, button: button, now: now)
        }
    }

    /// A press; the second at the same cell within `doubleClickNanoseconds` is a double click.
    private mutating func press(at p: Point, button: Int, now: UInt64) -> InputEvent {
        var count = 1
        if let last = lastPress, last.position == p, now >= last.time, now - last.time < Self.doubleClickNanoseconds {
            count = 2
        }
        lastPress = count == 2 ? nil : (p, now)
        return .mouse(MouseEvent(action: .press, position: p, button: button, clickCount: count))
    }
}
