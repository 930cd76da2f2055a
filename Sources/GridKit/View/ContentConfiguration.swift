/// What a cell shows, as a value (UIKit's `UIContentConfiguration`): set it as a cell's
/// `GridCell.contentConfiguration` and the cell draws it. UIKit's `makeContentView()` makes a
/// view that draws; a terminal cell draws characters itself, so a configuration draws into the
/// cell's `DrawContext` directly. `ListContentConfiguration` is one.
public protocol ContentConfiguration {
    /// Draws the content into `bounds` of `context` (the cell's, or what a `ListCell` leaves
    /// between its accessories), for a cell in `state`.
    @MainActor func draw(in context: DrawContext, bounds: Rect, state: GridCellConfigurationState)
    /// The size the content wants within `size` (see `GridCell.preferredSize(fitting:)`); nil
    /// keeps the layout's estimate. The default is nil.
    func preferredSize(fitting size: Size) -> Size?
    /// The configuration as it looks in `state` (a focused row's colours, a selected row's
    /// weight). A cell draws the one it holds updated for its state; an update handler
    /// starts from a configuration updated for the state and changes it further.
    func updated(for state: GridCellConfigurationState) -> Self
}

extension ContentConfiguration {
    /// Nil: the layout's estimate stands.
    public func preferredSize(fitting size: Size) -> Size? { nil }
}
