/// What fills a cell under its content (UIKit's `UIBackgroundConfiguration`): a colour and a
/// character, and the colours it takes when the item is focused or selected. Set it as a
/// cell's `GridCell.backgroundConfiguration`; the cell draws it updated for its state, so a
/// focused row takes `focusedBackgroundColor` with no code of the app's.
///
/// UIKit's corner radius, stroke, visual effect and image have no terminal counterpart; the
/// fill character (a shade, `░`, say) is the terminal's own.
public struct BackgroundConfiguration: Sendable, Equatable {
    /// The fill's colour; nil leaves the terminal's default background.
    public var backgroundColor: Color?
    /// The character the cell is filled with: a space, or a shade for a patterned fill.
    public var fillCharacter: Character = " "
    /// The colour of `fillCharacter` (when it is not a space); nil is the default foreground.
    public var fillColor: Color?
    /// `backgroundColor` while the item has the focus; nil keeps `backgroundColor`.
    public var focusedBackgroundColor: Color?
    /// `backgroundColor` while the item is selected (and not focused); nil keeps it.
    public var selectedBackgroundColor: Color?
    /// `backgroundColor` while the item is picked up to be moved; nil keeps it.
    public var reorderingBackgroundColor: Color?

    /// A background of `backgroundColor` that no state changes.
    public init(backgroundColor: Color? = nil) { self.backgroundColor = backgroundColor }

    /// A plain list's row: no fill of its own, cyan under the focus (as `ListContentConfiguration`'s
    /// focus style), blue when selected.
    public static func listPlainCell() -> BackgroundConfiguration {
        var c = BackgroundConfiguration()
        c.focusedBackgroundColor = .cyan
        c.selectedBackgroundColor = .blue
        c.reorderingBackgroundColor = .yellow
        return c
    }

    /// A grouped list's row: as a plain one, but bright black (grey) behind rows that are
    /// neither focused nor selected, so the group stands apart from the screen.
    public static func listGroupedCell() -> BackgroundConfiguration {
        var c = listPlainCell()
        c.backgroundColor = .brightBlack
        return c
    }

    /// A sidebar's row: no fill, blue under the focus, cyan when selected (the sidebar's
    /// chosen row stays marked while the focus goes elsewhere).
    public static func listSidebarCell() -> BackgroundConfiguration {
        var c = BackgroundConfiguration()
        c.focusedBackgroundColor = .blue
        c.selectedBackgroundColor = .cyan
        c.reorderingBackgroundColor = .yellow
        return c
    }

    /// No fill in any state (UIKit's `.clear()`).
    public static func clear() -> BackgroundConfiguration { BackgroundConfiguration() }

    /// The background as it looks in `state`: `backgroundColor` is the state's colour, and
    /// the per-state colours are spent, so updating it again for another state changes
    /// nothing (an update handler's own colour stays).
    public func updated(for state: GridCellConfigurationState) -> BackgroundConfiguration {
        var c = self
        if state.isReordering, let moving = reorderingBackgroundColor {
            c.backgroundColor = moving
        } else if state.isFocused, let focused = focusedBackgroundColor {
            c.backgroundColor = focused
        } else if state.isSelected, let selected = selectedBackgroundColor {
            c.backgroundColor = selected
        }
        c.focusedBackgroundColor = nil; c.selectedBackgroundColor = nil; c.reorderingBackgroundColor = nil
        return c
    }

    /// The style text takes over this background: its colour behind the text.
    var textBackground: Color { backgroundColor ?? .default }

    /// Fills `bounds` of `context`.
    @MainActor
    func draw(in context: DrawContext, bounds: Rect) {
        context.fill(
            bounds, style: Style(foreground: fillColor ?? .default, background: textBackground),
            character: fillCharacter)
    }
}
