import Foundation
import GridKit
import GridKitTesting
import TestSupport
import Testing

@testable import Demos

/// The contacts screens run by the real ScreenController on a headless host.
@MainActor @Suite struct ContactsScreenTests {
    let snapshot = Snapshot()

    func run(_ screen: Screen, _ script: String, size: Size = Size(width: 80, height: 20)) -> Canvas {
        let host = HeadlessHost(size: size, events: script.isEmpty ? [] : InputEvent.script(script))
        ScreenController(host: host).run(screen)
        return host.lastFrame!
    }

    @Test func listLayout() throws {
        try snapshot.verify(
            run(ContactsScreen(contacts: SampleAddressBook.contacts()), "down*3"), named: "contacts-list")
    }

    @Test func cardLayoutKeepsTheFocusedContact() throws {
        let frame = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "down*14, v")
        try snapshot.verify(frame, named: "contacts-cards")
    }

    /// Cards size themselves: three numbers and an email make a card two rows taller than one
    /// with a single number, and the card after it starts lower.
    @Test func aCardWithMoreNumbersIsTaller() {
        func person(_ name: String, phones: Int) -> Contact {
            var c = Contact()
            c.formattedName = name; c.familyName = name
            c.phones = (0..<phones).map { LabeledValue(label: "cell", value: "+1 555 000\($0)") }
            c.emails = [LabeledValue(label: "home", value: "\(name.lowercased())@example.com")]
            return c
        }
        let screen = ContactsScreen(
            contacts: [person("Aa", phones: 3), person("Ab", phones: 1), person("Ac", phones: 1)], arrangement: .cards)
        let host = HeadlessHost(size: Size(width: 40, height: 30), events: InputEvent.script("down"))
        let controller = ScreenController(host: host)
        var frames: [Rect] = []
        host.afterEachEvent = { _ in
            frames = (0..<3).compactMap {
                controller.gridView?.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
            }
        }
        controller.run(screen)
        #expect(frames.map(\.height) == [7, 5, 5])
        #expect(frames[1].minY == frames[0].maxY + 1, "one card per line at 40 columns, a line apart")
        #expect(host.lastFrame!.text.contains("☎ +1 555 0002"))
    }

    @Test func filterAndNoMatchMessage() throws {
        try snapshot.verify(
            run(ContactsScreen(contacts: SampleAddressBook.contacts()), "/, text:hopp, enter"),
            named: "contacts-no-match")
        let frame = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "/, text:tanaka")
        #expect(frame.row(1).hasPrefix("/ tanaka "), "the search bar, over the list")
        #expect(frame.row(0).contains("Contacts · 2 of 320") || frame.row(0).contains(" of 320"))
        #expect(frame.row(2).contains("F") || frame.row(2).contains("T"))
    }

    /// A paste is one filter, however long; the bar keeps what it may and says so, and Esc
    /// brings everyone back.
    @Test func aPasteFiltersOnceAndIsCapped() throws {
        let screen = ContactsScreen(contacts: SampleAddressBook.contacts())
        let pasted = run(screen, "/, paste:tanaka")
        #expect(pasted.row(1).hasPrefix("/ tanaka "))
        let huge = String(repeating: "tanaka ", count: 150_000) // about 1 MB
        let capped = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "/, paste:" + huge)
        #expect(capped.row(1).contains("cut at 4096 characters"))
        #expect(capped.text.contains("No contacts match"))
        let back = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "/, paste:" + huge + ", esc")
        #expect(back.row(0).contains("Contacts · 320 ·"))
    }

    @Test func letterJumpsToItsSection() {
        let frame = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "W")
        #expect(frame.row(1).hasPrefix(" W "))
        #expect(frame.row(2).hasPrefix("▶"))
        // # for the names in other scripts (filed under #).
        let other = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "#")
        #expect(other.row(1).hasPrefix(" # "), "\(other.row(1))")
        // Without names in other scripts, # goes nowhere (it used to jump to A).
        var latin = Contact()
        latin.familyName = "Zorn"; latin.formattedName = "Ada Zorn"
        var first = Contact()
        first.familyName = "Abel"; first.formattedName = "Bo Abel"
        let none = run(ContactsScreen(contacts: [first, latin]), "end, #")
        #expect(
            none.text.contains("▶ Ada Zorn")
                || none.text.split(separator: "\n").contains { $0.hasPrefix("▶") && $0.contains("Ada Zorn") },
            "\(none.text)")
        // Narrow, names get the room (the organisation goes).
        let narrow = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "", size: Size(width: 30, height: 12))
        #expect(narrow.text.contains("Grace Abara") && narrow.text.contains("Kwame Abara"), "\(narrow.text)")
    }

    @Test func detailShowsEveryField() throws {
        let bytes = Array(
            "BEGIN:VCARD\nVERSION:3.0\nN:Lovelace;Ada;;;\nFN:Ada Lovelace\nORG:Engines\nTITLE:Countess\nTEL;TYPE=CELL:+44 1\nEMAIL:ada@x.example\nADR:;;1 Sq;London;;N1;UK\nBDAY:1815-12-10\nNOTE:A long note that should wrap over more than one line in a narrow terminal window.\nURL:https://x.example\nEND:VCARD\n"
                .utf8)
        let contacts = VCardParser.parse(bytes, file: "ada.vcf").contacts
        try snapshot.verify(
            run(ContactsScreen(contacts: contacts), "enter", size: Size(width: 60, height: 16)), named: "contact-detail"
        )
    }

    @Test func detailDrawsTheInlinePhoto() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/macos-contacts.vcf")
        let contacts = VCardParser.parse([UInt8](try Data(contentsOf: url)), file: "macos-contacts.vcf").contacts
        let frame = run(ContactsScreen(contacts: contacts), "down, enter", size: Size(width: 70, height: 30))
        #expect(frame.row(0).contains("Ada Lovelace"))
        #expect(frame.row(3).contains("▀▀▀▀"))
        let red = frame[16, 2].style.foreground
        #expect(red == .rgb(255, 0, 0), "top-left pixel of the 2×2 photo is red")
        #expect(frame.text.contains("photo         image/png, 2×2"))
    }

    @Test func filesAreReadInTheBackgroundWhileTheScreenShows() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
        let screen = ContactsScreen(paths: [RawPath(dir), "/no/such.vcf"])
        let host = HeadlessHost(size: Size(width: 80, height: 20))
        host.waitForWork = { mailbox in
            // Until the cards are read, and the groups (read once the list shows) kept.
            waitUntil("the cards or the groups in the mailbox") {
                mailbox.hasWork || !(screen.isLoading || !screen.groupsKept)
            }
            return mailbox.hasWork
        }
        ScreenController(host: host).run(screen)
        #expect(host.firstFrame?.text.contains("Reading contacts…") == true)
        let frame = try #require(host.lastFrame).text
        // The fixtures' seven good cards and v4-mixed's broken one, kept without its bad line.
        #expect(frame.contains("Contacts · 8 · list"))
        #expect(frame.contains("Jürgen Müller") && frame.contains("Broken Card"))
        #expect(screen.exitMessages.contains("/no/such.vcf: no such file or directory"))
        #expect(screen.exitMessages.contains { $0.contains("garbage.vcf: not a vCard file") })
        // The groups came from the loading thread: opening them reads no card.
        #expect(screen.groupsKept)
        #expect(!screen.directory.groups(.organisation).isEmpty)
        #expect(screen.directory.groupScans == 0)
    }

    @Test func noContactsShowsTheReason() {
        let frame = run(ContactsScreen(contacts: [], problems: ["x.vcf: no such file or directory"]), "")
        #expect(frame.text.contains("No contacts."))
        #expect(frame.text.contains("x.vcf: no such file or directory"))
        let two = run(
            ContactsScreen(contacts: [], problems: ["x.vcf: no such file or directory", "y.vcf: empty file, no cards"]),
            "")
        #expect(two.text.contains("(and 1 more problem: ! lists them)"))
        // ! lists them, long ones wrapped; Esc comes back.
        let long = String(repeating: "very long reason ", count: 8)
        let listed = run(
            ContactsScreen(contacts: [], problems: ["x.vcf: no such file or directory", "y.vcf:3: " + long]), "!")
        #expect(listed.row(0).contains("Problems · 2") && listed.text.contains("x.vcf: no such file or directory"))
        #expect(
            listed.text.contains("y.vcf:3: very long")
                && listed.text.split(separator: "\n").filter { $0.contains("very long reason") }.count >= 2)
        #expect(
            run(ContactsScreen(contacts: [], problems: ["x.vcf: no such file or directory"]), "!, esc").text.contains(
                "No contacts."))
    }

    /// A section's count has its thousands separated, as the title's total has.
    @Test func sectionCountsAreGrouped() {
        let many = (0..<1_200).map { i -> Contact in
            var c = Contact()
            c.familyName = "Adams"; c.givenName = "N\(i)"; c.formattedName = "N\(i) Adams"
            return c
        }
        let frame = run(ContactsScreen(contacts: many), "")
        #expect(frame.row(1).hasPrefix(" A  1,200"), "\(frame.row(1))")
    }
}

