import CNcurses
import GridKit

/// Turns the shim's events into terminal-independent `InputEvent`s: counts clicks, and parses
/// what follows an ESC instead of guessing.
///
/// The shim's reader (input.c) decodes the key sequences the terminal's terminfo entry names and
/// xterm mouse reports. Anything else arrives as an ESC followed, at once, by the rest of the
/// sequence (the reader already waited the short escape delay
/// for it). So an ESC with nothing behind it is the Esc key; ESC and a character is Alt+that
/// character; ESC `[` … and ESC `O` … are CSI and SS3 sequences, decoded when they name a key we
/// have (modified arrows, Home/End, PgUp/PgDn, Delete) and swallowed whole otherwise, so that
/// `ESC [ 9 9 ~` never reads as Esc followed by typing.
struct InputDecoder {
    private var lastPress: (position: Point, time: UInt64)?
    /// Events read while looking past an ESC that belong to the next event.
    private var pushedBack: [gk_event] = []
    static let doubleClickNanoseconds: UInt64 = 400_000_000
    /// Longer CSI sequences are garbage; stop reading there.
    static let maxSequenceLength = 32

    /// The next event to decode: one read ahead and given back, or a fresh one from `read`.
    mutating func nextRaw(_ read: () -> gk_event?) -> gk_event? {
        pushedBack.isEmpty ? read() : pushedBack.removeFirst()
    }

    /// Decodes `e`; when it is an ESC, reads what came with it through `read` (which returns nil
    /// when nothing more is waiting). Nil means the input meant nothing we report.
    mutating func decode(_ e: gk_event, read: () -> gk_event?, size: () -> Size, now: UInt64) -> InputEvent? {
        if isChar(e, 27) { return decodeEscape(read: read, size: size, now: now) }
        return decodeOne(e, size: size, now: now)
    }

    private func isChar(_ e: gk_event, _ c: UInt32) -> Bool { Int(e.kind) == Int(GK_CHAR) && e.ch == c }

