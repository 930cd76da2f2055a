import Foundation
import TestSupport
import Testing

@Suite struct PhotosEndToEndTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DemosTests/Fixtures/images")

    /// A folder of real and broken pictures: every good one shows, every bad one gets an error
    /// tile, nothing crashes, and no file is touched.
    @Test func folderWithBrokenFilesBrowseViewAndQuit() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("gridkit-photos-\(UUID().uuidString.prefix(8))")
        try fm.createDirectory(at: dir.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let copies = [
            ("rgb.png", "a-rgb.png"), ("large.jpg", "b-large.JPG"), ("exif-rotated.jpg", "c-rotated.jpeg"),
            ("truncated.jpg", "d-truncated.jpg"), ("garbage.jpg", "e-garbage.jpg"), ("grey.png", "Sub/f-grey.png")
        ]
        for (from, to) in copies {
            try fm.copyItem(at: Self.images.appendingPathComponent(from), to: dir.appendingPathComponent(to))
        }
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let before = try copies.map { try Data(contentsOf: dir.appendingPathComponent($0.1)) }

        let t = try Tmux([try griddemo(), "photos", "--view", "grid", dir.path], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("Photos · 6")
        let grid = try t.waitUntil("thumbnails and error tiles") {
            t.showsPicture() && $0.contains("⚠") && $0.contains("truncated")
        }
        #expect(grid.contains("a-rgb.png"))
        #expect(grid.contains("f-grey.png"))
        #expect(!grid.contains("notes.txt"))
        t.send("Enter")
        try t.waitFor("a-rgb.png · 64×32")
        t.send("Right")
        try t.waitFor("b-large.JPG · 1920×1080")
        t.send("Escape")
        try t.waitFor("Photos · 6")
        t.send("+")
        try t.waitFor("▶b-large.JPG") // the grid's focus followed the viewer
        t.send("q")
        try t.waitFor("EXITED 0")
        let after = try copies.map { try Data(contentsOf: dir.appendingPathComponent($0.1)) }
        #expect(after == before)
    }

    @Test func builtInAlbumFromHome() throws {
        let t = try Tmux([try griddemo()], width: 100, height: 30)
        defer { t.close() }
        try t.waitFor("GridKit demos")
        t.send("Enter")
        try t.waitFor("Photos · 300")
        try t.waitUntil("thumbnails drawn") { $0.filter { $0 == "▀" || $0 == "▄" }.count > 200 }
        t.send("PageDown", "PageDown", "End")
        try t.waitFor("▶plasma-060.png")
        t.send("Escape")
        try t.waitFor("Pick a demo")
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// Photos opens on Albums: Right scrolls a row sideways and only it, Down and Up leave and
    /// come back, the sideways wheel scrolls the row under the pointer, Enter and a click on a
    /// header open an album, `a` shows all photos by folder.
    @Test func albumsScrollSidewaysAndOpen() throws {
        let t = try Tmux(
            [try griddemo(), "photos"], width: 100, height: 30, environment: ["GRIDKIT_GRAPHICS": "blocks"])
        defer { t.close() }
        try t.waitFor("Gradient  60 photos · Enter opens")
        for _ in 0..<9 { t.send("Right") }
        let along = try t.waitFor("▶gradient-010")
        #expect(!along.contains("gradient-001"), "the row scrolled")
        #expect(along.contains("mandelbrot-001"), "the next row did not")
        t.send("Down")
        try t.waitUntil("down into the next row") { $0.contains("▶mandelbrot-0") }
        t.send("Up")
        // Back to the photo nearest above, which need not be the one Down left from.
        let up = try t.waitUntil("up into the first row") { $0.contains("▶gradient-0") }
        let focused = try #require(
            up.split(separator: "\n").first { $0.contains("▶") }.flatMap { $0.range(of: "▶gradient-0") }.map {
                up[$0.lowerBound...].prefix(14)
            })
        t.send("Enter")
        try t.waitFor("Photos › Gradient · 60")
        try t.waitFor(String(focused))
        t.send("Escape")
        try t.waitFor("Photos · 300")
        // The wheel tilted right over the Mandelbrot row (rows 11–20), twice.
        t.mouse(button: 66 + 1, x: 40, y: 14)
        t.mouse(button: 64 + 4 + 1, x: 40, y: 14) // Shift and the wheel: the same
        try t.waitUntil("the Mandelbrot row scrolled") { !$0.contains("mandelbrot-001") && $0.contains(focused) }
        t.click(x: 30, y: 21) // the Stripes header
        try t.waitFor("Photos › Stripes · 60")
        t.send("Escape")
        try t.waitFor("Photos · 300")
        t.send("a")
        try t.waitUntil("all photos by folder") { !$0.contains("Enter opens") && $0.contains(focused) }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
    /// Right along an album row that scrolls it: the terminal is told to delete characters at
    /// the row's edge (the move), and the key sends a fraction of what the row holds.
    @Test func aRowMovedSidewaysIsMovedByTheTerminal() throws {
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_GRAPHICS": "blocks"], wait: "Enter opens",
            keys: "right,right,right,right,right,right,right,right,q", ["photos"])
        #expect(r.status == 0)
        let text = String(decoding: r.bytes, as: UTF8.self)
        #expect(text.contains(/\e\[\d+P/), "characters deleted: the row moved on the terminal")
    }

    /// A row moved sideways is moved by the terminal (characters deleted and inserted), and
    /// only the tile let in is sent: what shows must be exactly what a full repaint shows,
    /// colours and all, after Right along the row and Left back. (Exact picture colours: with
    /// the tolerance, a cell's colours depend on what was written before it.)
    @Test func aRowMovedSidewaysLooksAsRepainted() throws {
        let t = try Tmux(
            [try griddemo(), "photos"], width: 100, height: 30,
            environment: ["GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_PICTURE_COLORS": "exact"])
        defer { t.close() }
        try t.waitFor("Gradient  60 photos · Enter opens")
        /// The pane with its colours, once every thumbnail has landed (they land after a key; a
        /// tile still loading shows "…" in its picture area) and it has stopped changing. (Quiet
        /// for 0.7 s alone was not enough under load: a thumbnail landed after it, before the
        /// repaint, and the two differed.)
        func settled() throws -> [[String]] {
            try t.waitUntil("every thumbnail drawn (no \"…\" placeholder)") { screen in
                !screen.split(separator: "\n").contains { $0.split(separator: " ").contains("…") }
            }
            return waitUntilSettled("the pane's colours", times: 7) { Tmux.shown(t.captureWithEscapes()) }
        }
        for (keys, focus) in [
            (["Right"], "▶gradient-002"), (Array(repeating: "Right", count: 8), "▶gradient-010"),
            (Array(repeating: "Left", count: 6), "▶gradient-004")
        ] {
            for k in keys { t.send(k) }
            try t.waitFor(focus)
            let moved = try settled()
            t.send("C-l")
            let repainted = try settled()
            let rows = moved.indices.filter { $0 >= repainted.count || moved[$0] != repainted[$0] }
            #expect(rows.isEmpty, "after \(keys.count) × \(keys[0]): rows \(rows) as moved differ from the repaint")
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }
}
