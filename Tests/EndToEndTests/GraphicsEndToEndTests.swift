import Foundation
import Testing

/// griddemo photos in a pseudo-terminal, each graphics mode forced, and `auto` with a terminal
/// that answers nothing: the stream holds a picture per visible thumbnail that a decoder reads at
/// more than half-block resolution, and the images are freed at exit.
@Suite struct GraphicsEndToEndTests {
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Support/ptycapture.py"
    ).path
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DemosTests/Fixtures/images")

    /// A folder of JPEGs: the six fixtures, `copies` times each under other names.
    static func jpegFolder(copies: Int = 1) throws -> String {
        let dir = NSTemporaryDirectory() + "gridkit-graphics-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for copy in 0..<copies {
            for (i, name) in ["rgb.jpg", "large.jpg", "exif-rotated.jpg", "progressive.jpg", "grey.jpg", "cmyk.jpg"]
                .enumerated()
            {
                let prefix = copy == 0 ? "p\(i)" : "c\(copy)-p\(i)"
                try FileManager.default.copyItem(
                    atPath: images.appendingPathComponent(name).path, toPath: dir + "/\(prefix)-\(name)")
            }
        }
        return dir
    }

    /// Runs griddemo under the pty helper and returns its whole output and exit status. `answers`
    /// are the queries the pty answers as a terminal would, and the replies (`\\e` for ESC).
    func capture(
        _ env: [String: String], wait: String, count: Int = 1, keys: String = "q",
        answers: [(query: String, reply: String)] = [], _ args: [String]
    ) throws -> (bytes: [UInt8], status: Int32, seenAfter: Double) {
        let out = NSTemporaryDirectory() + "gridkit-pty-\(UUID().uuidString.prefix(8)).bin"
        defer { unlink(out) }
        let vars = ["TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"] + env.map { "\($0.key)=\($0.value)" }
        // The pty is a terminal that announces nothing: colour settings from the runner's
        // terminal (COLORTERM, GRIDKIT_COLORS) are not its, and a test gives them where it means to.
        let r = try spawnAndWait(
            ["env", "-u", "COLORTERM", "-u", "GRIDKIT_COLORS"] + vars + [
                "python3", Self.support, out, "--cols", "100", "--rows", "30",
                "--wait", wait, "--wait-count", "\(count)", "--keys", keys
            ] + answers.flatMap { ["--answer", $0.query, $0.reply] } + [
                "--", try griddemo()
            ] + args)
        // A wait of the helper's that ran out (the text, a key's answer, the exit) ends it with 2.
        try #require(r.status == 0, "ptycapture.py failed (status \(r.status)): \(r.stderr.suffix(1500))")
        let fields = r.stdout.split(separator: " ")
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())
        return (
            bytes, Int32(fields.first.flatMap { Int32($0) } ?? -1),
            Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
        )
    }

    /// The byte strings between `start` and `end` markers.
    func strings(_ bytes: [UInt8], start: String, end: [UInt8]) -> [[UInt8]] {
        let s = Array(start.utf8)
        var out: [[UInt8]] = [], i = 0
        while i + s.count <= bytes.count {
            if bytes[i..<(i + s.count)].elementsEqual(s) {
                var j = i + s.count
                while j + end.count <= bytes.count, !bytes[j..<(j + end.count)].elementsEqual(end) { j += 1 }
                out.append(Array(bytes[(i + s.count)..<min(j, bytes.count)]))
                i = j
            } else {
                i += 1
            }
        }
        return out
    }

    @Test func kittyTransmitsEachVisibleThumbnailAndDeletesThemAtExit() throws {
        let dir = try Self.jpegFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try capture(
            ["GRIDKIT_GRAPHICS": "kitty"], wait: "\\e_Ga=T", count: 6, ["photos", "--view", "grid", dir])
        #expect(r.status == 0)
        // Reassemble each image from its chunks.
        var images: [(w: Int, h: Int, pixels: Int)] = []
        var current: (w: Int, h: Int, data: [UInt8])?
        for chunk in strings(r.bytes, start: "\u{1B}_G", end: Array("\u{1B}\\".utf8)) {
            let text = String(decoding: chunk, as: UTF8.self)
            let parts = text.split(separator: ";", maxSplits: 1)
            let keys = Dictionary(
                parts[0].split(separator: ",").map { kv in
                    let p = kv.split(separator: "="); return (String(p[0]), String(p.count > 1 ? p[1] : ""))
                }, uniquingKeysWith: { a, _ in a })
            if keys["a"] == "T" { current = (Int(keys["s"]!)!, Int(keys["v"]!)!, []) }
            if parts.count > 1 { current?.data += Array(parts[1].utf8) }
            if keys["m"] == "0", let c = current {
                let raw = try inflate(decodeBase64(c.data))
                images.append((c.w, c.h, raw.count / 4))
                current = nil
            }
        }
        #expect(images.count >= 6, "one image per visible thumbnail")
        #expect(images.allSatisfy { $0.w >= 48 && $0.h >= 32 && $0.pixels == $0.w * $0.h })
        let placeholder: [UInt8] = [0xF4, 0x8E, 0xBB, 0xAE] // U+10EEEE in UTF-8
        var cells = 0
        for i in 0..<max(0, r.bytes.count - 3)
        where r.bytes[i] == 0xF4 && r.bytes[(i + 1)..<(i + 4)].elementsEqual(placeholder.dropFirst()) { cells += 1 }
        #expect(cells >= 6 * 16 * 7, "placeholder cells for every tile")
        #expect(
            strings(r.bytes, start: "\u{1B}_Ga=d", end: Array("\u{1B}\\".utf8)).count >= 6, "every image freed at exit")
    }

    @Test func sixelDrawsEachVisibleThumbnailAtPixelResolution() throws {
        let dir = try Self.jpegFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try capture(
            ["GRIDKIT_GRAPHICS": "sixel"], wait: "\\eP0;1;0q", count: 6, ["photos", "--view", "grid", dir])
        #expect(r.status == 0)
        let sixels = strings(r.bytes, start: "\u{1B}P0;1;0q", end: Array("\u{1B}\\".utf8))
        #expect(sixels.count >= 6)
        for s in sixels {
            let header = String(decoding: s.prefix(40), as: UTF8.self)
            let m = header.firstMatch(of: /"1;1;(\d+);(\d+)/)
            let w = Int(m?.1 ?? "0") ?? 0, h = Int(m?.2 ?? "0") ?? 0
            #expect(w >= 48 && h >= 32, "\(header)")
            #expect(s.contains(0x23) && s.contains(0x2D), "a palette and several bands")
        }
    }

    @Test func itermSendsAPngPerVisibleThumbnailSizedInCells() throws {
        let dir = try Self.jpegFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try capture(
            ["GRIDKIT_GRAPHICS": "iterm"], wait: "\\e]1337", count: 6, ["photos", "--view", "grid", dir])
        #expect(r.status == 0)
        let files = strings(r.bytes, start: "\u{1B}]1337;File=", end: [7])
        #expect(files.count >= 6)
        for f in files {
            let text = String(decoding: f, as: UTF8.self)
            #expect(text.contains("inline=1") && text.contains("width=") && text.contains("height="))
            let png = decodeBase64(Array(text.split(separator: ":", maxSplits: 1)[1].utf8))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let w = Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19])
            let h = Int(png[20]) << 24 | Int(png[21]) << 16 | Int(png[22]) << 8 | Int(png[23])
            #expect(w >= 48 && h >= 32)
        }
    }

    /// Nobody answers the queries: after the short deadline the photos come in half blocks, and
    /// no picture sequence is sent.
    @Test func autoWithASilentTerminalPaintsHalfBlocks() throws {
        let r = try capture(["GRIDKIT_GRAPHICS": "auto"], wait: "▀", ["photos"])
        #expect(r.status == 0)
        #expect(r.seenAfter >= 0 && r.seenAfter < 10, "half blocks appeared (after \(r.seenAfter) s)")
        let text = String(decoding: r.bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}_Ga=T") && !text.contains("\u{1B}P0;1;0q") && !text.contains("\u{1B}]1337"))
        #expect(text.contains("\u{1B}_Gi=31,s=1,v=1,a=q"), "the terminal was asked")
    }

    /// Home → Photos → back: kitty frees every image it sent once no picture is on screen, and
    /// sixel's lines are repainted (Home's text comes after the last picture).
    @Test(arguments: ["kitty", "sixel"])
    func leavingThePhotosLeavesNoPicture(_ mode: String) throws {
        let picture = mode == "kitty" ? "\\e_Ga=T" : "\\eP0;1;0q"
        let r = try capture(["GRIDKIT_GRAPHICS": mode], wait: "Pick a demo", keys: "enter,await:\(picture),esc,q", [])
        #expect(r.status == 0)
        let bytes = r.bytes
        func last(_ marker: String) -> Int? {
            let m = Array(marker.utf8)
            return stride(from: bytes.count - m.count, through: 0, by: -1).first {
                bytes[$0..<($0 + m.count)].elementsEqual(m)
            }
        }
        let lastPicture = try #require(last(mode == "kitty" ? "\u{1B}_Ga=T" : "\u{1B}P0;1;0q"), "photos were shown")
        let after = String(decoding: bytes[lastPicture...], as: UTF8.self)
        #expect(after.contains("Contacts"), "Home was drawn again after the last picture")
        if mode == "kitty" {
            let sent = strings(bytes, start: "\u{1B}_Ga=T", end: Array("\u{1B}\\".utf8)).count
            #expect(
                strings(Array(bytes[lastPicture...]), start: "\u{1B}_Ga=d", end: Array("\u{1B}\\".utf8)).count == sent,
                "every image sent is freed once the photos are gone")
        }
    }

    func decodeBase64(_ bytes: [UInt8]) -> [UInt8] { [UInt8](Data(base64Encoded: Data(bytes)) ?? Data()) }

    /// zlib's inflate (kitty transfers are `o=z`), by the system's python: an independent decoder.
    func inflate(_ bytes: [UInt8]) throws -> [UInt8] {
        let file = NSTemporaryDirectory() + "gridkit-z-\(UUID().uuidString.prefix(8))"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        let r = try spawnAndWait([
            "python3", "-c",
            "import sys,zlib,base64; print(base64.b64encode(zlib.decompress(open(sys.argv[1],'rb').read())).decode())",
            file
        ])
        return decodeBase64(Array(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
    }

    /// kitty without placeholders: each picture is sent once (compressed) and placed at its
    /// tile with a placement per tile; at exit every image is freed.
    @Test func kittyDirectPlacesEachVisibleThumbnail() throws {
        let dir = try Self.jpegFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try capture(
            ["GRIDKIT_GRAPHICS": "kitty-direct"], wait: "\\e_Ga=p", count: 6, ["photos", "--view", "grid", dir])
        #expect(r.status == 0)
        let sent = strings(r.bytes, start: "\u{1B}_Ga=t,", end: Array("\u{1B}\\".utf8))
        #expect(sent.count >= 6 && sent.allSatisfy { String(decoding: $0, as: UTF8.self).contains("o=z") })
        let placed = strings(r.bytes, start: "\u{1B}_Ga=p,", end: Array("\u{1B}\\".utf8)).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(placed.count >= 6 && placed.allSatisfy { $0.contains("c=") && $0.contains("r=") && $0.contains("C=1") })
        let text = String(decoding: r.bytes, as: UTF8.self)
        #expect(!text.contains("\u{F4}\u{8E}\u{BB}\u{AE}") && !r.bytes.contains(0xF4), "no placeholder characters")
        #expect(
            strings(r.bytes, start: "\u{1B}_Ga=d,d=I", end: Array("\u{1B}\\".utf8)).count >= 6,
            "every image freed at exit")
    }
}
