import GridKit

/// Renders a delegate/data source in a `GridView` of a given size, the way a screen would,
/// and presses keys on it. The grid fills the whole canvas.
@MainActor
public final class GridHarness {
    /// The grid under test, filling the canvas.
    public let gridView: GridView
    /// Where frames are drawn.
    package let canvas: Canvas
    /// What the grid was given, kept alive (the grid holds it weakly).
    private let content: AnyObject?
    private let dataSource: (any GridDataSource)?

    /// Builds the grid, lets `content` register its cells, and loads it.
    public init(
        _ content: any DelegateDataSource, layout: any GridLayout, size: Size, colorMode: ColorMode = .palette256
    ) {
        self.content = content
        dataSource = nil
        canvas = Canvas(size: size, colorMode: colorMode)
        gridView = GridView(frame: Rect(origin: .zero, size: size), layout: layout)
        gridView.connect(content)
    }

    /// Builds the grid for a whole screen as `ScreenController` does (its layout, its cells,
    /// `attach` with `context`, its data source), without the title and hint lines.
    public init(screen: any Screen, size: Size, context: ScreenContext? = nil, colorMode: ColorMode = .palette256) {
        content = screen
        canvas = Canvas(size: size, colorMode: colorMode)
        gridView = GridView(frame: Rect(origin: .zero, size: size), layout: screen.makeLayout())
        dataSource = gridView.load(screen, context: context ?? ScreenContext(mailbox: Mailbox(), colorMode: colorMode))
    }

    /// Sends events to the grid, then renders. Returns the frame.
    @discardableResult
    public func press(_ events: [InputEvent]) -> Canvas {
        for e in events { gridView.handle(e) }
        return render()
    }

    /// Renders the current state.
    @discardableResult
    public func render() -> Canvas {
        gridView.render(into: canvas)
        return canvas
    }
}
