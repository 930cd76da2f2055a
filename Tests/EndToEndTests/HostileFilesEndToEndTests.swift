import Foundation
import Testing

/// The files from the wild that used to crash or hang griddemo, built here, in the real binary.
@Suite struct HostileFilesEndToEndTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DemosTests/Fixtures/images")

    /// rgb.jpg with a big-endian EXIF block whose IFD offset is 0xFFFFFFFE put after SOI: the
    /// 32-bit bounds check of old wrapped and read 4 GB past the buffer.
    static func hostileJpeg() throws -> Data {
        let jpeg = try Data(contentsOf: images.appendingPathComponent("rgb.jpg"))
        let tiff: [UInt8] =
            Array("MM".utf8) + [0, 42, 0xFF, 0xFF, 0xFF, 0xFE] + [0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1) + jpeg.dropFirst(2)
    }

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "gridkit-wild-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func photosWithAHostileExifAFifoAndDevZeroBrowseAndQuit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(
            at: Self.images.appendingPathComponent("rgb.png"), to: URL(fileURLWithPath: dir + "/a-good.png"))
        try Self.hostileJpeg().write(to: URL(fileURLWithPath: dir + "/b-hostile.jpg"))
        #expect(mkfifo(dir + "/p.jpg", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.jpg", withDestinationPath: "/dev/zero")
        let before = try [
            Data(contentsOf: URL(fileURLWithPath: dir + "/a-good.png")),
            Data(contentsOf: URL(fileURLWithPath: dir + "/b-hostile.jpg"))
        ]

        let t = try Tmux([try griddemo(), "photos", "--view", "grid", dir], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Photos · 2 · 2 skipped")
        try t.waitUntil("both thumbnails drawn") {
            $0.contains("a-good.png") && $0.contains("b-hostile.jpg") && !$0.contains("⚠") && t.showsPicture()
        }
        t.send("Right", "Enter")
        try t.waitFor("b-hostile.jpg · 64×32")
        t.send("Escape") // and wait: ESC then q at once is Alt+q
        try t.waitFor("Photos · 2")
        t.send("q")
        // Joined: a long temporary folder's path wraps the messages at the pane's width.
        let end = try t.waitFor("EXITED 0").replacingOccurrences(of: "\n", with: "")
        #expect(end.contains("p.jpg: not a regular file (a FIFO)"))
        #expect(end.contains("zero.jpg: not a regular file (a character device)"))
        let after = try [
            Data(contentsOf: URL(fileURLWithPath: dir + "/a-good.png")),
            Data(contentsOf: URL(fileURLWithPath: dir + "/b-hostile.jpg"))
        ]
        #expect(after == before)
    }

    @Test func aContactWhosePhotoIsTheHostileJpegOpens() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve Hostile\r\nN:Hostile;Eve;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:"
            + (try Self.hostileJpeg()).base64EncodedString() + "\r\nEND:VCARD\r\n"
        try Data(card.utf8).write(to: URL(fileURLWithPath: dir + "/eve.vcf"))
        let t = try Tmux([try griddemo(), "contacts", dir + "/eve.vcf"], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Eve Hostile")
        t.send("Enter")
        try t.waitUntil("the detail with its photo") { $0.contains("Eve Hostile") && t.showsPicture() }
        t.send("q") // back to the list
        try t.waitFor("Contacts · 1 · list")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    @Test func pathsOfWhichNoneCanBeReadExitWithStatus2AndALineEach() throws {
        let t = try Tmux([try griddemo(), "photos", "/no/such/dir", "/dev/null"], width: 100, height: 12)
        defer { t.close() }
        let screen = try t.waitFor("EXITED 2")
        #expect(screen.contains("griddemo: /no/such/dir: no such file or directory"))
        #expect(screen.contains("griddemo: /dev/null: not a regular file (a character device)"))
        let c = try Tmux([try griddemo(), "contacts", "/no/such/file.vcf"], width: 100, height: 12)
        defer { c.close() }
        #expect(try c.waitFor("EXITED 2").contains("griddemo: /no/such/file.vcf: no such file or directory"))
    }
}
