import GridKit

/// Runs a whole `Screen` the way an app does, through the real `ScreenController` on a
/// `HeadlessHost`: title and hint lines, overlay, the screen's own `handle`, the grid, and
/// navigation (pushes, pops, `?` help). For testing what a screen does with keys, not only
/// what its grid draws.
///
/// ```swift
/// let frame = ScreenHarness(size: Size(width: 80, height: 24)).run(MyScreen(), keys: "down*3, /, text:ann")
/// try Snapshot().verify(frame, named: "filtered")
/// ```
@MainActor
public struct ScreenHarness {
    /// The terminal size the screen runs at.
    public var size: Size
    /// The colours the host claims to show.
    public var colorMode: ColorMode
    /// Whether going back from the first screen ends the run, as the app under test says.
    public var quitsWhenRootPops: Bool

    /// A harness for a terminal of `size`.
    public init(size: Size, colorMode: ColorMode = .palette256, quitsWhenRootPops: Bool = true) {
        self.size = size
        self.colorMode = colorMode
        self.quitsWhenRootPops = quitsWhenRootPops
    }

    /// Runs `screen` with the events of `keys` (an `InputEvent.script`, e.g. `"down*3, enter, esc"`)
    /// and returns the host, whose `lastFrame` is the final screen and `presentCount` says how
    /// many frames were drawn. `waitForWork` lets background work finish after the keys (see
    /// `HeadlessHost.waitForWork`).
    @discardableResult
    public func host(running screen: any Screen, keys: String = "", events: [InputEvent] = [],
                     waitForWork: ((Mailbox) -> Bool)? = nil) -> HeadlessHost {
        let host = HeadlessHost(size: size, colorMode: colorMode,
                                events: (keys.isEmpty ? [] : InputEvent.script(keys)) + events)
        host.waitForWork = waitForWork
        ScreenController(host: host, quitsWhenRootPops: quitsWhenRootPops).run(screen)
        return host
    }

    /// Runs `screen` with `keys` and returns the last frame drawn: the whole terminal.
    @discardableResult
    public func run(_ screen: any Screen, keys: String = "", events: [InputEvent] = [],
                    waitForWork: ((Mailbox) -> Bool)? = nil) -> Canvas {
        // Every run draws at least its first frame, so there is always a last one.
        host(running: screen, keys: keys, events: events, waitForWork: waitForWork).lastFrame!
    }
}
