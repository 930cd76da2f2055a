extension GridView {
    /// Moves the focus to `indexPath` and scrolls it fully into view.
    public func focusItem(at indexPath: IndexPath) {
        guard isValid(indexPath) else { return }
        setFocus(indexPath, scroll: true)
    }

    func setFocus(_ ip: IndexPath, scroll: Bool) {
        let changed = ip != focusedIndexPath
        focusedIndexPath = ip
        if scroll { scrollToItem(at: ip, at: .nearest) }
        if changed {
            setNeedsNavigationDisplay()
            delegate?.gridView(self, didFocusItemAt: ip)
        }
    }

    /// Moves the focus spatially; returns false at the edge.
    @discardableResult
    public func moveFocus(_ direction: FocusDirection) -> Bool {
        guard let f = focusedIndexPath ?? layout.firstIndexPath else { return false }
        guard focusedIndexPath != nil else { setFocus(f, scroll: true); return true }
        guard let next = layout.neighbor(of: f, direction: direction) else {
            scrollToItem(at: f, at: .nearest)
            return false
        }
        setFocus(next, scroll: true)
        return true
    }

    /// Moves the focus and the view one page on: down, or right in a grid that scrolls across
    /// (what Page Down does, `KeyAction.pageDown`).
    public func pageDown() { movePage(forward: true) }

    /// Moves the focus and the view one page back: up, or left in a grid that scrolls across
    /// (what Page Up does, `KeyAction.pageUp`).
    public func pageUp() { movePage(forward: false) }

    private func movePage(forward: Bool) {
        guard let f = focusedIndexPath, let a = layout.layoutAttributesForItem(at: f) else { return }
        let vertical = layout.scrollDirection == .vertical
        let page = max(
            1, viewportMain - (layout.sectionHeadersPinToVisibleBounds ? layout.headerExtent(ofSection: f.section) : 0))
        let delta = forward ? page : -page
        let probe =
            vertical ? Point(x: a.frame.midX, y: a.frame.midY + delta) : Point(x: a.frame.midX + delta, y: a.frame.midY)
        var target = layout.indexPathForItem(nearest: probe) ?? f
        if target == f { target = (forward ? layout.lastIndexPath : layout.firstIndexPath) ?? f }
        let current = vertical ? contentOffset.y : contentOffset.x
        setContentOffset(vertical ? Point(x: 0, y: current + delta) : Point(x: current + delta, y: 0))
        setFocus(target, scroll: true)
        // Showing the new focus whole may scroll back a row or two (out from under a pinned
        // header): the user still goes the way they paged, and prefetching must look there.
        scrollingForward = forward
    }

    /// Focuses the grid's first item and scrolls to the top, showing what is above it (a header,
    /// the inset) too (what Home does, `KeyAction.first`).
    public func focusFirstItem() { focusEdge(last: false) }

    /// Focuses the grid's last item and scrolls to the end, showing what is below it (a footer,
    /// the inset) too (what End does, `KeyAction.last`).
    public func focusLastItem() { focusEdge(last: true) }

    private func focusEdge(last: Bool) {
        guard let ip = last ? layout.lastIndexPath : layout.firstIndexPath else { return }
        // Going to the top shows what is above the first item too (headers, insets), unless
        // the item needs the room to be seen whole.
        // Going to the end shows what is below the last item the same way, and keeps showing it
        // while cells coming on screen measure themselves (`revealsContentEnd`).
        if last { scrollToContentEnd(); revealsContentEnd = true } else { setContentOffset(.zero) }
        setFocus(ip, scroll: true)
    }

    // MARK: Selection

    /// Selects an item without calling the delegate (as UIKit's programmatic selection).
    public func selectItem(at indexPath: IndexPath) {
        guard allowsSelection, isValid(indexPath) else { return }
        if !allowsMultipleSelection { selected.removeAll() }
        selected.insert(indexPath)
        setNeedsNavigationDisplay()
    }

    /// Deselects an item without calling the delegate.
    public func deselectItem(at indexPath: IndexPath) {
        if selected.remove(indexPath) != nil { setNeedsNavigationDisplay() }
    }

    /// Selects as the user does: asks `shouldSelectItemAt`, then tells `didSelectItemAt`.
    func userSelect(_ ip: IndexPath) {
        guard allowsSelection, isValid(ip), delegate?.gridView(self, shouldSelectItemAt: ip) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected where old != ip {
                selected.remove(old)
                delegate?.gridView(self, didDeselectItemAt: old)
            }
        }
        selected.insert(ip)
        setNeedsNavigationDisplay()
        delegate?.gridView(self, didSelectItemAt: ip)
        selectionObserver?(ip)
    }

    func userToggle(_ ip: IndexPath) {
        if selected.contains(ip) {
            selected.remove(ip)
            setNeedsNavigationDisplay()
            delegate?.gridView(self, didDeselectItemAt: ip)
        } else {
            userSelect(ip)
        }
    }

    // MARK: Events

    /// Handles navigation, selection and mouse input; returns false for events it leaves to
    /// the screen (letters it has no use for, Esc, resize).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): return handleKey(key)
        case .mouse(let mouse): return handleMouse(mouse)
        case .resize, .paste: return false
        }
    }

    private func handleKey(_ key: Key) -> Bool {
        guard let action = keyBindings.action(for: key) else { return false }
        if movement != nil { return handleMovementKey(action) }
        switch action {
        case .moveUp: moveFocus(.up)
        case .moveDown: moveFocus(.down)
        case .moveLeft, .moveRight:
            // An outline's parents open and close first (the data source knows the tree).
            if let f = focusedIndexPath, let outline = dataSource as? OutlineNavigating,
                outline.outlineKey(right: action == .moveRight, at: f, in: self)
            {
                return true
            }
            moveFocus(action == .moveRight ? .right : .left)
        case .pageUp: pageUp()
        case .pageDown: pageDown()
        case .first: focusFirstItem()
        case .last: focusLastItem()
        case .select:
            guard let f = focusedIndexPath else { return false }
            userSelect(f)
        case .toggleMark:
            guard allowsMultipleSelection, let f = focusedIndexPath else { return false }
            userToggle(f)
        case .moveItem: return handleMoveItemKey()
        case .deleteItem: return handleDeleteItemKey()
        case .help, .back, .quit: return false // navigation's, not the grid's
        }
        return true
    }

    private func handleMouse(_ m: MouseEvent) -> Bool {
        guard frame.contains(m.position) else { return false }
        switch m.action {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .wheelLeft, .wheelRight:
            // A section that scrolls sideways under the pointer takes it; a grid that scrolls
            // across takes it itself.
            let delta = m.action == .wheelRight ? 6 : -6
            let p = Point(x: m.position.x - frame.minX + offset.x, y: m.position.y - frame.minY + offset.y)
            if layoutExtras?.scrollSideways(at: p, by: delta) == true {
                setNeedsNavigationDisplay()
            } else if layout.scrollDirection == .horizontal {
                scroll(by: delta / 2)
            }
        case .press, .release:
            // Held back while an item is picked up, as keys other than the arrows, Enter and Esc
            // are: a click would take the focus off the moving item, a double click select
            // another one mid-move.
            guard movement == nil else {
                pressedItem = nil
                return true
            }
            let p = Point(x: m.position.x - frame.minX + offset.x, y: m.position.y - frame.minY + offset.y)
            // Headers and footers are drawn over cells (a pinned header covers the items scrolling
            // under it): a click there is on the header, not on the item out of sight beneath.
            guard supplementaryElement(at: m.position) == nil, let ip = layout.indexPathForItem(at: p) else {
                return true
            }
            if m.action == .release {
                // Pressed on one item and let go on another: a move, where the item may move.
                if let from = pressedItem, from != ip, beginInteractiveMovementForItem(at: from) {
                    moveInteractiveItem(to: ip)
                    endInteractiveMovement()
                }
                pressedItem = nil
                return true
            }
            // A click on a row's delete glyph deletes it, as UIKit's delete accessory does.
            if m.clickCount == 1, let delete = deleteAction(at: p, item: ip) {
                setFocus(ip, scroll: true)
                delete()
                return true
            }
            pressedItem = ip
            setFocus(ip, scroll: true)
            if m.clickCount >= 2 { userSelect(ip) }
        }
        return true
    }

    /// The header or footer drawn at a point of the screen (as mouse events give it), pinned
    /// headers where they are drawn; nil when none is. A screen uses it to act on a click on a
    /// header, which the grid itself leaves alone.
    public func supplementaryElement(at screenPoint: Point) -> LayoutAttributes? {
        guard frame.contains(screenPoint) else { return nil }
        let p = Point(x: screenPoint.x - frame.minX + offset.x, y: screenPoint.y - frame.minY + offset.y)
        // Asked of the visible rect: headers pin to the leading edge of the rect asked about.
        return layout.layoutAttributesForElements(in: visibleRect).last {
            ($0.kind == .header || $0.kind == .footer) && $0.frame.contains(p)
        }
    }
}
