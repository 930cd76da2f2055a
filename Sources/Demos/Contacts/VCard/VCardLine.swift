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

    /// Parses a content line; nil when it has no `:` outside quotes.
    static func parse(_ bytes: ArraySlice<UInt8>, lineNumber: Int) -> VCardLine? {
        var inQuotes = false
        var colon: Int?
        for i in bytes.indices {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { inQuotes.toggle() } else if b == UInt8(ascii: ":") && !inQuotes { colon = i; break }
        }
        guard let colon else { return nil }
        let head = String(decoding: bytes[bytes.startIndex..<colon], as: UTF8.self)
        var pieces = splitOutsideQuotes(head, on: ";")
        var name = pieces.removeFirst().trimming(" \t")
        var group: String?
        if let dot = name.lastIndex(of: ".") {
            group = String(name[..<dot])
            name = String(name[name.index(after: dot)...])
        }
        var parameters: [String: [String]] = [:]
        for p in pieces where !p.isEmpty {
            if let eq = p.firstIndex(of: "=") {
                let key = p[..<eq].trimming(" \t").uppercased()
                var values = splitOutsideQuotes(String(p[p.index(after: eq)...]), on: ",").map { $0.trimming("\"") }
                // TYPE="work,voice" (vCard 4) is a quoted list, not one value.
                if key == "TYPE" { values = values.flatMap { $0.split(separator: ",").map(String.init) } }
                parameters[key, default: []] += values
            } else {
                // vCard 2.1 bare parameters: `TEL;WORK;VOICE:` or `NOTE;QUOTED-PRINTABLE:`.
                let bare = p.trimming(" \t").uppercased()
                let key = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"].contains(bare) ? "ENCODING" : "TYPE"
                parameters[key, default: []].append(bare)
            }
        }
        return VCardLine(group: group, name: name.uppercased(), parameters: parameters,
                         value: bytes[(colon + 1)...], lineNumber: lineNumber)
    }

    private static func splitOutsideQuotes(_ s: String, on sep: Character) -> [String] {
        var out: [String] = [], current = "", inQuotes = false
        for ch in s {
            if ch == "\"" { inQuotes.toggle(); current.append(ch) }
            else if ch == sep && !inQuotes { out.append(current); current = "" }
            else { current.append(ch) }
        }
        out.append(current)
        return out
    }

    var isQuotedPrintable: Bool { parameter("ENCODING")?.uppercased() == "QUOTED-PRINTABLE" }
}

extension StringProtocol {
    /// Trims any of the given characters from both ends.
    func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
