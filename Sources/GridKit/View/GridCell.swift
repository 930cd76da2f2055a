/// How a cell should look this frame.
public struct CellState: Hashable, Sendable {
    /// The keyboard focus is on this item.
    public var isFocused: Bool
    /// The item is selected.
    public var isSelected: Bool
    /// The item is picked up to be moved (`GridView.beginInteractiveMovementForItem(at:)`).
    public var isMoving: Bool
    /// A state; neither focused, selected nor moving by default.
    public init(isFocused: Bool = false, isSelected: Bool = false, isMoving: Bool = false) {
        self.isFocused = isFocused; self.isSelected = isSelected; self.isMoving = isMoving
    }
}

/// A reusable piece of the grid: an item's cell or a section's header/footer.
///
/// Subclass it, register the subclass with `GridView.register(_:forCellWithReuseIdentifier:)`,
/// and fill it in `gridView(_:cellForItemAt:)` after dequeuing it. A cell only draws itself into
/// the `DrawContext` it is handed; it never knows which screen it is in.
@MainActor
open class GridCell {
    /// The identifier it was registered and dequeued under.
    public internal(set) var reuseIdentifier: String = ""

    /// The grid makes cells itself (through the registered class), so subclasses keep this initialiser.
    public required init() {}

    /// Called before a cell that left the screen is handed out again: reset content here.
    open func prepareForReuse() {}

    /// The size this cell wants for its current content, for layouts that size cells by their
    /// content (`GridLayout.preferredSizeOffer(for:)`). `size` is the space offered: for a flow
    /// layout, the item's cross extent and the estimated main extent; for a compositional
    /// layout, the item's width and its estimated height (its estimated width and its height, in
    /// a row that scrolls sideways). Nil (the default) keeps the estimate.
    open func preferredSize(fitting size: Size) -> Size? { nil }

    /// Draws the cell. `bounds` starts at (0, 0) and has the cell's size.
    open func draw(in context: DrawContext, bounds: Rect, state: CellState) {}

    /// True when `draw` paints every cell of its bounds, whatever it shows (it fills its
    /// background first, say). As UIKit's `isOpaque`, a promise that lets the grid skip work:
    /// a header or footer that makes it hides the cells wholly beneath it (a pinned header over
    /// the rows scrolling under it), and those are then not drawn again on a scroll. False
    /// (the default) is always correct.
    open var isOpaque: Bool { false }
}
