import Foundation
import Testing

/// APICheck's ports of Apple's "Implementing Modern Collection Views" screens (an outside
/// package, public API only), driven in tmux: the Emoji Explorer (a sideways row, an outline and
/// a list in one compositional layout) and the reorderable list, whose app model (shown in its
/// title bar) must equal the rows drawn after every drop and every cancel.
@Suite struct ModernCollectionViewsEndToEndTests {
    /// The reorderable list's emoji, by category, as APICheck's Emoji.swift starts them.
    static let smileys = ["😀", "😁", "😉", "😊", "🤗", "🤔"]
    static let nature = ["🐶", "🐱", "🐯", "🦊"]
    static let food = ["🍎", "🍌", "🍒", "🥕"]
    static let everyEmoji = Set(smileys + nature + food)

    /// The rows drawn, section by section: each line under a category header that holds one of
    /// the emoji (the title bar, which shows the model, and the bottom line are left out).
    static func drawn(_ screen: String) -> [[String]] {
        var sections: [[String]] = []
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if ["Smileys", "Nature", "Food"].contains(trimmed) {
                sections.append([])
            } else if let emoji = line.map(String.init).first(where: everyEmoji.contains), !sections.isEmpty {
                sections[sections.count - 1].append(emoji)
            }
        }
        return sections
    }

    /// The app's model as its title bar shows it: `model 😀😁|🐶|🍎`.
    static func model(_ screen: String) -> [[String]]? {
        guard let title = screen.split(separator: "\n").first, let start = title.range(of: "model ") else { return nil }
        return title[start.upperBound...].trimmingCharacters(in: .whitespaces).split(
            separator: "|", omittingEmptySubsequences: false
        )
        .map { $0.map(String.init) }
    }

    /// Waits until the rows drawn are `expected`, and returns the screen.
    @discardableResult
    static func waitForRows(_ t: Tmux, _ expected: [[String]], _ what: String) throws -> String {
        try t.waitUntil(what) { drawn($0) == expected }
    }

    @Test func reorderingAcrossSectionsKeepsTheAppsModelWithTheRows() throws {
        let t = try Tmux([try binary("APICheck", env: "APICHECK"), "reorder"], width: 80, height: 26)
        defer { t.close() }
        let start = [Self.smileys, Self.nature, Self.food]
        var screen = try Self.waitForRows(t, start, "the three sections")
        #expect(Self.model(screen) == start)

        // Down past the end of Smileys: first in Nature. The model waits for the drop.
        t.send("Down", "Down", "Down", "Down", "Down", "m", "Down")
        let firstInNature = [Array(Self.smileys.dropLast()), ["🤔"] + Self.nature, Self.food]
        screen = try Self.waitForRows(t, firstInNature, "Thinking first in Nature")
        #expect(Self.model(screen) == start, "the model is told on the drop, not before")
        t.send("Enter")
        screen = try t.waitFor("Moved 🤔 Thinking")
        #expect(Self.drawn(screen) == firstInNature && Self.model(screen) == firstInNature, "\(screen)")

        // Up past the start of Food: last in Nature.
        t.send("Down", "Down", "Down", "Down", "Down", "m", "Up")
        let lastInNature = [Array(Self.smileys.dropLast()), ["🤔"] + Self.nature + ["🍎"], ["🍌", "🍒", "🥕"]]
        screen = try Self.waitForRows(t, lastInNature, "Apple last in Nature")
        #expect(Self.model(screen) == firstInNature)
        t.send("Enter")
        screen = try t.waitFor("Moved 🍎 Apple")
        #expect(Self.drawn(screen) == lastInNature && Self.model(screen) == lastInNature, "\(screen)")

        // Esc after two steps up, out of Food: back where it was, and the app told.
        t.send("Down", "m", "Up", "Up")
        let passing = [Array(Self.smileys.dropLast()), ["🤔"] + Self.nature + ["🍌", "🍎"], ["🍒", "🥕"]]
        try Self.waitForRows(t, passing, "Banana before Apple in Nature")
        t.send("Escape")
        screen = try t.waitFor("Put back 🍌 Banana")
        #expect(Self.drawn(screen) == lastInNature && Self.model(screen) == lastInNature, "\(screen)")

        // Esc did not leave the screen, and the row put back is still the one picked up: moving
        // it inside its own section and dropping keeps that too.
        t.send("m", "Down", "Enter")
        let inFood = [Array(Self.smileys.dropLast()), ["🤔"] + Self.nature + ["🍎"], ["🍒", "🍌", "🥕"]]
        screen = try t.waitUntil("Banana after Cherries, kept") { Self.drawn($0) == inFood && Self.model($0) == inFood }

        // With the mouse: press on Carrot, let go on Beaming, two sections up: Carrot takes
        // Beaming's place, and the model follows.
        // (Rows below the title bar, which shows the model's emoji too.)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let carrot = try #require(lines.indices.dropFirst().first { lines[$0].contains("🥕") })
        let beaming = try #require(lines.indices.dropFirst().first { lines[$0].contains("😁") })
        t.mouse(button: 0, x: 5, y: carrot)
        t.mouse(button: 3, x: 5, y: beaming)
        let dragged = [["😀", "🥕", "😁", "😉", "😊", "🤗"], inFood[1], ["🍒", "🍌"]]
        screen = try t.waitUntil("Carrot second in Smileys") { Self.drawn($0) == dragged && Self.model($0) == dragged }
        #expect(screen.contains("Moved 🥕 Carrot"), "\(screen)")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func emojiExplorerShowsItsSectionsScrollsTheRowAndOpensCategories() throws {
        let t = try Tmux([try binary("APICheck", env: "APICHECK"), "emoji"], width: 80, height: 30)
        defer { t.close() }
        var screen = try t.waitUntil("the three sections") {
            $0.contains("Recently used") && $0.contains("Categories") && $0.contains("All emoji")
                && $0.contains("Grinning")
        }
        // The recents row (its names on the fourth line): six tiles show, and Right scrolls
        // the row alone sideways.
        func tileNames(_ screen: String) -> String {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 3 ? String(lines[3]) : ""
        }
        #expect(
            tileNames(screen).contains("Rocket") && tileNames(screen).contains("Fox")
                && !tileNames(screen).contains("Train"), "\(screen)")
        #expect(screen.contains("▸ Smileys") && screen.contains("▸ Travel"), "the categories, closed: \(screen)")
        #expect(screen.contains("recent: Rocket · open: none"), "\(screen)")
        t.send("Right", "Right", "Right", "Right", "Right", "Right", "Right")
        screen = try t.waitUntil("the row scrolled to Train") {
            tileNames($0).contains("Train") && !tileNames($0).contains("Rocket")
        }
        #expect(
            screen.contains("Categories") && screen.contains("▸ Travel") && screen.contains("All emoji"),
            "only the row scrolled: \(screen)")
        #expect(
            screen.split(separator: "\n").contains { $0.hasPrefix(" │  😀 Grinning") },
            "the list did not move sideways: \(screen)")

        // Down to the first category; Enter opens it, its emoji indented under it; Enter closes it.
        t.send("Down", "Enter")
        screen = try t.waitFor("open: Smileys")
        let lines = screen.split(separator: "\n").map(String.init)
        // The disclosure turned and the indentation, both from the section snapshot.
        let smileys = try #require(lines.firstIndex { $0.hasPrefix(" ▾ Smileys") }, "\(screen)")
        #expect(
            lines[smileys + 1].contains("Grinning") && lines[smileys + 6].contains("Thinking")
                && lines[smileys + 7].hasPrefix(" ▸ Nature"), "\(screen)")
        let indent = { (l: String) in l.prefix { $0 == " " }.count }
        #expect(indent(lines[smileys + 1]) > indent(lines[smileys]), "a child is indented under its parent: \(screen)")
        t.send("Enter")
        screen = try t.waitFor("open: none")
        let closed = screen.split(separator: "\n").map(String.init)
        let at = try #require(closed.firstIndex { $0.hasPrefix(" ▸ Smileys") }, "\(screen)")
        #expect(closed[at + 1].hasPrefix(" ▸ Nature"), "\(screen)")

        // Open it again, Down to Winking, Enter: first in the recents.
        t.send("Enter", "Down", "Down", "Down", "Enter")
        screen = try t.waitFor("recent: Winking")
        #expect(screen.contains("Used 😉 Winking"), "\(screen)")
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
