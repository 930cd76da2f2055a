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
/// Each seed runs in a process of its own (an exit test): the memory read from `/proc/self`
/// is then this screen's and its pastes', not that of the tests running beside it, which took
/// 100 MB in one `make test`. A scaled-down run (64 KB pastes, storms of 1–4 KB, three seeds);
/// `gridbench paste` is the full one (1 MB, more seeds, 100,000 contacts), with times and peak
/// memory.
@MainActor @Suite struct PasteFuzzTests {
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

    /// Memory may grow by this much over a screen's pastes, in kB: resident, and at its peak
    /// above the resident memory before. Measured: 4–9 MB (first use of the code included). The
    /// fault they are there for (a filter result kept for every prefix of a paste) took a
    /// gigabyte at 50 KB.
    static let growthBound = 50_000, peakGrowthBound = 100_000

    /// The memory now, with the kernel's peak set back to it where it allows (writing 5 to
    /// `/proc/self/clear_refs`): only this process's pastes run after it.
    static func startMeasuring() -> (now: Int, peak: Int, peakWasReset: Bool) {
        var reset = false
        if let f = fopen("/proc/self/clear_refs", "w") {
            reset = fputs("5", f) >= 0 && fflush(f) == 0
            fclose(f)
        }
        let m = memory()
        return (m.now, m.peak, reset)
    }

    /// Checks memory against the bounds, from `before`.
    static func checkMemory(since before: (now: Int, peak: Int, peakWasReset: Bool)) {
        let after = memory()
        let peak = after.peak - (before.peakWasReset ? before.now : before.peak)
        #expect(after.now - before.now < growthBound, "resident memory grew by \(after.now - before.now) kB")
        #expect(peak < peakGrowthBound, "the peak was \(peak) kB above the memory before")
    }

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
    static func paste(_ events: [InputEvent], of text: String, into app: ScreenDriver, _ search: SearchController) async
    {
        await app.send("/")
        #expect(search.isEditing, "/ opened the search bar")
        await app.send(events: events)
        let bar = search.searchBar, expected = Self.kept(text, limit: bar.maxLength)
        #expect(bar.text == expected.text, "kept \(bar.text.count) characters, \(expected.text.count) expected")
        #expect(bar.wasTruncated == expected.cut, "cut: \(bar.wasTruncated), expected \(expected.cut)")
        #expect(bar.text.count <= bar.maxLength, "\(bar.text.count) characters kept")
        #expect(
            !bar.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) },
            "one line, no controls")
        if bar.wasTruncated { #expect(app.frame.row(1).contains("cut at 4096 characters"), "\(app.frame.row(1))") }
        #expect(
            !app.text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) },
            "no control reached the frame")
        #expect(search.isEditing, "the paste's own Esc or Enter bytes were text, not keys")
    }

    static func contacts() -> [Contact] { SampleAddressBook.contacts(count: 2000) }

    @Test(arguments: seeds) func pastesIntoTheContactsSearchBar(seed: UInt64) async {
        await #expect(processExitsWith: .success) { [seed = seed as UInt64] in await Self.pasteIntoContacts(seed: seed)
        }
    }

    static func pasteIntoContacts(seed: UInt64) async {
        let people = Self.contacts()
        let before = Self.startMeasuring()
        var rng = SeededGenerator(seed: seed)
        let text = RandomText.make(utf8Count: Self.pasteBytes, using: &rng)
        let storm = RandomText.make(utf8Count: 4 << 10, using: &rng)
        let app = ScreenDriver(size: Self.size)
        let screen = ContactsScreen(contacts: people)
        app.start(screen)
        guard let search = screen.searchController else {
            Issue.record("no search bar")
            return
        }
        for (events, pasted) in [
            ([InputEvent.paste(text)], text), (storm.map { InputEvent.key(.character($0)) }, storm)
        ] {
            await Self.paste(events, of: pasted, into: app, search)
            await app.send("esc")
            #expect(
                !search.isActive && app.frame.row(0).contains("Contacts · 2,000 · list"),
                "Esc brought everyone back: \(app.frame.row(0))")
            // Still usable: a key moves the focus, and a name typed finds its contact.
            let focus = app.gridView?.focusedIndexPath
            await app.send("down")
            #expect(app.gridView?.focusedIndexPath != focus, "Down moved the focus")
            await app.send("/, text:\(people[7].familyName), enter")
            #expect(
                app.frame.row(0).contains(" of 2,000 ") && app.text.contains(people[7].familyName),
                "a name found: \(app.frame.row(0))")
            await app.send("esc")
        }
        app.stop()
        Self.checkMemory(since: before)
    }

    /// A fixed table of processes, some named in other scripts and with emoji in their
    /// command lines.
    static func processes() -> [ProcessRecord] {
        let names = [
            "bash", "sshd", "postgres", "nginx", "swift-frontend", "python3", "漢字エディタ", "kworker/0:1", "🚀launcher",
            "cron"
        ]
        let users = ["root", "ann", "bob", "www-data", "postgres"]
        return (0..<100).map { i in
            ProcessRecord(
                pid: Int32(100 + i), name: names[i % names.count],
                commandLine: "/usr/bin/\(names[i % names.count]) --job \(i) 👨‍👩‍👧‍👦",
                uid: UInt32(i % users.count), user: users[i % users.count], state: i % 7 == 0 ? .running : .sleeping,
                cpuPercent: Double(i % 13), residentBytes: (i + 1) << 20)
        }
    }

    @Test(arguments: seeds) func pastesIntoTheProcessesSearchBar(seed: UInt64) async {
        await #expect(processExitsWith: .success) { [seed = seed as UInt64] in await Self.pasteIntoProcesses(seed: seed)
        }
    }

    static func pasteIntoProcesses(seed: UInt64) async {
        let before = Self.startMeasuring()
        var rng = SeededGenerator(seed: seed &+ 100)
        let text = RandomText.make(utf8Count: Self.pasteBytes, using: &rng)
        // Smaller: each key searches every process's fields with Foundation's case-insensitive
        // search (about 3 ms a key for these 100 processes, here, debug build).
        let storm = RandomText.make(utf8Count: 1 << 10, using: &rng)
        let app = ScreenDriver(size: Self.size)
        let screen = ProcessesScreen(source: FakeProcesses(Self.processes()))
        app.start(screen)
        guard let search = screen.searchController else {
            Issue.record("no search bar")
            return
        }
        for (events, pasted) in [
            ([InputEvent.paste(text)], text), (storm.map { InputEvent.key(.character($0)) }, storm)
        ] {
            await paste(events, of: pasted, into: app, search)
            await app.send("esc")
            #expect(!search.isActive && app.text.contains("100 processes"), "Esc brought every process back")
            // Still usable: a sort key sorts, and a name typed finds its processes.
            await app.send("2")
            #expect(app.text.contains("Name▲") || app.text.contains("Name▼"), "2 sorted by name")
            await app.send("/, text:postgres, enter")
            let postgres = Self.processes().filter { "\($0.name) \($0.user) \($0.commandLine)".contains("postgres") }
                .count
            #expect(app.text.contains("\(postgres) of 100 processes"), "a name found: \(app.frame.row(0))")
            await app.send("esc")
        }
        app.stop()
        Self.checkMemory(since: before)
    }
}
