import Foundation
import Testing

/// The contacts' groups sidebar in the real program: star two contacts, reorder them, open the
/// organisations, show one in the list, and back to everyone.
@Suite struct ContactGroupsEndToEndTests {
    @Test func starReorderExpandCollapseAndFilterByGroup() throws {
        let t = try Tmux([try griddemo(), "contacts"], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Contacts · 320 · list")
        t.send("f")
        t.send("Down")
        t.send("f")
        try t.waitUntil("two stars") { $0.contains("★ Ada Abara") && $0.contains("★ Émile Abara") || $0.contains("▶ Émile Abara") && $0.contains("★ Ada Abara") }
        t.send("g")
        try t.waitFor("Groups · 2 favourites")
        // The sidebar starts on All contacts: up to the second favourite, pick it up, move it up, drop it.
        t.send("Up", "m", "Up", "Enter")
        try t.waitUntil("Émile above Ada") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            guard let e = rows.firstIndex(where: { $0.contains("★ Émile") }), let a = rows.firstIndex(where: { $0.contains("★ Ada") }) else { return false }
            return e < a
        }
        t.send("Down", "Down", "Down")
        // Acme's group row (Ada's favourite row names Acme too, at its end).
        func showsAcmeGroup(_ screen: String) -> Bool {
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Acme Corp") }
        }
        t.send("Right")
        try t.waitUntil("Organisations open") { $0.contains("▾ Organisations") && showsAcmeGroup($0) }
        t.send("Left")
        try t.waitUntil("closed again") { $0.contains("▸ Organisations") && !showsAcmeGroup($0) }
        t.send("Right", "Right", "Enter")
        let list = try t.waitFor("Contacts · 320 · list · Acme Corp")
        #expect(!list.contains("Tyrell Corporation"), "only Acme's contacts")
        t.send("Escape")
        try t.waitUntil("everyone again") { $0.contains("Contacts · 320 · list") && !$0.contains("· Acme Corp") && $0.contains("Tyrell Corporation") }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