    private mutating func decodeEscape(read: () -> gk_event?, size: () -> Size, now: UInt64) -> InputEvent? {
        guard let next = nextRaw(read) else { return .key(.escape) }
        guard Int(next.kind) == Int(GK_CHAR) else {
            // Alt with a key curses decoded (Alt+arrow on some terminals): the key itself.
            return decodeOne(next, size: size, now: now)
        }
        switch next.ch {
        case 0x5B: return decodeCSI(read: read) // [
        case 0x4F: return decodeSS3(read: read) // O
        case 0x5F, 0x50, 0x5D: // _ P ]: APC, DCS, OSC, such as a terminal's late answer to a query
            swallowString(read: read)
            return nil
        case 27:
            // Esc pressed twice: one Esc now, the other decoded on its own.
            pushedBack.insert(next, at: 0)
            return .key(.escape)
        case 0x20..<0x7F, 0xA0...:
            guard let scalar = Unicode.Scalar(next.ch) else { return nil }
            return .key(.alt(Character(scalar)))
        default:
            // Alt with a control character: the control key (Alt+Enter is Enter).
            return decodeOne(next, size: size, now: now)
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
    private mutating func decodeCSI(read: () -> gk_event?) -> InputEvent? {
        var params: [UInt8] = []
        for _ in 0..<Self.maxSequenceLength {
            guard let e = nextRaw(read) else { return nil } // cut short: drop what came
            guard Int(e.kind) == Int(GK_CHAR), e.ch < 0x80 else { pushedBack.insert(e, at: 0); return nil }
            let b = UInt8(e.ch)
            switch b {
            case 0x20...0x3F: params.append(b)
            case 0x40...0x7E: return Self.csiKey(final: b, params: params).map { .key($0) }
            default: pushedBack.insert(e, at: 0); return nil // not part of a sequence
            }
        }
        return nil
    }

    /// Reads an APC, DCS or OSC string up to its terminator (ESC \ or BEL) and drops it.
    /// Strings longer than any reply are not one: stop there.
    private mutating func swallowString(read: () -> gk_event?) {
        var sawEscape = false
        for _ in 0..<4096 {
            guard let e = nextRaw(read) else { return }
            guard Int(e.kind) == Int(GK_CHAR) else { pushedBack.insert(e, at: 0); return }
            if e.ch == 7 || (sawEscape && e.ch == 0x5C) { return }
            sawEscape = e.ch == 27
        }
    }

    /// SS3: one final byte (`ESC O A` is an arrow in application mode).
    private mutating func decodeSS3(read: () -> gk_event?) -> InputEvent? {
        guard let e = nextRaw(read) else { return .key(.alt("O")) }
        guard Int(e.kind) == Int(GK_CHAR), (0x40...0x7E).contains(e.ch) else {
            pushedBack.insert(e, at: 0)
            return .key(.alt("O"))
        }
        return Self.csiKey(final: UInt8(e.ch), params: []).map { .key($0) }
    }

    /// The key a CSI or SS3 sequence names, modifiers dropped; nil for one we do not use.
    static func csiKey(final: UInt8, params: [UInt8]) -> Key? {
        let fields = params.split(separator: 0x3B, omittingEmptySubsequences: false).map { Int(String(decoding: $0, as: UTF8.self)) }
        switch final {
        case 0x41: return .up        // A
        case 0x42: return .down      // B
        case 0x43: return .right     // C
        case 0x44: return .left      // D
        case 0x48: return .home      // H
        case 0x46: return .end       // F
        case 0x5A: return .backTab   // Z
        case 0x50...0x53 where params.isEmpty || params == [0x31]: // SS3 P–S (or CSI 1 P): F1–F4
            return .function(Int(final) - 0x4F)
        case 0x7E:                   // ~, numbered keys
            switch fields.first ?? nil {
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

    private mutating func decodeOne(_ e: gk_event, size: () -> Size, now: UInt64) -> InputEvent? {
        switch Int(e.kind) {
        case Int(GK_CHAR):
            guard let scalar = Unicode.Scalar(e.ch) else { return nil }
            switch e.ch {
            case 9: return .key(.tab)
            case 27: return .key(.escape)
            case 1...26: return .key(.control(Character(Unicode.Scalar(e.ch + 96)!)))
            case 0..<32, 0x7F..<0xA0: return nil
            default: return .key(.character(Character(scalar)))
            }
        case Int(GK_UP): return .key(.up)
        case Int(GK_DOWN): return .key(.down)
        case Int(GK_LEFT): return .key(.left)
        case Int(GK_RIGHT): return .key(.right)
        case Int(GK_PGUP): return .key(.pageUp)
        case Int(GK_PGDN): return .key(.pageDown)
        case Int(GK_HOME): return .key(.home)
        case Int(GK_END): return .key(.end)
        case Int(GK_ENTER): return .key(.enter)
        case Int(GK_BACKSPACE): return .key(.backspace)
        case Int(GK_DELETE): return .key(.delete)
        case Int(GK_BACKTAB): return .key(.backTab)
        case Int(GK_FUNCTION): return .key(.function(Int(e.ch)))
        case Int(GK_RESIZE): return .resize(size())
        case Int(GK_MOUSE): return decodeMouse(e, now: now)
        default: return nil
        }
    }

    private mutating func decodeMouse(_ e: gk_event, now: UInt64) -> InputEvent? {
        let p = Point(x: Int(e.x), y: Int(e.y))
        switch Int(e.mouse_action) {
        case Int(GK_MOUSE_WHEEL_UP): return .mouse(MouseEvent(action: .wheelUp, position: p))
        case Int(GK_MOUSE_WHEEL_DOWN): return .mouse(MouseEvent(action: .wheelDown, position: p))
        case Int(GK_MOUSE_RELEASE): return .mouse(MouseEvent(action: .release, position: p, button: Int(e.mouse_button)))
        case Int(GK_MOUSE_PRESS):
            var count = 1
            if let last = lastPress, last.position == p, now - last.time < Self.doubleClickNanoseconds { count = 2 }
            lastPress = count == 2 ? nil : (p, now)
            return .mouse(MouseEvent(action: .press, position: p, button: Int(e.mouse_button), clickCount: count))
        default: return nil
        }
    }
}
