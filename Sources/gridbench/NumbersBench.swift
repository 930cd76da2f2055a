import Demos
import Dispatch
import Foundation
import GridKit
import GridKitPresenting
import GridKitTesting

/// Numbers with a per-item size from the delegate, so the layout takes its O(n) path.
@MainActor
final class VariedNumbers: Screen, GridDataSource, GridDelegateFlowLayout {
    let base: NumbersScreen
    init(count: Int) { base = NumbersScreen(count: count, arrangement: .grid) }
    var title: String { base.title }
    func makeLayout() -> any GridLayout { base.makeLayout() }
    func registerCells(in gridView: GridView) { base.registerCells(in: gridView) }
    func numberOfSections(in gridView: GridView) -> Int { base.numberOfSections(in: gridView) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int {
        base.gridView(gridView, numberOfItemsInSection: section)
    }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        base.gridView(gridView, cellForItemAt: indexPath)
    }
    func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath)
        -> GridCell?
    {
        base.gridView(gridView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(width: 8 + (indexPath.item * 7) % 9, height: 2 + indexPath.item % 2)
    }
}

/// Reload + first frame, and per-key cost, for the numbers screen.
@MainActor
func benchNumbers() {
    let size = benchSize
    row(["reload + first frame", "uniform", "per-item"])
    for count in [10_000, 100_000, 1_000_000] {
        var cells: [String] = ["\(count) items"]
        for varied in [false, true] {
            var times: [UInt64] = []
            for _ in 0..<3 {
                let content: any Screen =
                    varied ? VariedNumbers(count: count) : NumbersScreen(count: count, arrangement: .grid)
                let t0 = now()
                let h = GridHarness(screen: content, size: size)
                h.render()
                times.append(now() - t0)
            }
            cells.append(ms(times.min()!))
        }
        row(cells)
    }

    print("")
    row(["per key (handle + render), 1M", "median", "p95", "max"])
    for arrangement in NumbersScreen.Arrangement.allCases {
        let content = NumbersScreen(count: 1_000_000, arrangement: arrangement)
        let h = GridHarness(screen: content, size: size)
        h.render()
        for (label, jump) in [
            ("start", nil), ("middle", IndexPath(item: 500, section: 499)), ("end", IndexPath(item: 0, section: 999))
        ] as [(String, IndexPath?)] {
            if let jump { h.gridView.focusItem(at: jump); h.render() }
            var samples: [UInt64] = []
            let keys: [InputEvent] =
                Array(repeating: .key(.down), count: 100) + Array(repeating: .key(.up), count: 100)
                + Array(repeating: .key(.pageDown), count: 5) + Array(repeating: .key(.pageUp), count: 5)
            for key in keys {
                let t0 = now()
                h.gridView.handle(key)
                h.gridView.render(into: h.canvas)
                samples.append(now() - t0)
            }
            row([
                "\(arrangement.rawValue), near the \(label)", ms(percentile(samples, 0.5)),
                ms(percentile(samples, 0.95)), ms(samples.max()!)
            ])
        }
        print(
            "live cells (\(arrangement.rawValue)): \(h.gridView.liveCellCount), visible: \(h.gridView.indexPathsForVisibleItems.count)"
        )
    }
    // The whole screen as the app runs it: controller, chrome, grid, on a headless host.
    for arrangement in NumbersScreen.Arrangement.allCases {
        let keys =
            Array(repeating: InputEvent.key(.down), count: 200) + Array(repeating: InputEvent.key(.up), count: 200)
        let host = TimingHost(size: size, events: keys)
        ScreenController(host: host).run(NumbersScreen(count: 1_000_000, arrangement: arrangement))
        row([
            "whole screen per key, \(arrangement.rawValue)", ms(percentile(host.samples, 0.5)),
            ms(percentile(host.samples, 0.95)), ms(host.samples.max()!)
        ])
        let spaced = TimingHost(size: size, events: Array(keys.prefix(100)))
        spaced.pause = 30_000
        ScreenController(host: spaced).run(NumbersScreen(count: 1_000_000, arrangement: arrangement))
        row([
            "  keys 30 ms apart (cold caches)", ms(percentile(spaced.samples, 0.5)),
            ms(percentile(spaced.samples, 0.95)), ms(spaced.samples.max()!)
        ])
    }
}

/// A headless host that times each event from delivery to the frame it produced.
@MainActor
final class TimingHost: ScreenHost {
    let size: Size
    let colorMode = ColorMode.palette256
    let mailbox = Mailbox()
    private let events: [InputEvent]
    private var started: UInt64 = 0
    private(set) var samples: [UInt64] = []
    private var diff = FrameDiff()
    /// Cells each frame changed, as the terminal would send them.
    private(set) var changedCells: [Int] = []

    /// Microseconds to sleep before each event, as a user's keys are apart: the frame is then
    /// made with cold caches, as it is in the terminal.
    var pause: UInt32 = 0

    init(size: Size, events: [InputEvent]) { self.size = size; self.events = events }

    func present(_ canvas: Canvas) {
        // The terminal's own diff, so the time includes finding what to send (rows the canvas
        // moved are moved, as the terminal's scroll region moves them).
        if let shift = diff.rowShift(to: canvas) { diff.apply(shift) }
        changedCells.append(diff.update(to: canvas) { _, _, _ in })
        if started > 0 { samples.append(now() - started); started = 0 }
    }

    func run(_ handler: (InputEvent?) -> Bool) {
        for e in events {
            if pause > 0 { usleep(pause) }
            started = now()
            if !handler(e) { return }
        }
    }
}
