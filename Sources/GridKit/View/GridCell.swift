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
///
/// Or, as UIKit's cells, give it configurations and let it draw them: a
/// `backgroundConfiguration` fills it, a `contentConfiguration` draws over that, and a
/// `configurationUpdateHandler` changes either whenever the item's state changes (the focus
/// comes or goes, the grid starts editing).
@MainActor
open class GridCell {
    /// The identifier it was registered and dequeued under.
    public internal(set) var reuseIdentifier: String = ""

    /// What the cell shows (UIKit's `contentConfiguration`), drawn by `draw(in:bounds:state:)`
    /// unless a subclass draws otherwise. A `ListCell` draws it between its accessories.
    public var contentConfiguration: (any ContentConfiguration)?
    /// What the cell is filled with under its content (UIKit's `backgroundConfiguration`);
    /// nil fills nothing (a `ListCell` then fills as its content's focus style says).
    public var backgroundConfiguration: BackgroundConfiguration?
    /// When true (the default), the cell draws its content configuration updated for its
    /// state (`ContentConfiguration.updated(for:)`), as UIKit's cells do.
    public var automaticallyUpdatesContentConfiguration = true
    /// When true (the default), the cell draws its background configuration updated for its
    /// state (`BackgroundConfiguration.updated(for:)`): a focused row takes the focus colour.
    public var automaticallyUpdatesBackgroundConfiguration = true
    /// Drawn dim by the cells that read it (`ListCell`), and `isDisabled` in the cell's
    /// configuration state; the grid still moves focus onto it (as UIKit's
    /// `isUserInteractionEnabled` is the app's to check).
    public var isDisabled = false

    /// Called with the cell and its new state whenever the state changes (UIKit's
    /// `configurationUpdateHandler`): when the cell comes on screen, when the focus comes to it
    /// or leaves, when it is selected, when the grid starts or stops editing. Set it in the
    /// cell's registration handler, and set the cell's configurations in it. Setting it calls
    /// it again before the cell is next drawn. A cell without one costs nothing more per key.
    public var configurationUpdateHandler: ((_ cell: GridCell, _ state: GridCellConfigurationState) -> Void)? {
        didSet { appliedState = nil }
    }
    /// The state the cell was last updated for (`updateConfiguration(using:)`); the grid sets
    /// it before the cell is measured or drawn.
    public var configurationState: GridCellConfigurationState { appliedState ?? GridCellConfigurationState() }
    /// The state `updateConfiguration(using:)` last ran for; nil when it must run again.
    var appliedState: GridCellConfigurationState?
    /// The item's place in its section's outline, set by the diffable data source after the
    /// cell provider; nil outside outlines.
    var outline: OutlinePlace?

    /// The grid makes cells itself (through the registered class), so subclasses keep this initialiser.
    public required init() {}

    /// Called before a cell that left the screen is handed out again: reset content here.
    open func prepareForReuse() {}

    /// Updates the cell for `state` (UIKit's `updateConfiguration(using:)`): the default calls
    /// `configurationUpdateHandler`. Override it to restyle a subclass by state; the grid
    /// calls it whenever the state changes, before the cell is measured or drawn.
    open func updateConfiguration(using state: GridCellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }

    /// Asks for `updateConfiguration(using:)` again before the cell is next drawn, though its
    /// state did not change (something the handler reads did). Redraw the item too
    /// (`GridView.reconfigureItems(at:)`) for it to show at once.
    public func setNeedsUpdateConfiguration() { appliedState = nil }

    /// Runs `updateConfiguration(using:)` when `state` is not the one it last ran for.
    @inline(__always)
    func applyConfigurationState(_ state: GridCellConfigurationState) {
        guard appliedState != state else { return }
        appliedState = state
        updateConfiguration(using: state)
    }

    /// The cell's state as a frame draws it: `drawn`, the grid's editing mode, and what the
    /// cell knows of itself.
    func configurationState(_ drawn: CellState, isEditing: Bool) -> GridCellConfigurationState {
        GridCellConfigurationState(
            drawn, isEditing: isEditing, isDisabled: isDisabled, isExpanded: outline?.isExpanded ?? false)
    }

    /// The content configuration as the cell draws it in `state`.
    func shownContent(for state: GridCellConfigurationState) -> (any ContentConfiguration)? {
        guard let content = contentConfiguration else { return nil }
        return automaticallyUpdatesContentConfiguration ? content.updated(for: state) : content
    }

    /// The background configuration as the cell draws it in `state`.
    func shownBackground(for state: GridCellConfigurationState) -> BackgroundConfiguration? {
        guard let background = backgroundConfiguration else { return nil }
        return automaticallyUpdatesBackgroundConfiguration ? background.updated(for: state) : background
    }

    /// The size this cell wants for its current content, for layouts that size cells by their
    /// content (`GridLayout.preferredSizeOffer(for:)`). `size` is the space offered: for a flow
    /// layout, the item's cross extent and the estimated main extent; for a compositional
    /// layout, the item's width and its estimated height (its estimated width and its height, in
    /// a row that scrolls sideways). The default asks the content configuration, if any; nil
    /// keeps the estimate.
    open func preferredSize(fitting size: Size) -> Size? { contentConfiguration?.preferredSize(fitting: size) }

    /// Draws the cell. `bounds` starts at (0, 0) and has the cell's size. The default draws
    /// the background configuration, then the content configuration, each updated for the
    /// cell's state; a subclass that draws itself overrides it.
    open func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        // The state handed in wins over the one last applied (a test may draw a cell by hand).
        let full = configurationState(state, isEditing: appliedState?.isEditing ?? false)
        shownBackground(for: full)?.draw(in: context, bounds: bounds)
        shownContent(for: full)?.draw(in: context, bounds: bounds, state: full)
    }

    /// True when `draw` paints every cell of its bounds, whatever it shows (it fills its
    /// background first, say). As UIKit's `isOpaque`, a promise that lets the grid skip work:
    /// a header or footer that makes it hides the cells wholly beneath it (a pinned header over
    /// the rows scrolling under it), and those are then not drawn again on a scroll. False
    /// (the default) is always correct.
    open var isOpaque: Bool { false }

    /// The action of a delete accessory the cell shows in `state` (a `ListCell`'s), for the
    /// delete key; nil when it shows none.
    func deleteAction(in state: GridCellConfigurationState) -> ListCellAccessory.ActionHandler? { nil }
    /// Whether the cell shows a reorder accessory in `state`, so the move key picks it up.
    func showsReorderControl(in state: GridCellConfigurationState) -> Bool { false }
    /// The delete accessory's action when local column `x` of the cell's first row is on its
    /// glyph as last drawn.
    func deleteAction(atColumn x: Int) -> ListCellAccessory.ActionHandler? { nil }
}
