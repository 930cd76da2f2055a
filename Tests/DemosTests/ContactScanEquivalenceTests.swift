import Foundation
import Testing

@testable import Demos

/// The list reads address books through `VCardScanner` (only the fields a row shows, values
/// taken as bytes when plain) and opens a contact by parsing its card again. Both must agree
/// with the full parser on every card: the same cards, the same problems, the same contacts
/// field by field, and the same list fields as a store built from the parsed contacts.
@Suite struct ContactScanEquivalenceTests {
    static let fixtures = CorruptInputTests.fixtures

    /// Cards meant to take every path of the scanner: plain ones, and each thing that must send
    /// a card to the full parser or change a value (escapes, spaces to trim, quoted-printable,
    /// CHARSET, folding, groups, quotes in parameters, PHOTO, `tel:`, combining marks, Latin-1
    /// bytes, lines without a colon, nameless cards, nested BEGIN, a missing END), and
    /// CATEGORIES in each of those shapes (several lines, duplicates in other cases, escaped
    /// commas, accents, case folding beyond ASCII, more than the scanner compares pair by pair).
    static let tricky: String =
        [
            "BEGIN:VCARD\nVERSION:3.0\nN:Lovelace;Ada;King;Lady;\nFN:Ada Lovelace\nORG:Analytical Engines;Research\nTEL;TYPE=CELL:+44 20 1234\nEMAIL:ada@example.com\nEND:VCARD",
            "begin:vcard\nn:hopper;grace;;;\ntel:tel:+1-555-0100\nemail;type=work:grace@navy.example\nend:vcard",
            "BEGIN:VCARD\nN:O\\;Brien;Conan;;;\nFN:Conan O\\;Brien\\, Jr.\nORG:Late\\, Night;\nEND:VCARD",
            "BEGIN:VCARD\nN: Spaced ; Out ;;;\nFN:  Padded Name \t\nORG: Org ; ; Unit \nTEL: 555 \nEND:VCARD",
            "BEGIN:VCARD\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;\nFN;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen=\n M=C3=BCller\nEND:VCARD",
            "BEGIN:VCARD\nFN;CHARSET=ISO-8859-1:Ren\u{E9}\nN:;;;;\nEND:VCARD",
            "BEGIN:VCARD\nFN:Folded\n  Name\nN:Folded;\n Name;;;\nTEL:+1\n 555\nEND:VCARD",
            "BEGIN:VCARD\nitem1.TEL:+33 1 23\nitem1.X-ABLabel:_$!<Mobile>!$_\nitem2.EMAIL:g@example.com\nN:Grouped;Gaston;;;\nEND:VCARD",
            "BEGIN:VCARD\nTEL;TYPE=\"work,voice\":+1 555 0199\nN;X-Q=\"a:b\":Quoted;Quinn;;;\nEND:VCARD",
            "BEGIN:VCARD\nN:Photo;Phil;;;\nPHOTO;ENCODING=b;TYPE=JPEG:!!!not base64!!!\nEND:VCARD",
            "BEGIN:VCARD\nN:Photo;Pam;;;\nPHOTO;VALUE=uri:https://example.com/p.jpg\nEND:VCARD",
            "BEGIN:VCARD\nFN:tel marks\nTEL:tel:\u{301}123\nTEL:TEL:\nTEL:tel:9\nEND:VCARD",
            "BEGIN:VCARD\nFN:Combining e\u{301}\nN:e\u{301};\u{301}x;;;\nEND:VCARD",
            "BEGIN:VCARD\nthis line has no colon\nN:Broken;Bea;;;\nEND:VCARD",
            "BEGIN:VCARD\nVERSION:3.0\nNOTE:no name at all\nEND:VCARD",
            "BEGIN:VCARD\nFN:\nN:;;;;\nORG:Only Org;Dept\nEND:VCARD",
            "BEGIN:VCARD\nN:Nested;Nora;;;\nBEGIN:VCARD\nN:Inner;Ian;;;\nEND:VCARD",
            "BEGIN:VCARD\nN:Calendar;Cal;;;\nBEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCARD",
            "BEGIN : VCARD\nN:Odd;Delimiters;;;\nEND: vcard \n",
            "END:VCARD\nBEGIN:VCARD\nFN:Twice\nFN:\nN:Last;Wins;;;\nN:;;;;\nEMAIL:\nEMAIL:second@example.com\nEND:VCARD",
            "BEGIN:VCARD\nFN:Ünïcödé Ελένη 王小明 Łódź ﬁ İstanbul ß\nN:Øster;Åse;;;\nEND:VCARD",
            "BEGIN:VCARD\nN:Grouped;Gina;;;\nCATEGORIES:Work\nCATEGORIES: work ,,Family , \t,FAMILY\nitem1.categories:Chess\nEND:VCARD",
            "BEGIN:VCARD\nN:Escaped;Eli;;;\nCATEGORIES:Friends\\, old,Work\\\\Home,Tail\\\nEND:VCARD",
            "BEGIN:VCARD\nN:Folded;Flo;;;\nCATEGORIES:Climbing\n  club,Work\nEND:VCARD",
            "BEGIN:VCARD\nN:Printable;Pia;;;\nCATEGORIES;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Fam=C3=ADlia,=\nCaf=C3=A9\nCATEGORIES;CHARSET=ISO-8859-1:Ren\u{E9}\nEND:VCARD",
            "BEGIN:VCARD\nN:Accents;Ana;;;\nCATEGORIES:Família,FAMÍLIA,Straße,STRASSE,\u{212A}ey,key,Cafe\u{301},Café\nEND:VCARD",
            "BEGIN:VCARD\nN:Many;Max;;;\nCATEGORIES:" + (0..<20).map { "g\($0 % 18)" }.joined(separator: ",")
                + ",G3\nEND:VCARD",
            "BEGIN:VCARD\nN:Empty;Emma;;;\nCATEGORIES:\nCATEGORIES: , ,\nEND:VCARD",
            "BEGIN:VCARD\nN:Quoted;Quentin;;;\nCATEGORIES;X-Q=\"a:b\":Quoted\nEND:VCARD",
            "BEGIN:VCARD\nFN:Only Groups\nCATEGORIES:Work\nEND:VCARD",
            "BEGIN:VCARD\nN:Tail;Open;;;\n"
        ].joined(separator: "\r\n") + "\r\n"