/// A contact's photo in its own shape, on the terminal's cells, and a picture where the terminal
/// shows pictures (it was always 16 × 8 half blocks, stretched on cells not 1:2).
@MainActor @Suite struct ContactPhotoTests {
    static func image(_ w: Int, _ h: Int) -> RGBAImage {
        RGBAImage(width: w, height: h, pixels: [UInt8](repeating: 200, count: w * h * 4))
    }

    @Test func aPhotoTakesTheCellsItsShapeNeeds() {
        func cells(_ w: Int, _ h: Int, _ cw: Int, _ ch: Int) -> Size {
            ContactDetailScreen.cells(for: Self.image(w, h), cell: Size(width: cw, height: ch))
        }
        #expect(cells(64, 64, 10, 20) == Size(width: 16, height: 8))
        #expect(cells(64, 64, 6, 13) == Size(width: 16, height: 7), "96 × 91 pixels")
        #expect(cells(400, 300, 10, 20) == Size(width: 16, height: 6))
        #expect(cells(300, 400, 10, 20) == Size(width: 12, height: 8))
        #expect(cells(4000, 10, 10, 20) == Size(width: 16, height: 1), "a sliver keeps a row")
    }

    @Test func inKittyThePhotoIsAPictureOfItsCells() throws {
        var contact = Contact()
        contact.formattedName = "Beth Square"
        contact.photo = .data(try #require(ImageEncoder.jpeg(Self.image(64, 64))), mediaType: "image/jpeg")
        let host = HeadlessHost(size: Size(width: 80, height: 24))
        host.graphicsMode = .kitty
        host.cellPixelSize = Size(width: 9, height: 20)
        ScreenController(host: host).run(ContactDetailScreen(contact: contact))
        let pieces = try #require(host.lastFrame).picturePieces()
        #expect(
            pieces.map(\.cells.width) == [16] && pieces.map(\.cells.height) == [7],
            "144 × 144 pixels in 16 × 7 cells of 9 × 20: \(pieces)")
        // In half blocks, the same cells hold the picture's blocks.
        let blocks = HeadlessHost(size: Size(width: 80, height: 24))
        blocks.cellPixelSize = Size(width: 9, height: 20)
        ScreenController(host: blocks).run(ContactDetailScreen(contact: contact))
        let frame = try #require(blocks.lastFrame)
        #expect(frame.picturePieces().isEmpty)
        #expect((0..<frame.size.height).filter { frame.row($0).contains("▀▀▀▀") }.count == 7)
    }
}

