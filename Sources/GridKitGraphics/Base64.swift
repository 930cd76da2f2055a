/// Base64 (RFC 4648, with padding) into bytes, for escape sequences that carry pictures.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoding of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], alphabet[(n >> 6) & 63], alphabet[n & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = Int(bytes[i]) << 16 | (rest == 2 ? Int(bytes[i + 1]) << 8 : 0)
            out += [alphabet[n >> 18], alphabet[(n >> 12) & 63], rest == 2 ? alphabet[(n >> 6) & 63] : 61, 61]
        }
        return out
    }

    /// The bytes of a base64 text; nil when it is not base64.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var out: [UInt8] = [], acc = 0, bits = 0
        for c in text {
            let v: Int
            switch c {
            case 65...90: v = Int(c) - 65
            case 97...122: v = Int(c) - 71
            case 48...57: v = Int(c) + 4
            case 43: v = 62
            case 47: v = 63
            case 61: continue
            default: return nil
            }
            acc = acc << 6 | v; bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8((acc >> bits) & 0xFF)) }
        }
        return out
    }
}
