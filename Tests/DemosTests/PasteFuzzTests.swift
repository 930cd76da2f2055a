import Demos
import Foundation
import GridKit
import GridKitTesting
import Testing

/// Random text pasted into every text input griddemo has (the search bars of the contacts and
/// processes screens): bracketed, as one `InputEvent.paste`, and not, as a storm of typed
/// characters. Whatever comes (ASCII, CJK, emoji clusters, stacks of marks, controls, line
/// breaks, a paste's end marker), the bar keeps at most its 4,096 characters on one line and
/// says when it cut, the frame holds no control character, the screen still answers Esc and
/// the next key, and memory grows by a bounded amount.
///
/// A scaled-down run (64 KB pastes, storms of 1–4 KB, three seeds); `gridbench paste` is the full
/// one (1 MB, more seeds, 100,000 contacts), with times and peak memory.
@MainActor @Suite(.serialized) struct PasteFuzzTests {
    static let pasteBytes = 64 << 10
    nonisolated static let seeds: [UInt64] = [1, 2, 3]
    static let size = Size(width: 80, height: 20)

    /// This process's resident memory now and at its peak, in kB (VmRSS, VmHWM).
    static func memory() -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kB(_ field: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (kB("VmRSS"), kB("VmHWM"))
    }

    /// Memory may grow by this much over a screen's pastes, in kB. Tests run beside these in the
    /// same process and count too, so the bounds are generous; the fault they are there for
    /// (a result kept for every prefix of a paste) took a gigabyte at 50 KB.
    static let growthBound = 100_000, peakGrowthBound = 200_000

    /// What the bar should hold after `text` was pasted or typed into it empty: its characters
    /// on one line (breaks and tabs as spaces, other controls dropped), the first `limit` of
    /// them; and whether more were left.
    static func kept(_ text: String, limit: Int) -> (text: String, cut: Bool) {
        var out: [Character] = []
        for c in text {
            // (Anything left once the bar is full counts as cut, even a control it would drop.)
            if out.count == limit { return (String(out), true) }
            let s = c.unicodeScalars
            if "\n\r\t".contains(c) || c == "\r\n" {
                out.append(" ")
            } else if s.count > 1 || !(s.first!.value < 0x20 || (0x7F..<0xA0).contains(s.first!.value)) {
                out.append(c)
            }
        }
        return (String(out), false)
    }

    /// Sends `events` (a paste, or a storm of characters) into the search bar `/` opened, then
    /// checks the bar and the frame.
    func paste(_ events: [InputEvent], of text: String, into app: ScreenDriver, _ search: SearchController) async {
        await app.send("/")
        #expect(search.isEditing)
        await app.send(events: events)
        let bar = search.searchBar, expected = Self.kept(text, limit: bar.maxLength)
        #expect(bar.text == expected.text, "kept \(bar.text.count) characters, \(expected.text.count) expected")
        #expect(bar.wasTruncated == expected.cut)
        #expect(bar.text.count <= bar.maxLength)
        #expect(!bar.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }, "one line, no controls")
        if bar.wasTruncated { #expect(app.frame.row(1).contains("cut at 4096 characters"), "\(app.frame.row(1))") }
        #expect(!app.text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) }, "no control reached the frame")
        #expect(search.isEditing, "the paste's own Esc or Enter bytes were text, not keys")
    }

    static func contacts() -> [Contact] { SampleAddressBook.contacts(count: 2000) }

    @Test(arguments: seeds) func pastesIntoTheContactsSearchBar(seed: UInt64) async throws {
        let people = Self.contacts()
        let before = Self.memory()
        var rng = SeededGenerator(seed: seed)
        let text = RandomText.make(utf8Count: Self.pasteBytes, using: &rng)
        let storm = RandomText.make(utf8Count: 4 << 10, using: &rng)
        let app = ScreenDriver(size: Self.size)
        let screen = ContactsScreen(contacts: people)
        app.start(screen)
        let search = try #require(screen.searchController)
        for (events, pasted) in [([InputEvent.paste(text)], text), (storm.map { InputEvent.key(.character($0)) }, storm)] {
            await paste(events, of: pasted, into: app, search)
            await app.send("esc")
            #expect(!search.isActive && app.frame.row(0).contains("Contacts · 2,000 · list"), "Esc brought everyone back: \(app.frame.row(0))")
            // Still usable: a key moves the focus, and a name typed finds its contact.
            let focus = app.gridView?.focusedIndexPath
            await app.send("down")
            #expect(app.gridView?.focusedIndexPath != focus)
            await app.send("/, text:\(people[7].familyName), enter")
            #expect(app.frame.row(0).contains(" of 2,000 ") && app.text.contains(people[7].familyName), "\(app.frame.row(0))")
            await app.send("esc")
        }
        app.stop()
        let after = Self.memory()
        #expect(after.now - before.now < Self.growthBound, "resident memory grew by \(after.now - before.now) kB")
        #expect(after.peak - before.peak < Self.peakGrowthBound, "peak memory grew by \(after.peak - before.peak) kB")
    }

    /// A fixed table of processes, some named in other scripts and with emoji in their
    /// command lines.
    static func processes() -> [ProcessRecord] {
        let names = ["bash", "sshd", "postgres", "nginx", "swift-frontend", "python3", "漢字エディタ", "kworker/0:1", "🚀launcher", "cron"]
        let users = ["root", "ann", "bob", "www-data", "postgres"]
        return (0..<100).map { i in
            ProcessRecord(
                pid: Int32(100 + i), name: names[i % names.count], commandLine: "/usr/bin/\(names[i % names.count]) --job \(i) 👨‍👩‍👧‍👦",
                uid: UInt32(i % users.count), user: users[i % users.count], state: i % 7 == 0 ? .running : .sleeping,
                cpuPercent: Double(i % 13), residentBytes: (i + 1) << 20)
        }
    }

    @Test(arguments: seeds) func pastesIntoTheProcessesSearchBar(seed: UInt64) async throws {
        let before = Self.memory()
        var rng = SeededGenerator(seed: seed &+ 100)
        let text = RandomText.make(utf8Count: Self.pasteBytes, using: &rng)
        // Smaller: each key searches every process's fields with Foundation's case-insensitive
        // search (about 3 ms a key for these 100 processes, here, debug build).
        let storm = RandomText.make(utf8Count: 1 << 10, using: &rng)
        let app = ScreenDriver(size: Self.size)
        let screen = ProcessesScreen(source: FakeProcesses(Self.processes()))
        app.start(screen)
        let search = try #require(screen.searchController)
        for (events, pasted) in [([InputEvent.paste(text)], text), (storm.map { InputEvent.key(.character($0)) }, storm)] {
            await paste(events, of: pasted, into: app, search)
            await app.send("esc")
            #expect(!search.isActive && app.text.contains("100 processes"), "Esc brought every process back")
            // Still usable: a sort key sorts, and a name typed finds its processes.
            await app.send("2")
            #expect(app.text.contains("Name▲") || app.text.contains("Name▼"))
            await app.send("/, text:postgres, enter")
            let postgres = Self.processes().filter { "\($0.name) \($0.user) \($0.commandLine)".contains("postgres") }.count
            #expect(app.text.contains("\(postgres) of 100 processes"), "\(app.frame.row(0))")
            await app.send("esc")
        }
        app.stop()
        let after = Self.memory()
        #expect(after.now - before.now < Self.growthBound, "resident memory grew by \(after.now - before.now) kB")
        #expect(after.peak - before.peak < Self.peakGrowthBound, "peak memory grew by \(after.peak - before.peak) kB")
    }
}
