import GridKit
import GridKitTesting
import Testing

/// A screen of numbered rows that logs what the controller does with it.
@MainActor
final class LoggingScreen: Screen, GridDataSource, GridDelegate {
    let name: String
    let rows: Int
    var multipleSelection = false
    var log: [String] = []
    var status = ""
    /// The context's depth, as attach saw it.
    var depth: Int?
    /// Made by `n`: pushed from `handle`.
    var next: (() -> LoggingScreen)?

    init(_ name: String, rows: Int = 30) { self.name = name; self.rows = rows }

    var title: String { name }
    var keyHints: [KeyHint] { [KeyHint("n", "next"), .select("open")] }
    var keyHelp: [KeyHelp] { [KeyHelp("n", "push the next screen")] }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { log.append("register"); gridView.register(LabelCell.self) }
    func attach(to gridView: GridView, context: ScreenContext) {
        log.append("attach(delegate: \(gridView.delegate === self), items: \(gridView.layout.numberOfSections))")
        gridView.allowsMultipleSelection = multipleSelection
        depth = context.depth
    }
    func detach(from gridView: GridView) { log.append("detach") }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(LabelCell.self, for: indexPath)
        cell.label = "\(name) row \(indexPath.item)"
        return cell
    }
    func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath) {
        log.append("selected \(indexPath.item)")
    }
    func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction {
        next.map { .push($0()) } ?? .handled
    }
    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        if case .resize(let size) = event {
            log.append("resize \(size.width)x\(size.height), grid \(gridView.frame.size.width) wide")
        }
        if event == .char("n"), let next { return .push(next()) }
        return .ignored
    }
    func drawOverlay(in canvas: Canvas, gridView: GridView) {
        canvas.drawText("overlay", at: Point(x: canvas.size.width - 8, y: canvas.size.height - 1), style: .plain)
    }
}

@MainActor @Suite struct ScreenLayerTests {
    let harness = ScreenHarness(size: Size(width: 50, height: 12))

    @Test func wholeFrameHasChromeGridAndOverlay() throws {
        let frame = harness.run(LoggingScreen("Rows"), keys: "down*2")
        try Snapshot().verify(frame, named: "screen-chrome")
        #expect(frame.row(0).hasPrefix(" Rows"))
        #expect(frame.row(11).contains("n next · Enter open") && frame.row(11).contains("overlay"))
    }

    @Test func connectRegistersThenPreparesThenLoads() {
        let screen = LoggingScreen("Rows")
        harness.run(screen)
        // attach runs after registration, as the grid's delegate, before the data source is asked for and loads.
        #expect(screen.log == ["register", "attach(delegate: true, items: 0)", "detach"])
    }

    @Test func helpListsCommonKeysThenTheScreensOwn() {
        let frame = harness.run(LoggingScreen("Rows", rows: 3), keys: "?")
        let text = frame.text
        #expect(frame.row(0).contains("Keys · Rows"))
        #expect(text.contains("PgUp PgDn") && text.contains("the keys of this screen"))
        #expect(!text.contains("Space"), "Space is listed only where it marks")
        let big = ScreenHarness(size: Size(width: 80, height: 30))
        #expect(big.run(LoggingScreen("Rows", rows: 3), keys: "?").text.contains("push the next screen"))
        let marking = LoggingScreen("Marks", rows: 3)
        marking.multipleSelection = true
        #expect(big.run(marking, keys: "?").text.contains("mark or unmark"))
        let all = big.run(LoggingScreen("Rows", rows: 3), keys: "?, end").text
        #expect(all.contains("n next · Enter open"), "the screen's hint line closes the list")
        // The help shows the real bindings: an app that turns Backspace into "back" sees it there.
        var keys = KeyBindings.standard
        keys.backspaceGoesBack = true
        let host = HeadlessHost(size: Size(width: 80, height: 30), events: InputEvent.script("?"))
        ScreenController(host: host, keyBindings: keys).run(LoggingScreen("Rows", rows: 3))
        #expect(host.lastFrame!.text.contains("Esc  q  Backspace"))
    }

