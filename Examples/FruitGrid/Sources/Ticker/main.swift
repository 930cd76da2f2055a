// Swift concurrency on GridKit's loop, from outside the package: one screen kept up to date
// three ways a Swift developer writes it — a main-actor Task with Task.sleep, an AsyncStream
// filled by a detached task and read with `for await` on the main actor, and `MainActor.run`
// from a detached task — and nothing else to make it redraw. Run it in a terminal: a line for
// every tick of each (TICKS of them, 20 by default, TICK_MS apart, 100 by default); q quits.
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
    let pause = Duration.milliseconds(getenv("TICK_MS").flatMap { Int(String(cString: $0)) } ?? 100)
    /// Every tick so far, in the order they came.
    var log: [String] = []

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
        let limit = self.limit, pause = self.pause
        // 1. A main-actor task that sleeps.
        context.task { [weak self] in
            for _ in 0..<limit {
                try? await Task.sleep(for: pause)
                guard let self else { return }
                sleeps += 1
                show("sleep #\(sleeps)")
            }
        }
        // 2. An AsyncStream filled on another thread, read on the main actor.
        let (stream, feed) = AsyncStream.makeStream(of: Int.self)
        Task.detached {
            for k in 1...limit {
                try? await Task.sleep(for: pause)
                feed.yield(k)
            }
            feed.finish()
        }
        context.task { [weak self] in
            for await k in stream {
                self?.streamed = k
                self?.show("stream #\(k)")
            }
        }
        // 3. A detached task that hops onto the main actor.
        Task.detached { [weak self] in
            for _ in 0..<limit {
                try? await Task.sleep(for: pause)
                await MainActor.run { [weak self] in
                    guard let self else { return }
                    hops += 1
                    show("hop #\(hops)")
                }
            }
        }
    }

    func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    /// Adds a row for a tick (none for the first frame).
    private func show(_ line: String? = nil) {
        if let line { log.append(line) }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(log)
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
