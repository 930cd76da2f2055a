import Foundation
import Testing

@testable import Demos

/// A contact's categories (vCard CATEGORIES): the rules, the full parser, and the scanner the
/// list reads files with, which must store what the parser's contacts would.
@Suite struct ContactCategoriesTests {
    private func parsed(_ text: String) -> [[String]] {
        VCardParser.parse(Array(text.utf8), file: "t.vcf").contacts.map(\.categories)
    }

    /// What the scanner stores of each card's categories.
    private func scanned(_ text: String) -> [[String]] { scanned(bytes: Array(text.utf8)) }

    private func scanned(bytes: [UInt8]) -> [[String]] {
        var builder = ContactStoreBuilder()
        _ = VCardScanner.scan(bytes, 0..<bytes.count, firstLine: 1, file: "t.vcf", fileIndex: 0, into: &builder)
        let store = ContactStore(
            text: builder.text, ends: builder.ends,
            backing: .cards(blobs: [.bytes(bytes)], places: builder.places, files: ["t.vcf"]))
        return (0..<store.count).map { store.categories(of: $0) }
    }

    private func card(_ lines: String) -> String { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Someone\r\n\(lines)END:VCARD\r\n" }

    @Test func trimmedEmptyOnesDroppedFirstSpellingKept() {
        #expect(
            ContactCategories.normalized([" Work ", "", " \t", "work", "Family", "WORK", "family\t", "Climbing club"])
                == ["Work", "Family", "Climbing club"])
        #expect(ContactCategories.normalized([]) == [])
        // Case beyond ASCII is folded too; accents are not.
        #expect(
            ContactCategories.normalized(["Família", "FAMÍLIA", "Straße", "STRASSE", "Café", "Cafe"]) == [
                "Família", "Straße", "Café", "Cafe"
            ])
        #expect(ContactCategories.key("Climbing CLUB") == "climbing club")
        #expect(ContactCategories.key("\u{212A}ey") == ContactCategories.key("KEY"))
    }

    @Test func commaSeparatedWithEscapesOnSeveralLines() {
        let text = card(
            "CATEGORIES: Work ,,Friends\\, old,Back\\\\slash\r\ncategories:WORK,Family\r\nitem1.CATEGORIES:family,Chess\r\n"
        )
        let want = [["Work", "Friends, old", "Back\\slash", "Family", "Chess"]]
        #expect(parsed(text) == want)
        #expect(scanned(text) == want)
    }

    @Test func plainASCIIIsReadOnTheBytes() {
        let text =
            card("CATEGORIES:myContacts,Work\r\nCATEGORIES:\tClimbing club , WORK,\r\n") + card("")
            + card("CATEGORIES:\r\n")
        let want = [["myContacts", "Work", "Climbing club"], [], []]
        #expect(parsed(text) == want)
        #expect(scanned(text) == want)
    }

    @Test func foldedLinesAreJoined() {
        // The fold's first space is the fold; the second is the text's.
        let text = card("CATEGORIES:Climbing\r\n  club,Wo\r\n rk\r\n")
        #expect(parsed(text) == [["Climbing club", "Work"]])
        #expect(scanned(text) == [["Climbing club", "Work"]])
    }

    @Test func vCard21QuotedPrintableAndCharsets() {
        // A soft line break inside the quoted-printable value, and Réseau in Latin-1 (one byte for é).
        let bytes =
            Array(
                "BEGIN:VCARD\r\nVERSION:2.1\r\nN:M=C3=BCller;J;;;\r\nCATEGORIES;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Fam=C3=ADlia,=\r\nCaf=C3=A9\r\nCATEGORIES;CHARSET=ISO-8859-1:R"
                    .utf8)
            + [0xE9] + Array("seau\r\nEND:VCARD\r\n".utf8)
        let want = [["Família", "Café", "Réseau"]]
        #expect(VCardParser.parse(bytes, file: "t.vcf").contacts.map(\.categories) == want)
        #expect(scanned(bytes: bytes) == want)
    }

    @Test func accentsAndCaseBeyondASCII() {
        let text = card("CATEGORIES:Família,FAMÍLIA,\u{212A}ey,key,Cafe\u{301},Café\r\n")
        let want = [["Família", "\u{212A}ey", "Cafe\u{301}"]]
        #expect(parsed(text) == want)
        #expect(scanned(text) == want)
    }

    @Test func manyCategoriesOnOneCard() {
        let names = (0..<40).map { "Group \($0 % 30)" } + ["GROUP 7"]
        let text = card("CATEGORIES:" + names.joined(separator: ",") + "\r\n")
        let want = [(0..<30).map { "Group \($0)" }]
        #expect(parsed(text) == want)
        #expect(scanned(text) == want)
    }

    @Test func contactsMadeInMemoryAreStoredNormalized() {
        var c = Contact()
        c.formattedName = "Ada"
        c.categories = [" Work", "work", ""]
        let store = ContactStore([c])
        #expect(store.categories(of: 0) == ["Work"])
        #expect(store.contact(0).categories == [" Work", "work", ""], "the contact itself is as it was given")
    }
}
