import GridKit
import GridKitTesting

/// A cell that shows its identifier.
final class IDCell: GridCell {
    var id = 0
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text("\(id)", at: .zero, style: .plain)
    }
}

/// A one-column grid of numbered cells and the diffable source that fills it.
@MainActor
func diffableGrid() -> (GridView, GridDiffableDataSource<Int, Int>) {
    let g = GridView(
        frame: Rect(origin: .zero, size: benchSize), layout: FlowLayout(itemSize: Size(width: 100, height: 1)))
    g.register(IDCell.self)
    let source = GridDiffableDataSource<Int, Int>(gridView: g) { g, ip, id in
        let cell = g.dequeue(IDCell.self, for: ip)
        cell.id = id
        return cell
    }
    return (g, source)
}

/// Snapshot applies: a few changes in a big list, a full replacement, loading more (a section
/// appended to a copy of the shown snapshot, or put in front of all the others), and a million
/// items coming into an empty grid.
@MainActor
func benchDiffable() {
    row([
        "diffable apply+frame, ms (best 3)", "100k: 100 chg", "1M: all new", "1M: 100 chg", "1M: +1k section",
        "1M: +1k in front", "1M: first"
    ])
    func snapshot(_ ids: Range<Int>, sections: Int = 100) -> GridSnapshot<Int, Int> {
        var s = GridSnapshot<Int, Int>()
        let per = ids.count / sections
        for k in 0..<sections {
            s.appendSections([k])
            s.appendItems(Array((ids.lowerBound + k * per)..<(ids.lowerBound + (k + 1) * per)), toSection: k)
        }
        return s
    }
    func time(_ base: GridSnapshot<Int, Int>, _ change: (inout GridSnapshot<Int, Int>) -> Void) -> String {
        var best = UInt64.max
        for _ in 0..<3 {
            let (g, source) = diffableGrid()
            try! source.apply(base)
            g.render(into: Canvas(size: benchSize))
            // The source's copy, as a screen that loads more makes the next one.
            var next = source.snapshot()
            change(&next)
            let t0 = now()
            try! source.apply(next)
            g.render(into: Canvas(size: benchSize))
            best = min(best, now() - t0)
        }
        return ms(best)
    }
    /// 40 deleted, 40 inserted, 20 moved across sections.
    func hundredChanges(_ s: inout GridSnapshot<Int, Int>, count: Int) {
        s.deleteItems((0..<40).map { $0 * (count / 40) + 1 })
        for k in 0..<40 { s.insertItems([count + 10 + k], afterItem: k * (count / 40) + 2) }
        for k in 0..<20 { s.moveItem(k * (count / 20) + 3, afterItem: count - 1 - k * 7) }
    }
    let small = snapshot(0..<100_000), big = snapshot(0..<1_000_000, sections: 1_000)
    row([
        "", time(small) { hundredChanges(&$0, count: 100_000) },
        time(big) { $0 = snapshot(1_000_000..<2_000_000, sections: 1_000) },
        time(big) { hundredChanges(&$0, count: 1_000_000) },
        time(big) {
            $0.appendSections([-1])
            $0.appendItems(Array(1_000_000..<1_001_000), toSection: -1)
        },
        time(big) {
            $0.insertSections([-1], beforeSection: 0)
            $0.appendItems(Array(1_000_000..<1_001_000), toSection: -1)
        },
        time(GridSnapshot()) { $0 = big }
    ])
    // Making the changes: each insert, move and reload finds its identifiers by a scan.
    func edit(_ base: GridSnapshot<Int, Int>, _ change: (inout GridSnapshot<Int, Int>) -> Void) -> String {
        var best = UInt64.max
        for _ in 0..<3 {
            var next = base
            let t0 = now()
            change(&next)
            best = min(best, now() - t0)
            precondition(next.numberOfItems >= base.numberOfItems - 40)
        }
        return ms(best)
    }
    row(["snapshot edits, ms (best 3)", "100k: 100 chg", "1M: 100 chg", "1M: 100 reloads"])
    row([
        "", edit(small) { hundredChanges(&$0, count: 100_000) }, edit(big) { hundredChanges(&$0, count: 1_000_000) },
        edit(big) { $0.reloadItems((0..<100).map { $0 * 9_973 }) }
    ])
}

/// Loading a million items 1,000 at a time (a list that loads more as it scrolls): the median
/// apply and the worst, where the table of positions outgrows its room (it grows in steps).
@MainActor
func benchLoadingMore() {
    let (g, source) = diffableGrid()
    var times: [UInt64] = []
    for k in 0..<1000 {
        var s = source.snapshot()
        s.appendSections([k])
        s.appendItems(Array((k * 1000)..<((k + 1) * 1000)), toSection: k)
        let t0 = now()
        try! source.apply(s)
        g.render(into: Canvas(size: benchSize))
        times.append(now() - t0)
    }
    row([
        "loading 1M, 1k an apply: apply+frame (ms)", "median " + ms(percentile(times, 0.5)), "worst " + ms(times.max()!)
    ])
}
