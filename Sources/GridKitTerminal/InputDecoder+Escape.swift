import GridKit

/// What starts with ESC: Alt with a character or a key, the key sequences terminfo names, and
/// the APC, DCS and OSC strings that are replies, not input.
extension InputDecoder {
    /// What starts with an ESC at `i`.
    mutating func escape(at i: Int, final: Bool, now: UInt64) -> Step {
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
    mutating func sequence(at i: Int, final: Bool, now: UInt64) -> Step? {
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
}
