import Foundation

/// Decoding of vCard values: quoted-printable, character sets, backslash escapes and
/// structured (`;`) and list (`,`) separators.
enum VCardText {
    /// Quoted-printable to bytes (`=41` → "A"); a malformed escape is kept as written.
    static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "="), i + 2 < bytes.endIndex, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// Bytes to text in the named charset; UTF-8 by default, Windows-1252 when the bytes are not
    /// valid UTF-8 (what old phone exports without a CHARSET usually mean).
    static func string(_ bytes: [UInt8], charset: String?) -> String {
        let cs = charset?.uppercased() ?? "UTF-8"
        if cs == "UTF-8" || cs == "UTF8" || cs == "US-ASCII" {
            if let s = String(validating: bytes, as: UTF8.self) { return s }
            return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
        }
        let encoding: String.Encoding
        switch cs {
        case "ISO-8859-1", "LATIN1": encoding = .isoLatin1
        case "ISO-8859-2": encoding = .isoLatin2
        case "WINDOWS-1252", "CP1252": encoding = .windowsCP1252
        case "SHIFT_JIS", "SJIS": encoding = .shiftJIS
        case "UTF-16", "UTF-16LE": encoding = .utf16LittleEndian
        default: encoding = .utf8
        }
        return String(data: Data(bytes), encoding: encoding) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Splits on an unescaped separator, keeping escapes for `unescape` to resolve.
    static func split(_ s: String, on separator: Character) -> [String] {
        let sep = separator.asciiValue!
        var s = s
        return s.withUTF8 { bytes in
            var parts: [String] = [], start = 0, i = 0
            while i < bytes.count {
                if bytes[i] == backslash { i += 2; continue }
                if bytes[i] == sep {
                    parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self));
                    start = i + 1
                }
                i += 1
            }
            parts.append(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[min(start, bytes.count)...]), as: UTF8.self))
            return parts
        }
    }

    private static let backslash = UInt8(ascii: "\\")

    /// Resolves `\n` `\N` `\,` `\;` `\:` `\\`.
    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(backslash) else { return s }
        var out: [UInt8] = [], escaped = false
        for b in s.utf8 {
            if escaped {
                out.append(b == UInt8(ascii: "n") || b == UInt8(ascii: "N") ? 10 : b)
                escaped = false
            } else if b == backslash {
                escaped = true
            } else {
                out.append(b)
            }
        }
        if escaped { out.append(backslash) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The components of a structured value (N, ADR, ORG), unescaped, on one line and trimmed.
    static func components(_ s: String) -> [String] {
        split(s, on: ";").map { oneLine(unescape($0)).trimming(" \t") }
    }

    /// The items of a list value (CATEGORIES: `a,b\,c` is "a" and "b,c"), unescaped, on one line.
    static func items(_ s: String) -> [String] {
        split(s, on: ",").map { oneLine(unescape($0)) }
    }

    /// A value shown on one line (a name, a number): tabs and line breaks become spaces and
    /// other control characters go (a terminal would act on them; drawing skips them, and
    /// "Tab⇥and" would read "Taband").
    static func oneLine(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return s }
        var out: [UInt8] = []
        for b in s.utf8 where b >= 0x20 && b != 0x7F || b == 9 || b == 10 || b == 13 {
            out.append(b < 0x20 ? 32 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A value shown as lines (a note): CR LF and a lone CR become LF (quoted-printable keeps a
    /// file's `=0D=0A`), tabs become spaces, other control characters go.
    static func lines(_ s: String) -> String {
        guard s.utf8.contains(where: { ($0 < 0x20 && $0 != 10) || $0 == 0x7F }) else { return s }
        var out: [UInt8] = [], afterCR = false
        for b in s.utf8 {
            defer { afterCR = b == 13 }
            switch b {
            case 13: out.append(10)
            case 10: if !afterCR { out.append(10) }
            case 9: out.append(32)
            case 0..<0x20, 0x7F: break
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension ArraySlice where Element == UInt8 {
    /// The bytes as UTF-8 text (invalid sequences repaired). Goes through a buffer pointer:
    /// decoding a slice directly takes Swift's slow generic path.
    var utf8String: String { withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }

    /// The bytes as text when they are valid UTF-8.
    var validUTF8String: String? { withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } }
}
