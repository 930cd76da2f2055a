/// One logical content line: `[group.]NAME;PARAM=VALUE;…:value`, after unfolding.
struct VCardLine {
    var group: String?
    /// Upper-cased property name.
    var name: String
    /// Upper-cased parameter names to their values (bare 2.1 parameters land in TYPE or ENCODING).
    var parameters: [String: [String]]
    /// The raw value bytes, not yet decoded.
    var value: ArraySlice<UInt8>
    /// The physical line it started on (1-based).
    var lineNumber: Int

    func parameter(_ name: String) -> String? { parameters[name]?.first }
    var types: [String] { (parameters["TYPE"] ?? []).map { $0.lowercased() } }
    var isQuotedPrintable: Bool { parameter("ENCODING")?.uppercased() == "QUOTED-PRINTABLE" }

    /// Parses a content line; nil when it has no `:` outside quotes. Works on bytes: a large
    /// address book has millions of these.
    static func parse(_ bytes: ArraySlice<UInt8>, lineNumber: Int) -> VCardLine? {
        var inQuotes = false
        var colon: Int?
        for i in bytes.indices {
            let b = bytes[i]
            if b == quote { inQuotes.toggle() } else if b == UInt8(ascii: ":") && !inQuotes { colon = i; break }
        }
        guard let colon else { return nil }
        let head = bytes[bytes.startIndex..<colon]
        // Most lines (FN:, N:, ORG:, …) have no parameters: no need to split the head.
        var pieces = head.contains(UInt8(ascii: ";")) ? split(head, on: UInt8(ascii: ";")) : [head]
        var namePart = trim(pieces.removeFirst())
        var group: String?
        if let dot = namePart.lastIndex(of: UInt8(ascii: ".")) {
            group = namePart[..<dot].utf8String
            namePart = namePart[(dot + 1)...]
        }
        var parameters: [String: [String]] = [:]
        for p in pieces where !p.isEmpty {
            if let eq = p.firstIndex(of: UInt8(ascii: "=")) {
                let key = upper(trim(p[..<eq]))
                var values = split(p[(eq + 1)...], on: UInt8(ascii: ",")).map { unquote(trim($0)).utf8String }
                // TYPE="work,voice" (vCard 4) is a quoted list, not one value.
                if key == "TYPE" { values = values.flatMap { $0.split(separator: ",").map(String.init) } }
                parameters[key, default: []] += values
            } else {
                // vCard 2.1 bare parameters: `TEL;WORK;VOICE:` or `NOTE;QUOTED-PRINTABLE:`.
                let bare = upper(trim(p))
                let key = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"].contains(bare) ? "ENCODING" : "TYPE"
                parameters[key, default: []].append(bare)
            }
        }
        return VCardLine(
            group: group, name: upper(namePart), parameters: parameters,
            value: bytes[(colon + 1)...], lineNumber: lineNumber)
    }

    private static let quote = UInt8(ascii: "\"")

    /// Splits on `sep` outside double quotes.
    private static func split(_ s: ArraySlice<UInt8>, on sep: UInt8) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = [], start = s.startIndex, inQuotes = false
        for i in s.indices {
            if s[i] == quote {
                inQuotes.toggle()
            } else if s[i] == sep && !inQuotes {
                out.append(s[start..<i]); start = i + 1
            }
        }
        out.append(s[start..<s.endIndex])
        return out
    }

    private static func trim(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, f == 32 || f == 9 { s = s.dropFirst() }
        while let l = s.last, l == 32 || l == 9 { s = s.dropLast() }
        return s
    }

    private static func unquote(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        if s.first == quote { s = s.dropFirst() }
        if s.last == quote { s = s.dropLast() }
        return s
    }

    private static func upper(_ s: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: s.count) { out in
            var i = 0
            for b in s { out[i] = b >= 97 && b <= 122 ? b - 32 : b; i += 1 }
            return i
        }
    }
}

extension StringProtocol {
    /// Trims any of the given characters from both ends.
    func trimming(_ set: String) -> String {
        // Most values have nothing to trim: check the end bytes before walking characters.
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first >= 0x80 || !set.utf8.contains(first),
            last >= 0x80 || !set.utf8.contains(last)
        {
            return whole
        }
        var s = Substring(whole)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
