import GridKit

/// Runs a screen one step at a time, as the terminal's loop would, with the main actor free in
/// between: the screen's tasks (`ScreenContext.task`, `every`), `Task {}`s it starts, `for await`
/// loops and `MainActor.run` from other threads all run, and a frame is drawn after them. Time
/// is a clock the test moves (`advance(by:)`): a screen refreshed every second is tested in no
/// time.
///
/// ```swift
/// let app = ScreenDriver(size: Size(width: 60, height: 12))
/// app.start(MonitorScreen())
/// await app.advance(by: .seconds(3))   // three refreshes
/// #expect(app.frame.text.contains("refresh #4"))
/// await app.send("/, text:sleep, enter")
/// app.stop()
/// ```
@MainActor
public final class ScreenDriver {
    /// The host screens draw on; its `lastFrame` is the screen now.
    package let host: HeadlessHost
    /// The clock screens' timed work waits on.
    package let clock = ManualClock()
    private let controller: ScreenController
    /// False once a key or action ended the run (quit, or back from the root).
    package private(set) var isRunning = false

    /// A driver for a terminal of `size`, with the app's key map.
    public init(
        size: Size, colorMode: ColorMode = .palette256, quitsWhenRootPops: Bool = true,
        keyBindings: KeyBindings = .standard
    ) {
        host = HeadlessHost(size: size, colorMode: colorMode)
        host.clock = clock
        controller = ScreenController(host: host, quitsWhenRootPops: quitsWhenRootPops, keyBindings: keyBindings)
    }

    /// Shows `root` and draws its first frame.
    public func start(_ root: any Screen) {
        controller.start(root)
        isRunning = true
    }

    /// Plays `keys` (an `InputEvent.script`) and then `events`, each followed by whatever main-actor
    /// work it set going.
    public func send(_ keys: String = "", events: [InputEvent] = []) async {
        for event in (keys.isEmpty ? [] : InputEvent.script(keys)) + events where isRunning {
            if case .resize(let s) = event { host.size = s }
            if !controller.handle(event) { stop(); return }
            await settle()
        }
    }

    /// Moves the clock by `duration`, stopping at each deadline on the way so that repeating
    /// work runs once per interval; then draws.
    public func advance(by duration: Duration) async {
        let end = clock.now.advanced(by: duration)
        await settle()
        while let next = clock.nextDeadline, next <= end {
            clock.move(to: next)
            await settle()
        }
        clock.move(to: end)
        await settle()
    }

    /// Lets the main actor's queued jobs run (those they queue too), then draws a frame.
    public func settle() async {
        // Each yield puts this task behind every job queued on the main actor so far; a job
        // that queues another is served on a later round.
        for _ in 0..<64 { await Task.yield() }
        _ = host.mailbox.drain()
        if isRunning { _ = controller.handle(nil) }
    }

    /// Settles until `condition` holds (work on other threads, an `AsyncStream` fed by one),
    /// waiting at most `timeout` of real time. Returns whether it held.
    @discardableResult
    public func settle(until condition: () -> Bool, timeout: Duration = .seconds(10)) async -> Bool {
        let clock = ContinuousClock(), deadline = clock.now.advanced(by: timeout)
        while !condition() {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(2))
            await settle()
        }
        return true
    }

    /// Ends the run: every screen detached and its tasks cancelled.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        controller.finish()
    }

    /// The last frame drawn.
    public var frame: Canvas { host.lastFrame! }
    /// Its text.
    public var text: String { frame.text }
    /// The screen on top.
    public var topScreen: (any Screen)? { controller.screens.last }
    /// Its grid.
    public var gridView: GridView? { controller.gridView }
}
