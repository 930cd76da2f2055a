import Demos
import Foundation
import GridKitTesting
import Synchronization
import Testing

@testable import GridKit

/// A process table in memory: what tests change between samples, and the signals sent.
final class FakeProcesses: ProcessSource {
    let table = Mutex<[ProcessRecord]>([])
    let sent = Mutex<[String]>([])
    let forbidden: Set<Int32>

    init(_ records: [ProcessRecord], forbidden: Set<Int32> = []) {
        table.withLock { $0 = records }
        self.forbidden = forbidden
    }

    func sample(previous: [Int32: ProcessRecord], elapsed: Double) -> [ProcessRecord] { table.withLock { $0 } }
    func read(_ pid: Int32) -> ProcessRecord? { table.withLock { t in t.first { $0.pid == pid } } }
    func maySignal(_ pid: Int32) -> Bool { !forbidden.contains(pid) }
    func send(_ signal: Int32, to pid: Int32) -> String? {
        sent.withLock { $0.append("\(ProcessSignal.name(signal)) \(pid)") }
        table.withLock { $0.removeAll { $0.pid == pid } }
        return nil
    }
}

@MainActor @Suite struct ProcessesScreenTests {
    static func records() -> [ProcessRecord] {
        [
            ProcessRecord(
                pid: 1, name: "init", user: "root", state: .sleeping, cpuPercent: 0.1, residentBytes: 12 << 20),
            ProcessRecord(
                pid: 200, name: "compiler", uid: 1000, user: "ann", state: .running, cpuPercent: 97.5,
                residentBytes: 800 << 20),
            ProcessRecord(
                pid: 300, name: "editor", uid: 1000, user: "ann", state: .sleeping, cpuPercent: 2.0,
                residentBytes: 90 << 20),
            ProcessRecord(pid: 400, name: "sleep", uid: 1000, user: "ann", state: .sleeping, residentBytes: 1 << 20),
            ProcessRecord(
                pid: 500, name: "backup", user: "root", state: .diskWait, cpuPercent: 5, residentBytes: 40 << 20)
        ]
    }

    func driver() -> ScreenDriver { ScreenDriver(size: Size(width: 72, height: 16)) }