    /// Help's rows are as tall as what they show: a description one column too long for the
    /// rows beside the scroll bar takes two lines (its height was worked out for the frame's
    /// width, and its last word was lost), and keys too long for their column at 40 columns
    /// wrap instead of being cut.
    @Test func helpShowsEveryKeyAndEveryWord() {
        let wide = ScreenHarness(size: Size(width: 80, height: 30)).run(LoggingScreen("Rows", rows: 3), keys: "?").text
        #expect(
            wide.contains("back (quits from the first screen where the app says") && wide.contains("  so)"), "\(wide)")
        #expect(wide.contains("↑ ↓ ← →  k j h l"), "keys that fit keep their spacing")
        let narrow = ScreenHarness(size: Size(width: 40, height: 30)).run(LoggingScreen("Rows", rows: 3), keys: "?")
            .text
        #expect(!narrow.contains("…"), "nothing cut: \(narrow)")
        for word in ["↑", "→", "k", "l", "PgUp", "PgDn", "Home", "End", "Ctrl-C", "mouse", "says", "so)"] {
            #expect(narrow.contains(word), "\(word) in \(narrow)")
        }
    }

    @Test func helpOnHelpDoesNothingAndEscReturns() {
        #expect(harness.run(LoggingScreen("Rows"), keys: "?, ?, esc").row(0).hasPrefix(" Rows"))
    }

    @Test func pushesAndPopsDetachWhatLeaves() {
        let root = LoggingScreen("Root")
        var pushed: [LoggingScreen] = []
        root.next = {
            let s = LoggingScreen("Second \(pushed.count)")
            pushed.append(s)
            return s
        }
        // n from handle, Enter through the navigation requests of didSelectItemAt.
        let frame = harness.run(root, keys: "n, esc, enter")
        #expect(frame.row(0).hasPrefix(" Second 1"))
        #expect(pushed.count == 2)
        #expect(pushed[0].log.last == "detach", "popped with Esc")
        #expect(pushed[1].log.last == "detach" && root.log.last == "detach", "the run's end detaches the rest")
    }

    /// Only the screen on top is told of a resize; one that comes back to the top afterwards is
    /// told then. Either way its grid is the new size already (a screen that wraps text to the
    /// width rewraps to it).
    @Test func aScreenBackOnTopAfterAResizeIsToldOfIt() {
        let root = LoggingScreen("Root")
        var pushed: LoggingScreen?
        root.next = {
            let s = LoggingScreen("Second")
            pushed = s
            return s
        }
        _ = harness.run(root, keys: "n, resize:60x14, esc, esc")
        #expect(
            pushed?.log.contains("resize 60x14, grid 60 wide") == true,
            "the top screen is told as it happens: \(pushed?.log ?? [])")
        #expect(root.log.filter { $0.hasPrefix("resize") } == ["resize 60x14, grid 60 wide"], "\(root.log)")
        // Nothing more when no resize came in between.
        let again = LoggingScreen("Root")
        again.next = { LoggingScreen("Second") }
        _ = harness.run(again, keys: "n, esc, esc")
        #expect(!again.log.contains { $0.hasPrefix("resize") }, "\(again.log)")
    }

    @Test func escOnTheRootQuitsBeforeTheRestOfTheKeys() {
        let host = harness.host(running: LoggingScreen("Rows"), keys: "esc, down")
        #expect(host.presentCount == 1)
    }

    @Test func tooSmallShowsTheNoticeAndGrowingBringsTheScreenBack() {
        let small = harness.run(LoggingScreen("Rows"), keys: "resize:20x5")
        #expect(small.text.contains("too small") && small.text.contains("30×8"))
        let grown = harness.run(LoggingScreen("Rows"), keys: "down, resize:20x5, resize:40x10")
        #expect(grown.frame.size == Size(width: 40, height: 10))
        #expect(grown.text.contains("[Rows row 1]"))
    }

    @Test func keysThatChangeNothingPresentNothing() {
        let host = harness.host(running: LoggingScreen("Rows"), keys: "x, up, z")
        #expect(host.presentCount == 1)
        #expect(host.changedCells == [50 * 12], "the first frame sends every cell")
        let moved = harness.host(running: LoggingScreen("Rows"), keys: "down")
        #expect(moved.presentCount == 2)
        #expect(
            moved.changedCells[1] > 0 && moved.changedCells[1] < 50,
            "one focus move rewrites two rows' labels, not the screen")
    }

    /// A status stays apart from the key hints, at the right of the title bar; a screen knows
    /// how deep it is; selecting an item pushes through the screen's action, the one way to go.
    @Test func statusDepthAndSelectionPushes() {
        let root = LoggingScreen("Root")
        root.status = "12 of 30"
        let second = LoggingScreen("Second")
        root.next = { second }
        let host = harness.host(running: root, keys: "enter")
        #expect(host.firstFrame!.row(0).hasPrefix(" Root") && host.firstFrame!.row(0).hasSuffix("12 of 30 "))
        #expect(!host.firstFrame!.row(11).contains("12 of 30"))
        #expect(root.depth == 0 && second.depth == 1 && root.log.contains("selected 0"))
        #expect(host.lastFrame!.row(0).hasPrefix(" Second"))
    }

    /// A run tells what happened: the frame, the screen on top and its grid, focus and
    /// selection; a snapshot can mark the focused and selected rows.
    @Test func aRunReportsTopScreenGridFocusAndSelection() throws {
        let root = LoggingScreen("Root")
        root.multipleSelection = true
        let run = harness.run(root, keys: "down, space, down*2, space, up")
        #expect(run.topScreen === root && run.gridView?.layout.numberOfItems(inSection: 0) == 30)
        #expect(run.focusedIndexPath == IndexPath(item: 2, section: 0))
        #expect(run.selectedIndexPaths == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        let marked = run.markedText.split(separator: "\n").map(String.init)
        #expect(
            marked[2].hasPrefix("●|") && marked[3].hasPrefix("▶|") && marked[4].hasPrefix("●|")
                && marked[1].hasPrefix(" |"))
        try Snapshot().verify(run, named: "marked-focus-selection", markingFocus: true)
        let second = LoggingScreen("Second")
        root.next = { second }
        #expect(harness.run(root, keys: "n").topScreen === second)
    }
}

