import GridKit
import Testing

@testable import GridKitTerminal

/// What the writer knows the terminal shows of picture cells follows the terminal's own moves:
/// rows scrolled in a band (the cells stay where they are kept; the rows' slots move) and
/// columns shifted, checked against a plain model that moves every cell.
@Suite struct ShownHalvesTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func movesFollowThePlainModel(seed: UInt64) {
        var rng = Seeded(seed)
        let size = Size(width: 7, height: 9)
        var shown = ShownHalves()
        shown.reset(size)
        var model = [[Int64]](repeating: [Int64](repeating: ShownHalves.unknown, count: 7), count: 9)
        for step in 0..<60 {
            switch rng.next(4) {
            case 0, 1:
                let x = rng.next(7), y = rng.next(9), top = rng.next(256), bottom = rng.next(256)
                shown.set(x: x, y: y, top: top, bottom: bottom)
                model[y][x] = ShownHalves.packed(top: top, bottom: bottom)
            case 2:
                let start = rng.next(9), end = start + 1 + rng.next(9 - start)
                let distance = (1 + rng.next(end - start + 1)) * (rng.next(2) == 0 ? 1 : -1)
                shown.scroll(RowShift(rows: start..<end, distance: distance))
                let old = model
                for y in start..<end {
                    let from = y + distance
                    model[y] =
                        (start..<end).contains(from) ? old[from] : Array(repeating: ShownHalves.unknown, count: 7)
                }
            default:
                let y = rng.next(9), x0 = rng.next(7), x1 = x0 + rng.next(8 - x0)
                shown.forget(x0..<x1, y: y)
                for x in x0..<x1 { model[y][x] = ShownHalves.unknown }
            }
            for y in 0..<9 {
                for x in 0..<7 {
                    #expect(shown.halves(x: x, y: y) == model[y][x], "step \(step): (\(x), \(y))")
                }
            }
        }
    }
}
