import GridKit
import GridKitPresenting

/// A `ScreenHost` without a terminal: it replays a script of events, keeps the first and last
/// presented frames, counts what each frame changed (with the terminal's own `FrameDiff`), and
/// runs posted background work between events. For tests and benchmarks.
@MainActor
package final class HeadlessHost: ScreenHost {
    /// The size screens see; a scripted resize changes it.
    package var size: Size
    /// The colours the host claims to show.
    package let colorMode: ColorMode
    /// Work posted here runs between events.
    package let mailbox = Mailbox()
    /// The clock screens wait on: the real one unless a test sets another (`ScreenDriver`
    /// sets a `ManualClock`).
    package var clock: any Clock<Duration> = ContinuousClock()
    /// The picture mode screens see (to test how they place images).
    package var graphicsMode = GraphicsMode.blocks
    /// One cell in pixels.
    package var cellPixelSize = Size(width: 10, height: 20)
    /// The background screens see (to test drawing for light terminals).
    package var backgroundTone = BackgroundTone.dark
    /// What `glyphSet` reports (`.ascii` to draw as for a terminal whose locale is not UTF-8).
    package var glyphSet = GlyphSet.unicode
    private var script: [InputEvent]
    private var diff = FrameDiff()
    /// The last frame presented.
    package private(set) var lastFrame: Canvas?
    /// The first frame presented: what the screen showed before any event or background work.
    package private(set) var firstFrame: Canvas?
    /// How many frames were presented.
    package private(set) var presentCount = 0
    /// How many cells each presented frame changed, as a terminal would have sent them.
    package private(set) var changedCells: [Int] = []

    /// A host of `size` that will play `events` in order.
    package init(size: Size, colorMode: ColorMode = .palette256, events: [InputEvent] = []) {
        self.size = size
        self.colorMode = colorMode
        script = events
    }

    /// Called when the script is done, to wait for background work; return true to run it and
    /// be called again, false to stop. By default nothing is waited for.
    package var waitForWork: ((Mailbox) -> Bool)?

    /// Called after each scripted event was handled (and its frame presented), with the event;
    /// it may `enqueue` more, to drive a run from what the screen shows.
    package var afterEachEvent: ((InputEvent) -> Void)?

    /// Adds events to play (during a run too, from `afterEachEvent`).
    package func enqueue(_ events: [InputEvent]) { script += events }

    /// Called after each frame is presented (the harness notes what the frame showed).
    package var afterPresent: (() -> Void)?

    /// Keeps a copy of the frame and counts its changes.
    package func present(_ canvas: Canvas) {
        changedCells.append(diff.update(to: canvas) { _, _, _ in })
        lastFrame = canvas.copy()
        if firstFrame == nil { firstFrame = lastFrame }
        presentCount += 1
        afterPresent?()
    }

    /// Plays the script, then stops (as if the user quit).
    package func run(_ handler: (InputEvent?) -> Bool) {
        while !script.isEmpty {
            if mailbox.drain() > 0, !handler(nil) { return }
            let event = script.removeFirst()
            if case .resize(let s) = event { size = s }
            if !handler(event) { return }
            afterEachEvent?(event)
        }
        if mailbox.drain() > 0, !handler(nil) { return }
        while let wait = waitForWork, wait(mailbox) {
            if mailbox.drain() > 0, !handler(nil) { return }
        }
    }
}
