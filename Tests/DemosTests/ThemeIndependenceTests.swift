import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// The terminal's own text colour is unknown: black on a light theme, white or grey on a dark
/// one. So text on a background the demos choose (a card, a header, a focused row) must carry a
/// text colour of its own, or a light theme shows black on dark grey (as cards once did).
@MainActor @Suite struct ThemeIndependenceTests {
    func run(_ screen: Screen, _ script: String) -> Canvas {
        let host = HeadlessHost(
            size: Size(width: 80, height: 24), events: script.isEmpty ? [] : InputEvent.script(script))
        ScreenController(host: host).run(screen)
        return host.lastFrame!
    }

    /// Every character drawn on a chosen background has a chosen colour too.
    func expectOwnTextColours(_ canvas: Canvas, _ label: String) {
        var bad: [String] = []
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                let c = canvas[x, y]
                guard c.width > 0, !c.text.allSatisfy(\.isWhitespace), !c.text.isEmpty else { continue }
                if !c.style.background.isDefault && c.style.foreground.isDefault { bad.append("\(x),\(y) '\(c.text)'") }
            }
        }
        let found = bad.count, first = bad.prefix(8).joined(separator: ", ")
        #expect(found == 0, "\(label): text in the terminal's colour on a chosen background at \(first)")
    }

    @Test func contactScreensChooseTheirTextColours() {
        let contacts = SampleAddressBook.contacts()
        expectOwnTextColours(run(ContactsScreen(contacts: contacts), "down*3"), "list")
        expectOwnTextColours(run(ContactsScreen(contacts: contacts), "down*14, v"), "cards")
        expectOwnTextColours(run(ContactsScreen(contacts: contacts), "down*2, enter"), "detail")
        expectOwnTextColours(run(ContactsScreen(contacts: contacts), "?"), "help")
    }

    @Test func photoScreensChooseTheirTextColours() {
        expectOwnTextColours(
            run(PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0)), "down"), "grid")
        expectOwnTextColours(
            run(PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0)), "a"), "albums")
    }
}