/// Rows that log when the grid asks for them ahead, beside the frames the host presents.
@MainActor
final class PrefetchLoggingScreen: Screen, GridDataSource, GridPrefetching {
    var log: [String] = []
    var title: String { "Ahead" }
    func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1)) }
    func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 200 }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(LabelCell.self, for: indexPath)
        cell.label = "row \(indexPath.item)"
        return cell
    }
    func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath]) {
        log.append("prefetch \(indexPaths.first!.item)")
    }
    func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

@MainActor @Suite struct DeferredPrefetchTests {
    /// Work started for what lies ahead (decoding pictures, say) must not delay the frame of the
    /// key that scrolled there: the controller asks for it once that frame is presented.
    @Test func prefetchingWaitsUntilTheFrameIsPresented() {
        let screen = PrefetchLoggingScreen()
        let host = HeadlessHost(size: Size(width: 30, height: 12), events: InputEvent.script("down*12, pgdn"))
        host.afterPresent = { screen.log.append("present") }
        ScreenController(host: host).run(screen)
        let log = screen.log
        #expect(log.first == "present", "the first frame goes out before anything is fetched ahead: \(log)")
        for (i, entry) in log.enumerated() where entry.hasPrefix("prefetch") {
            #expect(
                log[i - 1] == "present" || log[i - 1].hasPrefix("prefetch"),
                "each prefetch follows a presented frame: \(log)")
        }
        #expect(
            log.filter { $0.hasPrefix("prefetch") }.count >= 3, "the first screen and each scroll fetch ahead: \(log)")
    }

    /// The controller defers prefetching only for the frames it presents: the same grid drawn
    /// by hand afterwards asks as it draws.
    @Test func aGridDrawnByHandAfterTheControllerStillPrefetches() throws {
        let screen = PrefetchLoggingScreen()
        let host = HeadlessHost(size: Size(width: 30, height: 12))
        let controller = ScreenController(host: host)
        var grid: GridView?
        host.afterPresent = { grid = controller.gridView }
        controller.run(screen)
        let drawn = try #require(grid)
        drawn.prefetchDataSource = screen
        screen.log = []
        drawn.render(into: Canvas(size: Size(width: 30, height: 12)))
        #expect(screen.log.contains { $0.hasPrefix("prefetch") }, "\(screen.log)")
    }

    /// A grid drawn without such a host (a harness, a test) still fetches ahead as it draws.
    @Test func aGridWithoutAHostPrefetchesAsItDraws() {
        let screen = PrefetchLoggingScreen()
        let harness = GridHarness(screen: screen, size: Size(width: 30, height: 10))
        harness.render()
        #expect(screen.log == ["prefetch 10"])
    }
}

