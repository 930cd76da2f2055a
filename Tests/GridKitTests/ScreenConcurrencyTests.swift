import Foundation
import GridKitTesting
import Testing

import struct GridKit.IndexPath

@testable import GridKit

/// A screen of rows kept up to date by Swift concurrency: a repeating interval, a main-actor
/// task, an `AsyncStream` fed from another thread, and `MainActor.run` from a detached task.
@MainActor
final class TickingScreen: Screen, GridDataSource, SearchResultsUpdating {
    var ticks = 0, streamed = 0, hops = 0, spawned = 0
    var rows = ["alpha", "beta", "gamma"]
    var searched: [String] = []
    var stopped = false
    var context: ScreenContext?
    let search = SearchController(placeholder: "find")
    init() { search.searchResultsUpdater = self }

    var title: String { "Ticks" }
    var status: String { "tick \(ticks)" }
    var searchController: SearchController? { search }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(LabelCell.self, for: indexPath)
        cell.label = rows[indexPath.item]
        return cell
    }
    func attach(to gridView: GridView, context: ScreenContext) {
        self.context = context
        context.every(.seconds(1)) { [weak self] in self?.ticks += 1 }
    }
    func detach(from gridView: GridView) { stopped = true }
    func updateSearchResults(for searchController: SearchController) {
        searched.append(searchController.searchBar.text)
    }
    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard let context else { return .ignored }
        switch event {
        case .char("t"):
            // A plain Task from main-actor code.
            Task { self.spawned += 1 }
        case .char("s"):
            let (stream, feed) = AsyncStream.makeStream(of: Int.self)
            Thread.detachNewThread {
                for k in 1...5 { feed.yield(k) }
                feed.finish()
            }
            context.task { [weak self] in for await k in stream { self?.streamed = k } }
        case .char("m"):
            Task.detached { await MainActor.run { self.hops += 1 } }
        case .char("!"):
            context.showMessage("saved", for: .seconds(2))
        default: return .ignored
        }
        return .handled
    }
}

@MainActor @Suite struct ScreenConcurrencyTests {
    @Test func anIntervalTicksWithTheClockAndTheStatusRedrawsWithNoCall() async {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        let screen = TickingScreen()
        app.start(screen)
        #expect(app.frame.row(0).hasSuffix("tick 0 "))
        await app.advance(by: .seconds(3))
        #expect(screen.ticks == 3, "once a second, each one run")
        #expect(app.frame.row(0).hasSuffix("tick 3 "), "the status drew with no setNeedsDisplay")
        await app.advance(by: .milliseconds(999))
        #expect(screen.ticks == 3)
        app.stop()
    }

    @Test func tasksStreamsAndMainActorRunAllRun() async {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        let screen = TickingScreen()
        app.start(screen)
        await app.send("t, m")
        #expect(await app.settle(until: { screen.spawned == 1 && screen.hops == 1 }))
        await app.send("s")
        #expect(await app.settle(until: { screen.streamed == 5 }), "the reader on the main actor saw every value")
        app.stop()
    }

    @Test func aScreensTasksEndWhenItLeaves() async {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        let root = LoggingScreen("Root")
        let screen = TickingScreen()
        root.next = { LoggingScreen("unused") }
        app.start(root)
        // Pushed through the navigation, as an app does.
        root.next = nil
        await app.send(events: [])
        _ = screen
        let pushed = TickingScreen()
        let pusher = PushingScreen(next: pushed)
        let second = ScreenDriver(size: Size(width: 40, height: 8))
        second.start(pusher)
        await second.send("p")
        await second.advance(by: .seconds(2))
        #expect(pushed.ticks == 2)
        await second.send("esc")
        #expect(pushed.stopped)
        await second.advance(by: .seconds(5))
        #expect(pushed.ticks == 2, "cancelled when the screen was popped")
        second.stop()
        app.stop()
    }

    @Test func finishedTasksAreLetGo() async {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        let screen = TickingScreen()
        app.start(screen)
        let context = try! #require(screen.context)
        for _ in 0..<100 { context.task {} }
        #expect(await app.settle(until: { context.lifetime.runningTasks == 1 }), "only the interval is left")
        app.stop()
        #expect(context.lifetime.runningTasks == 0)
    }

    @Test func aMessageShowsOnTheHintLineAndGoesAway() async {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        app.start(TickingScreen())
        await app.send("!")
        #expect(app.frame.row(7) == " saved" + String(repeating: " ", count: 34))
        await app.advance(by: .seconds(2))
        #expect(app.frame.row(7).contains("? keys"), "the hints are back")
        app.stop()
    }