/// Help and hints say what the keys do where they are pressed.
@MainActor @Suite struct ContactKeysTests {
    func run(_ screen: Screen, _ script: String, size: Size = Size(width: 100, height: 32)) -> Canvas {
        let host = HeadlessHost(size: size, events: InputEvent.script(script))
        ScreenController(host: host, quitsWhenRootPops: true).run(screen)
        return host.lastFrame!
    }

    /// g opens the groups and G jumps to the letter G here, so help does not offer them as the
    /// first and last item (Home and End are), and lists each letter Shift takes once.
    @Test func helpListsTheKeysAsTheyWorkHere() throws {
        let text = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "?").text
        let first = try #require(text.split(separator: "\n").first { $0.contains("first or last item") })
        #expect(first.contains("Home End") && !first.contains(" g") && !first.contains("G"), "\(first)")
        let shift = try #require(text.split(separator: "\n").first { $0.contains("Shift+letter for") })
        let letters = shift.split(separator: "for ").last!.prefix { $0 != ")" }.split(separator: " ")
        #expect(Set(letters).count == letters.count && letters.contains("g"), "\(shift)")
    }

    /// Help wraps its descriptions instead of cutting them (at 40 columns the hint line and the
    /// letter jumps' description are long).
    @Test func helpWrapsItsDescriptions() {
        let text = run(ContactsScreen(contacts: SampleAddressBook.contacts()), "?", size: Size(width: 40, height: 60))
            .text
        let flat = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.joined(
            separator: " ")
        #expect(flat.contains("names in other scripts") && flat.contains("? keys · q quit"), "\(text)")
    }

    /// Opened from the home screen, q goes back there, and the hint line says Esc back, not q
    /// quit; as the first screen it says q quit.
    @Test func theHintsSayBackWhereQGoesBack() {
        let home = HomeScreen(entries: [
            .init(name: "Contacts", summary: "", make: { ContactsScreen(contacts: SampleAddressBook.contacts()) })
        ])
        let opened = run(home, "enter").text
        #expect(opened.contains("Contacts · ") && opened.contains("? keys · Esc back") && !opened.contains("q quit"))
        #expect(run(ContactsScreen(contacts: SampleAddressBook.contacts()), "down").text.contains("? keys · q quit"))
    }
}
