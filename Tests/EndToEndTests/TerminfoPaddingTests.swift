import Foundation
import Testing

/// terminfo strings carry padding for hardware terminals (`$<3>` in vt100's `el`, `$<2>` in
/// its `sgr0`): written as they are, a terminal shows it as text. Nothing the program writes,
/// on the way out either, shows a `$<`.
@Suite struct TerminfoPaddingTests {
    @Test func vt100ShowsNoPaddingAfterQuitting() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "100"], environment: ["TERM": "vt100"])
        defer { t.close() }
        try t.waitFor("Section 1")
        t.send("q")
        let screen = try t.waitFor("EXITED 0")
        #expect(!screen.contains("$<"), "\(screen)")
    }

    /// SIGQUIT restores from the signal handler, with the bytes made ready at open.
    @Test func vt100ShowsNoPaddingAfterSIGQUIT() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "100"], environment: ["TERM": "vt100"])
        defer { t.close() }
        try t.waitFor("Section 1")
        try t.signalProgram("QUIT", program: "griddemo")
        let screen = try t.waitFor("EXITED 131")
        #expect(!screen.contains("$<"), "\(screen)")
    }
}
