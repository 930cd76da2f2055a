import Foundation
import TestSupport
import Testing

/// Keys typed for the program and not read yet when a signal ends it go with it: the shell
/// must not run them (`echo` typed at the grid became the shell's next command).
@Suite struct TypeaheadAfterSignalTests {
    /// Runs griddemo in a pane, stops it, types `echo LEAKED` and Enter (they wait in the tty,
    /// unread), sends `signal` to its main thread, which reads the keys, and lets it go on: the
    /// signal is taken before that thread reads again (sent to the process, another thread may
    /// take it while the main one reads the keys, and the test would pass whatever the program
    /// does). Returns what was left in the tty for the shell, read right after the program ended.
    func leftAfter(_ signal: Int32, status: Int) throws -> String {
        // After the program, the pane reads what is waiting without waiting for more (min 0,
        // time 0) and shows its letters.
        let script =
            "\"$1\" numbers --count 100; s=$?; saved=$(stty -g); stty -icanon min 0 time 0;"
            + " left=$(dd bs=4096 count=1 2>/dev/null | tr -dc 'A-Za-z'); stty \"$saved\"; echo \"LEFT[$left] $s\""
        let t = try Tmux(["sh", "-c", script, "sh", try griddemo()])
        defer { t.close() }
        try t.waitFor("Numbers · 100 items")
        let pid = try programPID(t)
        kill(pid, SIGSTOP)
        try waitUntil("griddemo stopped") { state(of: pid) == "T" }
        let tty = t.format("#{pane_tty}")
        t.type("echo LEAKED")
        t.send("Enter")
        try waitUntil("the keys waiting in \(tty)") { waiting(in: tty) >= 12 }
        #expect(Self.tgkill(pid, pid, signal) == 0)
        kill(pid, SIGCONT)
        let screen = try t.waitFor("LEFT[")
        #expect(screen.contains("] \(status)"), "\(screen)")
        let line = screen.split(separator: "\n").first { $0.hasPrefix("LEFT[") } ?? ""
        return String(line.dropFirst(5).prefix { $0 != "]" })
    }

    @Test(arguments: [(SIGQUIT, 131), (SIGUSR1, 138), (SIGTERM, 143), (SIGALRM, 142)])
    func keysTypedBeforeASignalDoNotReachTheShell(signal: Int32, status: Int) throws {
        #expect(try leftAfter(signal, status: status) == "")
    }

    /// `tgkill` (a signal to one thread), which glibc declares only for _GNU_SOURCE.
    static let tgkill: @convention(c) (pid_t, pid_t, Int32) -> Int32 = unsafeBitCast(
        dlsym(nil, "tgkill")!, to: (@convention(c) (pid_t, pid_t, Int32) -> Int32).self)

    /// griddemo's pid: the pane's shell runs `sh -c`, which runs griddemo.
    func programPID(_ t: Tmux) throws -> Int32 {
        var found: Int32?
        try waitUntil("griddemo's pid") {
            guard let shell = t.shellPID else { return false }
            let middle = (try? spawnAndWait(["pgrep", "-P", "\(shell)"]).stdout) ?? ""
            for m in middle.split(separator: "\n") {
                let out = (try? spawnAndWait(["pgrep", "-P", String(m), "griddemo"]).stdout) ?? ""
                if let pid = out.split(separator: "\n").first.flatMap({ Int32($0) }) { found = pid }
            }
            return found != nil
        }
        return found!
    }

    /// The state letter in /proc/<pid>/stat (`T` when stopped).
    func state(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }

    /// Bytes typed and not read yet on a tty (FIONREAD on it, opened without becoming ours).
    func waiting(in tty: String) -> Int32 {
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? count : -1
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        guard poll(for: .seconds(Tmux.deadline), condition) else { throw E2EError.timeout(what: what, screen: "") }
    }
}
