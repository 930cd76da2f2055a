/// Values the scanner may take as bytes: plain text, which the parser's decoding leaves as it is.
extension VCardScanner {
    static let telScheme = Array("tel:".utf8)

    /// `;`-separated parts of a value known to hold no backslash.
    static func components(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [Range<Int>]) {
        var start = r.lowerBound
        for i in r where b[i] == 59 { out.append(start..<i); start = i + 1 }
        out.append(start..<r.upperBound)
    }

    /// Valid UTF-8 with no backslash and no space or tab at either end: text the parser's
    /// decoding (unescape, trim) leaves as it is.
    static func isPlain(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard !r.isEmpty else { return true }
        let first = b[r.lowerBound], last = b[r.upperBound - 1]
        if first == 32 || first == 9 || last == 32 || last == 9 { return false }
        var i = r.lowerBound
        while i < r.upperBound {
            let x = b[i]
            if x < 0x80 {
                if x == 92 || x < 0x20 || x == 0x7F { return false } // a backslash or a control: the parser's decoding
                i += 1
                continue
            }
            guard let n = validSequenceLength(b, i, r.upperBound) else { return false }
            i += n
        }
        return true
    }

    /// The length of the valid UTF-8 sequence at `i` (no overlongs, surrogates or values past
    /// U+10FFFF, as Swift's own validation), or nil.
    private static func validSequenceLength(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        let x = b[i]
        func cont(_ k: Int) -> Bool { i + k < end && b[i + k] & 0xC0 == 0x80 }
        switch x {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1) && b[i + 1] >= 0xA0 && cont(2) ? 3 : nil
        case 0xED: return cont(1) && b[i + 1] < 0xA0 && cont(2) ? 3 : nil
        case 0xE1...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xF0: return cont(1) && b[i + 1] >= 0x90 && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1) && b[i + 1] < 0x90 && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }
}
