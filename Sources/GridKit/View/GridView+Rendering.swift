extension GridView {
    /// The content rectangle currently on screen.
    package var visibleRect: Rect { Rect(origin: offset, size: frame.size) }

    /// Draws the visible cells, headers, footers and the scroll indicator into `canvas` at
    /// `frame`. Cells that left the screen are handed back to the reuse pool.
    ///
    /// When the last frame went to the same canvas and nothing was drawn over the grid since,
    /// only what changed is drawn: the cells whose focus or selection changed, and after a
    /// vertical scroll the rows that came into view (the rest are moved, `Canvas.shiftRows`).
    /// `setNeedsDisplay()` makes the next frame draw everything.
    public func render(into canvas: Canvas) {
        // The empty state comes and goes with the whole grid drawn, so nothing of it stays.
        let showsUnavailable = contentUnavailableConfiguration != nil && layout.firstIndexPath == nil
        if showsUnavailable != drewUnavailable { needsFullRedraw = true }
        drewUnavailable = showsUnavailable
        var elements = layout.layoutAttributesForElements(in: visibleRect)
        FrameSteps.mark(.layout)
        let sameElements = !needsFullRedraw && !cellsWereReloaded && drawn?.showsSameItems(as: elements) == true
        cellsWereReloaded = false
        var shown = sameElements ? [] : updateVisibleCells(elements)
        if layout.sizesCellsByContent {
            // Cells that just came on screen are measured; a size that changed moves what follows,
            // which may bring other cells on screen: a few rounds settle it.
            for _ in 0..<8 where !shown.isEmpty {
                guard measure(shown, anchor: elements.first { $0.kind == .cell }?.indexPath) else { break }
                if revealsContentEnd { scrollToContentEnd() }
                elements = layout.layoutAttributesForElements(in: visibleRect)
                shown = updateVisibleCells(elements)
            }
        }
        revealsContentEnd = false
        FrameSteps.mark(.cells)
        // Plain loops, not closures, on this path: a closure made here checks at run time that
        // it runs on the main actor, on every call. Class properties are read into locals once:
        // each read of one is checked for exclusive access.
        var frameNow = DrawnFrame(canvas: canvas.identity, frame: frame, offset: offset, elements: elements)
        // From content to canvas coordinates.
        let grid = frame, dx = frame.minX - offset.x, dy = frame.minY - offset.y
        // The views are found in these copies of the maps, at this version: a handler run while
        // drawing may replace a cell (`reconfigureItems`), and the next frame then looks again.
        let cells = visibleCells, supplementary = visibleSupplementary, viewsVersion = viewsChanged
        let focus = focusedIndexPath, selection = selected, anySelected = !selected.isEmpty, moving = movement?.at
        // The same elements as the last frame, and no view came or went since: the same views.
        let lastViews = drawnViews
        drawnViews = ([], 0)
        let sameViews = sameElements && lastViews.version == viewsVersion && lastViews.views.count == elements.count
        var views: [GridCell?] = sameViews ? lastViews.views : []
        if !sameViews { views.reserveCapacity(elements.count) }
        // Elements draw in the order of their kinds (cells, then headers and footers) unless
        // there are decorations or an unusual `zIndex`: then in `zIndex` order.
        var inKindOrder = true, usualZIndices = true
        for (i, a) in elements.enumerated() {
            let view: GridCell?
            if sameViews {
                view = views[i]
            } else {
                view = a.kind == .cell ? cells[a.indexPath] : supplementary[SupplementaryKey(a)]
                views.append(view)
            }
            frameNow.drawers.append(view.map(ObjectIdentifier.init))
            if !a.hasUsualZIndex { usualZIndices = false }
            if a.kind == .decoration { inKindOrder = false }
            if a.kind == .header || a.kind == .footer, let view, view.isOpaque {
                frameNow.opaqueCovers.append(a.frame.offsetBy(dx: dx, dy: dy).intersection(grid))
            }
            frameNow.states.append(
                a.kind == .cell
                    ? CellState(
                        isFocused: a.indexPath == focus,
                        isSelected: anySelected && selection.contains(a.indexPath), isMoving: moving == a.indexPath)
                    : CellState())
        }
        if !usualZIndices {
            inKindOrder = false
            // A cell may be drawn over a header now: no header hides what is beneath it.
            frameNow.opaqueCovers.removeAll()
        }
        FrameSteps.mark(.state)
        let background = backgroundStyle
        // The working lists are taken out of the grid while in use, so they are not shared and
        // keep their storage (and the grid's property is not accessed element by element).
        var scratch = renderScratch
        renderScratch = RenderScratch()
        defer { renderScratch = scratch }
        let everything: Bool
        if !needsFullRedraw, let previous = drawn,
            previous.plan(for: frameNow, on: canvas, background: background, scratch: &scratch) == .incremental
        {
            everything = false
        } else {
            everything = true
            canvas.fill(frame, with: CanvasCell(scalar: 32, width: 1, style: background))
            scratch.redrawAll(elements.count)
        }
        FrameSteps.mark(.plan)
        let redraw = scratch.redraw
        let isEditing = editing
        if inKindOrder {
            drawSeparators(into: canvas, elements: elements)
            // Headers and footers after cells, so a pinned header covers the cells scrolling under it.
            for pass in 0..<2 {
                for i in elements.indices where redraw[i] && (elements[i].kind == .cell) == (pass == 0) {
                    guard let view = views[i] else { continue }
                    let context = DrawContext(
                        canvas: canvas, frame: elements[i].frame.offsetBy(dx: dx, dy: dy), clip: grid)
                    // A cell drawn again may be so because its state changed: it is updated for
                    // the state first (a compare, for a cell whose state did not change).
                    if pass == 0 {
                        view.applyConfigurationState(view.configurationState(frameNow.states[i], isEditing: isEditing))
                    }
                    view.draw(in: context, bounds: context.bounds, state: frameNow.states[i])
                }
            }
        } else {
            drawInZOrder(
                elements, views: views, states: frameNow.states, redraw: redraw, isEditing: isEditing, into: canvas,
                clippedTo: everything ? nil : scratch.dirty)
        }
        for i in elements.indices where frameNow.states[i].isFocused {
            let context = DrawContext(canvas: canvas, frame: elements[i].frame.offsetBy(dx: dx, dy: dy), clip: grid)
            let corner = Point(x: max(context.clip.minX, context.origin.x), y: max(context.clip.minY, context.origin.y))
            if context.clip.contains(corner) { canvas.cursor = corner }
        }
        if showsUnavailable, let unavailable = contentUnavailableConfiguration {
            unavailable.draw(in: canvas, rect: frame)
        }
        // Again after a scroll, and where the plan cleared areas (a row moved sideways clears
        // up to the grid's edge, where the indicator is).
        if showsScrollIndicator && (everything || drawn?.offset != offset || !scratch.dirty.isEmpty) {
            drawScrollIndicator(into: canvas)
        }
        FrameSteps.mark(.drawn)
        frameNow.recordRows(of: canvas)
        drawn?.noteSidewaysMoves(to: frameNow, on: canvas)
        drawn = frameNow
        drawnViews = (views, viewsVersion)
        needsDisplay = false
        needsFullRedraw = false
        updatePrefetching()
        FrameSteps.mark(.recorded)
    }

    /// Draws what `redraw` marks lowest `zIndex` first (decorations, then cells, then headers
    /// and footers, among equals), the separators just under the cells. A decoration drawn
    /// again in an incremental frame is drawn only in the areas cleared (`dirty`): the rest of
    /// it is on the canvas, under cells that were not drawn again.
    private func drawInZOrder(
        _ elements: [LayoutAttributes], views: [GridCell?], states: [CellState], redraw: [Bool], isEditing: Bool,
        into canvas: Canvas,
        clippedTo dirty: [Rect]?
    ) {
        let grid = frame, dx = frame.minX - offset.x, dy = frame.minY - offset.y
        let order = elements.indices.sorted { i, j in
            let a = elements[i], b = elements[j]
            return (a.zIndex, a.kindRank, i) < (b.zIndex, b.kindRank, j)
        }
        var separatorsDrawn = false
        for i in order {
            let a = elements[i]
            if !separatorsDrawn, (a.zIndex, a.kindRank) >= (0, 1) {
                drawSeparators(into: canvas, elements: elements)
                separatorsDrawn = true
            }
            guard redraw[i], let view = views[i] else { continue }
            let framed = a.frame.offsetBy(dx: dx, dy: dy)
            if a.kind == .decoration, let dirty {
                // Once per area: an element's old and new place are often the same.
                for (k, r) in dirty.enumerated()
                where r.intersects(framed) && !dirty[..<k].contains(where: { $0.contains(r) }) {
                    let context = DrawContext(canvas: canvas, frame: framed, clip: r.intersection(grid))
                    view.draw(in: context, bounds: context.bounds, state: states[i])
                }
            } else {
                let context = DrawContext(canvas: canvas, frame: framed, clip: grid)
                if a.kind == .cell {
                    view.applyConfigurationState(view.configurationState(states[i], isEditing: isEditing))
                }
                view.draw(in: context, bounds: context.bounds, state: states[i])
            }
        }
        if !separatorsDrawn { drawSeparators(into: canvas, elements: elements) }
    }

    /// Asks newly shown cells for their size. True when that moved anything; then the content
    /// offset is corrected so the focused item (or else the first one on screen) stays where the
    /// user saw it, and the focus stays in view.
    private func measure(_ indexPaths: [IndexPath], anchor firstVisible: IndexPath?) -> Bool {
        let layout = self.layout, vertical = layout.scrollDirection == .vertical
        let anchor = focusedIndexPath.flatMap { visibleCells[$0] != nil ? $0 : nil } ?? firstVisible
        // What the wheel scrolled away from its focus stays where the user put it; a focus in
        // view is kept in view.
        // (Across too: a row that scrolls sideways may have taken the focus off the side.)
        let focusWasShown =
            focusedIndexPath.map { f in
                guard isFullyVisible(f), let r = layout.layoutAttributesForItem(at: f)?.frame else { return false }
                return vertical
                    ? r.minX >= offset.x && r.maxX <= offset.x + frame.width
                    : r.minY >= offset.y && r.maxY <= offset.y + frame.height
            } ?? false
        let before = anchor.flatMap { layout.layoutAttributesForItem(at: $0)?.frame.origin }
        var changed = false
        for ip in indexPaths {
            guard let cell = visibleCells[ip], let original = layout.layoutAttributesForItem(at: ip),
                let offered = layout.preferredSizeOffer(for: original), let size = cell.preferredSize(fitting: offered)
            else { continue }
            var preferred = original
            preferred.frame.size = size
            if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
            {
                changed = true
            }
        }
        guard changed else { return false }
        if let anchor, let before, let after = layout.layoutAttributesForItem(at: anchor)?.frame.origin {
            let shift = vertical ? after.y - before.y : after.x - before.x
            if shift != 0 {
                setContentOffset(
                    vertical ? Point(x: offset.x, y: offset.y + shift) : Point(x: offset.x + shift, y: offset.y))
            }
        }
        clampContentOffset()
        // Cells measured in a row that scrolls on its own (a compositional sideways section)
        // may have pushed the focus along it, out of view.
        if focusWasShown, let f = focusedIndexPath {
            _ = layoutExtras?.revealItem(at: f)
            if !isFullyVisible(f) { scrollToItem(at: f, at: .nearest) }
        }
        setNeedsDisplay()
        return true
    }

    /// Brings the cells of `elements` on screen and sends the others to the pool; returns the
    /// items whose cells are new.
    @discardableResult
    private func updateVisibleCells(_ elements: [LayoutAttributes]) -> [IndexPath] {
        // A screenful has a few headers and footers: a list, not a set.
        var nowSupplementary: [SupplementaryKey] = []
        for a in elements where a.kind != .cell {
            let key = SupplementaryKey(a)
            if !nowSupplementary.contains(key) { nowSupplementary.append(key) }
        }
        // Cells that left in a frame not presented are told about first: an item may come back.
        handBackLeavingCells()
        let change = changeSinceDrawn(elements) ?? changeByLookup(elements)
        let defersLeaving = prefetchesAfterFrame
        for ip in change.leaving {
            guard let cell = visibleCells.removeValue(forKey: ip) else { continue }
            if defersLeaving {
                leavingCells.append((ip, cell))
            } else {
                delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
                enqueue(cell, kind: .cell)
            }
        }
        for (key, view) in visibleSupplementary where !nowSupplementary.contains(key) {
            visibleSupplementary[key] = nil
            enqueue(view, kind: key.kind)
        }
        guard let ds = dataSource else { return [] }
        var shown: [IndexPath] = []
        for ip in change.coming where visibleCells[ip] == nil {
            let cell = takePrefetchedCell(at: ip) ?? ds.gridView(self, cellForItemAt: ip)
            visibleCells[ip] = cell
            // Before it is measured: an update handler may set what it shows.
            updateConfiguration(of: cell, at: ip)
            shown.append(ip)
            prefetched.remove(ip)
            delegate?.gridView(self, willDisplay: cell, forItemAt: ip)
        }
        for key in nowSupplementary where visibleSupplementary[key] == nil {
            if key.kind == .decoration {
                // The layout's, not the data source's: made from the class registered for its kind.
                if let (kind, viewClass) = layoutExtras?.decorationViewClass(
                    at: IndexPath(item: key.item, section: key.section))
                {
                    visibleSupplementary[key] = dequeueDecorationView(ofKind: kind, viewClass: viewClass)
                }
            } else if let view = ds.gridView(
                self, viewForSupplementaryElementOfKind: key.kind, at: IndexPath(item: 0, section: key.section))
            {
                visibleSupplementary[key] = view
            }
        }
        return shown
    }

    /// Items leaving and coming, found by set look-ups: always right.
    private func changeByLookup(_ elements: [LayoutAttributes]) -> (leaving: [IndexPath], coming: [IndexPath]) {
        var now = Set<IndexPath>()
        for a in elements where a.kind == .cell { now.insert(a.indexPath) }
        var leaving: [IndexPath] = []
        for ip in visibleCells.keys where !now.contains(ip) { leaving.append(ip) }
        return (leaving.sorted(), now.sorted())
    }

    /// Items leaving and coming, found by walking the last frame's items and this one's side by
    /// side: a scroll by a line trades one row without hashing the forty that stay. Nil unless
    /// the cells on screen are exactly the last frame's (nothing reloaded since) and both lists
    /// are in order.
    private func changeSinceDrawn(_ elements: [LayoutAttributes]) -> (leaving: [IndexPath], coming: [IndexPath])? {
        guard !needsFullRedraw, let previous = drawn else { return nil }
        let old = previous.elements
        // The cells of both lists, walked side by side (headers and footers are skipped).
        var i = 0, j = 0, oldCells = 0
        var last: IndexPath?
        func nextCell(_ list: [LayoutAttributes], _ k: inout Int) {
            while k < list.count && list[k].kind != .cell { k += 1 }
        }
        var leaving: [IndexPath] = [], coming: [IndexPath] = []
        nextCell(old, &i); nextCell(elements, &j)
        while i < old.count || j < elements.count {
            let takeOld: Bool
            if j == elements.count {
                takeOld = true
            } else if i == old.count {
                takeOld = false
            } else if old[i].indexPath == elements[j].indexPath {
                guard previous.drawers[i] != nil else { return nil }
                if let last, !(last < old[i].indexPath) { return nil } // not in order: look the items up
                last = old[i].indexPath
                oldCells += 1
                i += 1; j += 1
                nextCell(old, &i); nextCell(elements, &j)
                continue
            } else {
                takeOld = old[i].indexPath < elements[j].indexPath
            }
            let ip = takeOld ? old[i].indexPath : elements[j].indexPath
            if let last, !(last < ip) { return nil }
            last = ip
            if takeOld {
                guard previous.drawers[i] != nil else { return nil }
                leaving.append(ip); oldCells += 1
                i += 1; nextCell(old, &i)
            } else {
                coming.append(ip)
                j += 1; nextCell(elements, &j)
            }
        }
        // Every cell on screen must be one of the last frame's, or the walk missed some.
        guard oldCells == visibleCells.count else { return nil }
        return (leaving, coming)
    }

    /// The layout's separators, every frame (a few short lines, drawn the same each time, so an
    /// incremental frame needs no plan for them), but never where a header or footer is: one
    /// pinned over them may not be drawn again this frame.
    private func drawSeparators(into canvas: Canvas, elements: [LayoutAttributes]) {
        let lines = layoutExtras?.separatorFrames(in: visibleRect) ?? []
        guard !lines.isEmpty else { return }
        let line = CanvasCell(scalar: 0x2500, width: 1, style: Style(foreground: .brightBlack)) // ─
        let covers = elements.filter { $0.kind == .header || $0.kind == .footer }.map(\.frame)
        let clip = frame.intersection(canvas.bounds), dx = frame.minX - offset.x, dy = frame.minY - offset.y
        for r in lines {
            for x in r.minX..<r.maxX {
                let p = Point(x: x, y: r.minY)
                guard !covers.contains(where: { $0.contains(p) }) else { continue }
                let at = Point(x: x + dx, y: r.minY + dy)
                if clip.contains(at) { canvas.put(line, at: at, clip: clip) }
            }
        }
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
        // │ ─
        let track = CanvasCell(scalar: vertical ? 0x2502 : 0x2500, width: 1, style: Style(foreground: .brightBlack))
        let bar = CanvasCell(scalar: vertical ? 0x2503 : 0x2501, width: 1, style: Style(foreground: .default)) // ┃ ━
        let clip = frame.intersection(canvas.bounds)
        for i in 0..<viewport {
            let p = vertical ? Point(x: frame.maxX - 1, y: frame.minY + i) : Point(x: frame.minX + i, y: frame.maxY - 1)
            if clip.contains(p) { canvas.put(i >= start && i < start + thumb ? bar : track, at: p, clip: clip) }
        }
    }
}
