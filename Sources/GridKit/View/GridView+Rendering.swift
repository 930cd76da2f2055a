extension GridView {
    /// The content rectangle currently on screen.
    public var visibleRect: Rect { Rect(origin: offset, size: frame.size) }

    /// Draws the visible cells, headers, footers and the scroll indicator into `canvas` at
    /// `frame`. Cells that left the screen are handed back to the reuse pool.
    public func render(into canvas: Canvas) {
        var elements = layout.layoutAttributesForElements(in: visibleRect)
        var shown = updateVisibleCells(elements)
        if let flow = layout as? FlowLayout, flow.isSelfSizing {
            // Cells that just came on screen are measured; a size that changed moves what follows,
            // which may bring other cells on screen: a few rounds settle it.
            for _ in 0..<8 where !shown.isEmpty {
                guard measure(shown, in: flow, anchor: elements.first { $0.kind == .cell }?.indexPath) else { break }
                elements = layout.layoutAttributesForElements(in: visibleRect)
                shown = updateVisibleCells(elements)
            }
        }
        canvas.fill(frame, style: backgroundStyle)
        canvas.removeImages(in: frame) // cells place their images again as they draw
        let shift = (dx: frame.minX - offset.x, dy: frame.minY - offset.y)
        for a in elements where a.kind == .cell {
            guard let cell = visibleCells[a.indexPath] else { continue }
            let state = CellState(isFocused: a.indexPath == focusedIndexPath, isSelected: selected.contains(a.indexPath))
            let context = DrawContext(canvas: canvas, frame: a.frame.offsetBy(dx: shift.dx, dy: shift.dy), clip: frame)
            if state.isFocused {
                let corner = Point(x: max(context.clip.minX, context.origin.x), y: max(context.clip.minY, context.origin.y))
                if context.clip.contains(corner) { canvas.cursor = corner }
            }
            cell.draw(in: context, bounds: context.bounds, state: state)
        }
        // Headers and footers after cells, so a pinned header covers the cells scrolling under it.
        for a in elements where a.kind != .cell {
            guard let view = visibleSupplementary[SupplementaryKey(kind: a.kind, section: a.indexPath.section)] else { continue }
            let context = DrawContext(canvas: canvas, frame: a.frame.offsetBy(dx: shift.dx, dy: shift.dy), clip: frame)
            view.draw(in: context, bounds: context.bounds, state: CellState())
        }
        if showsScrollIndicator { drawScrollIndicator(into: canvas) }
        needsDisplay = false
        updatePrefetching()
    }

    /// Asks newly shown cells for their size. True when that moved anything; then the content
    /// offset is corrected so the focused item (or else the first one on screen) stays where the
    /// user saw it, and the focus stays in view.
    private func measure(_ indexPaths: [IndexPath], in flow: FlowLayout, anchor firstVisible: IndexPath?) -> Bool {
        let vertical = flow.scrollDirection == .vertical
        let anchor = focusedIndexPath.flatMap { visibleCells[$0] != nil ? $0 : nil } ?? firstVisible
        let before = anchor.flatMap { flow.layoutAttributesForItem(at: $0)?.frame.origin }
        var changed = false
        for ip in indexPaths {
            guard let cell = visibleCells[ip], let frame = flow.layoutAttributesForItem(at: ip)?.frame else { continue }
            let offered = vertical ? Size(width: frame.width, height: flow.estimatedItemSize.height)
                                   : Size(width: flow.estimatedItemSize.width, height: frame.height)
            if let preferred = cell.preferredSize(fitting: offered), flow.recordMeasuredSize(preferred, at: ip) { changed = true }
        }
        guard changed else { return false }
        if let anchor, let before, let after = flow.layoutAttributesForItem(at: anchor)?.frame.origin {
            let shift = vertical ? after.y - before.y : after.x - before.x
            if shift != 0 { setContentOffset(vertical ? Point(x: offset.x, y: offset.y + shift) : Point(x: offset.x + shift, y: offset.y)) }
        }
        clampContentOffset()
        if let f = focusedIndexPath, !isFullyVisible(f) { scrollToItem(at: f, at: .nearest) }
        setNeedsDisplay()
        return true
    }

    /// Brings the cells of `elements` on screen and sends the others to the pool; returns the
    /// items whose cells are new.
    @discardableResult
    private func updateVisibleCells(_ elements: [LayoutAttributes]) -> [IndexPath] {
        var nowVisible = Set<IndexPath>(), nowSupplementary = Set<SupplementaryKey>()
        for a in elements {
            if a.kind == .cell { nowVisible.insert(a.indexPath) } else {
                nowSupplementary.insert(SupplementaryKey(kind: a.kind, section: a.indexPath.section))
            }
        }
        for (ip, cell) in visibleCells where !nowVisible.contains(ip) {
            visibleCells[ip] = nil
            delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
            enqueue(cell, kind: .cell)
        }
        for (key, view) in visibleSupplementary where !nowSupplementary.contains(key) {
            visibleSupplementary[key] = nil
            enqueue(view, kind: key.kind)
        }
        guard let ds = dataSource else { return [] }
        var shown: [IndexPath] = []
        for ip in nowVisible.sorted() where visibleCells[ip] == nil {
            let cell = ds.gridView(self, cellForItemAt: ip)
            visibleCells[ip] = cell
            shown.append(ip)
            prefetched.remove(ip)
            delegate?.gridView(self, willDisplay: cell, forItemAt: ip)
        }
        for key in nowSupplementary where visibleSupplementary[key] == nil {
            if let view = ds.gridView(self, viewForSupplementaryElementOfKind: key.kind, at: IndexPath(item: 0, section: key.section)) {
                visibleSupplementary[key] = view
            }
        }
        return shown
    }

    /// A thin bar along the trailing edge: its thumb shows where the view is and how much of
    /// the content it shows. Drawn only when the content overflows.
    private func drawScrollIndicator(into canvas: Canvas) {
        let vertical = layout.scrollDirection == .vertical
        let content = vertical ? layout.contentSize.height : layout.contentSize.width
        let viewport = vertical ? frame.height : frame.width
        guard content > viewport, viewport > 1 else { return }
        let thumb = max(1, viewport * viewport / content)
        let position = vertical ? offset.y : offset.x
        let start = (position * (viewport - thumb) + (content - viewport) / 2) / (content - viewport)
        let track = Style(foreground: .brightBlack), bar = Style(foreground: .default)
        for i in 0..<viewport {
            let onThumb = i >= start && i < start + thumb
            let p = vertical ? Point(x: frame.maxX - 1, y: frame.minY + i) : Point(x: frame.minX + i, y: frame.maxY - 1)
            canvas.put(onThumb ? (vertical ? "┃" : "━") : (vertical ? "│" : "─"), width: 1, at: p,
                       style: onThumb ? bar : track, clip: frame)
        }
    }
}