    @Test func sectionsByStateSortedByCPUThenRefreshedEverySecond() async throws {
        let source = FakeProcesses(Self.records())
        let app = driver()
        let screen = ProcessesScreen(source: source)
        app.start(screen)
        try Snapshot().verify(app.frame, named: "processes")
        source.table.withLock {
            $0[2].cpuPercent = 50; $0.append(ProcessRecord(pid: 600, name: "new", state: .running))
        }
        await app.advance(by: .seconds(1))
        #expect(await app.settle(until: { screen.samples == 2 }))
        #expect(app.text.contains("6 processes") && app.text.contains("  600 new"))
        #expect(
            app.frame.row(3).contains("200 compiler") && app.frame.row(4).contains("600 new"),
            "the running section: most CPU first")
        app.stop()
    }

    @Test func theFocusStaysOnItsProcessAcrossRefreshesAndSorts() async {
        let source = FakeProcesses(Self.records())
        let app = driver()
        let screen = ProcessesScreen(source: source)
        app.start(screen)
        await app.send("down")
        #expect(
            app.gridView?.focusedIndexPath == IndexPath(item: 0, section: 1),
            "the focus on the editor, first of its section")
        source.table.withLock { $0[2].cpuPercent = 0 } // the editor drops to the end of its section
        await app.advance(by: .seconds(1))
        #expect(await app.settle(until: { screen.samples == 2 }))
        #expect(
            app.frame.row(7).contains("300 editor") && app.gridView?.focusedIndexPath == IndexPath(item: 2, section: 1))
        await app.send("1") // by pid
        await app.send("enter")
        #expect(app.frame.row(0).contains("editor · 300"), "Enter opened the process the focus followed")
        app.stop()
    }

    @Test func searchSortAndTheEmptyState() async throws {
        let app = driver()
        app.start(ProcessesScreen(source: FakeProcesses(Self.records())))
        await app.send("/, text:ann, enter")
        #expect(app.text.contains("3 of 5 processes") && !app.text.contains("init"))
        await app.send("2")
        #expect(app.frame.row(2).contains("Name▲"))
        await app.send("/, text:zzz")
        #expect(app.text.contains("No results for “annzzz”"))
        await app.send("esc")
        #expect(app.text.contains("5 processes"))
        // A click on a column's title sorts by it.
        let x = app.frame.row(1).distance(
            from: app.frame.row(1).startIndex, to: app.frame.row(1).range(of: "Memory")!.lowerBound)
        await app.send(events: [.mouse(MouseEvent(action: .press, position: Point(x: x, y: 1)))])
        #expect(app.frame.row(1).contains("Memory▲"))
        app.stop()
    }

    @Test func kAsksFirstAndOnlyForProcessesTheUserMaySignal() async throws {
        let source = FakeProcesses(Self.records(), forbidden: [1])
        let app = driver()
        app.start(ProcessesScreen(source: source))
        await app.send("/, text:sleep, enter, k")
        try Snapshot().verify(app.frame, named: "processes-signal-alert")
        await app.send("esc")
        #expect(source.sent.withLock { $0 }.isEmpty, "Esc cancels")
        await app.send("k, t")
        #expect(source.sent.withLock { $0 } == ["SIGTERM 400"])
        #expect(app.frame.row(15).contains("Sent SIGTERM to sleep (400)"))
        // Answered after the process exited and its pid was given to another: nothing is sent.
        await app.send("esc, /, text:editor, enter, k")
        source.table.withLock { t in
            let k = t.firstIndex { $0.pid == 300 }!
            t[k].startTicks = 999
        }
        await app.send("t")
        #expect(source.sent.withLock { $0 } == ["SIGTERM 400"])
        #expect(app.frame.row(15).contains("editor (300) has exited: no signal sent"))
        await app.send("esc, /, text:init, enter, k")
        #expect(app.frame.row(15).contains("You may not signal init (1)"), "no alert offered")
        #expect(!app.text.contains("Terminate"))
        app.stop()
    }

    @Test func theDetailScreenUpdatesAndSaysWhenTheProcessExited() async {
        let source = FakeProcesses(Self.records())
        let app = driver()
        app.start(ProcessesScreen(source: source))
        await app.send("/, text:sleep, enter, enter")
        #expect(app.frame.row(0).contains("sleep · 400") && app.text.contains("Threads"))
        source.table.withLock { $0[3].threads = 7 }
        await app.advance(by: .seconds(1))
        #expect(app.text.contains("Threads   7"))
        source.table.withLock { $0.removeAll { $0.pid == 400 } }
        await app.advance(by: .seconds(1))
        #expect(app.text.contains("This process has exited.") && app.frame.row(0).contains("exited"))
        app.stop()
    }

    @Test func groupingByUser() {
        var list = ProcessList()
        list.update(Self.records())
        list.grouping = .user
        #expect(list.sections.map(\.title) == ["ann", "root"])
        list.sortColumn = .memory
        list.ascending = true
        #expect(list.sections[0].pids == [400, 300, 200])
        list.query = "COMP"
        #expect(list.sections.map(\.pids) == [[200]])
    }

    /// The search looks in what the latest sample says: a command line that changed is found by
    /// its new words and no longer by its old ones; a pid is found by its digits.
    @Test func searchFollowsTheLatestSample() {
        var list = ProcessList()
        var records = Self.records()
        list.update(records)
        list.query = "400"
        #expect(list.sections.flatMap(\.pids) == [400])
        let i = records.firstIndex { $0.pid == 300 }!
        records[i].commandLine = "/usr/bin/Renamed --Flag"
        list.update(records)
        list.query = "renamed --f"
        #expect(list.sections.flatMap(\.pids) == [300])
        list.query = "RENAMED"
        #expect(list.sections.flatMap(\.pids) == [300])
        list.query = "no such thing"
        #expect(list.sections.isEmpty)
    }

    @Test func readsThisProcessFromProc() throws {
        let me = try #require(ProcessReader().read(getpid()))
        #expect(me.pid == getpid() && me.residentBytes > 0 && me.threads >= 1)
        #expect(ProcessReader.statFields("42 (a (b) c) S 1 2")?.name == "a (b) c")
    }
}
