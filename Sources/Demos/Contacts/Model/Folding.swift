import Foundation
import Synchronization

/// Case- and diacritic-insensitive keys ("Ángel" → "angel") as UTF-8 bytes, fast enough for
/// 100,000 contacts: ASCII is lowered inline, and every other scalar is folded once by
/// Foundation and remembered.
enum Folding {
    /// Folded scalars seen so far; files are scanned on several threads at once.
    private static let cache = Mutex<[UInt32: [UInt8]]>([:])

    /// One non-ASCII scalar, folded.
    static func fold(scalar v: UInt32) -> [UInt8] {
        cache.withLock { cache in
            if let folded = cache[v] { return folded }
            var folded = Array(
                String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}")
                    .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
            if let plain = letters[String(decoding: folded, as: UTF8.self)] { folded = Array(plain.utf8) }
            cache[v] = folded
            return folded
        }
    }

    /// Letters with a stroke or ligatures, which have no accent to drop, as the letters they
    /// are filed under in an English index (a phone's contacts put Øystein under O, Łukasz
    /// under L, not after Z).
    private static let letters: [String: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ı": "i", "ƀ": "b", "ɨ": "i",
        "æ": "ae", "œ": "oe", "þ": "th", "ß": "ss", "ð": "d", "ŋ": "n", "ĳ": "ij", "ŀ": "l", "ſ": "s", "ĸ": "k"
    ]

    static func fold(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var local = FoldCache()
        var copy = s
        copy.withUTF8 { append(folded: $0, to: &out, cache: &local) }
        return out
    }

    /// Appends the folded form of valid UTF-8 `bytes` to `out`. `cache` is the caller's own,
    /// so a thread folding many names takes the shared lock only for scalars new to it.
    static func append(folded bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], cache: inout FoldCache) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                out.append(b >= 65 && b <= 90 ? b + 32 : b)
                i += 1
                continue
            }
            // A valid sequence: its length from the lead byte, its bits from the rest.
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length where i + k < n { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            i += length
            cache.append(folded: v, to: &out)
        }
    }
}

/// One thread's memory of folded scalars: a flat table for the two-byte ones (Latin, Greek,
/// Cyrillic, …: most accented names), a dictionary for the rest; misses ask `Folding`'s shared
/// cache, under its lock.
struct FoldCache {
    /// For scalars below U+0800: up to 7 folded bytes and their count in the low byte; 0 unknown.
    private var small = [UInt64](repeating: 0, count: 0x800)
    private var large: [UInt32: [UInt8]] = [:]

    mutating func append(folded v: UInt32, to out: inout [UInt8]) {
        if v < 0x800 {
            var packed = small[Int(v)]
            if packed == 0 {
                let folded = Folding.fold(scalar: v)
                guard folded.count <= 7 else { out += folded; return }
                packed = UInt64(folded.count)
                for (k, x) in folded.enumerated() { packed |= UInt64(x) << (8 * (k + 1)) }
                small[Int(v)] = packed
            }
            let count = Int(packed & 0xFF)
            for k in 0..<count { out.append(UInt8(truncatingIfNeeded: packed >> (8 * (k + 1)))) }
            return
        }
        if let folded = large[v] { out += folded; return }
        let folded = Folding.fold(scalar: v)
        large[v] = folded
        out += folded
    }
}
