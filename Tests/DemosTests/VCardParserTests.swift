import Foundation
import Testing

@testable import Demos

private func parse(_ text: String, file: String = "t.vcf") -> VCardParseResult {
    VCardParser.parse(Array(text.utf8), file: file)
}

private func fixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return [UInt8](try Data(contentsOf: url))
}

@Suite struct VCardParserTests {
    @Test func foldedLinesAreJoined() {
        let r = parse("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Love\r\n lace\r\nNOTE:one\r\n\ttwo\r\nEND:VCARD\r\n")
        #expect(r.contacts.first?.formattedName == "Ada Lovelace")
        #expect(r.contacts.first?.note == "onetwo")
    }

    @Test func escapesInTextAndStructuredValues() {
        let r = parse(
            "BEGIN:VCARD\nVERSION:3.0\nN:O\\;Brien;Pat\\, Jr.;;;\nFN:Pat\nNOTE:a\\,b\\;c\\nd\\\\e\\Nf\nORG:Acme\\, Inc.;R&D\nEND:VCARD\n"
        )
        let c = r.contacts[0]
        #expect(c.familyName == "O;Brien")
        #expect(c.givenName == "Pat, Jr.")
        #expect(c.note == "a,b;c\nd\\e\nf")
        #expect(c.organization == "Acme, Inc., R&D")
    }

