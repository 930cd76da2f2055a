import GridKit

/// Runs a whole `Screen` the way an app does, through the real `ScreenController` on a
/// headless host: title and hint lines, overlay, the screen's own `handle`, the grid, and
/// navigation (pushes, pops, `?` help). For testing what a screen does with keys, not only
/// what its grid draws. The run is synchronous: the main actor's jobs (screen tasks, timers)
/// do not run during it; `ScreenDriver` runs those.
///
/// ```swift
/// let frame = ScreenHarness(size: Size(width: 80, height: 24)).run(MyScreen(), keys: "down*3, /, text:ann")
/// try Snapshot().verify(frame, named: "filtered")
/// ```
@MainActor
public struct ScreenHarness {
    /// The terminal size the screen runs at.
    package var size: Size
    /// The colours the host claims to show.
    package var colorMode: ColorMode
    /// Whether going back from the first screen ends the run, as the app under test says.
    package var quitsWhenRootPops: Bool
    /// The app's key map (what its `ScreenController` is given).
    package var keyBindings: KeyBindings

    /// A harness for a terminal of `size`, with the app's key map.
    public init(
        size: Size, colorMode: ColorMode = .palette256, quitsWhenRootPops: Bool = true,
        keyBindings: KeyBindings = .standard
    ) {
        self.size = size
        self.colorMode = colorMode
        self.quitsWhenRootPops = quitsWhenRootPops
        self.keyBindings = keyBindings
    }

    /// Runs `screen` with the events of `keys` (an `InputEvent.script`, e.g. `"down*3, enter, esc"`)
    /// and returns the host, whose `lastFrame` is the final screen and `presentCount` says how
    /// many frames were drawn. `waitForWork` lets background work finish after the keys (see
    /// `HeadlessHost.waitForWork`).
    @discardableResult
    package func host(
        running screen: any Screen, keys: String = "", events: [InputEvent] = [],
        waitForWork: ((Mailbox) -> Bool)? = nil
    ) -> HeadlessHost {
        play(screen, keys: keys, events: events, waitForWork: waitForWork).host
    }

    /// Runs `screen` with `keys` (an `InputEvent.script`, e.g. `"down*3, enter, esc"`), then
    /// `events`, and returns what happened: the last frame drawn (the whole terminal), the
    /// screen on top then and its grid. Work screens post to the `Mailbox` runs between events.
    /// When they are done, `waitForWork` is called with the mailbox: it may wait (with a
    /// deadline) until work arrives (`Mailbox.hasWork`) and return true to run it and be asked
    /// again, or return false to end the run. By default nothing is waited for.
    @discardableResult
    public func run(
        _ screen: any Screen, keys: String = "", events: [InputEvent] = [],
        waitForWork: ((Mailbox) -> Bool)? = nil
    ) -> ScreenRun {
        play(screen, keys: keys, events: events, waitForWork: waitForWork)
    }

    private func play(_ screen: any Screen, keys: String, events: [InputEvent], waitForWork: ((Mailbox) -> Bool)?)
        -> ScreenRun
    {
        let host = HeadlessHost(
            size: size, colorMode: colorMode,
            events: (keys.isEmpty ? [] : InputEvent.script(keys)) + events)
        host.waitForWork = waitForWork
        let controller = ScreenController(host: host, quitsWhenRootPops: quitsWhenRootPops, keyBindings: keyBindings)
        var top: (screen: (any Screen)?, grid: GridView?) = (nil, nil)
        // The stack is gone once the run ends: note what each frame showed.
        host.afterPresent = { top = (controller.screens.last, controller.gridView) }
        controller.run(screen)
        // Every run draws at least its first frame, so there is always a last one.
        return ScreenRun(frame: host.lastFrame!, topScreen: top.screen, gridView: top.grid, host: host)
    }
}

/// What a `ScreenHarness` run left: the last frame, and the screen, grid, focus and selection
/// it showed.
@MainActor
public struct ScreenRun {
    /// The last frame drawn: the whole terminal.
    public let frame: Canvas
    /// The screen on top when it was drawn.
    public let topScreen: (any Screen)?
    /// That screen's grid.
    public let gridView: GridView?
    /// The host the run played on (frame counts, the first frame).
    package let host: HeadlessHost

    /// The focused item of the top screen's grid.
    package var focusedIndexPath: IndexPath? { gridView?.focusedIndexPath }
    /// Its selected items, in order.
    package var selectedIndexPaths: [IndexPath] { gridView?.indexPathsForSelectedItems ?? [] }
    /// The frame's text (`Canvas.text`).
    public var text: String { frame.text }
    /// Row `y` of the frame.
    package func row(_ y: Int) -> String { frame.row(y) }

    /// The frame as snapshot text with a gutter that marks rows: `▶` where the focused item's
    /// first row is, `●` where a selected item's is.
    package var markedText: String {
        var marks = [Character](repeating: " ", count: frame.size.height)
        func mark(_ ip: IndexPath, _ c: Character) {
            guard let grid = gridView, let a = grid.layout.layoutAttributesForItem(at: ip) else { return }
            let y = grid.frame.minY + a.frame.minY - grid.contentOffset.y
            if y >= grid.frame.minY, y < grid.frame.maxY, y < marks.count, marks[y] == " " { marks[y] = c }
        }
        if let f = focusedIndexPath { mark(f, "▶") }
        for ip in selectedIndexPaths { mark(ip, "●") }
        return (0..<frame.size.height).map { "\(marks[$0])|" + frame.row($0) + "|" }.joined(separator: "\n") + "\n"
    }
}
