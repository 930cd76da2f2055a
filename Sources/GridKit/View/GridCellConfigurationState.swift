/// Everything about a cell's situation that may change how it looks (UIKit's
/// `UICellConfigurationState`): handed to `GridCell.updateConfiguration(using:)` and the
/// cell's `configurationUpdateHandler` whenever it changes, and to
/// `ContentConfiguration.updated(for:)` and `BackgroundConfiguration.updated(for:)`.
///
/// The terminal has no touch: the keyboard's focus is the highlight, so `isHighlighted` is
/// `isFocused`. UIKit's drag and drop and swipe states have no counterpart.
public struct GridCellConfigurationState: Hashable, Sendable {
    /// The keyboard focus is on the item.
    public var isFocused = false
    /// The item is selected.
    public var isSelected = false
    /// The grid is editing (`GridView.isEditing`): reorder and delete accessories show.
    public var isEditing = false
    /// The cell says it is disabled (`GridCell.isDisabled`).
    public var isDisabled = false
    /// The item is an open parent in an outline section (a `GridSectionSnapshot`).
    public var isExpanded = false
    /// The item is picked up and being moved (`GridView.beginInteractiveMovementForItem(at:)`).
    public var isReordering = false

    /// The focus, under UIKit's other name for it: in a terminal the focus is the highlight.
    public var isHighlighted: Bool {
        get { isFocused }
        set { isFocused = newValue }
    }

    /// A state: nothing focused, selected, editing, disabled, expanded or moving unless said.
    public init(
        isFocused: Bool = false, isSelected: Bool = false, isEditing: Bool = false, isDisabled: Bool = false,
        isExpanded: Bool = false, isReordering: Bool = false
    ) {
        self.isFocused = isFocused; self.isSelected = isSelected; self.isEditing = isEditing
        self.isDisabled = isDisabled; self.isExpanded = isExpanded; self.isReordering = isReordering
    }

    /// The state a frame draws a cell in, with the grid's editing mode and the cell's own facts.
    init(_ drawn: CellState, isEditing: Bool, isDisabled: Bool, isExpanded: Bool) {
        isFocused = drawn.isFocused; isSelected = drawn.isSelected; isReordering = drawn.isMoving
        self.isEditing = isEditing; self.isDisabled = isDisabled; self.isExpanded = isExpanded
    }
}
