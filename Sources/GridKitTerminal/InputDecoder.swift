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
    // The state below is internal where the decoding in InputDecoder+*.swift reads or sets it;
    // only the reading here moves `head`.
    private(set) var bytes: [UInt8]
    /// What is read and not yet decoded: `bytes[head..<tail]`.
    private var head = 0
    private(set) var tail = 0
    /// When the unfinished sequence at `head` was first seen, and where what had been read then
    /// ended: once the delay is over, all of that is taken as it is.
    private var pendingSince: UInt64?
    private var pendingEnd = 0
    var lastPress: (position: Point, time: UInt64)?
    /// Inside a bracketed paste: the bytes pasted so far.
    var paste: [UInt8]?

    /// The locale's codeset when it is not UTF-8: a typed `é` is then one byte of it.
    let charset: LocaleCharset?

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
    struct Step {
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
}
