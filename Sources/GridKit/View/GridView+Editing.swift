/// Editing (UIKit's `isEditing` on a collection view): list rows show their editing
/// accessories (`ListCellAccessory.reorder()`, `.delete(actionHandler:)`), every cell's
/// configuration state says so, and the move and delete keys act on rows that show those
/// accessories.
extension GridView {
    /// Whether the grid is editing. Changing it redraws every cell, each updated for its new
    /// state (`GridCell.configurationUpdateHandler`); leaving editing drops an item being moved
    /// where it is.
    public var isEditing: Bool {
        get { editing }
        set {
            guard newValue != editing else { return }
            if !newValue, isMovingItem { endInteractiveMovement() }
            editing = newValue
            // Rows may grow or shrink with their accessories (a wrapped subtitle): measure again.
            if layout.sizesCellsByContent { layout.invalidateMeasurements(at: Array(visibleCells.keys)) }
            setNeedsDisplay()
        }
    }

    /// The state the focused, selected or moving item `ip` is in now, for `cell`.
    func configurationState(of cell: GridCell, at ip: IndexPath) -> GridCellConfigurationState {
        cell.configurationState(
            CellState(
                isFocused: ip == focusedIndexPath, isSelected: selected.contains(ip), isMoving: movement?.at == ip),
            isEditing: editing)
    }

    /// Brings a cell that just came on screen (or was configured again) up to its state
    /// before it is measured or drawn.
    func updateConfiguration(of cell: GridCell, at ip: IndexPath) {
        cell.applyConfigurationState(configurationState(of: cell, at: ip))
    }

    /// The move key: picks the focused row up when it shows a reorder accessory; drops it
    /// when one is picked up (handled with the movement's keys).
    func handleMoveItemKey() -> Bool {
        guard let f = focusedIndexPath, let cell = visibleCells[f],
            cell.showsReorderControl(in: configurationState(of: cell, at: f))
        else { return false }
        return beginInteractiveMovementForItem(at: f)
    }

    /// The delete key: calls the focused row's delete accessory, when it shows one.
    func handleDeleteItemKey() -> Bool {
        guard let f = focusedIndexPath, let cell = visibleCells[f],
            let action = cell.deleteAction(in: configurationState(of: cell, at: f))
        else { return false }
        action()
        return true
    }

    /// A click on the delete glyph of the row at `ip` (content point `p`): its action, if so.
    func deleteAction(at p: Point, item ip: IndexPath) -> ListCellAccessory.ActionHandler? {
        guard let cell = visibleCells[ip], let frame = layout.layoutAttributesForItem(at: ip)?.frame, p.y == frame.minY
        else { return nil }
        return cell.deleteAction(atColumn: p.x - frame.minX)
    }
}
