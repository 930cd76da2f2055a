/// CATEGORIES as the scanner writes them into the store: split and trimmed on the bytes when they
/// are plain ASCII, else decoded by the parser's own functions.
extension VCardScanner {
    /// CATEGORIES values decoded by the parser's own functions, or nil when one is not valid
    /// UTF-8 (the parser guesses a charset then).
    static func decodeCategories(_ b: UnsafeBufferPointer<UInt8>, _ values: [Range<Int>]) -> [String]? {
        var items: [String] = []
        for r in values {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) else { return nil }
            items += VCardText.items(text)
        }
        return ContactCategories.normalized(items)
    }

    /// Appends categories as the store keeps them.
    static func append(_ categories: [String], to out: inout [UInt8]) {
        for (k, category) in categories.enumerated() {
            if k > 0 { out.append(ContactCategories.separator) }
            out += category.utf8
        }
    }

    /// Appends CATEGORIES values of plain ASCII as the store keeps them, split on commas,
    /// trimmed and told apart on the bytes: what the parser's functions give for such text.
    /// Each is looked for among those already written, pair by pair: a card has a few. False,
    /// with nothing appended, for a value that is not ASCII or has an escape or a control
    /// character (a tab too: the parser turns one inside a category into a space), and for a card
    /// with very many categories: the parser's way, which keeps a set, is for those.
    static func appendPlainCategories(
        _ b: UnsafeBufferPointer<UInt8>, _ values: [Range<Int>], to out: inout [UInt8]
    ) -> Bool {
        let fieldStart = out.count
        var written = 0
        for r in values {
            var start = r.lowerBound
            while start <= r.upperBound {
                var end = start
                while end < r.upperBound && b[end] != 44 { // 44: comma
                    if b[end] >= 0x7F || b[end] == 92 || b[end] < 0x20 { // 92: backslash; controls are the parser's
                        out.removeSubrange(fieldStart...)
                        return false
                    }
                    end += 1
                }
                var s = start, e = end
                start = end + 1
                while s < e && (b[s] == 32 || b[s] == 9) { s += 1 }
                while e > s && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
                guard s < e, !isWritten(b, s..<e, in: out, from: fieldStart) else { continue }
                if written == 16 {
                    out.removeSubrange(fieldStart...)
                    return false
                }
                if written > 0 { out.append(ContactCategories.separator) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[s..<e]))
                written += 1
            }
        }
        return true
    }

    /// Whether the ASCII category at `r` is among those `out` holds from `fieldStart` on,
    /// letters compared without case.
    private static func isWritten(
        _ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, in out: [UInt8], from fieldStart: Int
    ) -> Bool {
        var k = fieldStart
        while k < out.count {
            var end = k
            while end < out.count && out[end] != ContactCategories.separator { end += 1 }
            if end - k == r.count && (0..<r.count).allSatisfy({ sameLetter(out[k + $0], b[r.lowerBound + $0]) }) {
                return true
            }
            k = end + 1
        }
        return false
    }

    /// Whether two ASCII bytes are equal, letters compared without case.
    private static func sameLetter(_ p: UInt8, _ q: UInt8) -> Bool {
        p == q || (p | 0x20 == q | 0x20 && (97...122).contains(p | 0x20))
    }
}
