import Foundation
import TestSupport
import Testing

/// The real griddemo in tmux: it starts, draws, quits on q / Ctrl-C / SIGTERM / SIGHUP, and
/// leaves the terminal as it found it (main screen back, cursor visible).
@Suite struct TerminalLifecycleTests {
    func expectRestored(_ t: Tmux, status: Int) throws {
        let screen = try t.waitFor("EXITED \(status)")
        #expect(screen.contains("BEFORE"), "the main screen came back")
        #expect(!screen.contains("GridKit demos"), "nothing of the app is left on the main screen")
        #expect(t.format("#{alternate_on}") == "0")
        #expect(t.format("#{cursor_flag}") == "1")
    }

    @Test func homeScreenThenQQuitsAndRestores() throws {
        let t = try Tmux([try griddemo()])
        defer { t.close() }
        let home = try t.waitUntil("Home drawn whole") { $0.contains("GridKit demos") && $0.contains("q quit") }
        #expect(home.contains("Numbers"))
        #expect(home.contains("q quit"))
        #expect(t.format("#{alternate_on}") == "1")
        t.send("q")
        try expectRestored(t, status: 0)
    }

    @Test func sigtermRestores() throws {
        let t = try Tmux([try griddemo()])
        defer { t.close() }
        try t.waitFor("GridKit demos")
        try t.signalProgram("TERM", program: "griddemo")
        try expectRestored(t, status: 143)
    }

    @Test func sighupRestores() throws {
        let t = try Tmux([try griddemo(), "contacts"])
        defer { t.close() }
        try t.waitFor("Contacts · 320")
        try t.signalProgram("HUP", program: "griddemo")
        let screen = try t.waitFor("EXITED 129")
        #expect(screen.contains("BEFORE"))
        #expect(t.format("#{alternate_on}") == "0")
    }

