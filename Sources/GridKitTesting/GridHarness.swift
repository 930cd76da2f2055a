import GridKit

/// Renders a delegate/data source in a `GridView` of a given size, the way a screen would,
/// and presses keys on it. The grid fills the whole canvas.
@MainActor
public final class GridHarness {
    /// The grid under test, filling the canvas.
    public let gridView: GridView
    /// Where frames are drawn.
    public let canvas: Canvas
    private let content: any DelegateDataSource

    /// Builds the grid, lets `content` register its cells, and loads it.
    public init(_ content: any DelegateDataSource, layout: any GridLayout, size: Size, colorMode: ColorMode = .palette256) {
        self.content = content
        canvas = Canvas(size: size, colorMode: colorMode)
        gridView = GridView(frame: Rect(origin: .zero, size: size), layout: layout)
        gridView.connect(content)
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
