import Foundation
import Testing

/// griddemo photos in real terminal emulators, xterm in VT340 mode (sixel) and kitty, each on a
/// virtual X server of its own, judged by the pixels of screenshots rather than by the bytes
/// sent. Support/realterm.py runs them: it makes folders of solid-colour photos (colours far from
/// the interface's), sends keys, waits for the screen to settle, and measures where each colour
/// is, using the same run in tmux with half blocks to know where the text rows and tiles are.
/// Plain xterm (black on white, 8 colours) shows grey photos as shade characters, judged by the
/// mean luminance of each picture.
///
/// On failure the screenshots (`<checkpoint>.png`, and the half-block reference
/// `<checkpoint>.reference.txt`) stay in the folder named in the message; on success it is removed.
@Suite(.serialized) struct RealTerminalTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Support/realterm.py"
    ).path

    /// The programs the tests run, with the Debian package that brings each.
    static let tools = [
        ("Xvfb", "xvfb"), ("xterm", "xterm"), ("kitty", "kitty"), ("import", "imagemagick"),
        ("convert", "imagemagick"), ("xdotool", "xdotool"), ("tmux", "tmux"), ("python3", "python3")
    ]

    struct Run: Decodable {
        var ok: Bool
        var error: String?
        var exitStatus: Int?
        var terminalLog: [String]?
        var checkpoints: [String: Checkpoint]
    }

    struct Checkpoint: Decodable {
        var summary: String
        var checks: [String: Bool]
        var textRows: [Int]
        var textRowPx: [String: Int]
        var barsOverTextPx: [String: Int]
        var row1Px: Int
        var gutterPx: Int
        var mixedSlots: [String]
        var wrongSlots: [String]
        var emptyTiles: [String]
        var largest: Largest
        /// With the greys photos only: per photo (white, black, gradient), its picture's luminance.
        var greys: [String: Grey]?
        /// The top row's mean luminance: its bar's colour and its text's (nil without text).
        var title: Title?

        struct Title: Decodable {
            var bar: Double
            var text: Double?
        }

        struct Largest: Decodable {
            var colour: String
            var px: Int
            var fraction: Double
        }

        /// Mean luminance (0 to 255) of a grey photo's picture, and of its top and bottom thirds;
        /// no tile when the reference showed none for it.
        struct Grey: Decodable {
            var tile: String?
            var boxCells: [Int]?
            var mean: Double?
            var topThird: Double?
            var bottomThird: Double?
        }

        func passes(_ check: String) -> Bool { checks[check] ?? false }
    }

    /// Keeps track of whether anything failed, so the screenshots are kept only then.
    final class Verdict {
        var failed = false
        let folder: String
        init(folder: String) { self.folder = folder }

        func checkpoint(_ run: Run, _ name: String) throws -> Checkpoint {
            guard let cp = run.checkpoints[name] else {
                failed = true; throw CheckpointMissing(name: name, folder: folder)
            }
            return cp
        }

        func expect(
            _ condition: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            if !condition {
                failed = true
                Issue.record("\(message()) [screenshots: \(folder)]", sourceLocation: sourceLocation)
            }
        }
    }

    /// Fails, naming the packages to install, when a program the tests need is missing.
    func requireTools(_ terminal: String) throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let needed = Self.tools.filter { $0.0 != (terminal == "xterm" ? "kitty" : "xterm") }
        let missing = needed.filter { tool in
            !path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool.0)") }
        }
        let packages = Array(Set(missing.map(\.1))).sorted()
        try #require(
            missing.isEmpty,
            "missing \(missing.map(\.0).joined(separator: ", ")): install with `apt-get install -y \(packages.joined(separator: " "))` (or run scripts/check-deps.sh as root)"
        )
    }

    /// Runs griddemo photos in `terminal` through realterm.py and returns what it measured;
    /// without `reference`, no half-block run in tmux gives the layout (checkpoints then say
    /// nothing of tiles and text rows).
    func run(
        _ terminal: String, photos: String, photoSize: String? = nil, view: String = "grid", steps: String,
        environment: [String: String] = [:], termName: String? = nil, xtermPlain: Bool = false, reference: Bool = true,
        timeout: Int = 60, deadline: Int = 300, folder: String
    ) throws -> Run {
        try requireTools(terminal)
        var args = [
            "python3", Self.script, "--terminal", terminal, "--out", folder, "--photos", photos,
            "--cols", "100", "--rows", "30", "--timeout", "\(timeout)", "--deadline", "\(deadline)", "--steps", steps
        ]
        if let photoSize { args += ["--photo-size", photoSize] }
        for (k, v) in environment.sorted(by: { $0.key < $1.key }) { args += ["--env", "\(k)=\(v)"] }
        if let termName { args += ["--term-name", termName] }
        if xtermPlain { args.append("--xterm-plain") }
        if !reference { args.append("--no-reference") }
        args += ["--", try griddemo(), "photos", "--view", view, "{photos}"]
        let r = try spawnAndWait(args)
        let line = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let run = try #require(
            try? decoder.decode(Run.self, from: Data(line.utf8)),
            "realterm.py gave no result (status \(r.status)); stderr:\n\(r.stderr.suffix(2000))")
        try #require(
            run.ok,
            "\(terminal): \(run.error ?? "failed") [screenshots: \(folder)]\n\(r.stderr.suffix(1500))\nterminal log: \((run.terminalLog ?? []).joined(separator: "\n"))"
        )
        return run
    }

    struct CheckpointMissing: Error, CustomStringConvertible {
        var name: String, folder: String
        var description: String { "no checkpoint \(name) in realterm.py's results [screenshots: \(folder)]" }
    }

    static func folder(_ name: String) -> String {
        NSTemporaryDirectory() + "gridkit-realterm-\(name)-\(UUID().uuidString.prefix(8))"
    }

    static func overText(_ cp: Checkpoint) -> String {
        "no picture over text — in text rows \(cp.textRows), picture pixels (row: px) \(cp.textRowPx), its padding bars \(cp.barsOverTextPx)"
    }

    /// Six photos, each in its own tile: present (30% of a tile's picture area at least), compact,
    /// in the tile its caption names, in reading order; nothing over text or in another place.
    func expectSixInTheirTiles(
        _ cp: Checkpoint, _ label: String, _ v: Verdict, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        v.expect(
            cp.passes("all_present"), "\(label): every picture shows — \(cp.summary)", sourceLocation: sourceLocation)
        v.expect(
            cp.passes("compact"), "\(label): each colour in one patch no bigger than a tile — \(cp.summary)",
            sourceLocation: sourceLocation)
        v.expect(
            cp.passes("own_tiles"), "\(label): each picture in the tile its caption names — \(cp.summary)",
            sourceLocation: sourceLocation)
        v.expect(
            cp.passes("reading_order"), "\(label): pictures in reading order — \(cp.summary)",
            sourceLocation: sourceLocation)
        expectNothingOutOfPlace(cp, label, v, sourceLocation: sourceLocation)
    }

    /// No picture over a text row (title, captions, section headers, hint line), in a gutter, mixed
    /// with another in one tile, or in a tile that should show another.
    func expectNothingOutOfPlace(
        _ cp: Checkpoint, _ label: String, _ v: Verdict, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        v.expect(cp.passes("text_clean"), "\(label): \(Self.overText(cp))", sourceLocation: sourceLocation)
        v.expect(
            cp.passes("no_gutter"),
            "\(label): no picture outside the tile columns — \(cp.gutterPx) px in gutters; \(cp.summary)",
            sourceLocation: sourceLocation)
        v.expect(
            cp.passes("no_mixed"), "\(label): one picture per tile — \(cp.mixedSlots)", sourceLocation: sourceLocation)
        v.expect(
            cp.passes("no_wrong"), "\(label): each tile shows its own picture — \(cp.wrongSlots)",
            sourceLocation: sourceLocation)
    }

    /// Start (auto mode: the terminal is asked), Enter (the viewer), Esc (the grid again), q.
    @Test(arguments: ["xterm", "kitty"])
    func sixPhotosEachInItsTileThroughViewerAndQuit(_ terminal: String) throws {
        let folder = Self.folder("six-\(terminal)")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                terminal, photos: "six",
                steps: "shot:start,key:Return,shot:viewer,key:Escape,shot:back,key:q,exit,shot:quit", folder: folder)
        } catch { v.failed = true; throw error }

        let start = try v.checkpoint(run, "start")
        expectSixInTheirTiles(start, "\(terminal) start", v)
        // Black on cyan, not bold: xterm draws bold black as grey, which the cyan all but hid.
        v.expect(
            start.passes("title_readable"),
            "\(terminal) start: the title's text stands out from its bar — \(String(describing: start.title))")

        let viewer = try v.checkpoint(run, "viewer")
        v.expect(
            viewer.passes("viewer") && viewer.largest.colour == "pink",
            "\(terminal) viewer: the focused photo (pink) covers at least 25% of the window — largest is \(viewer.largest.colour), \(viewer.largest.px) px (\(Int(viewer.largest.fraction * 100))%); \(viewer.summary)"
        )
        v.expect(viewer.passes("text_clean"), "\(terminal) viewer: \(Self.overText(viewer))")

        let back = try v.checkpoint(run, "back")
        expectSixInTheirTiles(back, "\(terminal) back from the viewer", v)

        let quit = try v.checkpoint(run, "quit")
        v.expect(quit.passes("none"), "\(terminal) after q: no picture left on screen — \(quit.summary)")
        v.expect(
            run.exitStatus == 0, "\(terminal): griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }

    /// Ctrl-L clears the screen and draws it again: every picture comes back, in its tile.
    /// (kitty 0.26 drops the images' data with the screen; they are sent again.)
    @Test(arguments: ["xterm", "kitty"])
    func picturesComeBackAfterARepaint(_ terminal: String) throws {
        let folder = Self.folder("repaint-\(terminal)")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                terminal, photos: "six", steps: "shot:start,key:ctrl+l,shot:repainted,key:q,exit", folder: folder)
        } catch { v.failed = true; throw error }
        expectSixInTheirTiles(try v.checkpoint(run, "start"), "\(terminal) start", v)
        expectSixInTheirTiles(try v.checkpoint(run, "repainted"), "\(terminal) after Ctrl-L", v)
        v.expect(
            run.exitStatus == 0, "\(terminal): griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }

    /// Two folders of 30 photos, scrolled: PgDn, Down×3 (a tile half under the pinned header, the
    /// next section's header mid-screen), then PgDn×2, Up×2, PgUp. Each time: the pinned header
    /// and every text row free of pictures, one picture per tile, each in its own tile, each
    /// fully visible tile showing its picture; after q, nothing left.
    @Test(arguments: ["xterm", "kitty"])
    func scrolledPicturesStayInTheirTiles(_ terminal: String) throws {
        let folder = Self.folder("scroll-\(terminal)")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                terminal, photos: "many",
                steps:
                    "shot:top,key:Next,key:Down*3,shot:mid,key:Next*2,key:Up*2,key:Prior,shot:scrolled,key:q,exit,shot:quit",
                folder: folder)
        } catch { v.failed = true; throw error }

        for name in ["top", "mid", "scrolled"] {
            let cp = try v.checkpoint(run, name)
            let label = "\(terminal) \(name)"
            v.expect(cp.passes("row1_clean"), "\(label): the pinned header (row 1) free of pictures — \(cp.row1Px) px")
            expectNothingOutOfPlace(cp, label, v)
            v.expect(
                cp.passes("tiles_filled"),
                "\(label): every fully visible tile shows its picture (30% of its area at least) — missing: \(cp.emptyTiles); \(cp.summary)"
            )
        }
        let quit = try v.checkpoint(run, "quit")
        v.expect(quit.passes("none"), "\(terminal) after q: no picture left on screen — \(quit.summary)")
        v.expect(
            run.exitStatus == 0, "\(terminal): griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }

    /// How many pixels differ between two screenshots of a run (the PPM files realterm.py keeps).
    func differingPixels(_ folder: String, _ a: String, _ b: String) throws -> Int {
        func pixels(_ name: String) throws -> (header: String, body: ArraySlice<UInt8>) {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).ppm")))
            // P6, width, height, maxval, each followed by one whitespace byte.
            var fields = 0, i = 0
            while fields < 4 && i < data.count {
                while i < data.count && (data[i] == 0x20 || data[i] == 0x0A) { i += 1 }
                while i < data.count && data[i] != 0x20 && data[i] != 0x0A { i += 1 }
                fields += 1
            }
            return (String(decoding: data[..<i], as: UTF8.self), data[(i + 1)...])
        }
        let (ha, pa) = try pixels(a), (hb, pb) = try pixels(b)
        try #require(ha == hb && pa.count == pb.count, "screenshots \(a) and \(b) differ in size: \(ha) / \(hb)")
        var differing = 0
        var i = pa.startIndex, j = pb.startIndex
        while i + 2 < pa.endIndex {
            if pa[i] != pb[j] || pa[i + 1] != pb[j + 1] || pa[i + 2] != pb[j + 2] { differing += 1 }
            i += 3
            j += 3
        }
        return differing
    }

    /// Screenshots `moved` and `moved2` are pixel for pixel `repainted` and `repainted2`.
    func expectSameAsRepaints(
        _ folder: String, _ label: String, _ v: Verdict, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (moved, repainted) in [("moved", "repainted"), ("moved2", "repainted2")] {
            let n = try differingPixels(folder, moved, repainted)
            v.expect(n == 0, "\(label): \(moved) differs from its repaint in \(n) px", sourceLocation: sourceLocation)
        }
    }

    /// Sixel pictures with texture (plasma fractals): after Page Down in the waterfall, the row
    /// of tiles cut under the section header, and after another Page Down and Down×3, what shows
    /// is pixel for pixel what a Ctrl-L repaint shows. (A cut piece was quantized on its own, with
    /// its own palette and dither: 41,240 px differed.)
    @Test func sixelTilesCutUnderAHeaderShowWhatARepaintShows() throws {
        let folder = Self.folder("sixel-repaint")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                "xterm", photos: "plasma", photoSize: "480x320",
                steps:
                    "shot:start,key:w,key:Next,shot:moved,key:ctrl+l,shot:repainted,key:Next,key:Down*3,shot:moved2,key:ctrl+l,shot:repainted2,key:q,exit",
                folder: folder)
        } catch { v.failed = true; throw error }
        try expectSameAsRepaints(folder, "xterm sixel", v)
        v.expect(
            run.exitStatus == 0, "xterm sixel: griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }

    /// Half blocks in 256 colours (forced: xterm answers that it shows direct colour) with the
    /// default tolerance (a cell's colours depend on the picture cells to its left): Albums
    /// moved right by ten tiles and back by seven, each time cutting a tile at the band's left
    /// edge, show pixel for pixel what a Ctrl-L repaint shows. (The cut tile kept colours
    /// decided from its old start: 156–210 px differed.)
    @Test func halfBlockTilesMovedSidewaysShowWhatARepaintShows() throws {
        let folder = Self.folder("blocks-sideways")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                "xterm", photos: "plasma", photoSize: "480x320", view: "albums",
                steps:
                    "shot:start,key:Right*10,shot:moved,key:ctrl+l,shot:repainted,key:Left*7,shot:moved2,key:ctrl+l,shot:repainted2,key:q,exit",
                environment: ["GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_COLORS": "256"], termName: "xterm-256color",
                xtermPlain: true,
                folder: folder)
        } catch { v.failed = true; throw error }
        try expectSameAsRepaints(folder, "xterm half blocks", v)
        let start = try differingPixels(folder, "start", "moved")
        v.expect(start > 0, "the albums moved (the screen changed after Right×10)")
        v.expect(
            run.exitStatus == 0,
            "xterm half blocks: griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }

    /// The harness itself: half blocks in 256 colours (forced, in xterm-256color) hold the test
    /// colours exactly, so the same checks pass whatever happens to sixel or kitty pictures. The
    /// photos are solid colours, so every picture cell goes out as a space in its background,
    /// not as a block: the checks see those cells in the picture's colour, in its tile.
    @Test func halfBlocksPassTheSameChecks() throws {
        let folder = Self.folder("blocks-xterm")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                "xterm", photos: "six", steps: "shot:start,key:q,exit,shot:quit",
                environment: ["GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_COLORS": "256"], termName: "xterm-256color",
                folder: folder)
        } catch { v.failed = true; throw error }
        let start = try v.checkpoint(run, "start"), quit = try v.checkpoint(run, "quit")
        expectSixInTheirTiles(start, "xterm half blocks", v)
        v.expect(quit.passes("none"), "xterm half blocks: nothing left after q — \(quit.summary)")
    }

    /// A light-background terminal with 8 colours shows a positive grey image: plain xterm (no
    /// sixel; black text on white, as it starts) with TERM=xterm, 8 colours forced (xterm itself
    /// answers that it shows direct colour, which would be taken) and graphics on auto. griddemo
    /// asks the background (OSC 11) and draws a grey ramp of shade characters in the foreground
    /// colour, the other way round on a light background. White, black and white-to-black photos:
    /// the white one light, the black one dark, the gradient lighter at the top than at the bottom
    /// (a negative fails all three).
    @Test func lightBackgroundEightColoursShowsPositiveGreys() throws {
        let folder = Self.folder("greys-xterm")
        let v = Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let run: Run
        do {
            run = try self.run(
                "xterm", photos: "greys", steps: "shot:start,key:q,exit", environment: ["GRIDKIT_COLORS": "8"],
                termName: "xterm",
                xtermPlain: true, folder: folder)
        } catch { v.failed = true; throw error }
        let start = try v.checkpoint(run, "start")
        let label = "xterm on white, 8 colours"

        func measured(_ name: String) -> String {
            guard let g = start.greys?[name], let tile = g.tile else {
                return "\(name): no tile for it in the reference"
            }
            func n(_ x: Double?) -> String { x.map { String(format: "%.1f", $0) } ?? "none" }
            return
                "\(tile) (cells \(g.boxCells ?? [])): mean \(n(g.mean)), top third \(n(g.topThird)), bottom third \(n(g.bottomThird))"
        }
        v.expect(
            start.passes("white_light"),
            "\(label): the white photo shows light, mean luminance above 170 of 255 — \(measured("white"))")
        v.expect(
            start.passes("black_dark"),
            "\(label): the black photo shows dark, mean luminance below 85 of 255 — \(measured("black"))")
        v.expect(
            start.passes("gradient_falls"),
            "\(label): the white-to-black gradient is lighter in its top third than in its bottom third — \(measured("gradient"))"
        )
        v.expect(
            run.exitStatus == 0, "xterm on white: griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
    }
}
