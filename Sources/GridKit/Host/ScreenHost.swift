/// What screens run on: the real terminal (`GridKitTerminal.Terminal`) or a headless host in
/// tests. It shows canvases, delivers input, and runs work posted from background threads.
@MainActor
public protocol ScreenHost: AnyObject {
    /// The drawable size in cells.
    var size: Size { get }
    /// What colours the host can show.
    var colorMode: ColorMode { get }
    /// Where background threads post work for the main thread; posting wakes the loop.
    var mailbox: Mailbox { get }
    /// Makes the screen look like `canvas`, sending only what changed since the last call.
    func present(_ canvas: Canvas)
    /// Runs until `handler` returns false. It is called with each input event, and with nil after
    /// posted work ran, so the screen can redraw what that work changed.
    func run(_ handler: (InputEvent?) -> Bool)
}
