import Testing

/// The README's "Build your own grid" program is a real target; this drives it so it cannot rot.
@Suite struct MiniGridExampleTests {
    @Test func exampleShowsItsGridMovesAndQuits() throws {
        let t = try Tmux([try binary("minigrid", env: "MINIGRID")], width: 60, height: 16)
        defer { t.close() }
        let first = try t.waitFor("Fruits")
        #expect(first.contains("apple") && first.contains("banana"))
        t.send("End")
        try t.waitFor("huckleberry")
        t.send("q")
        try t.waitFor("EXITED 0")
        #expect(t.format("#{alternate_on}") == "0")
    }
}
