import Foundation
import Testing

@testable import Demos

/// Lines ending in CR LF, LF, CR alone or LF CR, and files mixing them, give every card, through
/// the full parser and the list's scanner alike; a card that cannot be read is a problem with
/// its line, never dropped without a word.
@Suite struct VCardLineEndTests {
    /// Two-line cards named `names`, each with its own line end.
    static func cards(_ names: [(String, String)]) -> [UInt8] {
        Array(
            names.map { name, end in
                ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)", "TEL:+1 555 \(name.count)", "END:VCARD"].map { $0 + end }
                    .joined()
            }.joined().utf8)
    }

    /// The cards' names and the problems, read by the parser and by the list (which must agree).
    static func read(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        names: [String], problems: [String]
    ) {
        let parsed = VCardParser.parse(bytes, file: "t.vcf")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridkit-lineends-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.vcf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let listed = ContactSources.load(paths: [RawPath(path)])
        #expect(
            listed.contacts.map(\.formattedName) == parsed.contacts.map(\.formattedName), sourceLocation: sourceLocation
        )
        #expect(
            listed.problems
                == parsed.problems.map(\.description).map { $0.replacingOccurrences(of: "t.vcf", with: path) },
            sourceLocation: sourceLocation)
        return (parsed.contacts.map(\.formattedName), parsed.problems.map { "\($0.line): \($0.message)" })
    }

    @Test func aCardWhoseLinesEndInCRBetweenCRLFCardsIsRead() throws {
        let r = try Self.read(Self.cards([("Ada", "\r\n"), ("Bea", "\r"), ("Cy", "\r\n")]))
        #expect(r.names == ["Ada", "Bea", "Cy"])
        #expect(r.problems.isEmpty)
    }

    @Test func aFileOfCRLineEndsShowsAllItsCards() throws {
        let names = (0..<40).map { ("Card \($0)", "\r") }
        let r = try Self.read(Self.cards(names))
        #expect(r.names == names.map(\.0))
        #expect(r.problems.isEmpty)
    }

    @Test func lfCRLineEndsKeepBothCards() throws {
        let r = try Self.read(Self.cards([("Ada", "\n\r"), ("Bea", "\n\r")]))
        #expect(r.names == ["Ada", "Bea"])
        #expect(r.problems.isEmpty)
        // Folding and soft line breaks work across LF CR too.
        let folded = try Self.read(
            Array("BEGIN:VCARD\n\rFN:Ada Love\n\r lace\n\rNOTE;ENCODING=QUOTED-PRINTABLE:a=\n\rb\n\rEND:VCARD\n\r".utf8)
        )
        #expect(folded.names == ["Ada Lovelace"])
        #expect(
            VCardParser.parse(
                Array("BEGIN:VCARD\n\rFN:A\n\rNOTE;ENCODING=QUOTED-PRINTABLE:a=\n\rb\n\rEND:VCARD\n\r".utf8), file: "t"
            ).contacts.first?.note == "ab")
    }

    @Test func everyMixtureIsRead() throws {
        let ends = ["\r\n", "\n", "\r", "\n\r"]
        var rng = SplitMix(seed: 51)
        for _ in 0..<30 {
            // Line by line, not card by card.
            var text = ""
            for card in 0..<6 {
                for line in ["BEGIN:VCARD", "FN:Card \(card)", "EMAIL:c\(card)@example.com", "END:VCARD"] {
                    text += line + ends[rng.next(ends.count)]
                }
            }
            let r = try Self.read(Array(text.utf8))
            #expect(r.names == (0..<6).map { "Card \($0)" }, "\(text.debugDescription)")
            #expect(r.problems.isEmpty, "\(text.debugDescription)")
        }
    }

    /// A problem's line is the line an editor shows it on, whatever the line ends.
    @Test func problemsNameTheirLineWhateverTheLineEnds() throws {
        for end in ["\r\n", "\n", "\r", "\n\r"] {
            let text =
                ["BEGIN:VCARD", "FN:Ada", "END:VCARD", "BEGIN:VCARD", "FN:Bea", "no colon", "END:VCARD"].joined(
                    separator: end) + end
            let r = try Self.read(Array(text.utf8))
            #expect(r.names == ["Ada", "Bea"])
            #expect(r.problems == ["6: line has no ':' (\"no colon\"); left out"], "\(end.debugDescription)")
        }
    }

    /// What is between cards (a damaged BEGIN line's card, a stray END) is reported, once per
    /// run of lines, at its first line.
    @Test func linesOutsideAnyCardAreReported() throws {
        let text =
            "BEGIN:VCARD\rFN:Ada\rEND:VCARD\rBEGXN:VCARD\rFN:Lost\rEND:VCARD\rBEGIN:VCARD\rFN:Cy\rEND:VCARD\rEND:VCARD\r"
        let r = try Self.read(Array(text.utf8))
        #expect(r.names == ["Ada", "Cy"])
        #expect(
            r.problems == [
                "4: not in a card (no BEGIN:VCARD before it); left out",
                "10: not in a card (no BEGIN:VCARD before it); left out"
            ])
    }

    /// A big file of CR line ends is cut into pieces read on every core, numbered as one.
    @Test func bigCRFilesAreCutAndNumberedAsOne() throws {
        var text = SampleAddressBook.vcardText(count: 8000).replacingOccurrences(of: "\r\n", with: "\r")
        let brokenLine = text.utf8.filter { $0 == 13 }.count + 3
        text += "BEGIN:VCARD\rFN:Broken\rno colon here\rEND:VCARD\r"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 1 << 20)
        #expect(VCardParser.cardBoundaries(bytes, parts: 4).count == 4)
        let parallel = VCardParser.parse(bytes, file: "big.vcf")
        let serial = VCardParser.parseCards(bytes[...], firstLine: 1, file: "big.vcf")
        #expect(parallel.contacts.count == 8001)
        #expect(parallel.contacts == serial.contacts)
        #expect(parallel.problems.map(\.line) == [brokenLine])
        let r = try Self.read(bytes)
        #expect(r.names.count == 8001)
        #expect(r.problems.map { $0.prefix { $0 != ":" } } == ["\(brokenLine)"])
    }
}
