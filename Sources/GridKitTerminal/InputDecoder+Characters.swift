import GridKit

/// Characters and control bytes on their own: UTF-8 or the locale's codeset, and the key each is.
extension InputDecoder {
    /// The character at `i` (a byte of 0x80 or more): in the locale's codeset where it is not
    /// UTF-8 (one byte, or two in a double-byte codeset), else UTF-8.
    func character(at i: Int, final: Bool) -> (Int, UInt32) {
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
    static func plainKey(_ value: UInt32) -> Key? {
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
}
