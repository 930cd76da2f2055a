/// What screens run on: the real terminal (`GridKitTerminal.Terminal`) or a headless host in
/// tests. It shows canvases, delivers input, and runs work posted from background threads.
@MainActor
package protocol ScreenHost: AnyObject {
    /// The drawable size in cells.
    var size: Size { get }
    /// What colours the host can show.
    var colorMode: ColorMode { get }
    /// How the host shows pictures (`.blocks` when it cannot do better).
    var graphicsMode: GraphicsMode { get }
    /// The size of one cell in pixels, for making pictures that fill cells exactly.
    var cellPixelSize: Size { get }
    /// Whether the background is dark or light.
    var backgroundTone: BackgroundTone { get }
    /// Which characters it shows for lines, blocks and shades (`.ascii` where the locale is
    /// not UTF-8).
    var glyphSet: GlyphSet { get }
    /// Which block elements pictures drawn in text may use (`.halfBlocks` where the terminal is
    /// not known to draw finer ones).
    var pictureSymbols: PictureSymbols { get }
    /// What to do to a picture ahead of time, on the thread that made it (encode it for the
    /// terminal), or nil.
    var imagePreparer: ImagePreparer? { get }
    /// What to do to a block of cells ahead of time, on the thread that made it (turn its colours
    /// into the terminal's, and say what it left for later), or nil.
    var cellPreparer: CellPreparer? { get }
    /// Where background threads post work for the main thread; posting wakes the loop.
    var mailbox: Mailbox { get }
    /// The clock screens' timed work waits on (`ScreenContext.every(_:_:)`).
    var clock: any Clock<Duration> { get }
    /// Makes the screen look like `canvas`, sending only what changed since the last call.
    func present(_ canvas: Canvas)
    /// Runs until `handler` returns false. It is called with each input event, and with nil after
    /// posted work or main-actor jobs ran, so the screen can redraw what that work changed. A
    /// host that sleeps on the main thread must run the main actor's jobs while it waits (as
    /// `Terminal` does), or screens' tasks never run.
    func run(_ handler: (InputEvent?) -> Bool)
}

extension ScreenHost {
    /// Default: `.blocks`.
    package var graphicsMode: GraphicsMode { .blocks }
    /// Default: `Size(width: 10, height: 20)`.
    package var cellPixelSize: Size { Size(width: 10, height: 20) }
    /// Default: `.dark`.
    package var backgroundTone: BackgroundTone { .dark }
    /// Default: `.unicode`.
    package var glyphSet: GlyphSet { .unicode }
    /// Default: `.halfBlocks`.
    package var pictureSymbols: PictureSymbols { .halfBlocks }
    /// Default: nil.
    package var imagePreparer: ImagePreparer? { nil }
    /// Default: nil.
    package var cellPreparer: CellPreparer? { nil }
    /// Default: `ContinuousClock()`.
    package var clock: any Clock<Duration> { ContinuousClock() }
}
