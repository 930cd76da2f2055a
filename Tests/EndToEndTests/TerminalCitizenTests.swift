import Foundation
import TestSupport
import Testing

/// griddemo as a good citizen of the terminal: job control, signals, full or closed streams,
/// terminals that cannot place the cursor, and output stopped with Ctrl-S.
@Suite struct TerminalCitizenTests {
    /// Ctrl-Z in an interactive dash (which does not repair the tty), a resize while stopped,
    /// `fg`: the whole screen is back, laid out for the new size.
    @Test func suspendAndResumeRepaintEverything() throws {
        let t = try Tmux(["dash", "-i"], width: 100, height: 30, environment: ["PS1": "READY> ", "ENV": ""])
        defer { t.close() }
        try t.waitFor("READY>")
        t.type("\(try griddemo()) contacts")
        t.send("Enter")
        try t.waitFor("Contacts · ")
        t.send("C-z")
        let stopped = try t.waitUntil("the shell's prompt after the stop") {
            $0.contains("Stopped") || $0.contains("stopped")
        }
        #expect(!stopped.contains("Contacts · "), "the screen went back to the shell")
        #expect(t.format("#{alternate_on}") == "0")
        t.resize(width: 80, height: 24)
        t.type("fg")
        t.send("Enter")
        let back = try t.waitUntil("the grid again at 80 columns") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.first?.contains("Contacts · ") == true && rows.contains { $0.contains("q quit") }
        }
        #expect(back.split(separator: "\n").allSatisfy { $0.count <= 80 })
        // Ctrl-L repaints and the app goes on.
        t.send("C-l")
        t.send("q")
        try t.waitUntil("the prompt after quitting") {
            $0.split(separator: "\n").last { !$0.isEmpty }?.hasPrefix("READY>") == true
        }
    }

    /// Frames go to the terminal as written while griddemo runs (no output post-processing,
    /// OPOST); Ctrl-Z gives the shell its own modes back, `fg` griddemo's, quitting the shell's.
    @Test func outputIsNotPostProcessedWhileRunningAndTheShellsModesComeBack() throws {
        let t = try Tmux(["dash", "-i"], width: 100, height: 30, environment: ["PS1": "READY> ", "ENV": ""])
        defer { t.close() }
        try t.waitFor("READY>")
        let tty = t.format("#{pane_tty}")
        func postProcessed() throws -> Bool {
            let modes = try spawnAndWait(["stty", "-F", tty, "-a"]).stdout
            return modes.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).contains("opost")
        }
        #expect(try postProcessed(), "the shell's modes")
        t.type("\(try griddemo()) numbers --count 100")
        t.send("Enter")
        try t.waitFor("Numbers · 100 items")
        #expect(try !postProcessed(), "griddemo's")
        t.send("C-z")
        try t.waitUntil("the shell's prompt after the stop") { $0.contains("Stopped") || $0.contains("stopped") }
        #expect(try postProcessed(), "the shell's, while griddemo is stopped")
        t.type("fg")
        t.send("Enter")
        try t.waitFor("Numbers · 100 items")
        #expect(try !postProcessed(), "griddemo's again")
        t.send("q")
        try t.waitUntil("the prompt after quitting") {
            $0.split(separator: "\n").last { !$0.isEmpty }?.hasPrefix("READY>") == true
        }
        #expect(try postProcessed(), "the shell's after quitting")
    }

    /// Signals whose default action ends the process leave the terminal as it was: modes, main
    /// screen, no crash report over it.
    @Test(arguments: ["QUIT", "USR1", "ALRM"])
    func fatalSignalsRestoreTheTerminal(_ signal: String) throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "100"])
        defer { t.close() }
        try t.waitFor("Numbers · 100 items")
        try t.signalProgram(signal, program: "griddemo")
        let screen = try t.waitFor("EXITED")
        #expect(try t.ttyRestored(), "stty settings equal before and after")
        #expect(t.format("#{alternate_on}") == "0" && t.format("#{mouse_any_flag}") == "0")
        #expect(
            !screen.contains("Crash") && !screen.contains("Backtrace") && !screen.contains("Fatal error"), "\(screen)")
        let status = screen.split(separator: "\n").first { $0.hasPrefix("EXITED") }.map { String($0.dropFirst(7)) }
        let number = ["QUIT": 3, "USR1": 10, "ALRM": 14][signal]!
        #expect(status == "\(128 + number)", "ended by the signal itself: \(status ?? "?")")
    }

    /// Diagnostics to a full device or a closed stream never end in a signal.
    @Test func fullOrClosedStreamsAreExitStatuses() throws {
        let demo = try griddemo()
        let r = try spawnAndWait([
            "sh", "-c",
            "'\(demo)' --bogus 2>/dev/full; echo \"bogus $?\"; '\(demo)' --help >/dev/full; echo \"help $?\";"
                + " '\(demo)' --version >&-; echo \"closed $?\"; '\(demo)' photos /nonexistent 2>&-; echo \"missing $?\""
        ])
        #expect(
            r.stdout.contains("bogus 2") && r.stdout.contains("help 1") && r.stdout.contains("closed 1")
                && r.stdout.contains("missing 2"), "\(r.stdout)")
    }

    /// A terminal that cannot place the cursor is refused with a message, status 2.
    @Test(arguments: ["dumb"])
    func terminalsWithoutCursorAddressingAreRefused(_ term: String) throws {
        let t = try Tmux([try griddemo(), "numbers"], environment: ["TERM": term])
        defer { t.close() }
        let screen = try t.waitFor("EXITED")
        #expect(screen.contains("cannot place the cursor") && screen.contains("EXITED 2"), "\(screen)")
    }

    /// Output stopped with Ctrl-S while frames are being written: SIGTERM still ends the program
    /// at once, and the terminal is restored.
    @Test(arguments: [true, false])
    func sigtermWhileOutputIsStoppedEndsTheProgram(whileWriting: Bool) throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "1000000", "--layout", "grid"])
        defer { t.close() }
        try t.waitFor("Section 1")
        t.send("C-s")
        // Frames pile up until writing blocks; or the app sits idle and blocks only as it restores the terminal.
        if whileWriting { for _ in 0..<40 { t.send("NPage") } }
        guard let shell = t.shellPID else { Issue.record("no pane pid"); return }
        let pid =
            Int32((try spawnAndWait(["pgrep", "-P", "\(shell)", "griddemo"]).stdout).split(separator: "\n").first ?? "")
            ?? 0
        // Never kill(0, …): that signals this test's own process group.
        guard pid > 0 else {
            Issue.record("griddemo's pid was not found")
            return
        }
        // Blocked writing (its frames piled up against the stopped output) or idle: either way
        // its CPU time stops moving.
        waitUntilSettled("griddemo's CPU time", every: .milliseconds(100), times: 3) { Self.cpuTicks(of: pid) }
        let start = Date()
        kill(pid, SIGTERM)
        _ = poll(for: .seconds(10)) { kill(pid, 0) != 0 }
        let took = Date().timeIntervalSince(start)
        #expect(kill(pid, 0) != 0, "still running after SIGTERM with output stopped")
        #expect(took < 3, "ended \(took) s after SIGTERM (goal: within a second; 3 s allows a loaded machine)")
        t.send("C-q")
        let screen = try t.waitFor("EXITED")
        #expect(screen.contains("EXITED 143"))
        #expect(try t.ttyRestored())
    }

    /// Keys typed while the program starts (before the first frame, while it asks the terminal
    /// what it can do) are kept and acted on, as a shell keeps typeahead.
    @Test func keysTypedDuringStartAreKept() throws {
        let t = try Tmux(
            [try griddemo(), "photos", "--view", "grid"], width: 100, height: 30,
            environment: ["GRIDKIT_GRAPHICS": "blocks"])
        defer { t.close() }
        t.send("Right", "Right", "Right")
        try t.waitFor("▶gradient-004")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// After shrinking and growing back, the viewer and the grid behind it show what a fresh
    /// start at that size shows.
    @Test func shrinkAndGrowEqualsAFreshStart() throws {
        func screen(_ resize: Bool) throws -> (viewer: String, grid: String) {
            let t = try Tmux(
                [try griddemo(), "photos", "--view", "grid"], width: 100, height: 30,
                environment: ["GRIDKIT_GRAPHICS": "blocks"])
            defer { t.close() }
            try t.waitFor("gradient-002.png")
            t.send("Enter")
            try t.waitFor("1 of 300")
            if resize {
                t.resize(width: 100, height: 8)
                try t.waitUntil("the viewer at 8 rows") {
                    $0.split(separator: "\n", omittingEmptySubsequences: false).count <= 9 && $0.contains("1 of 300")
                }
                t.resize(width: 100, height: 30)
            }
            // Settled: the same screen twice, a moment apart (thumbnails decode in the background).
            try t.waitUntil("the viewer's picture") { _ in t.showsPicture() }
            waitUntilSettled("the viewer", every: .milliseconds(300), times: 2) { t.capture() }
            let viewer = Tmux.pictureShape(t.captureWithEscapes())
            t.send("Escape")
            try t.waitFor("gradient-002.png")
            waitUntilSettled("the grid", every: .milliseconds(300), times: 2) { t.capture() }
            // How a picture cell goes out depends on what was written before it: compared as
            // one kind of cell.
            return (viewer, Tmux.pictureShape(t.captureWithEscapes()))
        }
        let fresh = try screen(false), resized = try screen(true)
        #expect(
            resized.viewer == fresh.viewer, "the viewer grows back:\n\(resized.viewer)\n---- fresh:\n\(fresh.viewer)")
        #expect(
            resized.grid == fresh.grid,
            "the grid sits where a fresh start puts it:\n\(resized.grid)\n---- fresh:\n\(fresh.grid)")
    }

    /// User and system CPU time of process `pid`, in clock ticks (fields 14 and 15 of its stat).
    static func cpuTicks(of pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return -1 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
    }
}
