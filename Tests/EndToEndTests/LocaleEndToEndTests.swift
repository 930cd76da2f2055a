import Foundation
import Testing

/// griddemo under locales that are not UTF-8: what reaches the terminal is in the locale's
/// codeset, and one line on exit says so.
@Suite struct LocaleEndToEndTests {
    /// A Latin-1 locale of our own (`localedef` into a temporary folder, used through LOCPATH):
    /// the machine need not have one generated. The caller removes the folder.
    static func latin1Locale() throws -> String {
        let dir = NSTemporaryDirectory() + "gridkit-locale-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = try spawnAndWait(["localedef", "-i", "en_US", "-f", "ISO-8859-1", dir + "/en_US.ISO-8859-1"])
        guard FileManager.default.fileExists(atPath: dir + "/en_US.ISO-8859-1/LC_CTYPE") else {
            throw LocaleUnavailable(
                message: "localedef could not make en_US.ISO-8859-1 (install Debian's locales package): \(r.stderr)")
        }
        return dir
    }
    struct LocaleUnavailable: Error { let message: String }

    /// Well-formed UTF-8 sequences of two bytes or more in `bytes`.
    static func utf8Sequences(_ bytes: [UInt8]) -> Int {
        var count = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let need = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 1
            if need > 1, i + need <= bytes.count, bytes[(i + 1)..<(i + need)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                count += 1
                i += need
            } else {
                i += 1
            }
        }
        return count
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Contacts (names with é, ö, Cyrillic and CJK; `·` and arrows in the chrome) in Latin-1:
    /// Latin-1 letters as their one byte, the rest as stand-ins, no UTF-8 at all.
    @Test func latin1LocaleGetsLatin1AndNoUTF8() throws {
        let locales = try Self.latin1Locale()
        defer { try? FileManager.default.removeItem(atPath: locales) }
        let r = try GraphicsEndToEndTests().capture(
            ["LOCPATH": locales, "LC_ALL": "en_US.ISO-8859-1", "LANG": "en_US.ISO-8859-1"], wait: "Contacts",
            keys: "await:Abara,down,enter,await:organisation,esc,q", ["contacts"])
        #expect(r.status == 0)
        #expect(Self.utf8Sequences(r.bytes) == 0, "no UTF-8 sequence reaches a Latin-1 terminal")
        #expect(Self.contains(r.bytes, [0xC9] + Array("mile Abara".utf8)), "É of Émile is Latin-1's 0xC9")
        #expect(Self.contains(r.bytes, Array("Contacts ".utf8) + [0xB7]), "the title's · is Latin-1's 0xB7")
        #expect(Self.contains(r.bytes, Array("^v move".utf8)), "arrows as ASCII")
        #expect(Self.contains(r.bytes, Array("the terminal's locale is ISO-8859-1, not UTF-8".utf8)))
    }

    /// Photos in the C locale (ASCII): not one byte above 0x7F, thumbnails as coloured spaces.
    @Test func asciiLocaleWritesOnlyASCII() throws {
        let r = try GraphicsEndToEndTests().capture(
            ["LC_ALL": "C", "LANG": "C", "GRIDKIT_GRAPHICS": "blocks"], wait: "gradient-002",
            keys: "await:gradient-003,q", ["photos"])
        #expect(r.status == 0)
        #expect(r.bytes.allSatisfy { $0 < 0x80 }, "only ASCII")
        #expect(Self.contains(r.bytes, Array("Photos . 300".utf8)))
        #expect(
            Self.contains(r.bytes, Array("48;5;".utf8)) || Self.contains(r.bytes, Array("48;2;".utf8)),
            "thumbnails in background colours")
        #expect(Self.contains(r.bytes, Array("the terminal's locale is ASCII, not UTF-8".utf8)))
    }
}
