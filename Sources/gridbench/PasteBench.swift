import Demos
import Foundation
import GridKit
import GridKitTesting

/// A fixed table of processes for the monitor's search bar (the machine's own would change
/// between runs).
struct FixedProcesses: ProcessSource {
    let records: [ProcessRecord]
    init(count: Int) {
        let names = [
            "bash", "sshd", "postgres", "nginx", "swift-frontend", "python3", "漢字エディタ", "kworker/0:1", "🚀launcher",
            "cron"
        ]
        let users = ["root", "ann", "bob", "www-data", "postgres"]
        records = (0..<count).map { i in
            ProcessRecord(
                pid: Int32(100 + i), name: names[i % names.count],
                commandLine: "/usr/bin/\(names[i % names.count]) --job \(i)",
                uid: UInt32(i % users.count), user: users[i % users.count], state: i % 7 == 0 ? .running : .sleeping,
                cpuPercent: Double(i % 13), residentBytes: (i + 1) << 20)
        }
    }
    func sample(previous: [Int32: ProcessRecord], elapsed: Double) -> [ProcessRecord] { records }
    func read(_ pid: Int32) -> ProcessRecord? { records.first { $0.pid == pid } }
    func maySignal(_ pid: Int32) -> Bool { false }
    func send(_ signal: Int32, to pid: Int32) -> String? { "not in a benchmark" }
}

/// Resident memory now and at its peak, in kB (VmRSS, VmHWM).
func residentKB() -> (now: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func kB(_ field: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (kB("VmRSS"), kB("VmHWM"))
}

/// Sets the peak (VmHWM) back to what is resident now (`/proc/self/clear_refs`), so the peak
/// read after some work is that work's. False where the kernel does not allow it.
@discardableResult
func resetPeakMemory() -> Bool {
    guard let f = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(f) }
    return fputs("5", f) >= 0 && fflush(f) == 0
}

/// Random text (GridKitTesting's `RandomText`: ASCII, CJK, emoji clusters, stacks of marks,
/// controls, line breaks) pasted into every search bar griddemo has, at full size: 1 MB
/// bracketed pastes (one event each) into the contacts filter over 100,000 cards and the
/// process monitor's search, and storms of typed characters (a terminal without bracketed
/// paste) past the bar's 4,096 characters. For each: the paste's event (the field, the filter
/// and the frame), Esc (the whole list back), the next key, and memory: resident growth and
/// the peak above what was resident before (the kernel's peak is reset before each).
@MainActor
func benchPaste() {
    let size = benchSize
    let file = NSTemporaryDirectory() + "gridbench-paste-\(getpid()).vcf"
    guard
        FileManager.default.createFile(
            atPath: file, contents: Data(SampleAddressBook.vcardText(count: 100_000, realistic: true).utf8))
    else {
        print("paste: cannot write \(file)")
        return
    }
    let store = ContactSources.load(paths: [RawPath(file)]).store
    try? FileManager.default.removeItem(atPath: file)
    let peakIsReset = resetPeakMemory()
    row(["paste 1 MB (random, 5 seeds)", "paste ms", "Esc ms", "next key ms", "bar", "RSS +MB", "peak +MB"])

    /// Plays `events` on `screen` and returns each event's time (its handling and frame) and
    /// the memory figures.
    func play(_ screen: any Screen, _ events: [InputEvent]) -> (times: [UInt64], rss: Int, peak: Int) {
        let before = residentKB()
        if peakIsReset { resetPeakMemory() }
        var times: [UInt64] = []
        var last = now()
        let host = HeadlessHost(size: size, events: events)
        host.afterEachEvent = { _ in
            let t = now()
            times.append(t - last)
            last = t
        }
        last = now()
        ScreenController(host: host).run(screen)
        let after = residentKB()
        return (times, after.now - before.now, after.peak - (peakIsReset ? before.now : before.peak))
    }
    func megabytes(_ kB: Int) -> String { format2(Double(kB) / 1024) }

    for target in ["contacts, 100,000 cards", "processes, 1,000 of them"] {
        var pastes: [UInt64] = [], escapes: [UInt64] = [], nextKeys: [UInt64] = [], rss: [Int] = [], peaks: [Int] = []
        var cuts = 0
        for seed in 1...5 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let text = RandomText.make(utf8Count: 1 << 20, using: &rng)
            let screen: any Screen =
                target.hasPrefix("contacts")
                ? ContactsScreen(directory: ContactDirectory(store: store))
                : ProcessesScreen(source: FixedProcesses(count: 1000))
            // `/`, the paste, Esc, and Down: the list answers again.
            let run = play(screen, [.key(.character("/")), .paste(text), .key(.escape), .key(.down)])
            pastes.append(run.times[1]); escapes.append(run.times[2]); nextKeys.append(run.times[3])
            rss.append(run.rss); peaks.append(run.peak)
            if screen.searchController?.searchBar.wasTruncated == true { cuts += 1 }
        }
        row([
            target, "\(ms(pastes.min()!))–\(ms(pastes.max()!))", "\(ms(escapes.min()!))–\(ms(escapes.max()!))",
            "\(ms(nextKeys.min()!))–\(ms(nextKeys.max()!))", "cut \(cuts) of 5", megabytes(rss.max()!),
            megabytes(peaks.max()!)
        ])
    }

    // Not bracketed: the text typed, a character an event. Past 4,096 the bar drops each key
    // (and says so); every key before it filters.
    print("")
    row(["storm (random text typed)", "keys", "median ms", "max ms", "total ms", "RSS +MB", "peak +MB"])
    for (target, bytes, seeds) in [("contacts 100,000", 16 << 10, 2), ("processes 1,000", 16 << 10, 2)] {
        for seed in 1...UInt64(seeds) {
            var rng = SeededGenerator(seed: seed &+ 10) // not the pastes' seeds: not the start of one of them
            let text = RandomText.make(utf8Count: bytes, using: &rng)
            let screen: any Screen =
                target.hasPrefix("contacts")
                ? ContactsScreen(directory: ContactDirectory(store: store))
                : ProcessesScreen(source: FixedProcesses(count: 1000))
            let keys = text.map { InputEvent.key(.character($0)) }
            let run = play(screen, [.key(.character("/"))] + keys + [.key(.escape), .key(.down)])
            let typed = Array(run.times.dropFirst().prefix(keys.count))
            let cut = screen.searchController?.searchBar.wasTruncated == true ? ", bar cut" : ""
            row([
                "\(target), \(bytes >> 10) KB\(cut)", "\(keys.count)", ms(percentile(typed, 0.5)), ms(typed.max() ?? 0),
                ms(typed.reduce(0, +)), megabytes(run.rss), megabytes(run.peak)
            ])
        }
    }
    if !peakIsReset { print("(the kernel's peak could not be reset: peak +MB is above the run's earlier peak)") }
}