    @Test func quotedPrintableWithSoftBreaksAndCharsets() throws {
        let r = VCardParser.parse(try fixture("android-export.vcf"), file: "android-export.vcf")
        #expect(r.problems.isEmpty)
        #expect(r.contacts.count == 3)
        let j = r.contacts[0]
        #expect(j.formattedName == "Jürgen Müller")
        #expect(j.familyName == "Müller")
        // The file's quoted-printable `=0D=0A` is a line break like any other.
        #expect(j.note == "Erste Zeile\nZweite Zeile mit einem sehr langen Text, der umgebrochen wird und weitergeht.")
        #expect(
            j.phones == [
                LabeledValue(label: "cell", value: "+49 151 2345678"), LabeledValue(label: "home", value: "030 1234567")
            ])
        #expect(j.emails == [LabeledValue(label: "home", value: "juergen@example.de")])
        #expect(j.addresses.first?.value == "Hauptstraße 5, Berlin, 10115, Deutschland")
        #expect(j.birthday == "1980-04-12")
        guard case .data(let bytes, let type)? = j.photo else { Issue.record("photo missing"); return }
        #expect(type == "image/png")
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(r.contacts[2].formattedName == "María García") // ISO-8859-1, FN derived from N
    }

    @Test func desktopExportWithGroupsLabelsAndPhoto() throws {
        let r = VCardParser.parse(try fixture("macos-contacts.vcf"), file: "macos-contacts.vcf")
        #expect(r.problems.isEmpty)
        let ada = r.contacts[0]
        #expect(ada.formattedName == "Ada Lovelace")
        #expect(ada.honorificPrefix == "Countess")
        #expect(ada.additionalNames == "Augusta")
        #expect(ada.organization == "Analytical Engines, Ltd., Research")
        #expect(ada.title == "Mathematician")
        #expect(
            ada.phones == [
                LabeledValue(label: "cell", value: "+44 7700 900123"),
                LabeledValue(label: "Assistant", value: "+44 20 7946 0000")
            ])
        #expect(ada.emails == [LabeledValue(label: "work", value: "ada@engines.example")])
        #expect(ada.addresses.first?.value == "12 St James's Square, London, SW1Y 4JH, United Kingdom")
        #expect(ada.note == "Wrote the first program; loved poetry, too.\nSecond line\\with a backslash.")
        #expect(ada.urls == ["https://example.org/ada"])
        #expect(ada.birthday == "1815-12-10")
        guard case .data(let bytes, _)? = ada.photo else { Issue.record("photo missing"); return }
        #expect(bytes.count == 75)
        #expect(r.contacts[1].emails.first?.value == "grace@navy.example")
    }

    /// A line without a colon is left out and reported; its card stays, with the rest of its lines.
    @Test func vcard4BomLfDataUriAndBrokenCardAmongGoodOnes() throws {
        let r = VCardParser.parse(try fixture("v4-mixed.vcf"), file: "v4-mixed.vcf")
        #expect(r.contacts.map(\.formattedName) == ["山田 太郎", "Broken Card", "Zoë Ångström"])
        #expect(r.contacts[0].phones.first?.value == "+81-90-1234-5678")
        #expect(r.contacts[0].phones.first?.label == "cell")
        if case .data(_, let type)? = r.contacts[0].photo {
            #expect(type == "image/png")
        } else {
            Issue.record("no photo")
        }
        #expect(r.contacts[2].photo == .uri("https://example.com/zoe.jpg"))
        #expect(
            r.problems == [
                VCardProblem(
                    file: "v4-mixed.vcf", line: 12, message: "line has no ':' (\"THIS LINE HAS NO COLON\"); left out")
            ])
        #expect(r.problems[0].description == "v4-mixed.vcf:12: line has no ':' (\"THIS LINE HAS NO COLON\"); left out")
    }

    @Test func crlfAndLfGiveTheSameCards() {
        let lf = "BEGIN:VCARD\nVERSION:3.0\nFN:A B\nTEL:1\nEND:VCARD\n"
        let cards = parse(lf).contacts
        #expect(cards.map(\.formattedName) == ["A B"] && cards.first?.phones.map(\.value) == ["1"])
        #expect(parse(lf.replacingOccurrences(of: "\n", with: "\r\n")).contacts == cards)
    }

    /// A card without END and a card with nothing to call it by are reported; a card with only
    /// a phone or an email is listed under it; every bad line of a card is reported, not only
    /// the first, and the card keeps its other lines.
    @Test func missingEndAndNamelessCardsAreReportedOthersLoad() {
        let text =
            "BEGIN:VCARD\nFN:First\nBEGIN:VCARD\nFN:Second\nEND:VCARD\nBEGIN:VCARD\nTEL:123\nEND:VCARD\nBEGIN:VCARD\nNOTE:nothing\nEND:VCARD\n"
            + "BEGIN:VCARD\nEMAIL:only@example.com\nEND:VCARD\nBEGIN:VCARD\nFN:Two bad\nbad one\nTEL:5\nbad two\nEND:VCARD\nBEGIN:VCARD\nFN:Last\n"
        let r = parse(text, file: "x.vcf")
        #expect(r.contacts.map(\.formattedName) == ["Second", "123", "only@example.com", "Two bad"])
        #expect(r.contacts.last?.phones.map(\.value) == ["5"])
        #expect(
            r.problems.map(\.description) == [
                "x.vcf:1: card has no END:VCARD; left out",
                "x.vcf:9: card has no name (N, FN), organisation, email or phone",
                "x.vcf:17: line has no ':' (\"bad one\"); left out",
                "x.vcf:19: line has no ':' (\"bad two\"); left out",
                "x.vcf:21: card has no END:VCARD; left out"
            ])
    }

    @Test func emptyAndBinaryFiles() throws {
        #expect(
            VCardParser.parse(try fixture("empty.vcf"), file: "empty.vcf").problems.map(\.description) == [
                "empty.vcf: empty file, no cards"
            ])
        let garbage = VCardParser.parse(try fixture("garbage.vcf"), file: "garbage.vcf")
        #expect(garbage.contacts.isEmpty)
        #expect(garbage.problems.map(\.description) == ["garbage.vcf: not a vCard file (no BEGIN:VCARD line)"])
    }

    @Test func utf16FileWithBom() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(VCardParser.parse(bytes, file: "w.vcf").contacts.first?.formattedName == "Zoë")
    }

    @Test func quotedParameterValuesAndLowercaseNames() {
        let r = parse("begin:vcard\nversion:4.0\nfn:Q\ntel;type=\"work,voice\";pref=1:+1 555\nend:vcard\n")
        #expect(r.contacts.first?.phones == [LabeledValue(label: "work", value: "+1 555")])
    }

    @Test func bigFilesReadInParallelMatchAOnePassRead() {
        var text = SampleAddressBook.vcardText(count: 8000)
        let brokenLine = text.utf8.filter { $0 == 10 }.count + 3 // the line without a colon
        text += "BEGIN:VCARD\r\nFN:Broken\r\nno colon here\r\nEND:VCARD\r\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 1 << 20)
        let parallel = VCardParser.parse(bytes, file: "big.vcf")
        let serial = VCardParser.parseCards(bytes[...], firstLine: 1, file: "big.vcf")
        #expect(parallel.contacts.count == 8001, "the broken card too, without its bad line")
        #expect(parallel.contacts == serial.contacts)
        #expect(parallel.problems == serial.problems)
        #expect(parallel.problems.map(\.line) == [brokenLine])
    }

    @Test func sampleAddressBookIsDeterministicAndVaried() {
        let a = SampleAddressBook.contacts(), b = SampleAddressBook.contacts()
        #expect(a.count == 320)
        #expect(a == b)
        #expect(a.contains { $0.formattedName.contains("王") || $0.formattedName.contains("山田") })
        #expect(a.contains { $0.formattedName.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) } })
        #expect(a.contains { $0.formattedName.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } })
        #expect(a.contains { $0.formattedName.count > 60 })
        #expect(a.contains { $0.phones.isEmpty })
        #expect(a.contains { $0.organization.isEmpty })
        #expect(a.contains { $0.categories == ["Work", "Climbing club"] })
        #expect(a.contains { $0.categories.isEmpty })
    }
}

/// Values as they are shown: on one line where a name or number is, as lines in a note.
@Suite struct VCardValueTextTests {
    @Test func tabsAndLineBreaksAreShownAsSpacesOrLines() {
        let r = VCardParser.parse(
            Array(
                "BEGIN:VCARD\nFN:Tab\tand\\nbreak\nTITLE:A\u{7}B\nNOTE;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9 line=0D=0Anext=0Dthird\tend\nCATEGORIES:Work\tmates,Chess\nEND:VCARD\n"
                    .utf8),
            file: "t.vcf")
        let c = r.contacts.first
        #expect(c?.formattedName == "Tab and break", "a tab and an escaped line break in a name are spaces")
        #expect(c?.title == "AB", "other control characters go")
        #expect(c?.note == "Café line\nnext\nthird end", "CR LF and CR are line breaks, a tab a space")
        #expect(
            c?.categories == ["Work mates", "Chess"] || c?.categories == ["Chess", "Work mates"],
            "\(c?.categories ?? [])")
    }
}
