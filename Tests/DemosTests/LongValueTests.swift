import Foundation
import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// A value of megabytes (a hostile card's name) is shown as its start, `…` and its size, in
/// the list, the cards and the card's own screen: what a key costs does not grow with it.
@MainActor @Suite struct LongValueTests {
    /// Ten megabytes of name, then ordinary people.
    static let hugeName = String(
        ("Huge " + String(repeating: "Wolfeschlegelsteinhausen ", count: 420_000)).prefix(10 << 20))

    static func book() -> [UInt8] {
        var text = "BEGIN:VCARD\r\nN:Aaron;Big;;;\r\nFN:\(hugeName)\r\nTEL:+1 555 9999\r\nEND:VCARD\r\n"
        for i in 0..<5 {
            text += "BEGIN:VCARD\r\nN:Person\(i);Al;;;\r\nFN:Al Person\(i)\r\nTEL:+1 555 000\(i)\r\nEND:VCARD\r\n"
        }
        return Array(text.utf8)
    }

    @Test func aLongValueIsItsStartAndItsSize() {
        #expect(LongValue.shown("Ada Lovelace") == "Ada Lovelace")
        let exact = String(repeating: "a", count: LongValue.limit)
        #expect(LongValue.shown(exact) == exact, "up to the limit, whole")
        #expect(LongValue.shown(Self.hugeName, keep: 16) == "Huge Wolfeschleg… (10 MB)")
        // Never half a character: "é" is two bytes, and the cut falls inside the ninth.
        let accents = String(repeating: "é", count: 5000)
        #expect(LongValue.shown(accents, keep: 17) == String(repeating: "é", count: 8) + "… (9.8 KB)")
        #expect(
            LongValue.size(812) == "812 bytes" && LongValue.size(4200) == "4.1 KB" && LongValue.size(3 << 30) == "3 GB")
    }

    @Test func theListAndTheCardShowItCut() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gridkit-long-\(UUID().uuidString).vcf"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Self.book()).write(to: URL(fileURLWithPath: path))
        let loaded = ContactSources.load(paths: [RawPath(path)])
        let directory = ContactDirectory(store: loaded.store)
        #expect(directory.row(ofContact: 0).name == "Huge Wolfeschleg… (10 MB)")

        let list = HeadlessHost(size: Size(width: 80, height: 20), events: InputEvent.script("down, up"))
        ScreenController(host: list).run(ContactsScreen(directory: directory))
        #expect(try #require(list.lastFrame).text.contains("Huge Wolfeschleg… (10 MB)"))

        let cards = HeadlessHost(size: Size(width: 80, height: 20))
        ScreenController(host: cards).run(ContactsScreen(directory: directory, arrangement: .cards))
        #expect(try #require(cards.lastFrame).text.contains("Huge Wolfeschleg… (10 MB)"))

        // The card's screen: the title and the name's row, wrapped from 4 KB, not 10 MB.
        let screen = ContactDetailScreen(contact: directory.contact(at: IndexPath(item: 0, section: 0)))
        #expect(screen.title == "Huge Wolfeschleg… (10 MB)")
        let name = try #require(screen.rows.first { $0.label == "name" })
        #expect(name.value.text.utf8.count < LongValue.limit + 20 && name.value.text.hasSuffix("… (10 MB)"))
        let detail = HeadlessHost(size: Size(width: 80, height: 20), events: InputEvent.script("down*3, pgdn, end"))
        ScreenController(host: detail).run(screen)
        #expect(try #require(detail.lastFrame).text.contains("… (10 MB)"), "the end of the cut name shows, scrolled to")
    }
}
