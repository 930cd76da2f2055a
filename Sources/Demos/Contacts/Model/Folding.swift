import Foundation
import Synchronization

/// Case- and diacritic-insensitive keys ("Ángel" → "angel") as UTF-8 bytes, fast enough for
/// 100,000 contacts: ASCII is lowered inline, and every other scalar is folded once by
/// Foundation and remembered.
enum Folding {
    /// Folded scalars seen so far; files are parsed on several threads at once.
    private static let cache = Mutex<[UInt32: [UInt8]]>([:])

    static func fold(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var allASCII = true
        for b in s.utf8 where b >= 0x80 { allASCII = false; break }
        if allASCII {
            for b in s.utf8 { out.append(b >= 65 && b <= 90 ? b + 32 : b) }
            return out
        }
        return cache.withLock { cache in
            for u in s.unicodeScalars {
                let v = u.value
                if v < 0x80 { let b = UInt8(v); out.append(b >= 65 && b <= 90 ? b + 32 : b); continue }
                if let folded = cache[v] { out += folded; continue }
                let folded = Array(String(u).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
                cache[v] = folded
                out += folded
            }
            return out
        }
    }

}
