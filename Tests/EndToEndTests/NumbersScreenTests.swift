import Foundation
import Testing

@Suite struct NumbersScreenTests {
    @Test func homeOpensNumbersAndEscComesBack() throws {
        let t = try Tmux([try griddemo()])
        defer { t.close() }
        try t.waitFor("GridKit demos")
        // Numbers is the third demo (Processes came after it: End no longer reaches it).
        t.send("Down", "Down")
        try t.waitFor("▶ Numbers")
        t.send("Enter")
        try t.waitFor("Numbers · 1,000,000 items")
        t.send("Escape")
        try t.waitFor("Pick a demo")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func listNavigatesAMillionRows() throws {
        let t = try Tmux([try griddemo(), "numbers", "--layout", "list"], width: 80, height: 20)
        defer { t.close() }
        try t.waitFor("██ ▶ Item 1 ")
        t.send("Down", "Down", "j")
        try t.waitFor("██ ▶ Item 4 ")
        t.send("End")
        let end = try t.waitUntil("the last row and its header") {
            $0.contains("██ ▶ Item 1,000,000") && $0.contains("Section 1000")
        }
        #expect(end.contains("Section 1000"))
        t.send("Home")
        try t.waitFor("██ ▶ Item 1 ")
        t.send("PageDown")
        try t.waitUntil("focus a page down") { $0.contains("██ ▶ Item 1") && !$0.contains("██ ▶ Item 1 ") }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func mouseClickFocusesDoubleClickSelectsWheelScrolls() throws {
        let t = try Tmux([try griddemo(), "numbers", "--layout", "list"], width: 80, height: 20)
        defer { t.close() }
        try t.waitFor("██ ▶ Item 1 ")
        t.click(x: 10, y: 6) // rows: title, sticky header, then items
        try t.waitFor("██ ▶ Item 5 ")
        t.click(x: 10, y: 8)
        t.click(x: 10, y: 8)
        t.send("Down")
        try t.waitFor("██ • Item 7 ") // selected, and no longer focused
        t.mouse(button: 65, x: 10, y: 8)
        t.mouse(button: 65, x: 10, y: 8)
        try t.waitUntil("scrolled by the wheel") { !$0.contains("Item 1 ") && $0.contains("Item 12 ") }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// What the terminal receives: an unbound key sends nothing, a focus move a few cells.
    @Test func outputIsOnlyWhatChanged() throws {
        let t = try Tmux([try griddemo(), "numbers", "--layout", "list"], width: 120, height: 40)
        defer { t.close() }
        try t.waitFor("██ ▶ Item 1 ")
        let log = NSTemporaryDirectory() + t.socket + ".out"
        defer { try? FileManager.default.removeItem(atPath: log) }
        try Tmux.run(captureOutput: false, ["-L", t.socket, "pipe-pane", "-o", "-t", "0", "cat >> \(log)"])
        func bytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? 0 }
        // 'x' means nothing here; the Down after it proves the keys were read, in order.
        t.send("x", "Down")
        try t.waitFor("██ ▶ Item 2 ")
        try t.waitUntil("output logged") { _ in bytes() > 0 }
        let move = bytes()
        #expect(move < 150, "a focus move wrote \(move) bytes")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// The last tile, focused, on screen: its number on a grid row (not the title, which names the
    /// count, nor the section header, which names the range), and the focus marker.
    static func showsFocusedLastTile(_ screen: String) -> Bool {
        let rows = screen.split(separator: "\n").dropFirst()
        return rows.contains { $0.contains(" 20,000 ") && !$0.contains("Section") && !$0.contains("–") }
            && rows.contains { $0.contains("▶") }
    }

    @Test func resizeKeepsFocusAndTinyTerminalShowsNotice() throws {
        let t = try Tmux([try griddemo(), "numbers", "--count", "20000"], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Section 1")
        #expect(!Self.showsFocusedLastTile(t.capture()))
        t.send("G")
        try t.waitUntil("the last tile focused") { Self.showsFocusedLastTile($0) }
        t.resize(width: 50, height: 14)
        try t.waitUntil("resized frame with the focus kept") {
            Self.showsFocusedLastTile($0) && $0.split(separator: "\n").count <= 14
        }
        t.resize(width: 12, height: 4)
        try t.waitFor("too small")
        t.resize(width: 90, height: 25)
        try t.waitUntil("grown back, focus still in view") { Self.showsFocusedLastTile($0) }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
