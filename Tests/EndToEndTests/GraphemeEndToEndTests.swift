import Foundation
import TestSupport
import Testing

/// Graphemes of more than four scalars reach the terminal whole: griddemo lists contacts named
/// with a family of four (👨‍👩‍👧‍👦, seven scalars) and Scotland's flag (a black flag and six
/// tags), and every byte of both goes to the pane, each in its two columns.
///
/// What tmux then shows is its own affair: tmux 3.3 keeps at most 21 bytes of a grapheme in a
/// cell (the family is 25, the flag 28), so the pane holds `👨‍👩‍👧‍` whatever the program sent.
/// So the bytes the program writes are read where tmux receives them (`pipe-pane -O`), and the
/// pane is compared with a pane where `printf` wrote the same names: griddemo's rows show
/// exactly what tmux shows for them, in the columns they belong in.
@Suite struct GraphemeEndToEndTests {
    static let family = "👨‍👩‍👧‍👦"
    static let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

    @Test func aFamilyAndAFlagOfTagsReachTheTerminalWhole() throws {
        #expect(Self.family.unicodeScalars.count == 7 && Self.scotland.unicodeScalars.count == 7)
        let dir = NSTemporaryDirectory() + "gridkit-graphemes-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let book = dir + "/family.vcf"
        let cards = [("The \(Self.family) Family", "Family;The"), ("Scots \(Self.scotland) Fan", "Fan;Scots")].map {
            name, n in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nN:\(n);;;\r\nEND:VCARD\r\n"
        }
        try Data(cards.joined().utf8).write(to: URL(fileURLWithPath: book))

        // What tmux shows of the names when a plain printf writes them.
        let control = try Tmux(
            ["printf", "[%s]\\n", "The \(Self.family) Family|", "Scots \(Self.scotland) Fan|"], width: 80, height: 10)
        defer { control.close() }
        let printed = try control.waitFor("EXITED 0").split(separator: "\n").filter { $0.hasPrefix("[") }.map {
            String($0.dropFirst().prefix { $0 != "|" })
        }
        try #require(printed.count == 2, "\(printed)")
        #expect(
            printed.allSatisfy { $0.unicodeScalars.count >= 4 + 5 + 4 },
            "tmux keeps five scalars of each at least: \(printed)")

        let t = try Tmux([try griddemo(), "contacts", book], width: 80, height: 10)
        defer { t.close() }
        try t.waitUntil("both contacts listed") {
            $0.contains("Contacts · 2 · list") && $0.contains("Family") && $0.contains(" Fan")
        }
        // The bytes from here on, as the pane receives them: Ctrl-L draws the screen anew.
        let received = dir + "/received.bin"
        _ = try Tmux.run(["-L", t.socket, "pipe-pane", "-O", "-t", "0", "cat > " + Tmux.shellQuote(received)])
        t.send("C-l")
        let whole = [Self.family, Self.scotland].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        // The checks below say which was missing.
        _ = poll(for: .seconds(Tmux.deadline)) {
            bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: received))) ?? Data())
            return whole.allSatisfy { bytes.firstRange(of: $0) != nil }
        }
        _ = try Tmux.run(["-L", t.socket, "pipe-pane", "-t", "0"]) // closes the pipe: its cat ends
        #expect(bytes.firstRange(of: whole[0]) != nil, "all seven scalars of the family were written")
        #expect(bytes.firstRange(of: whole[1]) != nil, "all seven scalars of the flag were written")

        // The pane shows each name as tmux shows it printed: the grapheme in two columns, the
        // word after it in place (a space after it, no more, nothing written over it).
        try t.waitUntil("the names as printed") { screen in printed.allSatisfy { screen.contains($0) } }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
