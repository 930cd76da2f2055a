import GridKit
import Testing

@testable import GridKitTerminal

/// A stretch of picture cells gives up a pair of colours few of its cells use for one it has
/// anyway, where the bytes saved are worth the colour given up (`HalfBlockChoice.mergePairs`).
@Suite struct PairMergingTests {
    /// A cell whose pixels are exactly its entries' colours (the nearest).
    private static func cell(_ top: Int, _ bottom: Int, _ choice: HalfBlockChoice) -> HalfBlockChoice.MergeCell {
        HalfBlockChoice.MergeCell(top: top, bottom: bottom, topRGB: rgb(top), bottomRGB: rgb(bottom))
    }

    private static func rgb(_ i: Int) -> SIMD3<Int32> {
        let (r, g, b) = ColorMapper.rgb(ofPalette: i)
        return SIMD3(Int32(r), Int32(g), Int32(b))
    }

    /// A cell whose top pixel, (95, 95, 192), lies between entries 67 (95, 95, 175), its nearest,
    /// and 68 (95, 95, 215): a little further from 68.
    private static let between = HalfBlockChoice.MergeCell(top: 67, bottom: 160, topRGB: SIMD3(95, 95, 192), bottomRGB: rgb(160))

    /// A run of one pair, a cell whose pixel lies between that pair's colour and the next entry,
    /// and a cell of a far pair: the near one joins the run's pair, the far one keeps its own.
    @Test func aNearPairJoinsAndAFarOneStays() {
        let choice = HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance)
        var cells = (0..<10).map { _ in Self.cell(68, 160, choice) }
        cells[4] = Self.between
        cells[7] = Self.cell(226, 21, choice)
        choice.mergePairs(&cells)
        #expect(cells[4].top == 68 && cells[4].bottom == 160, "\(cells[4])")
        #expect(cells[7].top == 226 && cells[7].bottom == 21)
        for i in [0, 1, 2, 3, 5, 6, 8, 9] { #expect(cells[i].top == 68 && cells[i].bottom == 160) }
    }

    /// With exact colours nothing changes; a pair of the theme's colours (below 16) is never
    /// taken by cells it is not nearest to; a cell joins a pair the right way up.
    @Test func exactColoursThemeColoursAndOrientation() {
        let exact = HalfBlockChoice(tolerance: 0), choice = HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance)
        var cells = (0..<8).map { _ in Self.cell(68, 160, exact) }
        cells[3] = Self.between
        var unchanged = cells
        exact.mergePairs(&unchanged)
        #expect(unchanged.map { $0.top } == cells.map { $0.top })
        // (At a tolerance where the bytes would be worth it.)
        let coarse = HalfBlockChoice(tolerance: 1000)
        var themed = (0..<8).map { _ in Self.cell(12, 160, coarse) }
        themed[3] = Self.between
        coarse.mergePairs(&themed)
        #expect(themed[3].top == 67, "a picture's colour does not become the theme's 12")
        var flipped = (0..<8).map { _ in Self.cell(160, 68, choice) }
        flipped[5] = Self.between
        choice.mergePairs(&flipped)
        #expect(flipped[5].top == 68 && flipped[5].bottom == 160, "the pair (160, 68) taken with 68 on top, where 67 was: \(flipped[5])")
    }
}
