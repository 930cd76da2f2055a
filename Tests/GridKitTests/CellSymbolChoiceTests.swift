import GridKitTesting
import TestSupport
import Testing

@testable import GridKit

/// `CellSymbolChoice`: the symbol and colours chosen for a cell of a picture drawn in text, and
/// `DrawContext.drawSymbols`, which draws a picture with it.
@Suite struct CellSymbolChoiceTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    /// A cell's atoms (2 × 6, row by row) in Lab: `inside` where `mask` has the atom's bit.
    static func atoms(mask: UInt16, inside: RGB, outside: RGB) -> [SIMD3<Float>] {
        (0..<12).map { a in
            let c = mask >> a & 1 == 1 ? inside : outside
            return Lab.lab(c.0, c.1, c.2)
        }
    }

    static func choose(_ choice: CellSymbolChoice, _ atoms: [SIMD3<Float>]) -> (scalar: UInt32, fg: Color, bg: Color) {
        atoms.withUnsafeBufferPointer { choice.choose($0) }
    }

    static func lab(_ c: Color) -> SIMD3<Float> {
        switch c.kind {
        case .rgb(let r, let g, let b): return Lab.lab(r, g, b)
        case .palette(let n):
            let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
            let i = Int(n)
            if i >= 232 { let v = UInt8(8 + 10 * (i - 232)); return Lab.lab(v, v, v) }
            let k = i - 16
            return Lab.lab(steps[k / 36], steps[k / 6 % 6], steps[k % 6])
        default: Issue.record("not a picture colour: \(c)"); return .zero
        }
    }

    /// The squared Lab error of a written cell against the atoms it stands for.
    static func error(_ written: (scalar: UInt32, fg: Color, bg: Color), _ atoms: [SIMD3<Float>]) -> Float {
        guard let mask = blockElementMask(of: written.scalar) else {
            Issue.record("not a block element: \(String(written.scalar, radix: 16))")
            return .infinity
        }
        let fg = lab(written.fg), bg = lab(written.bg)
        return (0..<12).reduce(Float(0)) { sum, a in
            let d = atoms[a] - (mask >> a & 1 == 1 ? fg : bg)
            return sum + (d * d).sum()
        }
    }

    @Test func labRoundTripsEverySRGBGrey() {
        for v in 0...255 {
            let (r, g, b) = Lab.rgb(Lab.lab(UInt8(v), UInt8(v), UInt8(v)))
            #expect(r == UInt8(v) && g == UInt8(v) && b == UInt8(v), "grey \(v)")
        }
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let c = (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random)
            )
            let back = Lab.rgb(Lab.lab(c.0, c.1, c.2))
            #expect(back == c, "\(c) came back as \(back)")
        }
    }

    @Test func sextantCodePointsSkipTheHalves() {
        #expect(CellSymbolChoice.sextant(1) == 0x1FB00)
        #expect(CellSymbolChoice.sextant(20) == 0x1FB13)
        #expect(CellSymbolChoice.sextant(22) == 0x1FB14)
        #expect(CellSymbolChoice.sextant(41) == 0x1FB27)
        #expect(CellSymbolChoice.sextant(43) == 0x1FB28)
        #expect(CellSymbolChoice.sextant(62) == 0x1FB3B)
    }

    @Test func aCellOfOneColourIsAHalfBlockInThatColourTwice() {
        for symbols in PictureSymbols.allCases {
            let w = Self.choose(
                CellSymbolChoice(symbols: symbols, palette256: false),
                Self.atoms(mask: 0, inside: (0, 0, 0), outside: (200, 40, 90)))
            #expect(w.scalar == 0x2580 && w.fg == .rgb(200, 40, 90) && w.bg == .rgb(200, 40, 90))
        }
    }

    /// Every split the symbols offer, drawn exactly in two colours, comes back as a symbol that
    /// shows it exactly (no error), in its own colours.
    @Test(arguments: PictureSymbols.allCases) func everySplitOfTheSetIsFoundExactly(symbols: PictureSymbols) {
        let choice = CellSymbolChoice(symbols: symbols, palette256: false)
        let red: RGB = (220, 30, 40), blue: RGB = (20, 40, 200)
        for split in choice.splits {
            let atoms = Self.atoms(mask: split.mask, inside: red, outside: blue)
            let w = Self.choose(choice, atoms)
            #expect(
                Self.error(w, atoms) < 0.5, "split \(String(split.mask, radix: 16)) as \(String(w.scalar, radix: 16))")
            #expect(Set([w.fg, w.bg]) == Set([Color.rgb(red.0, red.1, red.2), .rgb(blue.0, blue.1, blue.2)]))
        }
        #expect(choice.splits.count == [PictureSymbols.halfBlocks: 1, .quadrants: 7, .sextants: 37][symbols])
    }

    @Test func aQuarterIsAQuadrantOnlyWhereQuadrantsAreAllowed() {
        let atoms = Self.atoms(mask: 0x015, inside: (250, 250, 250), outside: (10, 10, 10)) // upper left
        let half = Self.choose(CellSymbolChoice(symbols: .halfBlocks, palette256: false), atoms)
        #expect(half.scalar == 0x2580)
        let quad = Self.choose(CellSymbolChoice(symbols: .quadrants, palette256: false), atoms)
        #expect(quad.scalar == 0x2598 && quad.fg == .rgb(250, 250, 250) && quad.bg == .rgb(10, 10, 10))
        // The left column: the left half block, whichever side is foreground.
        let left = Self.choose(
            CellSymbolChoice(symbols: .quadrants, palette256: false),
            Self.atoms(mask: 0x555, inside: (0, 200, 0), outside: (0, 0, 0)))
        #expect(left.scalar == 0x258C && left.fg == .rgb(0, 200, 0))
    }

    /// On random cells the choice is the best split of its set (brute force over the set, allowing
    /// the margin a finer symbol must win by), and a finer set is never worse than a coarser one
    /// by more than that margin.
    @Test func theChoiceIsTheLeastErrorOfItsSet() {
        var random = SeededGenerator(seed: 42)
        let sets = PictureSymbols.allCases.map { CellSymbolChoice(symbols: $0, palette256: false) }
        for _ in 0..<300 {
            // Two colours and noise, in a random pattern: a real edge, not only noise.
            let a: RGB = (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random)
            )
            let b: RGB = (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random)
            )
            let mask = UInt16.random(in: 0...0xFFF, using: &random)
            let atoms = Self.atoms(mask: mask, inside: a, outside: b).map {
                $0 + SIMD3(Float.random(in: -3...3, using: &random), 0, 0)
            }
            var errors: [Float] = []
            for choice in sets {
                let e = Self.error(Self.choose(choice, atoms), atoms)
                // Brute force: each split with its sides' means.
                var best = Float.infinity
                for m in [UInt16(0)] + choice.splits.map(\.mask) {
                    var inside = SIMD3<Float>.zero, outside = SIMD3<Float>.zero, k: Float = 0
                    for i in 0..<12 { if m >> i & 1 == 1 { inside += atoms[i]; k += 1 } else { outside += atoms[i] } }
                    let mi = k > 0 ? inside / k : .zero, mo = outside / (12 - k)
                    let err = (0..<12).reduce(Float(0)) { s, i in
                        let d = atoms[i] - (m >> i & 1 == 1 ? mi : mo); return s + (d * d).sum()
                    }
                    best = min(best, err)
                }
                // Colours are rounded to bytes, and a mean of two far colours in Lab may lie
                // outside sRGB and be clamped: allow for both beside the margin.
                #expect(e <= best * 1.01 + CellSymbolChoice.margin + 12 * 1.5, "error \(e) against the best \(best)")
                errors.append(e)
            }
            #expect(
                errors[1] <= errors[0] * 1.01 + CellSymbolChoice.margin + 18
                    && errors[2] <= errors[1] * 1.01 + CellSymbolChoice.margin + 18)
        }
    }

    @Test func in256ColoursTheColoursAreTheCubesAndGreysMatchedInLab() {
        // Exactly two palette colours (cube entries 196, red, and 21, blue) in a diagonal.
        let choice = CellSymbolChoice(symbols: .quadrants, palette256: true)
        let atoms = Self.atoms(mask: 0xA95, inside: (255, 0, 0), outside: (0, 0, 255))
        let w = Self.choose(choice, atoms)
        #expect(w.scalar == 0x259A && w.fg == .palette(196) && w.bg == .palette(21))
        // Never the theme's first sixteen, even for pure black.
        var random = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let c: RGB = (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random)
            )
            let w = Self.choose(
                choice, Self.atoms(mask: UInt16.random(in: 0...0xFFF, using: &random), inside: c, outside: (0, 0, 0)))
            for color in [w.fg, w.bg] {
                guard case .palette(let n) = color.kind else {
                    Issue.record("\(color) is not a palette entry"); continue
                }
                #expect(n >= 16)
            }
        }
        // A mid grey goes to the grey ramp's nearest (244 is 128,128,128), not the cube's 102,102,102 or 135.
        let grey = Self.choose(choice, Self.atoms(mask: 0, inside: (0, 0, 0), outside: (128, 128, 128)))
        #expect(grey.fg == .palette(244) && grey.bg == .palette(244))
    }

    /// The search outwards from a colour's lightness finds the entry a scan of all 240 finds
    /// (the lowest of equally near ones too): on random colours, on every entry itself and on
    /// points halfway between two entries.
    @Test func theNearestPaletteEntryIsTheOneAScanFinds() {
        let palette = PaletteLab.shared
        var random = SeededGenerator(seed: 9)
        var colours: [SIMD3<Float>] = (0..<20_000).map { _ in
            SIMD3(
                Float.random(in: -5...105, using: &random), Float.random(in: -110...110, using: &random),
                Float.random(in: -110...110, using: &random))
        }
        for i in 16...255 {
            colours.append(palette.lab(i))
            colours.append((palette.lab(i) + palette.lab(16 + (i * 37) % 240)) / 2)
        }
        for c in colours {
            let found = palette.nearest(c), scanned = palette.nearestByScan(c)
            #expect(found.index == scanned.index && found.distance == scanned.distance, "\(c)")
        }
    }

    /// A picture whose cells each hold a quadrant pattern is drawn in those quadrants; its top
    /// row, half outside the picture, shows the matte in its upper half.
    @Test func drawSymbolsDrawsEachCellAndTheMatteAtTheEdges() {
        let canvas = Canvas(size: Size(width: 4, height: 3), colorMode: .direct)
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        // 2 cells wide, 3 half rows tall (from half row 1): 4 × 9 pixels at 2 × 3 a half.
        var rgb: [UInt8] = []
        for y in 0..<9 {
            for x in 0..<4 {
                // White in the left pixel of each cell, black in the right.
                let v: UInt8 = x % 2 == 0 ? 255 : 0
                rgb += y < 3 ? [200, 0, 0] : [v, v, v]
            }
        }
        context.drawSymbols(
            rgb: rgb, size: Size(width: 4, height: 9), at: Point(x: 1, y: 1), matte: .palette(17), symbols: .quadrants)
        // Row 0: matte above, the red half row below.
        #expect(
            canvas[1, 0].text == "▀" && canvas[1, 0].style.foreground == .palette(17)
                && canvas[1, 0].style.background == .rgb(200, 0, 0))
        // Row 1: left white, right black in both halves.
        #expect(
            canvas[1, 1].text == "▌" && canvas[1, 1].style.foreground == .rgb(255, 255, 255)
                && canvas[1, 1].style.background == .rgb(0, 0, 0))
        #expect(canvas[2, 1].text == "▌")
        #expect(canvas[0, 1] == .blank && canvas[3, 1] == .blank && canvas[1, 2] == .blank)
    }
}
