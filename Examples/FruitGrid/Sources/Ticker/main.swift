// Swift concurrency on GridKit's loop, from outside the package: one screen kept up to date
// three ways a Swift developer writes it — a main-actor Task with Task.sleep, an AsyncStream
// filled by a detached task and read with `for await` on the main actor, and `MainActor.run`
// from a detached task — and nothing else to make it redraw. Run it in a terminal; each line
// counts up once a tenth of a second; q quits.
import Glibc
import GridKit
import GridKitTerminal

final class LineCell: GridCell {
    var line = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(line, at: .zero, style: state.isFocused ? Style(attributes: .reverse) : .plain)
    }
}

@MainActor
final class Ticker: Screen, GridDataSource {
    var sleeps = 0, streamed = 0, hops = 0
    private var grid: GridView?
    private var data: GridDiffableDataSource<Int, String>?
    let limit = getenv("TICKS").flatMap { Int(String(cString: $0)) } ?? 20

    var title: String { "Ticker" }
    var status: String { "sleep \(sleeps) · stream \(streamed) · hop \(hops)" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { gridView.register(LineCell.self) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 0 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell { LineCell() }

    func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        data = GridDiffableDataSource<Int, String>(gridView: gridView) { grid, indexPath, line in
            let cell = grid.dequeue(LineCell.self, for: indexPath)
            cell.line = line
            return cell
        }
        show()
        let limit = self.limit
        // 1. A main-actor task that sleeps.
        context.task { [weak self] in
            for _ in 0..<limit {
                try? await Task.sleep(for: .milliseconds(100))
                self?.sleeps += 1
                self?.show()
            }
        }
        // 2. An AsyncStream filled on another thread, read on the main actor.
        let (stream, feed) = AsyncStream.makeStream(of: Int.self)
        Task.detached {
            for k in 1...limit {
                try? await Task.sleep(for: .milliseconds(100))
                feed.yield(k)
            }
            feed.finish()
        }
        context.task { [weak self] in
            for await k in stream { self?.streamed = k; self?.show() }
        }
        // 3. A detached task that hops onto the main actor.
        Task.detached { [weak self] in
            for _ in 0..<limit {
                try? await Task.sleep(for: .milliseconds(100))
                await MainActor.run {
                    self?.hops += 1
                    self?.show()
                }
            }
        }
    }

    func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    /// One row per kind of tick: the rows change text, so they are reconfigured in place.
    private func show() {
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["sleep \(sleeps)", "stream \(streamed)", "hop \(hops)"])
        try? data?.apply(snapshot)
    }
}

do {
    let terminal = try Terminal.open()
    ScreenController(host: terminal, quitsWhenRootPops: true).run(Ticker())
    terminal.close()
} catch let error as TerminalError {
    let line = "ticker: \(error.message)\n"
    write(STDERR_FILENO, line, line.utf8.count)
    exit(2)
}
