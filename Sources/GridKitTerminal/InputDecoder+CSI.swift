import GridKit

/// CSI and SS3 sequences: keys, mouse reports and the start of a bracketed paste.
extension InputDecoder {
    /// CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
    /// X10 mouse reports are `ESC [ M` and three raw bytes.
    mutating func csi(at i: Int, final: Bool, now: UInt64) -> Step {
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

    /// SS3: one final byte (`ESC O A` is an arrow in application mode). `ESC O` and anything
    /// else is Alt+O.
    func ss3(at i: Int, final: Bool) -> Step {
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
}
