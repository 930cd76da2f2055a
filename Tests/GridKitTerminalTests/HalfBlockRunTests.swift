import GridKit
import Testing

@testable import GridKitTerminal

/// A run of picture cells decided as a whole (`HalfBlockRun`): checked against every way through
/// short runs, and against deciding cell by cell (`HalfBlockChoice`) on long ones.
@Suite struct HalfBlockRunTests {
    /// A run of `count` cells whose pixels follow a gradient with noise (`spread` wide), so that
    /// neighbours are close but seldom the same.
    private static func run(_ count: Int, seed: UInt64, spread: Int = 24) -> [HalfBlockRun.Cell] {
        var rng = Seeded(seed)
        return (0..<count).map { x in
            func pixel(_ base: Int) -> SIMD3<Int32> {
                SIMD3(Int32(min(255, base + rng.next(spread))), Int32(min(255, 40 + 3 * x + rng.next(spread))), Int32(min(255, 220 - 2 * x + rng.next(spread))))
            }
            let t = pixel(60 + 4 * x), b = pixel(70 + 4 * x)
            return HalfBlockRun.Cell(
                top: ColorMapper.nearestPalette(Int(t.x), Int(t.y), Int(t.z)), bottom: ColorMapper.nearestPalette(Int(b.x), Int(b.y), Int(b.z)),
                topRGB: t, bottomRGB: b)
        }
    }

    /// Bytes and colour the way `written` goes through `cells` costs, scored as both deciders
    /// score: bytes times the tolerance plus how much further the colours shown are from the
    /// pixels than the nearest entries.
    private static func score(_ written: [HalfBlockChoice.Written], _ cells: [HalfBlockRun.Cell], _ choice: HalfBlockChoice) -> (score: Int, bytes: Int) {
        var pen = (fg: -2, bg: -2), bytes = 0, extra = 0
        for (w, c) in zip(written, cells) {
            switch w.scalar {
            case HalfBlockChoice.space:
                #expect(w.fg == pen.fg, "a space keeps the foreground")
                bytes += HalfBlockChoice.spaceBytes + (w.bg == pen.bg ? 0 : HalfBlockChoice.oneColorBytes)
            default:
                let changes = (w.fg == pen.fg ? 0 : 1) + (w.bg == pen.bg ? 0 : 1)
                bytes += HalfBlockChoice.blockBytes + [0, HalfBlockChoice.oneColorBytes, HalfBlockChoice.bothColorsBytes][changes]
            }
            pen = (w.fg, w.bg)
            let shown = HalfBlockChoice.halves(w)
            extra += max(0, choice.distance(c.topRGB, shown.top) - choice.distance(c.topRGB, c.top))
            extra += max(0, choice.distance(c.bottomRGB, shown.bottom) - choice.distance(c.bottomRGB, c.bottom))
        }
        return (bytes * choice.tolerance + extra, bytes)
    }

    /// The cheapest score of every way through `cells` that offers each cell the colours
    /// `HalfBlockRun` offers it, found by trying them all.
    private static func cheapestByTryingAll(_ cells: [HalfBlockRun.Cell], _ choice: HalfBlockChoice) -> Int {
        let t = choice.tolerance, limit = t * HalfBlockChoice.bothColorsBytes
        func go(_ k: Int, pen: (fg: Int, bg: Int), soFar: Int) -> Int {
            guard k < cells.count else { return soFar }
            let c = cells[k]
            var colors = [c.top, c.bottom]
            if t > 0 {
                if k + 1 < cells.count { colors += [cells[k + 1].top, cells[k + 1].bottom] }
                let mean = (c.topRGB &+ c.bottomRGB) / 2
                colors.append(ColorMapper.nearestPalette(Int(mean.x), Int(mean.y), Int(mean.z)))
                colors += [pen.fg, pen.bg].filter { $0 >= 16 }
            }
            var best = Int.max
            for tc in Set(colors) {
                let te = tc == c.top ? 0 : max(0, choice.distance(c.topRGB, tc) - choice.distance(c.topRGB, c.top))
                guard tc == c.top || te < limit else { continue }
                for bc in Set(colors) {
                    let be = bc == c.bottom ? 0 : max(0, choice.distance(c.bottomRGB, bc) - choice.distance(c.bottomRGB, c.bottom))
                    guard bc == c.bottom || be < limit else { continue }
                    func change(_ fg: Int, _ bg: Int) -> Int {
                        [0, HalfBlockChoice.oneColorBytes, HalfBlockChoice.bothColorsBytes][(fg == pen.fg ? 0 : 1) + (bg == pen.bg ? 0 : 1)]
                    }
                    var ways: [(bytes: Int, pen: (fg: Int, bg: Int))] = []
                    if tc == bc {
                        ways.append((HalfBlockChoice.spaceBytes + (pen.bg == tc ? 0 : HalfBlockChoice.oneColorBytes), (pen.fg, tc)))
                        if pen.fg == tc && pen.bg != tc && pen.bg >= 16 { ways.append((HalfBlockChoice.blockBytes, pen)) }
                    } else {
                        ways.append((HalfBlockChoice.blockBytes + change(tc, bc), (tc, bc)))
                        ways.append((HalfBlockChoice.blockBytes + change(bc, tc), (bc, tc)))
                    }
                    for way in ways { best = min(best, go(k + 1, pen: way.pen, soFar: soFar + way.bytes * t + te + be)) }
                }
            }
            return best
        }
        return go(0, pen: (-2, -2), soFar: 0)
    }

    @Test func withoutToleranceEveryCellShowsItsNearestEntries() {
        let cells = Self.run(40, seed: 7)
        let written = HalfBlockRun(choice: HalfBlockChoice(tolerance: 0)).decide(cells)
        #expect(written.map { HalfBlockChoice.halves($0).top } == cells.map(\.top))
        #expect(written.map { HalfBlockChoice.halves($0).bottom } == cells.map(\.bottom))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func findsTheCheapestWayThroughShortRuns(seed: UInt64) {
        for tolerance in [0, 200, 600] {
            let choice = HalfBlockChoice(tolerance: tolerance)
            var run = HalfBlockRun(choice: choice)
            run.beam = 10_000 // every state: the search is then exact
            let cells = Self.run(3, seed: seed, spread: 60)
            let written = run.decide(cells)
            #expect(Self.score(written, cells, choice).score == Self.cheapestByTryingAll(cells, choice), "tolerance \(tolerance)")
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func costsNoMoreThanDecidingCellByCell(seed: UInt64) {
        let choice = HalfBlockChoice(tolerance: HalfBlockChoice.standardTolerance)
        let cells = Self.run(60, seed: seed)
        var pen = (fg: -2, bg: -2)
        let byCell = cells.map { c in
            let w = choice.choose(top: c.top, bottom: c.bottom, topRGB: c.topRGB, bottomRGB: c.bottomRGB, pen: pen, backgroundUnderBlocks: pen.bg >= 16)
            pen = (w.fg, w.bg)
            return w
        }
        let whole = Self.score(HalfBlockRun(choice: choice).decide(cells), cells, choice), single = Self.score(byCell, cells, choice)
        #expect(whole.score <= single.score)
        #expect(whole.bytes < Self.score(HalfBlockRun(choice: HalfBlockChoice(tolerance: 0)).decide(cells), cells, choice).bytes)
    }

    @Test func anEmptyRunHasNothingToWrite() {
        #expect(HalfBlockRun(choice: HalfBlockChoice(tolerance: 200)).decide([]).isEmpty)
    }
}
