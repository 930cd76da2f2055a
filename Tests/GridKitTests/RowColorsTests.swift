import GridKitTesting
import Testing

@testable import GridKit

/// Direct colour's reuse of colours along a picture's row (`RowColors`, and `CellSymbolChoice`'s
/// tolerance for it): a colour close to one the row has is drawn in that one, a colour just
/// beyond gets its own, a flat patch keeps its exact colours, and the other colour modes draw
/// exactly what they drew without it.
@Suite struct RowColorsTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    static func lab(_ c: RGB) -> SIMD3<Float> { Lab.lab(c.0, c.1, c.2) }

    static func distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { ((a - b) * (a - b)).sum().squareRoot() }

    @Test func aColourWithinTheToleranceIsDrawnInTheOneKept() {
        var row = RowColors(reuses: true)
        let first = row.color(Self.lab((120, 60, 30)), within: 0)
        #expect(first == .rgb(120, 60, 30))
        // 1 ΔE away along L, with a tolerance of 1.5 ΔE: the colour kept.
        let near = Self.lab((120, 60, 30)) + SIMD3(1, 0, 0)
        #expect(row.color(near, within: 1.5 * 1.5) == .rgb(120, 60, 30))
        // 1.6 ΔE away: beyond, its own colour, kept from now on.
        let beyond = Self.lab((120, 60, 30)) + SIMD3(1.6, 0, 0)
        let own = row.color(beyond, within: 1.5 * 1.5)
        #expect(own != .rgb(120, 60, 30))
        #expect(row.color(beyond, within: 0.01) == own, "the new colour is kept")
        // Of two within the tolerance, the nearer.
        let between = Self.lab((120, 60, 30)) + SIMD3(1.2, 0, 0)
        #expect(row.color(between, within: 4) == own)
        // A new row forgets them.
        row.startRow()
        #expect(row.color(near, within: 4) != .rgb(120, 60, 30))
        // Without reuse every colour is exact.
        var exact = RowColors(reuses: false)
        _ = exact.color(Self.lab((120, 60, 30)), within: 100)
        #expect(exact.color(near, within: 100) != .rgb(120, 60, 30))
    }

    @Test func theRowKeepsItsLastColoursOnly() {
        var row = RowColors(reuses: true)
        for i in 0...RowColors.capacity { _ = row.color(Self.lab((UInt8(i * 7), 100, 100)), within: 0) }
        // The first colour went when the row held more than it keeps; the second is still there.
        #expect(row.color(Self.lab((0, 100, 100)) + SIMD3(0.3, 0, 0), within: 1) != .rgb(0, 100, 100))
        #expect(row.color(Self.lab((7, 100, 100)) + SIMD3(0.3, 0, 0), within: 1) == .rgb(7, 100, 100))
    }

    /// A row of cells, each a left half of `left(i)` and a right half of `right`, their atoms
    /// `spread` grey levels either side of those by rows (as a picture's texture would be),
    /// drawn by `drawSymbols` on a canvas of `mode`.
    static func row(
        _ count: Int, mode: ColorMode, spread: Int, left: (Int) -> Int, right: Int = 200
    ) -> Canvas {
        let canvas = Canvas(size: Size(width: count, height: 1), colorMode: mode)
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        var rgb: [UInt8] = []
        for y in 0..<6 {
            let d = y % 2 == 0 ? spread : -spread
            for x in 0..<(count * 2) {
                let v = UInt8(clamping: (x % 2 == 0 ? left(x / 2) : right) + d)
                rgb += [v, v, v]
            }
        }
        context.drawSymbols(
            rgb: rgb, size: Size(width: count * 2, height: 6), at: .zero, matte: .default, symbols: .quadrants)
        return canvas
    }

    /// Cells whose halves vary by their texture (`spread`) and whose means drift a little: one
    /// pair of colours for the row. A cell whose mean is just beyond the tolerance gets its own.
    @Test func nearColoursOfATexturedRowAreOnePair() throws {
        let spread = 24, base = 70
        // A left half's atoms are greys `spread` either side of v: their mean in Lab, and their
        // distance from it (the same for every atom), whose share is the half's tolerance.
        func grey(_ v: Int) -> SIMD3<Float> { Self.lab((UInt8(v), UInt8(v), UInt8(v))) }
        func mean(_ v: Int) -> SIMD3<Float> { (grey(v + spread) + grey(v - spread)) / 2 }
        let sigma = Self.distance(grey(base + spread), mean(base))
        let tolerance = CellSymbolChoice.reuseShare * sigma
        try #require(tolerance > 1.5 && tolerance < CellSymbolChoice.reuseLimit)
        // The colour the first cell's left half is drawn in, as its row keeps it.
        let (r, g, b) = Lab.rgb(mean(base))
        let kept = Self.lab((r, g, b))
        // Means drifting by one grey level a cell, at most 3 from the first: well within.
        try #require(Self.distance(mean(base + 3), kept) < tolerance * 0.8)
        let drift = Self.row(4, mode: .direct, spread: spread) { base + $0 }
        for x in 0..<4 {
            #expect(drift[x, 0].text == "▌" && drift[x, 0].style == drift[0, 0].style, "cell \(x): \(drift[x, 0])")
        }
        // A cell whose mean is a little beyond: its left half in a colour of its own.
        var jump = 4
        while Self.distance(mean(base + jump), kept) < tolerance * 1.1 { jump += 1 }
        try #require(Self.distance(mean(base + jump), kept) < tolerance * 1.6, "just beyond, not far")
        let split = Self.row(4, mode: .direct, spread: spread) { $0 == 3 ? base + jump : base }
        #expect(split[2, 0].style == split[0, 0].style)
        #expect(split[3, 0].text == "▌" && split[3, 0].style.foreground != split[0, 0].style.foreground)
        #expect(split[3, 0].style.background == split[0, 0].style.background, "its right half is the row's")
    }

    /// A flat patch drifting as slowly (no texture): every cell keeps its exact colours.
    @Test func aFlatGradientKeepsItsExactColours() {
        let flat = Self.row(6, mode: .direct, spread: 0) { 70 + $0 }
        for x in 0..<6 {
            let v = UInt8(70 + x)
            #expect(flat[x, 0].style.foreground == .rgb(v, v, v), "cell \(x): \(flat[x, 0])")
        }
    }

    /// In 256 colours and in 16, `drawSymbols` draws each cell as the cell's choice alone does
    /// (no reuse), on random pictures.
    @Test func otherModesDrawEachCellOnItsOwn() {
        var random = SeededGenerator(seed: 11)
        let width = 12
        var rgb: [UInt8] = []
        for _ in 0..<(width * 2 * 6) {
            // A few colours with noise: colours that come back, as in a photo.
            let c = [(200, 40, 40), (40, 200, 60), (30, 30, 200)][Int.random(in: 0..<3, using: &random)]
            for v in [c.0, c.1, c.2] { rgb.append(UInt8(clamping: v + Int.random(in: -6...6, using: &random))) }
        }
        for mode in [ColorMode.palette256, .ansi16] {
            let canvas = Canvas(size: Size(width: width, height: 1), colorMode: mode)
            DrawContext(canvas: canvas, frame: canvas.bounds).drawSymbols(
                rgb: rgb, size: Size(width: width * 2, height: 6), at: .zero, matte: .default, symbols: .quadrants)
            let choice = CellSymbolChoice(symbols: .quadrants, palette256: mode == .palette256)
            for x in 0..<width {
                let atoms: [SIMD3<Float>] = (0..<12).map { a in
                    let o = ((a / 2) * width * 2 + x * 2 + a % 2) * 3
                    return Lab.lab(rgb[o], rgb[o + 1], rgb[o + 2])
                }
                let alone = atoms.withUnsafeBufferPointer { choice.choose($0) }
                let drawn = canvas[x, 0]
                #expect(
                    drawn.text0 == alone.scalar && drawn.style.foreground == alone.fg
                        && drawn.style.background == alone.bg, "\(mode) cell \(x)")
            }
        }
    }

    /// The few best splits kept for the palette are those a stable sort of all would put first.
    @Test func candidatesAreTheLeastErrorsInTheOrderOffered() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            var top = CellSymbolChoice.Candidates()
            var all: [(error: Float, split: Int)] = []
            for split in -1..<Int.random(in: 0..<40, using: &random) {
                // Few distinct values: many ties.
                let error = Float(Int.random(in: 0..<6, using: &random))
                top.offer(error, split)
                all.append((error, split))
            }
            let sorted = all.enumerated().sorted { ($0.element.error, $0.offset) < ($1.element.error, $1.offset) }
            let expected = sorted.prefix(CellSymbolChoice.paletteCandidates).map(\.element)
            #expect(top.count == expected.count)
            for i in 0..<top.count {
                #expect(top[i].error == expected[i].error && top[i].split == expected[i].split)
            }
        }
    }
}
