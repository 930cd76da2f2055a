import Foundation
import Testing

@testable import Demos

/// Damaged files of every kind: never a crash, always cards or a problem, pixels or an error.
@Suite struct CorruptInputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Deterministic damage: flip, drop or duplicate bytes.
    static func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SplitMix(seed: seed)
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<(1 + rng.next(8)) where !b.isEmpty {
                let i = rng.next(b.count)
                switch rng.next(3) {
                case 0: b[i] = UInt8(rng.next(256))
                case 1: b.remove(at: i)
                default: b.insert(b[i], at: i)
                }
            }
            if rng.next(4) == 0 { b = Array(b.prefix(rng.next(b.count + 1))) }
            return b
        }
    }

    /// Cards are independent: a damaged byte inside one card may cost that card, never another,
    /// and every problem points into the damaged card's lines.
    @Test func damageToOneCardCostsAtMostThatCard() throws {
        for name in ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf"] {
            let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            let parsed = VCardParser.parse(bytes, file: name)
            let original = parsed.contacts, knownProblems = Set(parsed.problems.map(\.message))
            let cards = Self.cardRanges(bytes)
            #expect(cards.count == original.count, "\(name): every card of the fixture loads")
            var rng = SplitMix(seed: 99)
            for _ in 0..<300 {
                // Past a possible byte-order mark; never a NUL, which marks a file as binary.
                let i = 3 + rng.next(bytes.count - 3)
                var damaged = bytes
                damaged[i] = UInt8(1 + rng.next(255))
                // The line break before a BEGIN belongs to both cards: damage there may merge them.
                guard let k = cards.firstIndex(where: { $0.bytes.contains(i) }),
                    !cards.contains(where: { $0.bytes.lowerBound > i && $0.bytes.lowerBound - i <= 2 })
                else { continue }
                let r = VCardParser.parse(damaged, file: name)
                // `source` names the card's line, which moves when the damage adds or removes a line break.
                let loaded = Set(
                    r.contacts.map {
                        var c = $0; c.source = ""; return c
                    })
                for (j, card) in original.enumerated() where j != k {
                    var c = card
                    c.source = ""
                    #expect(
                        loaded.contains(c),
                        "\(name): byte \(i) (\(bytes[i]) → \(damaged[i])) in card \(k) lost card \(j)")
                }
                let lines = cards[k].lines.lowerBound...(cards[k].lines.upperBound + 1)
                for problem in r.problems where !knownProblems.contains(problem.message) {
                    #expect(lines.contains(problem.line), "\(name): \(problem) is outside card \(k)")
                }
            }
        }
    }

    /// Byte and line ranges of each card (from its BEGIN line to the next one).
    static func cardRanges(_ bytes: [UInt8]) -> [(bytes: Range<Int>, lines: ClosedRange<Int>)] {
        let begin = Array("BEGIN:VCARD".utf8)
        var starts: [(offset: Int, line: Int)] = [], line = 1, atLineStart = true
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 // the first BEGIN may follow a byte-order mark
        for (i, b) in bytes.enumerated() {
            if atLineStart || i == bom, bytes[i...].starts(with: begin) { starts.append((i, line)) }
            atLineStart = b == 10
            if b == 10 { line += 1 }
        }
        var out: [(bytes: Range<Int>, lines: ClosedRange<Int>)] = []
        for n in 0..<starts.count {
            let endOffset: Int = n + 1 < starts.count ? starts[n + 1].offset : bytes.count
            let endLine: Int = n + 1 < starts.count ? starts[n + 1].line : line
            out.append((starts[n].offset..<endOffset, starts[n].line...max(starts[n].line, endLine)))
        }
        return out
    }

    @Test func damagedVCardsGiveCardsOrProblemsNeverACrash() throws {
        for name in ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf"] {
            let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            for damaged in Self.mutations(of: bytes, count: 300, seed: 7) {
                let r = VCardParser.parse(damaged, file: name)
                // What loads is a card with a name; what does not is a problem with a line.
                #expect(
                    r.contacts.allSatisfy { !$0.formattedName.isEmpty && $0.source.hasPrefix(name + ":") }, "\(name)")
                #expect(r.problems.allSatisfy { $0.file == name && !$0.message.isEmpty })
            }
        }
    }

    @Test func damagedImagesDecodeOrFailWithAReason() throws {
        let dir = Self.fixtures.appendingPathComponent("images")
        for name in [
            "rgb.png", "palette.png", "interlaced.png", "rgb.jpg", "progressive.jpg", "cmyk.jpg", "exif-rotated.jpg"
        ] {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
            for damaged in Self.mutations(of: bytes, count: 150, seed: 11) {
                // Decoding twice gives the same pixels: damaged input must never make the decoder
                // read memory it did not write (that would differ from run to run).
                do {
                    let img = try ImageDecoder.decode(damaged, minSize: (8, 8))
                    #expect(
                        img.width > 0 && img.height > 0 && img.width * img.height <= ImageDecoder.maxPixels, "\(name)")
                    #expect(
                        try ImageDecoder.decode(damaged, minSize: (8, 8)).pixels == img.pixels,
                        "\(name): not deterministic")
                } catch let e as ImageDecodeError {
                    let known = [
                        "bad PNG: ", "bad JPEG: ", "truncated JPEG", "not a PNG or JPEG file", "image too large",
                        "empty file"
                    ]
                    #expect(
                        known.contains { e.message.hasPrefix($0) } && e.message.count > 12, "\(name): '\(e.message)'")
                }
            }
        }
    }
}