/// A hint line too long for the terminal keeps whole hints: the last two (help and the way out)
/// and as many of the first as fit, never a hint cut in the middle.
@MainActor @Suite struct HintLineTests {
    final class Hinted: Screen, GridDataSource {
        let keyHints: [KeyHint]
        init(
            _ hints: [KeyHint] = [
                .moveUpDown, .select("open"), KeyHint("/", "filter"), KeyHint("g", "groups"), .help, .quit
            ]
        ) {
            keyHints = hints
        }
        var title: String { "Hints" }
        func makeLayout() -> any GridLayout { FlowLayout(itemSize: Size(width: 10, height: 1)) }
        func registerCells(in gridView: GridView) { gridView.register(GridCell.self) }
        func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 1 }
        func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
            gridView.dequeue(GridCell.self, for: indexPath)
        }
    }

    @Test(arguments: [
        (61, "↑↓ move · Enter open · / filter · g groups · ? keys · q quit"),
        (40, "↑↓ move · Enter open · ? keys · q quit"), (30, "↑↓ move · ? keys · q quit")
    ])
    func hintsThatDoNotFitGoWhole(width: Int, shown: String) {
        let frame = ScreenHarness(size: Size(width: width, height: 8)).run(Hinted())
        #expect(frame.row(7).split(separator: " ").joined(separator: " ") == shown, "\(frame.row(7))")
    }

    /// The ways to help and out stay wherever they are in the line (a screen's own hints after
    /// them, or `Esc back` before `q quit`).
    @Test func theWaysToHelpAndOutStay() {
        let frame = ScreenHarness(size: Size(width: 45, height: 8)).run(
            Hinted([.move, .select("open"), .help, .back, .quit, KeyHint("m", "move favourite")]))
        #expect(
            frame.row(7).split(separator: " ").joined(separator: " ") == "↑↓←→ move · ? keys · Esc back · q quit",
            "\(frame.row(7))")
    }

    /// The hints of bound keys show the keys as they are bound: rebound, the line follows;
    /// unbound, the hint goes. The screen's own keys show as written.
    @Test func boundHintsFollowTheBindings() {
        var bindings = KeyBindings.standard
        bindings.bind(.character("?"), to: nil)
        bindings.bind(.function(1), to: .help)
        bindings.bind(.character("q"), to: nil)
        let hints: [KeyHint] = [
            .moveUpDown, KeyHint([.first, .last], alternative: 1, "first/last"), KeyHint([.pageUp, .pageDown], ""),
            KeyHint("/", "filter"), .help, .quit
        ]
        let standard = ScreenHarness(size: Size(width: 80, height: 8)).run(Hinted(hints))
        #expect(
            standard.row(7).split(separator: " ").joined(separator: " ")
                == "↑↓ move · g/G first/last · PgUp/PgDn · / filter · ? keys · q quit")
        let rebound = ScreenHarness(size: Size(width: 80, height: 8), keyBindings: bindings).run(Hinted(hints))
        #expect(
            rebound.row(7).split(separator: " ").joined(separator: " ")
                == "↑↓ move · g/G first/last · PgUp/PgDn · / filter · F1 keys")
    }

    /// The help screen's last line is the hint line as the screen shows it.
    @Test func helpEndsWithTheHintLine() {
        let help = HelpScreen(for: Hinted())
        #expect(
            help.rows.last == KeyHelp("on this screen", "↑↓ move · Enter open · / filter · g groups · ? keys · q quit"))
    }
}
