import Demos
import Dispatch
import Foundation
import GridKit
import GridKitTesting

/// Parse, sort and first frame of a generated 100,000-card address book, and filtering.
@MainActor
func benchContacts() {
    let size = benchSize
    row(["contacts, 100,000 cards", "ms"])
    do {
        let text = Array(SampleAddressBook.vcardText(count: 100_000).utf8)
        let t0 = now()
        let parsed = VCardParser.parse(text, file: "bench.vcf")
        let t1 = now()
        let screen = ContactsScreen(contacts: parsed.contacts)
        let t2 = now()
        let host = HeadlessHost(size: size, events: [])
        ScreenController(host: host).run(screen)
        let t3 = now()
        row(["parse \(text.count / 1_000_000) MB", ms(t1 - t0)])
        row(["sort and section", ms(t2 - t1)])
        row(["first frame", ms(t3 - t2)])
        var samples: [UInt64] = []
        let filterHost = HeadlessHost(size: size, events: InputEvent.script("/, text:naka"))
        let s2 = ContactsScreen(contacts: parsed.contacts)
        let t4 = now()
        ScreenController(host: filterHost).run(s2)
        samples.append(now() - t4)
        row(["filter, 5 keys typed (total)", ms(samples[0])])
    }
}