    @Test func theSearchBarTakesTheKeysAndGivesThemBack() async throws {
        let app = ScreenDriver(size: Size(width: 40, height: 8))
        let screen = TickingScreen()
        app.start(screen)
        await app.send("/, text:ab, bs, paste:c\nd")
        #expect(screen.searched == ["a", "ab", "a", "ac d"], "a paste is one update")
        #expect(app.frame.row(1) == "/ ac d" + String(repeating: " ", count: 34))
        #expect(app.frame.showsCursor && app.frame.cursor == Point(x: 6, y: 1), "the cursor at the caret")
        #expect(app.gridView?.frame.minY == 2, "the grid makes room for the bar")
        await app.send("enter, down")
        #expect(
            !app.frame.showsCursor && app.gridView?.focusedIndexPath == IndexPath(item: 1, section: 0),
            "keys back to the grid")
        await app.send("esc")
        #expect(screen.searched.last == "" && app.gridView?.frame.minY == 1, "Esc cancels: text gone, bar hidden")
        await app.send("q")
        #expect(!app.isRunning)
    }

    @Test func anAlertIsModalAndAnswered() async throws {
        let app = ScreenDriver(size: Size(width: 44, height: 10))
        let screen = TickingScreen()
        app.start(screen)
        var answers: [String] = []
        let alert = AlertController(title: "Quit?", message: "Nothing is saved.")
        alert.addAction(AlertAction(title: "Quit", style: .destructive) { _ in answers.append("quit") })
        alert.addAction(AlertAction(title: "Stay", style: .cancel) { _ in answers.append("stay") })
        screen.context?.present(alert)
        await app.settle()
        try Snapshot().verify(app.frame, named: "alert-over-screen")
        await app.send("down, q")
        #expect(app.gridView?.focusedIndexPath == IndexPath(item: 0, section: 0), "the grid did not move under it")
        #expect(answers == ["quit"] && app.isRunning, "q was the alert's key, not navigation's")
        #expect(!app.text.contains("Nothing is saved"), "gone once answered")
    }
}

/// A root that pushes `next` on `p`.
@MainActor
final class PushingScreen: Screen, GridDataSource {
    let next: any Screen
    init(next: any Screen) { self.next = next }
    var title: String { "Pusher" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 1 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        gridView.dequeue(LabelCell.self, for: indexPath)
    }
    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        event == .char("p") ? .push(next) : .ignored
    }
}

@MainActor @Suite struct ControlsInTheGridTests {
    @Test func theEmptyStateShowsWhileTheGridHasNoItemsAndGoes() throws {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 30, height: 7),
            layout: FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)))
        grid.register(LabelCell.self)
        let data = GridDiffableDataSource<Int, String>(gridView: grid) { grid, ip, id in
            let cell = grid.dequeue(LabelCell.self, for: ip)
            cell.label = id
            return cell
        }
        grid.contentUnavailableConfiguration = .search("zz")
        let canvas = Canvas(size: Size(width: 30, height: 7))
        grid.render(into: canvas)
        try Snapshot().verify(canvas, named: "content-unavailable")
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["one"])
        try data.apply(snapshot)
        grid.render(into: canvas)
        #expect(canvas.text.trimmingCharacters(in: .whitespacesAndNewlines) == "[one]", "nothing of it left")
    }

    final class CountingCell: GridCell {
        var label = ""
        nonisolated(unsafe) static var made = 0
        var reuses = 0
        required init() { super.init(); Self.made += 1 }
        override func prepareForReuse() { reuses += 1 }
        override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
            context.text(label, at: .zero, style: .plain)
        }
    }

    @Test func reconfiguredItemsUpdateTheirShownCellInPlace() throws {
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 20, height: 3),
            layout: FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)))
        grid.register(CountingCell.self)
        var names = ["a": "apple", "b": "banana"]
        var given: [ObjectIdentifier] = []
        let data = GridDiffableDataSource<Int, String>(gridView: grid) { grid, ip, id in
            let cell = grid.dequeue(CountingCell.self, for: ip)
            cell.label = names[id]!
            given.append(ObjectIdentifier(cell))
            return cell
        }
        var snapshot = GridSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b"])
        try data.apply(snapshot)
        let canvas = Canvas(size: Size(width: 20, height: 3))
        grid.render(into: canvas)
        let before = grid.cellForItem(at: IndexPath(item: 1, section: 0)) as! CountingCell
        let made = CountingCell.made
        names["b"] = "blueberry"
        snapshot.reconfigureItems(["b"])
        try data.apply(snapshot)
        grid.render(into: canvas)
        #expect(canvas.row(1).hasPrefix("blueberry"))
        #expect(
            grid.cellForItem(at: IndexPath(item: 1, section: 0)) === before && given.last == ObjectIdentifier(before))
        #expect(before.reuses == 0 && CountingCell.made == made, "no new cell, no prepareForReuse")
    }

    @Test func helpLeavesOutKeysTheScreenTookAndTheHarnessTakesTheAppsBindings() throws {
        final class VimLess: Screen, GridDataSource {
            var title: String { "Mine" }
            var keyHelp: [KeyHelp] { [KeyHelp("k", "kill")] }
            func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
            func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
            func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 3 }
            func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
                gridView.dequeue(LabelCell.self, for: indexPath)
            }
        }
        let help = HelpScreen(for: VimLess())
        #expect(help.rows.first { $0.action.hasPrefix("move") }?.keys == "↑ ↓ ← →  j h l")
        var bindings = KeyBindings.standard
        bindings.bind(.character("x"), to: .moveDown)
        let run = ScreenHarness(size: Size(width: 40, height: 8), keyBindings: bindings).run(VimLess(), keys: "x, x")
        #expect(run.focusedIndexPath == IndexPath(item: 2, section: 0))
    }
}
