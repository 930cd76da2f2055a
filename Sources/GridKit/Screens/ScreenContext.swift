/// Services a screen may need from where it runs.
@MainActor
public struct ScreenContext {
    /// Post main-thread work here from background threads; it wakes the run loop.
    public let mailbox: Mailbox
    /// What the host can show.
    public let colorMode: ColorMode
    /// How deep the screen is on the navigation stack: 0 for the root.
    public let depth: Int
    /// True for the first screen: going back from it leaves the app, if anything.
    public var isRoot: Bool { depth == 0 }
    /// How the host shows pictures: screens make pixel images for anything but `.blocks`.
    public let graphicsMode: GraphicsMode
    /// One cell in pixels, for pictures that fill their cells.
    public let cellPixelSize: Size
    /// Whether the background is dark or light.
    public let backgroundTone: BackgroundTone
    /// Call it with a picture on the thread that made it (a decode thread): the host encodes it
    /// for the terminal there, so drawing it later only copies bytes. Nil when there is nothing
    /// to prepare.
    public let prepareImage: ImagePreparer?
    /// Call it with a block of cells on the thread that made it (a picture in half blocks, made
    /// on a decode thread): the host turns the block's colours into those its terminal will
    /// show, so drawing it later only copies cells. What it returns is work it left for later
    /// (the terminal makes the rows' bytes there): run it on a worker thread once nothing more
    /// urgent is queued. Nil when there is nothing to prepare.
    public let prepareCells: CellPreparer?
    /// Which block elements a picture drawn in text may use (`DrawContext.drawSymbols`).
    public let pictureSymbols: PictureSymbols
    /// The clock screen work waits on (`sleep(for:)`, `every(_:_:)`): the real one in a
    /// terminal; in `ScreenDriver` a clock the test moves by hand.
    package let clock: any Clock<Duration>
    /// The screen's tasks, and the controller showing it.
    package let lifetime: ScreenLifetime

    /// The services of a host; hosts and harnesses make these.
    public init(
        mailbox: Mailbox, colorMode: ColorMode, depth: Int = 0,
        graphicsMode: GraphicsMode = .blocks, cellPixelSize: Size = Size(width: 10, height: 20),
        backgroundTone: BackgroundTone = .dark, prepareImage: ImagePreparer? = nil, prepareCells: CellPreparer? = nil,
        clock: any Clock<Duration> = ContinuousClock(), pictureSymbols: PictureSymbols = .halfBlocks
    ) {
        self.pictureSymbols = pictureSymbols
        self.clock = clock
        lifetime = ScreenLifetime()
        self.mailbox = mailbox; self.colorMode = colorMode; self.depth = depth
        self.graphicsMode = graphicsMode; self.cellPixelSize = cellPixelSize
        self.backgroundTone = backgroundTone; self.prepareImage = prepareImage; self.prepareCells = prepareCells
    }
}

// MARK: Work that lives as long as the screen

extension ScreenContext {
    /// Starts `work` on the main actor for as long as the screen is on the navigation stack: it
    /// is cancelled when the screen is popped or the app quits (the shape of SwiftUI's `.task`).
    /// The screen's loop runs it between input events, and draws a frame after each part of it
    /// that ran, so what it changed (status, hints, snapshots applied) shows with no further call.
    ///
    /// ```swift
    /// context.task { [weak self] in
    ///     for await sample in monitor.samples { self?.show(sample) }
    /// }
    /// ```
    @discardableResult
    public func task(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        lifetime.start(work)
    }

    /// Calls `body` every `interval` on the `clock` while the screen is on the stack, the first
    /// time one interval from now (Foundation's repeating `Timer`, as a screen task). Intervals
    /// are counted from the last call's end, so a slow `body` never piles calls up.
    @discardableResult
    public func every(_ interval: Duration, _ body: @escaping @MainActor () -> Void) -> Task<Void, Never> {
        let clock = self.clock
        return task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                if Task.isCancelled { return }
                body()
            }
        }
    }

    /// Waits `duration` on the screen's `clock`; throws `CancellationError` when the task is
    /// cancelled (the screen left).
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// Shows `text` on the screen's bottom line, in place of the key hints, for `duration`; a
    /// newer message replaces it.
    public func showMessage(_ text: String, for duration: Duration = .seconds(3)) {
        lifetime.presenter?.showMessage(text, for: duration)
    }

    /// Shows `alert` over the screen; it has the keys until one of its actions is chosen
    /// (`UIViewController.present(_:animated:)` for a `UIAlertController`).
    public func present(_ alert: AlertController) {
        lifetime.presenter?.present(alert)
    }
}
