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
    /// show, so drawing it later only copies cells. Nil when there is nothing to prepare.
    public let prepareCells: CellPreparer?

    /// The services of a host; hosts and harnesses make these.
    public init(
        mailbox: Mailbox, colorMode: ColorMode, depth: Int = 0,
        graphicsMode: GraphicsMode = .blocks, cellPixelSize: Size = Size(width: 10, height: 20),
        backgroundTone: BackgroundTone = .dark, prepareImage: ImagePreparer? = nil, prepareCells: CellPreparer? = nil
    ) {
        self.mailbox = mailbox; self.colorMode = colorMode; self.depth = depth
        self.graphicsMode = graphicsMode; self.cellPixelSize = cellPixelSize
        self.backgroundTone = backgroundTone; self.prepareImage = prepareImage; self.prepareCells = prepareCells
    }
}
