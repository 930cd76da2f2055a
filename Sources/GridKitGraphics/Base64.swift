/// Base64 (RFC 4648, with padding) into bytes, for escape sequences that carry pictures. The
/// package's one encoder; reading base64 (tests, vCard photos) is Foundation's `Data(base64Encoded:)`.
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
}
