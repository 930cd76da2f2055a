import Demos
import Dispatch
import Foundation
import GridKit
import GridKitTesting

/// The 100,000-card address book as griddemo reads it (a file on disk, scanned into a
/// `ContactStore`), phase by phase, and filtering as you type. Best of three.
@MainActor
func benchContacts() {
    let size = benchSize
    let file = NSTemporaryDirectory() + "gridbench-contacts-\(getpid()).vcf"
    guard
        FileManager.default.createFile(
            atPath: file, contents: Data(SampleAddressBook.vcardText(count: 100_000, realistic: true).utf8))
    else {
        print("contacts: cannot write \(file)")
        return
    }
    defer { try? FileManager.default.removeItem(atPath: file) }
    let megabytes = ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1_000_000
    row(["contacts, 100,000 cards (\(megabytes) MB file)", "best of 3 ms"])
    var load: [UInt64] = [], sort: [UInt64] = [], frame: [UInt64] = [], full: [UInt64] = []
    var directory: ContactDirectory?
    for _ in 0..<3 {
        let t0 = now()
        let loaded = ContactSources.load(paths: [RawPath(file)])
        let t1 = now()
        let d = ContactDirectory(store: loaded.store)
        let t2 = now()
        ScreenController(host: HeadlessHost(size: size, events: [])).run(ContactsScreen(directory: d))
        let t3 = now()
        load.append(t1 - t0); sort.append(t2 - t1); frame.append(t3 - t2)
        directory = d
        let t4 = now()
        _ = VCardParser.parse(try! SafeFile.read(RawPath(file), limit: SafeFile.vcardLimit), file: file)
        full.append(now() - t4)
    }
    row(["read and scan (list fields only)", ms(load.min()!)])
    row(["sort and section", ms(sort.min()!)])
    row(["first frame", ms(frame.min()!)])
    row(["for scale: read and parse every field", ms(full.min()!)])
    guard let directory else { return }
    // What the groups sidebar asks for when it opens, and showing one group.
    var listGroups: [UInt64] = [], showGroup: [UInt64] = []
    for _ in 0..<3 {
        // A directory of its own each time: one keeps the groups it has read.
        let directory = ContactDirectory(store: directory.store)
        let t0 = now()
        let found = ContactGroup.Kind.allCases.map { directory.groups($0) }
        let t1 = now()
        directory.setGroup(found[0].last?.group)
        showGroup.append(now() - t1)
        listGroups.append(t1 - t0)
        directory.setGroup(nil)
    }
    row(["groups: every category and organisation, counted", ms(listGroups.min()!)])
    row(["groups: show one category", ms(showGroup.min()!)])
    // Typing a name one key at a time, then deleting it: each key filters 100,000 contacts
    // and applies the result as a snapshot.
    let screen = ContactsScreen(directory: directory)
    var samples: [UInt64] = []
    var last = now()
    let host = HeadlessHost(size: size, events: InputEvent.script("/, text:nakamura, bs*8, text:+44 20"))
    host.afterEachEvent = { _ in
        let t = now()
        samples.append(t - last)
        last = t
    }
    last = now()
    ScreenController(host: host).run(screen)
    let keys = Array(samples.dropFirst()) // the first is `/`, which filters nothing
    row(["filter, per key (\(keys.count) keys)", "median \(ms(percentile(keys, 0.5)))", "max \(ms(keys.max() ?? 0))"])
}
