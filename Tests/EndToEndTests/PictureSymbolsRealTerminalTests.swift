import Foundation
import Testing

/// Photos drawn in text (GRIDKIT_GRAPHICS=blocks) in real terminals, judged by screenshots
/// against the photo: xterm in 256 colours, where auto must pick quadrants (xterm's font has no
/// sextants), and kitty in direct colour, which draws sextants itself. The photo
/// (Support/edgephoto.py) has a sharp diagonal edge and fine stripes in two colours of the
/// 256-colour cube; griddemo shows it in the grid's tile and then in the viewer.
///
/// Half blocks can put a colour change across a row only between cells; quadrants and sextants
/// put it inside a cell too. So the edge, found along every pixel row, must lie within half a
/// cell of the photo's line in 90% of rows and often inside a cell, and the stripes (a cell and
/// a half wide in the viewer) must each show with their sides near the photo's. Two controls in
/// xterm show the judge can fail: half blocks forced miss the edge and stripes by more, and
/// sextants forced come out as xterm's substitute glyphs, which the judge sees as cells that
/// are no block element.
@Suite(.serialized) struct PictureSymbolsRealTerminalTests {
    static let judge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Support/edgephoto.py"
    ).path

    /// What edgephoto.py measured in one screenshot.
    struct Judgement: Decodable {
        var error: String?
        var cell: [Int]
        var rectCells: [Double]?
        var edge: Edge?
        var colours: [String: Colour]?
        var stripes: [Stripes]?
        var cells: [String: Int]?
        var uncleanCells: [[Int]]?
        var offPaletteColours: Int?

        struct Edge: Decodable {
            var rows: Int
            var meanCells: Double
            var p90Cells: Double
            var maxCells: Double
            var insideCellFraction: Double
        }

        struct Colour: Decodable {
            var mean: [Int]?
            var distance: Double?
        }

        struct Stripes: Decodable {
            var y: Int
            var turns: Int
            var want: Int
            var meanCells: Double
            var maxCells: Double
        }

        func count(_ kind: String) -> Int { cells?[kind] ?? 0 }
    }

    /// Shows the edge photo in the grid, opens it in the viewer, and judges both screenshots.
    func judged(
        _ terminal: String, environment: [String: String], termName: String? = nil, folder: String,
        _ v: RealTerminalTests.Verdict
    )
        throws -> (grid: Judgement, viewer: Judgement)
    {
        let run = try RealTerminalTests().run(
            terminal, photos: "edge", steps: "await:grid:12,key:Return,await:viewer:60,key:Escape,key:q,exit",
            environment: environment.merging(["GRIDKIT_GRAPHICS": "blocks"]) { a, _ in a }, termName: termName,
            reference: false,
            deadline: 150, folder: folder)
        v.expect(
            run.exitStatus == 0, "\(terminal): griddemo exited with \(run.exitStatus.map(String.init) ?? "nothing")")
        func judge(_ name: String) throws -> Judgement {
            let r = try spawnAndWait([
                "python3", Self.judge, "judge", "\(folder)/\(name).ppm", "--cols", "100", "--rows", "30", "--stripes"
            ])
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let j = try #require(
                try? decoder.decode(Judgement.self, from: Data(r.stdout.utf8)),
                "edgephoto.py judged nothing (status \(r.status)): \(r.stderr.suffix(1500))")
            if let error = j.error { v.expect(false, "\(terminal) \(name): \(error)") }
            return j
        }
        return (try judge("grid"), try judge("viewer"))
    }

    /// Where the picture is, its colours and the edge: what every picture of the photo must show.
    func expectFollowsThePhoto(
        _ j: Judgement, _ label: String, minCells: Double, _ v: RealTerminalTests.Verdict,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let size = j.rectCells ?? [0, 0]
        v.expect(
            size[0] >= minCells && size[1] >= 4,
            "\(label): the photo shows, \(Int(minCells)) cells wide at least — \(size)", sourceLocation: sourceLocation)
        for side in ["yellow", "blue"] {
            let c = j.colours?[side]
            v.expect(
                (c?.distance ?? 999) <= 12,
                "\(label): the \(side) side's colour is the photo's (RGB distance ≤ 12) — \(String(describing: c))",
                sourceLocation: sourceLocation)
        }
        guard let e = j.edge else {
            return v.expect(false, "\(label): no edge measured", sourceLocation: sourceLocation)
        }
        v.expect(
            e.rows >= 30, "\(label): the edge measured on 30 pixel rows at least — \(e.rows)",
            sourceLocation: sourceLocation)
        v.expect(
            e.p90Cells <= 0.5 && e.meanCells <= 0.25,
            "\(label): the edge follows the photo's diagonal within half a cell in 90% of rows, a quarter on average — \(e)",
            sourceLocation: sourceLocation)
        v.expect(
            e.insideCellFraction >= 0.25,
            "\(label): the edge turns inside a cell (not only between cells) in a quarter of rows at least — \(e)",
            sourceLocation: sourceLocation)
        v.expect(
            j.count("unclean") == 0,
            "\(label): every cell is a block element (no substitute glyphs) — \(j.cells ?? [:]), e.g. \(j.uncleanCells ?? [])",
            sourceLocation: sourceLocation)
    }

    /// The stripes in the viewer: each one seen, its sides near the photo's.
    func expectStripes(
        _ j: Judgement, _ label: String, _ v: RealTerminalTests.Verdict,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = j.stripes ?? []
        v.expect(!lines.isEmpty, "\(label): stripes measured", sourceLocation: sourceLocation)
        for s in lines {
            v.expect(
                s.turns == s.want && s.meanCells <= 0.2 && s.maxCells <= 0.4,
                "\(label): every stripe's side within 0.4 cell of the photo's, 0.2 on average — \(s)",
                sourceLocation: sourceLocation)
        }
    }

    /// xterm in 256 colours: auto picks quadrants, drawn, and no sextant.
    @Test func xtermDrawsTheEdgeInQuadrants() throws {
        let folder = RealTerminalTests.folder("symbols-xterm")
        let v = RealTerminalTests.Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let j: (grid: Judgement, viewer: Judgement)
        do {
            j = try judged(
                "xterm", environment: ["GRIDKIT_COLORS": "256"], termName: "xterm-256color", folder: folder, v)
        } catch { v.failed = true; throw error }
        for (name, shot, minCells) in [("grid", j.grid, 12.0), ("viewer", j.viewer, 60)] {
            let label = "xterm \(name)"
            expectFollowsThePhoto(shot, label, minCells: minCells, v)
            v.expect(
                shot.count("quadrant") >= (name == "grid" ? 4 : 100),
                "\(label): quadrant cells drawn — \(shot.cells ?? [:])")
            v.expect(shot.count("sextant") == 0, "\(label): no sextants (xterm's font has none) — \(shot.cells ?? [:])")
            v.expect(
                shot.offPaletteColours == 0,
                "\(label): 256 colours only — \(shot.offPaletteColours ?? -1) colours off the palette")
        }
        expectStripes(j.viewer, "xterm viewer", v)
    }

    /// kitty in direct colour (what it announces): auto picks sextants, which kitty draws.
    @Test func kittyDrawsTheEdgeInSextants() throws {
        let folder = RealTerminalTests.folder("symbols-kitty")
        let v = RealTerminalTests.Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let j: (grid: Judgement, viewer: Judgement)
        do {
            j = try judged("kitty", environment: [:], folder: folder, v)
        } catch { v.failed = true; throw error }
        for (name, shot, minCells) in [("grid", j.grid, 12.0), ("viewer", j.viewer, 60)] {
            let label = "kitty \(name)"
            expectFollowsThePhoto(shot, label, minCells: minCells, v)
            v.expect(
                shot.count("sextant") >= (name == "grid" ? 2 : 15),
                "\(label): sextant cells drawn (split at a third of a cell) — \(shot.cells ?? [:])")
            v.expect(
                (shot.offPaletteColours ?? 0) >= 5,
                "\(label): direct colour — \(shot.offPaletteColours ?? -1) colours off the 256-colour palette")
        }
        expectStripes(j.viewer, "kitty viewer", v)
    }

    /// The control: half blocks forced, in xterm, fail the checks the finer symbols pass: the
    /// edge never turns inside a cell, and the viewer's stripes sides are further off.
    @Test func halfBlocksMissWhatFinerSymbolsShow() throws {
        let folder = RealTerminalTests.folder("symbols-half")
        let v = RealTerminalTests.Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let j: (grid: Judgement, viewer: Judgement)
        do {
            j = try judged(
                "xterm", environment: ["GRIDKIT_COLORS": "256", "GRIDKIT_SYMBOLS": "half"], termName: "xterm-256color",
                folder: folder, v)
        } catch { v.failed = true; throw error }
        for (name, shot) in [("grid", j.grid), ("viewer", j.viewer)] {
            let label = "xterm half blocks \(name)"
            v.expect(
                shot.count("quadrant") == 0 && shot.count("sextant") == 0 && shot.count("unclean") == 0,
                "\(label): half blocks only — \(shot.cells ?? [:])")
            let e = shot.edge
            v.expect(
                e.map { $0.insideCellFraction < 0.05 && $0.p90Cells > 0.5 } ?? false,
                "\(label): the edge turns only between cells — \(String(describing: e))")
        }
        v.expect(
            j.viewer.stripes?.contains { $0.meanCells > 0.2 || $0.maxCells > 0.4 } ?? false,
            "xterm half blocks viewer: the stripes' sides further off — \(j.viewer.stripes ?? [])")
    }

    /// The other control: sextants forced in xterm, whose font has none, show as substitute
    /// glyphs, which the judge finds; auto therefore must not pick them there.
    @Test func sextantsForcedInXtermShowAsSubstitutes() throws {
        let folder = RealTerminalTests.folder("symbols-tofu")
        let v = RealTerminalTests.Verdict(folder: folder)
        defer { if !v.failed { try? FileManager.default.removeItem(atPath: folder) } }
        let j: (grid: Judgement, viewer: Judgement)
        do {
            j = try judged(
                "xterm", environment: ["GRIDKIT_COLORS": "256", "GRIDKIT_SYMBOLS": "sextant"],
                termName: "xterm-256color", folder: folder, v)
        } catch { v.failed = true; throw error }
        v.expect(
            j.viewer.count("unclean") >= 10, "xterm sextants viewer: substitute glyphs seen — \(j.viewer.cells ?? [:])")
        v.expect(j.viewer.count("sextant") == 0, "xterm sextants viewer: no sextant drawn — \(j.viewer.cells ?? [:])")
    }
}
