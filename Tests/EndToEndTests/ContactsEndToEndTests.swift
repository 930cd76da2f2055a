import Foundation
import Testing

@Suite struct ContactsEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DemosTests/Fixtures")

    @Test func openNavigateSwitchFilterDetailBackQuit() throws {
        let t = try Tmux([try griddemo()], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("GridKit demos")
        t.send("Down")
        try t.waitFor("▶ Contacts")
        t.send("Enter")
        try t.waitFor("Contacts · 320 · list")
        t.send("Down", "Down")
        try t.waitUntil("focus on the third contact") {
            $0.split(separator: "\n").contains { $0.hasPrefix("▶ Grace Abara") }
        }
        t.send("v")
        try t.waitFor("Contacts · 320 · cards")
        try t.waitFor("▶ Grace Abara")
        t.send("v", "/")
        try t.waitFor("Enter keep · Esc clear")
        t.type("nakamura")
        try t.waitUntil("filtered list") {
            $0.contains("/ nakamura") && $0.contains("Nakamura") && !$0.contains("Abara")
        }
        t.send("Enter", "Enter")
        // Both, in one capture: the pane can be caught halfway through drawing a frame.
        let detail = try t.waitUntil("the detail screen") { $0.contains("organisation") && $0.contains("source") }
        #expect(!detail.contains("Abara"))
        t.send("Escape")
        let filtered = try t.waitFor("/ nakamura").split(separator: "\n").map(String.init)
        let focusRow = try #require(filtered.firstIndex { $0.hasPrefix("▶") })
        t.send("Escape")
        // Everyone again, the focused contact on the row it had in the list (which moved up a
        // row with the search bar gone): the others come in around it.
        try t.waitUntil("filter cleared, focus kept on its row") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            return !screen.contains("/ nakamura") && screen.contains("Okafor")
                && rows.firstIndex { $0.hasPrefix("▶") } == focusRow - 1
                && rows[focusRow - 1].prefix(30) == filtered[focusRow].prefix(30)
        }
        t.send("Escape")
        try t.waitFor("Pick a demo")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func realFilesLoadSkippedCardsAreListedOnExitAndFilesAreUnchanged() throws {
        let files = ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf"].map {
            Self.fixtures.appendingPathComponent($0).path
        }
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let t = try Tmux([try griddemo(), "contacts"] + files + ["/no/such/file.vcf"], width: 100, height: 30)
        defer { t.close() }
        let screen = try t.waitUntil("the list drawn whole") {
            $0.contains("Contacts · 8 · list") && $0.contains("山田 太郎") && $0.contains("q quit")
        }
        #expect(screen.contains("2 problems"))
        #expect(screen.contains("Jürgen Müller"))
        #expect(screen.contains("山田 太郎"))
        t.send("q")
        let after = try t.waitFor("EXITED 0")
        // (The pane wraps the long line.)
        #expect(after.contains("v4-mixed.vcf:12: line has no ':'") && after.contains("left out"))
        #expect(after.contains("/no/such/file.vcf: no such file or directory"))
        let now = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(now == before)
    }
}
