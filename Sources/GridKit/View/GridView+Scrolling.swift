/// Where `scrollToItem(at:at:)` puts an item.
public enum ScrollPosition: Sendable {
    case top, centeredVertically, bottom
    case left, centeredHorizontally, right
    /// Scroll the least needed to show the item fully (nothing when it already is).
    case nearest
}

extension GridView {
    private var vertical: Bool { layout.scrollDirection == .vertical }
    private func main(_ p: Point) -> Int { vertical ? p.y : p.x }
    private func makePoint(main: Int) -> Point { vertical ? Point(x: 0, y: main) : Point(x: main, y: 0) }
    var viewportMain: Int { vertical ? frame.height : frame.width }
    var contentMain: Int { vertical ? layout.contentSize.height : layout.contentSize.width }
    var maxOffset: Int { max(0, contentMain - viewportMain) }
    /// True when the view shows the start of the content (its top, or left when horizontal).
    var isAtContentStart: Bool { main(offset) == 0 }

    func setContentOffset(_ p: Point) {
        let m = max(0, min(main(p), maxOffset))
        let new = makePoint(main: m)
        guard new != offset else { return }
        scrollingForward = main(new) > main(offset)
        offset = new
        setNeedsNavigationDisplay()
        delegate?.gridViewDidScroll(self)
    }

    func clampContentOffset() { setContentOffset(offset) }

    /// Scrolls to the end of the content (the last line's tallest item, the section's insets
    /// and footer).
    func scrollToContentEnd() { setContentOffset(makePoint(main: maxOffset)) }

    /// The main-axis space a pinned header takes at the top of a section's items.
    private func pinnedHeaderExtent(_ section: Int) -> Int {
        layout.sectionHeadersPinToVisibleBounds ? layout.headerExtent(ofSection: section) : 0
    }

    /// Scrolls so the item sits at `position`; `.nearest` scrolls the least needed.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) {
        // A row that scrolled sideways: the next frame finds its cells moved and draws them
        // (and only them) again, and notes the move for the terminal.
        if layoutExtras?.revealItem(at: indexPath) == true { setNeedsNavigationDisplay() }
        guard let a = layout.layoutAttributesForItem(at: indexPath) else { return }
        let start = vertical ? a.frame.minY : a.frame.minX
        let size = vertical ? a.frame.height : a.frame.width
        let pinned = pinnedHeaderExtent(indexPath.section)
        let current = main(offset)
        let target: Int
        switch position {
        case .top, .left: target = start - pinned
        case .bottom, .right: target = start + size - viewportMain
        case .centeredVertically, .centeredHorizontally: target = start + size / 2 - (viewportMain + pinned) / 2
        case .nearest:
            if size > viewportMain - pinned || start - pinned < current {
                target = start - pinned
            } else if start + size > current + viewportMain {
                target = start + size - viewportMain
            } else {
                target = current
            }
        }
        setContentOffset(makePoint(main: target))
    }

    /// The focused item when it is on screen, and how far from the view's top (left) it shows.
    func screenAnchor() -> (item: IndexPath, distance: Int)? {
        guard let f = focusedIndexPath, let a = layout.layoutAttributesForItem(at: f), a.frame.intersects(visibleRect)
        else { return nil }
        return (f, main(a.frame.origin) - main(offset))
    }

    /// Scrolls so that `item` is `distance` from the view's top (left) again, as far as the
    /// content allows.
    func restoreAnchor(_ item: IndexPath, distance: Int) {
        guard let a = layout.layoutAttributesForItem(at: item) else { return }
        setContentOffset(makePoint(main: main(a.frame.origin) - distance))
    }

    /// True when the item's frame is wholly inside the visible area (below any pinned header).
    func isFullyVisible(_ ip: IndexPath) -> Bool {
        guard let a = layout.layoutAttributesForItem(at: ip) else { return false }
        let start = vertical ? a.frame.minY : a.frame.minX
        let size = vertical ? a.frame.height : a.frame.width
        let top = main(offset) + pinnedHeaderExtent(ip.section)
        if size > viewportMain - pinnedHeaderExtent(ip.section) { return start == top }
        return start >= top && start + size <= main(offset) + viewportMain
    }

    /// Scrolls by `delta` rows (columns when horizontal). The focus stays on its item while
    /// the item is fully visible; when it scrolls out, the focus goes to the item now first
    /// (last) fully visible on the side it left by, nearest it across the scroll direction.
    public func scroll(by delta: Int) {
        setContentOffset(makePoint(main: main(offset) + delta))
        guard let f = focusedIndexPath, !isFullyVisible(f), let a = layout.layoutAttributesForItem(at: f)?.frame else {
            return
        }
        // The side the item is on now, not the way the view went: a wheel turn down takes the
        // top rows away, and the focus must not jump to the far (bottom) edge and back.
        let leftAtStart = main(a.origin) < main(offset) + pinnedHeaderExtent(f.section)
        let edge = leftAtStart ? main(offset) : main(offset) + viewportMain - 1
        var probe = vertical ? Point(x: a.midX, y: edge) : Point(x: edge, y: a.midY)
        if leftAtStart, let candidate = layout.indexPathForItem(nearest: probe) {
            // A pinned header covers the top rows: look below it.
            probe =
                vertical
                ? Point(x: a.midX, y: edge + pinnedHeaderExtent(candidate.section))
                : Point(x: edge + pinnedHeaderExtent(candidate.section), y: a.midY)
        }
        guard var candidate = layout.indexPathForItem(nearest: probe) else { return }
        // The item at the edge may be cut; step inwards until one is whole.
        let inwards: FocusDirection = leftAtStart ? (vertical ? .down : .right) : (vertical ? .up : .left)
        for _ in 0..<4 where !isFullyVisible(candidate) {
            guard let next = layout.neighbor(of: candidate, direction: inwards) else { break }
            candidate = next
        }
        setFocus(candidate, scroll: false)
        if !isFullyVisible(candidate) { scrollToItem(at: candidate, at: .nearest) }
    }
}
