import Foundation
import Testing

/// The contacts' groups sidebar in the real program: star two contacts, reorder them, open the
/// organisations, show one in the list, and back to everyone; show one of the cards' groups.
@Suite struct ContactGroupsEndToEndTests {
    @Test func starReorderExpandCollapseAndFilterByGroup() throws {
        let t = try Tmux([try griddemo(), "contacts"], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Contacts · 320 · list")
        t.send("f")
        t.send("Down")
        t.send("f")
        try t.waitUntil("two stars") {
            $0.contains("★ Ada Abara") && $0.contains("★ Émile Abara")
                || $0.contains("▶ Émile Abara") && $0.contains("★ Ada Abara")
        }
        t.send("g")
        try t.waitFor("Groups · 2 favourites")
        // The sidebar starts on All contacts: up to the second favourite, pick it up, move it up, drop it.
        t.send("Up", "m", "Up", "Enter")
        try t.waitUntil("Émile above Ada") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            guard let e = rows.firstIndex(where: { $0.contains("★ Émile") }),
                let a = rows.firstIndex(where: { $0.contains("★ Ada") })
            else { return false }
            return e < a
        }
        // Past the other favourite, All contacts and Groups to Organisations.
        t.send("Down", "Down", "Down", "Down")
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
        try t.waitUntil("everyone again") {
            $0.contains("Contacts · 320 · list") && !$0.contains("· Acme Corp") && $0.contains("Tyrell Corporation")
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// The built-in sample files some people under Climbing club (vCard CATEGORIES): tall
    /// enough a pane for all 19 and their letters, so everyone the list shows can be checked.
    @Test func aCategoryShowsOnlyItsMembers() throws {
        let t = try Tmux([try griddemo(), "contacts"], width: 100, height: 40)
        defer { t.close() }
        try t.waitUntil("the list") { $0.contains("Contacts · 320 · list") && $0.contains("Ada Abara") }
        t.send("g")
        try t.waitUntil("the sidebar") { $0.contains("▸ Groups") && $0.contains("▸ Organisations") }
        // From All contacts down to Groups, open it, step in: Climbing club is first.
        t.send("Down", "Right")
        try t.waitUntil("Groups open") {
            $0.contains("▾ Groups") && $0.contains("Climbing club") && $0.contains("Family") && $0.contains("Work")
        }
        t.send("Right", "Enter")
        // The whole list drawn: its last member, and the list's own hint line, not the sidebar's.
        let list = try t.waitUntil("only the club") {
            $0.contains("Contacts · 320 · list · Climbing club") && $0.contains("Priya Abara")
                && $0.contains("Сергей Иванов") && !$0.contains("m move favourite")
        }
        let members = [
            "Priya Abara", "Wei Abara", "Nadia Castillo", "Wei Castillo", "Fatima Eriksen", "Nadia Fernández",
            "Uma Hoffmann",
            "Hiro Ivanova", "Émile Jensen", "Tomás Jensen", "Fatima Kowalski", "Yuki López", "Yuki Okafor",
            "Yuki Quispe-Abara",
            "Tomás Tanaka", "Kwame Ueda", "Olúwadámiláre van der Berg", "Γιώργος Παπαδόπουλος", "Сергей Иванов"
        ]
        for name in members { #expect(list.contains(name), "\(name) is in the club") }
        // Rows are a letter and its count, or a contact: every contact shown is a member.
        let rows = list.split(separator: "\n").dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let strangers = rows.filter { row in row.count > 8 && !members.contains { row.contains($0) } }
        #expect(strangers.isEmpty, "only members: \(strangers)")
        #expect(!list.contains("Ada Abara") && !list.contains("Kwame Abara"))
        t.send("Escape")
        // Everyone again, the focus kept on the club's first member where it was: the contacts
        // after it that are not members come in below it.
        try t.waitUntil("everyone again") {
            $0.contains("Contacts · 320 · list") && !$0.contains("Climbing club") && $0.contains("▶ Priya Abara")
                && $0.contains("Rosa Abara")
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
