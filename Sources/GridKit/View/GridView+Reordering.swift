/// Moving items by hand (UIKit's interactive movement): pick an item up, move it (the grid shows
/// it where it would land, the content moving with it), drop it or put it back. The move key
/// (`m`, `KeyAction.moveItem`) picks up a list row that shows a reorder accessory
/// (`ListCellAccessory.reorder()`, shown while the grid `isEditing`); otherwise the app calls
/// `beginInteractiveMovementForItem(at:)` (from a key of its own, say). Once picked up, the
/// arrows move it, Enter or the move key drops it and Esc puts it back; with the mouse, press on
/// an item and release on another. The data source says what may move
/// (`GridDataSource.gridView(_:canMoveItemAt:)`) and moves its content; a diffable source
/// reports the whole move, or its cancelling, to its `reorderingHandlers`.
///
/// A step names the index path the item has after it, as UIKit's `moveItemAt:to:` does: past
/// the end of its section it goes first in the next section, past the start last in the
/// previous one (empty sections too). The view scrolls only to keep the item in sight.
extension GridView {
    /// True while an item is picked up.
    public var isMovingItem: Bool { movement != nil }

    /// Picks up the item at `indexPath` (it gets the focus); false when the data source does
    /// not let it move, or another move is under way.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, let ds = dataSource, layout.layoutAttributesForItem(at: indexPath) != nil,
            ds.gridView(self, canMoveItemAt: indexPath)
        else { return false }
        movement = (indexPath, indexPath)
        setFocus(indexPath, scroll: true)
        setNeedsDisplay()
        return true
    }

    /// Moves the picked-up item to the place of the item nearest `point` (in content
    /// coordinates).
    public func updateInteractiveMovementTargetPosition(_ point: Point) {
        guard movement != nil, let target = layout.indexPathForItem(nearest: point) else { return }
        moveInteractiveItem(to: target)
    }

    /// Drops the picked-up item where it is.
    public func endInteractiveMovement() {
        guard let m = movement else { return }
        movement = nil
        dataSource?.gridView(self, didEndMovementFrom: m.start, to: m.at, committed: true)
        if isValid(m.at) { setFocus(m.at, scroll: true) }
        setNeedsDisplay()
    }

    /// Puts the picked-up item back where it started.
    public func cancelInteractiveMovement() {
        guard let m = movement else { return }
        if m.at != m.start { moveInteractiveItem(to: m.start) }
        movement = nil
        // Told even when the step back was refused: the data source puts the item back itself.
        dataSource?.gridView(self, didEndMovementFrom: m.start, to: m.start, committed: false)
        if isValid(m.start) { setFocus(m.start, scroll: true) }
        setNeedsDisplay()
    }

    /// One step of a move: the data source moves its content, the grid follows it. Returns
    /// false when the data source refused it.
    @discardableResult
    func moveInteractiveItem(to target: IndexPath) -> Bool {
        guard let m = movement, target != m.at, let ds = dataSource, ds.gridView(self, moveItemAt: m.at, to: target)
        else { return false }
        // A source that is not diffable told nothing to the grid: show its new content.
        if !(ds is any DiffableApplying) { reloadData() }
        movement = (m.start, target)
        setFocus(target, scroll: true)
        setNeedsDisplay()
        return true
    }

    /// Moves the picked-up item one step `direction`: to the layout's neighbour that way while
    /// it is in the same section; past the section's edge, to the first place in the next
    /// section (down or right) or the last place in the previous one (up or left), empty or
    /// not, passing over sections the data source refuses. Across the scroll direction the
    /// edge is crossed only where the layout has a neighbour that way.
    func stepInteractiveItem(_ direction: FocusDirection) {
        guard let at = movement?.at else { return }
        let next = layout.neighbor(of: at, direction: direction)
        if let next, next.section == at.section {
            moveInteractiveItem(to: next)
            return
        }
        let alongSections = (layout.scrollDirection == .vertical) == (direction == .up || direction == .down)
        guard next != nil || alongSections else { return }
        let forward = direction == .down || direction == .right
        var s = at.section + (forward ? 1 : -1)
        while s >= 0, s < layout.numberOfSections {
            // The item is not in section `s` yet: its last place there is after all its items.
            if moveInteractiveItem(to: IndexPath(item: forward ? 0 : layout.numberOfItems(inSection: s), section: s)) {
                return
            }
            s += forward ? 1 : -1
        }
    }

    /// Keys while an item is picked up: arrows move it, Enter drops it, Esc puts it back;
    /// other keys are held back (a move is finished or abandoned first).
    func handleMovementKey(_ action: KeyAction) -> Bool {
        guard movement != nil else { return false }
        switch action {
        case .moveUp, .moveDown, .moveLeft, .moveRight:
            let direction: FocusDirection =
                action == .moveUp ? .up : action == .moveDown ? .down : action == .moveLeft ? .left : .right
            stepInteractiveItem(direction)
        case .select, .moveItem: endInteractiveMovement()
        case .back: cancelInteractiveMovement()
        case .quit: cancelInteractiveMovement(); return false
        default: break
        }
        return true
    }
}

/// A data source that shows its own changes to the grid (a diffable one): nothing to reload
/// after a move step.
@MainActor
protocol DiffableApplying: AnyObject {}
