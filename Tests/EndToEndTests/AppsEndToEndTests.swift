import Foundation
import TestSupport
import Testing

/// Apps written the way Swift developers write them, driven in a real terminal (tmux): Swift
/// concurrency on the screen's loop (Examples' Ticker, an outside package), and griddemo's live
/// process monitor.
@Suite struct AppsEndToEndTests {
    @Test func aTaskAStreamAndMainActorRunEachTickOnScreen() throws {
        let t = try Tmux(
            [try binary("Ticker", env: "TICKER")], width: 60, height: 24, environment: ["TICKS": "5", "TICK_MS": "150"])
        defer { t.close() }
        let screen = try t.waitFor("sleep 5 · stream 5 · hop 5")
        for kind in ["sleep", "stream", "hop"] {
            for k in 1...5 { #expect(screen.contains("\(kind) #\(k)"), "\(kind) #\(k) was drawn") }
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// A `sleep` of the test's own, the only kind of process it signals; reaped by the test
    /// with waitpid (Foundation's Process misses exits when tests run on many threads).
    final class Sleeper {
        let pid: Int32
        private(set) var status: Int32?
        init() throws {
            var pid: pid_t = 0
            let args: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("600"), nil]
            defer { for a in args { free(a) } }
            // Not the spawning thread's signal mask: a test thread may block SIGTERM.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            guard posix_spawn(&pid, "/bin/sleep", nil, &attributes, args, environ) == 0 else {
                throw E2EError.missingBinary("/bin/sleep")
            }
            self.pid = pid
        }
        /// Waits up to `timeout` seconds for it to end; its wait status, or nil.
        @discardableResult
        func reap(timeout: TimeInterval = Tmux.deadline) -> Int32? {
            _ = poll(for: .seconds(timeout)) {
                var s: Int32 = 0
                if status == nil, waitpid(pid, &s, WNOHANG) == pid { status = s }
                return status != nil
            }
            return status
        }
        func end() {
            if status == nil { kill(pid, SIGKILL); reap(timeout: 5) }
        }
    }

    @Test func processesSearchSortDetailRefreshAndSignalWithAnAlert() throws {
        let first = try Sleeper(), second = try Sleeper()
        defer { for p in [first, second] { p.end() } }
        let t = try Tmux([try griddemo(), "processes", "--interval", "0.3"], width: 100, height: 24)
        defer { t.close() }
        try t.waitUntil("the process table") { $0.contains("Processes") && $0.contains("PID Name") }
        // The search bar: the first sleep by its pid.
        t.send("/")
        t.type("\(first.pid)")
        try t.waitUntil("the first sleep alone") { $0.contains("\(first.pid) sleep") && $0.contains("1 of ") }
        t.send("Enter")
        // Sorting: by name, then the same key again turns it round.
        t.send("2")
        try t.waitFor("Name▲")
        t.send("2")
        try t.waitFor("Name▼")
        // The detail screen updates live and says when the process has gone.
        t.send("Enter")
        try t.waitFor("sleep · \(first.pid)")
        kill(first.pid, SIGTERM)
        try t.waitFor("This process has exited.") // a zombie has exited too
        #expect(first.reap() != nil)
        t.send("Escape")
        // The refresh takes the gone process out of the list.
        try t.waitFor("No results for “\(first.pid)”")
        // k on the second: an alert names it and the signals; t sends SIGTERM.
        t.send("/")
        t.send("C-u")
        t.type("\(second.pid)")
        try t.waitFor("\(second.pid) sleep")
        t.send("Enter", "k")
        try t.waitFor("Signal sleep (\(second.pid))?")
        t.send("Escape")
        try t.waitUntil("the alert gone") { !$0.contains("Signal sleep") }
        #expect(kill(second.pid, 0) == 0 && second.reap(timeout: 0) == nil, "Esc sent nothing")
        t.send("k")
        try t.waitFor("Terminate (SIGTERM)")
        t.send("t")
        try t.waitFor("Sent SIGTERM to sleep (\(second.pid))")
        let status = try #require(second.reap())
        #expect(status & 0x7F == SIGTERM, "ended by SIGTERM")
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
