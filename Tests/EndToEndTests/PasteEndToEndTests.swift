import Foundation
import Testing

/// Pastes reach griddemo whole, as one event, through a real terminal (tmux pastes its buffer
/// bracketed when the program asked for it): a megabyte into the contacts filter costs one
/// filter of the 4,096 characters the bar keeps, and a bounded amount of memory.
@Suite struct PasteEndToEndTests {
    /// `count` cards in one file.
    static func addressBook(_ count: Int) throws -> (dir: String, file: String) {
        let dir = NSTemporaryDirectory() + "gridkit-paste-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var text = ""
        for k in 0..<count {
            text +=
                "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(k) Pastewood\r\nN:Pastewood;Person \(k);;;\r\nTEL:+44 20 7946 \(1000 + k)\r\nEND:VCARD\r\n"
        }
        let file = dir + "/book.vcf"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return (dir, file)
    }

    /// The peak resident memory of the pane's griddemo, in kB.
    static func peakKB(_ t: Tmux) throws -> Int {
        let shell = try #require(t.shellPID)
        let child = try #require(
            Int32(try spawnAndWait(["pgrep", "-P", "\(shell)", "griddemo"]).stdout.split(separator: "\n").first ?? ""))
        let status = try String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }!)!
    }

    @Test func aMegabytePastedIntoTheContactsFilterIsOneFilterAndBoundedMemory() throws {
        let (dir, file) = try Self.addressBook(2000)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paste = dir + "/paste.txt"
        try Data(String(repeating: "Pastewood 42 ", count: 80_000).utf8).write(to: URL(fileURLWithPath: paste)) // 1 MB
        let t = try Tmux([try griddemo(), "contacts", file], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Contacts · 2,000 · list")
        let before = try Self.peakKB(t)
        t.send("/")
        try t.waitFor("type to filter")
        _ = try Tmux.run(["-L", t.socket, "load-buffer", paste])
        _ = try Tmux.run(["-L", t.socket, "paste-buffer", "-p", "-t", "0"])
        try t.waitFor("cut at 4096 characters")
        try t.waitFor("No contacts match")
        let started = Date()
        t.send("Escape")
        try t.waitFor("Contacts · 2,000 · list", timeout: 10)
        #expect(Date().timeIntervalSince(started) < 5, "the list came back at once")
        let peak = try Self.peakKB(t)
        #expect(peak - before < 50_000, "a megabyte pasted grew memory by \(peak - before) kB")
        #expect(peak < 150_000, "peak \(peak) kB")
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
