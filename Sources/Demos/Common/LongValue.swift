/// A value too long to show whole (a name of ten megabytes in a hostile address book): lists
/// and cards show its start, `…` and its size, so what a key costs does not grow with it.
/// Measuring, wrapping or even decoding all of it on every frame took about a second a key.
enum LongValue {
    /// Values of more bytes than this are cut: a note of a few screens is shown whole.
    static let limit = 4096
    /// What a list row keeps of a long value: little, so that its size fits the column too.
    static let keptInLists = 16

    /// `value` whole when it is at most `limit` bytes; else its first `keep` bytes (whole
    /// characters), `…` and its size, as in "Huge Wolfeschl… (10 MB)".
    static func shown(_ value: String, keep: Int = limit) -> String {
        guard value.utf8.count > limit else { return value }
        var copy = value
        return copy.withUTF8 { shown($0, keep: keep) }
    }

    /// The same, for UTF-8 bytes: only what is kept is decoded.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>, keep: Int = limit) -> String {
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = min(keep, bytes.count)
        // Back to the start of a character: a continuation byte (10xxxxxx) is inside one.
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
            + "… (\(size(bytes.count)))"
    }

    /// A size in bytes as people say it: "812 bytes", "4.1 KB", "10 MB" (1 KB is 1,024 bytes).
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1024, unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
        return "\(text) \(units[unit])"
    }
}
