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
            switch rng.next(6) {
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
            case 3:
                // Columns moved as the terminal moves them: deleted at one edge of the band,
                // blanks inserted at the other (moved right, the row's last columns fall off).
                let rows = rng.next(9)..<9, x0 = rng.next(6), x1 = x0 + 2 + rng.next(6 - x0)
                let n = 1 + rng.next(x1 - x0 - 1), distance = rng.next(2) == 0 ? n : -n
                shown.shiftColumns(ColumnShift(rows: rows, columns: x0..<x1, distance: distance))
                for y in rows {
                    let old = model[y]
                    for x in x0..<x1 {
                        let from = x + distance
                        model[y][x] = (x0..<x1).contains(from) ? old[from] : ShownHalves.unknown
                    }
                    if distance < 0 && x1 < 7 { for x in max(x1, 7 - n)..<7 { model[y][x] = ShownHalves.unknown } }
                }
            case 4:
                // A row of prepared cells: half blocks show their halves, other cells nothing.
                let y = rng.next(9), x = rng.next(4)
                let cells = (0..<3).map { k in
                    k == 1
                        ? CanvasCell(text: "a", width: 1, style: .plain)
                        : CanvasCell(
                            text: "▀", width: 1,
                            style: Style(foreground: .palette(UInt8(16 + k)), background: .rgb(1, 2, UInt8(k))))
                }
                let halves = cells.map(ShownHalves.halves(ofPrepared:))
                // What the row shows of them already, before: a row let in by a scroll shows none.
                let before = halves.indices.filter {
                    halves[$0] != ShownHalves.unknown && model[y][x + $0] == halves[$0]
                }
                #expect(cells.withUnsafeBufferPointer { shown.showing(prepared: $0, x: x, y: y) } == before.count)
                cells.withUnsafeBufferPointer { shown.set(prepared: $0, x: x, y: y) }
                for (k, h) in halves.enumerated() { model[y][x + k] = h }
                #expect(cells.withUnsafeBufferPointer { shown.showing(prepared: $0, x: x, y: y) } == 2)
            default:
                let y = rng.next(9), x0 = rng.next(7), x1 = x0 + rng.next(8 - x0)
                shown.forget(x0..<x1, y: y)
                for x in x0..<x1 { model[y][x] = ShownHalves.unknown }
            }
            if step % 25 == 24 {
                // The screen cleared: nothing is known, whatever was.
                shown.reset(size)
                model = model.map { $0.map { _ in ShownHalves.unknown } }
            }
            for y in 0..<9 {
                for x in 0..<7 {
                    #expect(shown.halves(x: x, y: y) == model[y][x], "step \(step): (\(x), \(y))")
                }
            }
        }
    }
}