    /// A crash (here a SIGSEGV from outside) still leaves a usable terminal behind.
    @Test func crashSignalRestoresAndKeepsItsStatus() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "100"])
        defer { t.close() }
        try t.waitFor("Section 1")
        try t.signalProgram("SEGV", program: "griddemo")
        let screen = try t.waitFor("EXITED 139")
        #expect(screen.contains("BEFORE"))
        #expect(t.format("#{alternate_on}") == "0")
        #expect(t.format("#{cursor_flag}") == "1")
        #expect(t.format("#{mouse_any_flag}") == "0" && t.format("#{mouse_standard_flag}") == "0")
        #expect(try t.ttyRestored())
    }

    /// A fault on a decode or reading thread, not the main one, restores the terminal too: the
    /// worker leaves SEGV unblocked, so the handler runs, and mouse reporting goes off with the rest.
    @Test func crashOnAWorkerThreadRestores() throws {
        let t = try Tmux([try griddemo(), "photos"], environment: ["GRIDDEMO_TEST_FAULT": "segv-in-worker-thread"])
        defer { t.close() }
        try t.waitFor("Photos · 300")
        #expect(
            t.format("#{mouse_any_flag}") == "1" || t.format("#{mouse_standard_flag}") == "1"
                || t.format("#{mouse_button_flag}") == "1",
            "mouse reporting is on while the app runs")
        let screen = try t.waitFor("EXITED 139")
        #expect(screen.contains("BEFORE"))
        #expect(t.format("#{alternate_on}") == "0")
        #expect(t.format("#{cursor_flag}") == "1")
        #expect(
            t.format("#{mouse_any_flag}") == "0" && t.format("#{mouse_standard_flag}") == "0"
                && t.format("#{mouse_button_flag}") == "0")
        #expect(try t.ttyRestored())
    }

    /// Alt+x arrives as ESC x, and an escape sequence terminfo does not know as ESC [ 9 9 ~: neither
    /// is Esc, so neither leaves the Home screen (where Esc quits).
    @Test func altKeysAndUnknownSequencesAreNotEsc() throws {
        let t = try Tmux([try griddemo()])
        defer { t.close() }
        try t.waitFor("Pick a demo")
        t.send("M-x")
        t.sendBytes(["1b", "5b", "39", "39", "7e"])
        t.send("M-q")
        t.send("Down")
        // The move lands only if the app is still running after the three sequences.
        try t.waitUntil("the focus on Contacts") { $0.contains("▶ Contacts") }
        t.send("Escape")
        try expectRestored(t, status: 0)
    }

    /// NO_COLOR (no-color.org) set to anything: no colour at all, focus still shown in reverse video.
    @Test func noColorMeansMonochromeWithAttributes() throws {
        func sgrColours(_ screen: String) -> Bool {
            screen.contains(/\e\[[0-9;]*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;|48;)[0-9;]*m/)
        }
        let coloured = try Tmux([try griddemo(), "numbers", "--count", "100"], environment: ["TERM": "xterm-256color"])
        defer { coloured.close() }
        try coloured.waitFor("Section 1")
        #expect(sgrColours(coloured.captureWithEscapes()), "the same screen has colours without NO_COLOR")
        let plain = try Tmux(
            [try griddemo(), "numbers", "--count", "100"], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        defer { plain.close() }
        try plain.waitFor("Section 1")
        let screen = plain.captureWithEscapes()
        #expect(!sgrColours(screen))
        #expect(screen.contains(/\e\[[0-9;]*7[0-9;]*m/), "reverse video marks the focus")
    }

    /// The hidden cursor sits on the focused cell, so screen readers and braille displays follow it.
    @Test func theCursorRestsOnTheFocusedCell() throws {
        let t = try Tmux([try griddemo(), "numbers", "--layout", "list"], width: 80, height: 20)
        defer { t.close() }
        try t.waitFor("██ ▶ Item 1 ")
        try t.waitUntil("cursor on the first row") { _ in t.format("#{cursor_x},#{cursor_y}") == "0,2" }
        t.send("Down", "Down", "Down")
        try t.waitFor("██ ▶ Item 4 ")
        try t.waitUntil("cursor on item 4's row") { _ in t.format("#{cursor_x},#{cursor_y}") == "0,5" }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func theFaultNeedsItsExactValue() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "10"], environment: ["GRIDDEMO_TEST_FAULT": "1"])
        defer { t.close() }
        try t.waitFor("Section 1")
        // Armed, the fault would fire half a second after the start.
        holdsThroughout("griddemo running with GRIDDEMO_TEST_FAULT=1 (not the fault's value)", for: .seconds(1)) {
            !t.capture().contains("EXITED")
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// Eight colours, no colour, and direct colour all draw the same screen.
    @Test(arguments: ["xterm", "vt100", "xterm-direct", "screen-256color"])
    func everyColourModeDrawsAndQuits(_ term: String) throws {
        let t = try Tmux([try griddemo(), "photos"], environment: ["TERM": term])
        defer { t.close() }
        try t.waitFor("Photos · 300")
        try t.waitFor("gradient-002.png")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func ctrlCRestores() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "5000"])
        defer { t.close() }
        try t.waitFor("Section 1")
        t.send("C-c")
        try expectRestored(t, status: 130)
    }

    @Test func unknownTermIsAClearErrorWithStatus2() throws {
        let t = try Tmux([try griddemo()], environment: ["TERM": "no-such-terminal-xyz"])
        defer { t.close() }
        let screen = try t.waitFor("EXITED 2")
        #expect(screen.contains("griddemo: unknown terminal type 'no-such-terminal-xyz'"))
    }

    @Test func notATerminalIsAClearErrorWithStatus2() throws {
        // stdin is /dev/null and stdout a pipe, as in `griddemo </dev/null | cat`.
        let r = try spawnAndWait([try griddemo()])
        #expect(r.status == 2)
        #expect(r.stderr == "griddemo: needs an interactive terminal (stdin is not a tty)\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func helpAndVersionAndBadArguments() throws {
        func run(_ args: [String]) throws -> (Int32, String, String) {
            let r = try spawnAndWait([try griddemo()] + args)
            return (r.status, r.stdout, r.stderr)
        }
        let help = try run(["--help"])
        #expect(help.0 == 0 && help.1.contains("usage: griddemo"))
        let version = try run(["--version"])
        #expect(version.0 == 0 && version.1.hasPrefix("griddemo "))
        let bad = try run(["numbers", "--count", "lots"])
        #expect(bad.0 == 2 && bad.2.contains("--count needs a number, not 'lots'"))
        let unknown = try run(["frobnicate"])
        #expect(unknown.0 == 2 && unknown.2.contains("unknown screen 'frobnicate'"))
    }
}
