import Foundation
import Testing

/// Paths that are not UTF-8, and grapheme clusters, through the real program.
@Suite struct OddBytesTests {
    /// A folder of its own whose children are named with raw bytes; removed by `remove()`.
    final class RawFolder {
        let path = NSTemporaryDirectory() + "gridkit-raw-\(getpid())-\(UUID().uuidString.prefix(8))"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        /// The shell's spelling of `name` under this folder: `$(printf …)` keeps its bytes.
        func shellPath(_ octalName: String) -> String { "\"\(path)/$(printf '\(octalName)')\"" }
        func run(_ script: String) throws { _ = try spawnAndWait(["sh", "-c", script]) }
        func remove() { _ = try? spawnAndWait(["rm", "-rf", path]) }
    }

    /// `photos` opens a folder and a file whose names are Latin-1 bytes, shows them escaped as
    /// `ls` does, and says why a missing one fails.
    @Test func photoFolderAndFileNamedInLatin1Open() throws {
        let folder = try RawFolder()
        defer { folder.remove() }
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DemosTests/Fixtures/images/rgb.png").path
        let dir = folder.shellPath("dir\\351latin1")
        try folder.run("mkdir \(dir) && cp '\(png)' \(dir)/\"$(printf 'ph\\351to.png')\"")
        let t = try Tmux(
            ["sh", "-c", "exec '\(try griddemo())' photos --view grid \(dir) \(folder.shellPath("gone\\351.png"))"],
            environment: ["GRIDKIT_GRAPHICS": "blocks"])
        defer { t.close() }
        // The title counts the skipped file when the walk ends, which may be after the photo shows.
        let screen = try t.waitUntil("the photo, and the missing file counted as skipped") {
            $0.contains("ph\\xE9to.png") && $0.contains("Photos · 1 · 1 skipped")
        }
        #expect(screen.contains("dir\\xE9latin1"), "\(screen)")
        try t.waitUntil("the thumbnail") { $0.filter { $0 == "▀" || $0 == "▄" }.count >= 4 }
        t.send("Enter")
        try t.waitFor("1 of 1")
        t.send("Escape")
        try t.waitUntil("the grid again") { !$0.contains("1 of 1") }
        t.send("q")
        // Joined: a long temporary folder's path wraps the message at the pane's width.
        let after = try t.waitFor("EXITED").replacingOccurrences(of: "\n", with: "")
        #expect(after.contains("gone\\xE9.png: no such file or directory"), "\(after)")
        #expect(after.contains("EXITED 0"))
    }

    /// `contacts` reads a vCard folder and file with Latin-1 names.
    @Test func contactFolderAndFileNamedInLatin1Open() throws {
        let folder = try RawFolder()
        defer { folder.remove() }
        let dir = folder.shellPath("cards\\351")
        try folder.run(
            "mkdir \(dir) && printf 'BEGIN:VCARD\\r\\nVERSION:3.0\\r\\nFN:Zoe Latin\\r\\nEND:VCARD\\r\\n' > \(dir)/\"$(printf 'caf\\351.vcf')\""
                + " && printf 'BEGIN:VCARD\\r\\nVERSION:3.0\\r\\nFN:Abel Bytes\\r\\nEND:VCARD\\r\\n' > \(folder.shellPath("one\\377.vcf"))"
        )
        let t = try Tmux(["sh", "-c", "exec '\(try griddemo())' contacts \(dir) \(folder.shellPath("one\\377.vcf"))"])
        defer { t.close() }
        let screen = try t.waitFor("Zoe Latin")
        #expect(screen.contains("Abel Bytes") && screen.contains("Contacts · 2 "), "\(screen)")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// An organisation of emoji sequences (a ZWJ sequence, a flag) reaches the terminal whole,
    /// in the list and in the detail.
    @Test func emojiOrganisationReachesTheTerminalWhole() throws {
        let folder = try RawFolder()
        defer { folder.remove() }
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Emoji\r\nORG:👩‍💻 Devs 🇯🇵\r\nEND:VCARD\r\n"
        try Data(card.utf8).write(to: URL(fileURLWithPath: folder.path + "/emoji.vcf"))
        let r = try GraphicsEndToEndTests().capture(
            [:], wait: "Ada Emoji", keys: "enter,await:organisation,esc,q", ["contacts", folder.path + "/emoji.vcf"])
        #expect(r.status == 0)
        // Each sequence goes out in one piece (the writer then places the next cell itself, so
        // the text between them may follow a cursor move).
        // Counted from the alternate screen on: the start-up probe writes the sequences once to
        // measure them.
        let smcup = Array("\u{1B}[?1049h".utf8)
        let from =
            (0...max(0, r.bytes.count - smcup.count)).first {
                r.bytes[$0..<min(r.bytes.count, $0 + smcup.count)].elementsEqual(smcup)
            } ?? 0
        let screen = Array(r.bytes[from...])
        func count(_ text: String) -> Int {
            let whole = Array(text.utf8)
            guard screen.count >= whole.count else { return 0 }
            return (0...(screen.count - whole.count)).filter { screen[$0..<($0 + whole.count)].elementsEqual(whole) }
                .count
        }
        #expect(count("👩‍💻") >= 2 && count("🇯🇵") >= 2, "in the list row and the detail: \(count("👩‍💻")), \(count("🇯🇵"))")
        #expect(count("👩") == count("👩‍💻"), "never the woman without the laptop")
    }
}
