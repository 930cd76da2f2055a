/// Services a screen may need from where it runs.
@MainActor
public struct ScreenContext {
    /// Post main-thread work here from background threads; it wakes the run loop.
    public let mailbox: Mailbox
    /// What the host can show.
    public let colorMode: ColorMode
    /// Where delegate callbacks (`didSelectItemAt` from Enter or a double click) ask to go
    /// somewhere; the controller acts on it once the event is handled.
    public let navigation: NavigationRequests
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

    /// The services of a host; hosts and harnesses make these.
    public init(mailbox: Mailbox, colorMode: ColorMode, navigation: NavigationRequests = NavigationRequests(),
                graphicsMode: GraphicsMode = .blocks, cellPixelSize: Size = Size(width: 10, height: 20),
                backgroundTone: BackgroundTone = .dark, prepareImage: ImagePreparer? = nil) {
        self.mailbox = mailbox; self.colorMode = colorMode; self.navigation = navigation
        self.graphicsMode = graphicsMode; self.cellPixelSize = cellPixelSize
        self.backgroundTone = backgroundTone; self.prepareImage = prepareImage
    }
}

/// A one-slot queue of navigation asked for from inside the grid's delegate calls, which
/// cannot return a `ScreenAction` themselves.
@MainActor
public final class NavigationRequests {
    private var pending: ScreenAction?
    /// No request pending.
    public init() {}
    /// Show `screen` on top once the current event is handled.
    public func push(_ screen: any Screen) { pending = .push(screen) }
    /// The request, if any, clearing it.
    package func take() -> ScreenAction? { defer { pending = nil }; return pending }
}
