import CNcurses
import Foundation
import Synchronization

/// How text is written to, and read from, a terminal whose locale is not UTF-8.
///
/// GridKit draws in Unicode. Under `LC_ALL=en_US.ISO-8859-1` (a terminal behind `luit`, an old
/// console) the bytes of UTF-8 show as `Ã©` and `â”€`, and columns slip. So each character is
/// written as the locale's own byte where it has one (`é` is 0xE9 in Latin-1); lines, arrows and
/// blocks get ASCII stand-ins (`-`, `|`, `>`); letters the codeset lacks are transliterated by
/// the C library (`ł` as `l`); anything else is `?`. Every character keeps its columns.
package final class LocaleCharset: Sendable {
    /// The locale's codeset, as the C library names it.
    package let codeset: String
    /// The C library's conversions, and what each scalar came to, by scalar and width. Locked:
    /// a conversion is used by one thread at a time, and messages may be written from any.
    private let state: Mutex<(conversions: OpaquePointer, cache: [UInt64: [UInt8]])>
    /// Bytes 0x80–0xFF as scalars, for input.
    private let upperHalf: [UInt32]

    /// Nil when `codeset` is UTF-8 (nothing to do) or the C library cannot convert to it.
    package init?(codeset: String) {
        let name = codeset.uppercased()
        guard name != "UTF-8" && name != "UTF8", let conversions = gk_charset_open(codeset) else { return nil }
        self.codeset = codeset
        upperHalf = (0x80...0xFF).map { gk_charset_decode_byte(conversions, UInt8($0)) }
        state = Mutex((conversions, [:]))
    }

    deinit { state.withLock { gk_charset_close($0.conversions) } }

    /// The environment's locale's codeset when it is not UTF-8 (for messages written before or
    /// after the terminal is open); nil in a UTF-8 locale. The first call reads the locale
    /// (`setlocale`): make it on the main thread before other threads start.
    package static func environment() -> LocaleCharset? {
        LocaleCharset(codeset: String(cString: gk_environment_codeset()))
    }

    /// Text that is not drawn in cells (messages): each character in the codeset, one column.
    package func encode(text: String) -> [UInt8] {
        var out: [UInt8] = []
        for s in text.unicodeScalars {
            if s.value < 0x80 { out.append(UInt8(s.value)) } else { out += encode(s.value, width: 1) }
        }
        return out
    }

    /// The codeset's name for people: the C locale's `ANSI_X3.4-1968` is ASCII.
    package var displayName: String { codeset == "ANSI_X3.4-1968" ? "ASCII" : codeset }

    /// `scalar` written in exactly `width` columns (1 or 2) for this codeset.
    package func encode(_ scalar: UInt32, width: Int) -> [UInt8] {
        let key = UInt64(scalar) << 8 | UInt64(width)
        return state.withLock { state in
            if let known = state.cache[key] { return known }
            let made = Self.make(scalar, width: max(1, width), with: state.conversions)
            state.cache[key] = made
            return made
        }
    }

    private static func make(_ scalar: UInt32, width: Int, with conversions: OpaquePointer) -> [UInt8] {
        func padded(_ b: [UInt8]) -> [UInt8] { b + [UInt8](repeating: 32, count: width - b.count) }
        var out = [UInt8](repeating: 0, count: 16)
        // The codeset's own character, when it is as wide as the cell (a double-width character
        // in a double-byte codeset; one byte for one column otherwise).
        let exact = gk_charset_encode(conversions, scalar, 0, &out, 16)
        if exact > 0, exact <= width, width == 1 || exact == 2 { return padded(Array(out[0..<Int(exact)])) }
        if let standIn = standIn(for: scalar) { return padded([standIn]) }
        // A letter with marks is its letter ("é" is "e" and an acute accent): the same in every
        // locale, where the C library's transliteration depends on the one in effect.
        if let s = Unicode.Scalar(scalar),
            let base = String(s).decomposedStringWithCanonicalMapping.unicodeScalars.first,
            base.value > 0x20, base.value < 0x7F
        {
            return padded([UInt8(base.value)])
        }
        if let letter = lettersWithoutDecomposition[scalar] { return padded([letter]) }
        let translit = gk_charset_encode(conversions, scalar, 1, &out, 16)
        if translit > 0 {
            let ascii = out[0..<Int(translit)].prefix { $0 >= 0x20 && $0 < 0x7F }
            if !ascii.isEmpty { return padded(Array(ascii.prefix(width))) }
        }
        return [UInt8](repeating: 0x3F, count: width)
    }

    /// The scalar a byte of 0x80 or more stands for in the codeset (U+FFFD when none).
    package func decode(_ byte: UInt8) -> UInt32 { byte < 0x80 ? UInt32(byte) : upperHalf[Int(byte) - 0x80] }

    /// The character at the start of `bytes` (typed keys): its length and scalar; length 0 when
    /// it is not complete yet (a double-byte codeset's lead byte alone). A byte that starts no
    /// character is U+FFFD on its own.
    package func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, scalar: UInt32) {
        guard let first = bytes.first else { return (0, 0) }
        if first < 0x80 { return (1, UInt32(first)) }
        var scalar: UInt32 = 0
        let n = state.withLock {
            gk_charset_decode($0.conversions, bytes.baseAddress, Int32(min(bytes.count, 8)), &scalar)
        }
        return n > 0 ? (Int(n), scalar) : n == 0 ? (0, 0) : (1, 0xFFFD)
    }

    /// Latin letters that are not a letter and marks, by the letter they are read as.
    static let lettersWithoutDecomposition: [UInt32: UInt8] = [
        0x0141: 0x4C, 0x0142: 0x6C, 0x00D8: 0x4F, 0x00F8: 0x6F, 0x00DF: 0x73, 0x00C6: 0x41, 0x00E6: 0x61,
        0x0110: 0x44, 0x0111: 0x64, 0x0131: 0x69, 0x0152: 0x4F, 0x0153: 0x6F, 0x00D0: 0x44, 0x00F0: 0x64,
        0x00DE: 0x54, 0x00FE: 0x74, 0x0126: 0x48, 0x0127: 0x68
    ]

    /// ASCII for the characters user interfaces draw with: lines, arrows, blocks, bullets.
    static func standIn(for s: UInt32) -> UInt8? {
        switch s {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A,
            0x257C, 0x257E:
            return 0x2D // -
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B,
            0x257D, 0x257F:
            return 0x7C // |
        case 0x2571: return 0x2F
        case 0x2572: return 0x5C
        case 0x2573: return 0x58
        case 0x2500...0x257F: return 0x2B // corners and joints: +
        case 0x2591: return 0x2E // light shade: .
        case 0x2592: return 0x3A // medium shade: :
        case 0x2593: return 0x25 // dark shade: %
        case 0x258C, 0x2590, 0x2595, 0x258F: return 0x7C // half and eighth blocks at a side: |
        case 0x2580...0x259F: return 0x23 // other blocks: #
        case 0x2190, 0x21D0, 0x25C0, 0x25C2, 0x25C4, 0x276E, 0x2039, 0x00AB: return 0x3C // <
        case 0x2192, 0x21D2, 0x25B6, 0x25B8, 0x25BA, 0x276F, 0x203A, 0x00BB: return 0x3E // >
        case 0x2191, 0x21D1, 0x25B2, 0x25B4: return 0x5E // ^
        case 0x2193, 0x21D3, 0x25BC, 0x25BE: return 0x76 // v
        case 0x2194, 0x21D4, 0x2013, 0x2014, 0x2015, 0x2212: return 0x2D // -
        case 0x2195, 0x21D5: return 0x7C
        case 0x00B7, 0x2026, 0x22EF, 0x2219: return 0x2E // · and …: .
        case 0x2022, 0x25CF, 0x2605, 0x2606, 0x2731: return 0x2A // bullets and stars: *
        case 0x25CB, 0x25E6: return 0x6F // o
        case 0x25A0, 0x25A1, 0x25AA, 0x25AB: return 0x23
        case 0x00D7, 0x2715, 0x2716, 0x2717, 0x2718: return 0x78 // x
        case 0x2713, 0x2714: return 0x76 // ✓: v
        case 0x26A0, 0x2757: return 0x21 // !
        case 0x2018, 0x2019, 0x201A: return 0x27
        case 0x201C, 0x201D, 0x201E: return 0x22
        default: return nil
        }
    }
}
