/// Moving items by hand (UIKit's interactive movement): pick an item up, move it (the grid shows
/// it where it would land, the content moving with it), drop it or put it back. From the
/// keyboard, once picked up, the arrows move it, Enter drops it and Esc puts it back; with the
/// mouse, press on an item and release on another. The data source says what may move
/// (`GridDataSource.gridView(_:canMoveItemAt:)`) and moves its content; a diffable source
/// reports the whole move to its `reorderingHandlers`.
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

    /// Moves the picked-up item to the item nearest `point` (in content coordinates).
    public func updateInteractiveMovementTargetPosition(_ point: Point) {
        guard movement != nil, let target = layout.indexPathForItem(nearest: point) else { return }
        moveInteractiveItem(to: target)
    }

    /// Drops the picked-up item where it is.
    public func endInteractiveMovement() {
        guard let m = movement else { return }
        movement = nil
        dataSource?.gridView(self, didEndMovementFrom: m.start, to: m.at, committed: m.start != m.at)
        setNeedsDisplay()
    }

    /// Puts the picked-up item back where it started.
    public func cancelInteractiveMovement() {
        guard let m = movement else { return }
        if m.at != m.start { moveInteractiveItem(to: m.start) }
        movement = nil
        dataSource?.gridView(self, didEndMovementFrom: m.start, to: m.start, committed: false)
        if let f = focusedIndexPath { setFocus(f, scroll: true) }
        setNeedsDisplay()
    }

    /// One step of a move: the data source moves its content, the grid follows it.
    func moveInteractiveItem(to target: IndexPath) {
        guard let m = movement, target != m.at, let ds = dataSource, ds.gridView(self, moveItemAt: m.at, to: target) else { return }
        // A source that is not diffable told nothing to the grid: show its new content.
        if !(ds is any DiffableApplying) { reloadData() }
        movement = (m.start, target)
        setFocus(target, scroll: true)
        setNeedsDisplay()
    }

    /// Keys while an item is picked up: arrows move it, Enter drops it, Esc puts it back;
    /// other keys are held back (a move is finished or abandoned first).
    func handleMovementKey(_ action: KeyAction) -> Bool {
        guard let m = movement else { return false }
        switch action {
        case .moveUp, .moveDown, .moveLeft, .moveRight:
            let direction: FocusDirection = action == .moveUp ? .up : action == .moveDown ? .down : action == .moveLeft ? .left : .right
            if let next = layout.neighbor(of: m.at, direction: direction) { moveInteractiveItem(to: next) }
        case .select: endInteractiveMovement()
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