    /// Loads `bytes` as a file through the list's path and through the full parser, and checks
    /// they agree.
    static func checkFile(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridkit-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let full = VCardParser.parse(bytes, file: path)
        let lazy = ContactSources.load(paths: [RawPath(path)])
        check(lazy, against: full.contacts, problems: full.problems.map(\.description), name, sourceLocation)
    }

    static func check(
        _ lazy: ContactSources.Loaded, against full: [Contact], problems: [String], _ name: String,
        _ sourceLocation: SourceLocation
    ) {
        #expect(lazy.problems == problems, "\(name): problems", sourceLocation: sourceLocation)
        let store = lazy.store, reference = ContactStore(full)
        #expect(store.count == full.count, "\(name): cards", sourceLocation: sourceLocation)
        guard store.count == full.count else { return }
        for i in 0..<store.count {
            let c = store.contact(i)
            #expect(
                c == full[i], "\(name): card \(i) (\(full[i].source)): \(differences(c, full[i]))",
                sourceLocation: sourceLocation)
            for field in ContactStore.Field.allCases {
                let mine = Array(store.text[store.range(field, of: i)]),
                    theirs = Array(reference.text[reference.range(field, of: i)])
                #expect(
                    mine == theirs,
                    "\(name): card \(i) (\(full[i].source)) \(field): \(String(decoding: mine, as: UTF8.self)) ≠ \(String(decoding: theirs, as: UTF8.self))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The fields two contacts differ in, named.
    static func differences(_ a: Contact, _ b: Contact) -> String {
        Mirror(reflecting: a).children.compactMap { child -> String? in
            let other = Mirror(reflecting: b).children.first { $0.label == child.label }!.value
            return "\(child.value)" == "\(other)" ? nil : "\(child.label ?? "?"): \(child.value) ≠ \(other)"
        }.joined(separator: "; ")
    }

    @Test func fixturesAgree() throws {
        for name in ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf", "garbage.vcf", "empty.vcf"] {
            try Self.checkFile([UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name))), name: name)
        }
    }

    @Test func trickyCardsAgree() throws {
        // CRLF, LF, CR alone, LF CR and a mixture, with and without a byte-order mark, and one
        // more line's worth of Latin-1.
        let crlf = Array(Self.tricky.utf8)
        try Self.checkFile(crlf, name: "tricky.vcf")
        try Self.checkFile(crlf.filter { $0 != 13 }, name: "tricky-lf.vcf")
        try Self.checkFile(crlf.filter { $0 != 10 }, name: "tricky-cr.vcf")
        try Self.checkFile(
            Array(Self.tricky.replacingOccurrences(of: "\r\n", with: "\n\r").utf8), name: "tricky-lfcr.vcf")
        try Self.checkFile(Self.mixedLineEnds(crlf, seed: 51), name: "tricky-mixed.vcf")
        try Self.checkFile([0xEF, 0xBB, 0xBF] + crlf, name: "tricky-bom.vcf")
        try Self.checkFile(
            crlf + Array("BEGIN:VCARD\r\nFN:Ren".utf8) + [0xE9] + Array("e\r\nEND:VCARD\r\n".utf8), name: "latin1.vcf")
        try Self.checkFile(
            crlf + Array("BEGIN:VCARD\r\nFN:Latin\r\nCATEGORIES:Work,Caf".utf8) + [0xE9]
                + Array("\r\nEND:VCARD\r\n".utf8), name: "latin1-categories.vcf")
    }

    @Test func sampleAddressBookAgrees() throws {
        // Large enough to be cut into pieces scanned on several threads, whatever the line ends.
        let crlf = Array(SampleAddressBook.vcardText(count: 6_000, realistic: true).utf8)
        try Self.checkFile(crlf, name: "sample.vcf")
        try Self.checkFile(crlf.filter { $0 != 10 }, name: "sample-cr.vcf")
        try Self.checkFile(Self.mixedLineEnds(crlf, seed: 52), name: "sample-mixed.vcf")
    }

    /// `crlf`'s lines, each ended by CR LF, LF, CR or LF CR at random.
    static func mixedLineEnds(_ crlf: [UInt8], seed: UInt64) -> [UInt8] {
        let ends: [[UInt8]] = [[13, 10], [10], [13], [10, 13]]
        var rng = SplitMix(seed: seed), out: [UInt8] = [], i = 0
        out.reserveCapacity(crlf.count + crlf.count / 8)
        while i < crlf.count {
            if crlf[i] == 13 && i + 1 < crlf.count && crlf[i + 1] == 10 {
                out += ends[rng.next(ends.count)]
                i += 2
            } else {
                out.append(crlf[i])
                i += 1
            }
        }
        return out
    }

    @Test func damagedFilesAgree() throws {
        var count = 0
        for name in ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf"] {
            let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            for (k, damaged) in CorruptInputTests.mutations(of: bytes, count: 150, seed: 12).enumerated() {
                try Self.checkFile(damaged, name: "\(k)-\(name)")
                count += 1
            }
        }
        for (k, damaged) in CorruptInputTests.mutations(of: Array(Self.tricky.utf8), count: 300, seed: 13).enumerated()
        {
            try Self.checkFile(damaged, name: "\(k)-tricky.vcf")
        }
        #expect(count == 450)
    }

    @Test func foldersAgree() throws {
        // A vdir: one card per file, read in slices on several threads.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridkit-vdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cards = (SampleAddressBook.vcardText(count: 150) + Self.tricky).components(separatedBy: "BEGIN:VCARD")
            .filter { !$0.isEmpty }
        var full: [Contact] = [], problems: [String] = []
        for (i, card) in cards.enumerated() {
            let path = dir.appendingPathComponent(String(format: "%04d.vcf", i)).path
            let bytes = Array(("BEGIN:VCARD" + card).utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let parsed = VCardParser.parse(bytes, file: path)
            full += parsed.contacts
            problems += parsed.problems.map(\.description)
        }
        Self.check(
            ContactSources.load(paths: [RawPath(dir.path)]), against: full, problems: problems, "vdir", #_sourceLocation
        )
    }

    @Test func aCardOpenedAfterItsFileChangedSaysSo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gridkit-changed-\(UUID().uuidString).vcf"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(SampleAddressBook.vcardText(count: 5).utf8).write(to: URL(fileURLWithPath: path))
        let loaded = ContactSources.load(paths: [RawPath(path)])
        let before = loaded.store.contact(2)
        #expect(before.note.isEmpty && (!before.phones.isEmpty || !before.emails.isEmpty))
        try Data("BEGIN:VCARD\r\nFN:Someone else\r\nEND:VCARD\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let after = loaded.store.contact(2)
        #expect(after.formattedName == before.formattedName)
        #expect(after.note.contains("changed since it was read"), "\(after.note)")
        #expect(after.phones.isEmpty && after.emails.isEmpty)
    }
}
