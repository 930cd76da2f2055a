/// Whether a frame can be drawn from the last one (only what changed) or must be drawn whole.
enum RedrawPlan: Equatable {
    /// The elements marked in `RenderScratch.redraw` are drawn; the rest are on the canvas already.
    case incremental
    /// Every element is drawn.
    case full
}

extension DrawnFrame {
    /// Plans the frame `next` from this one: moves the rows a vertical scroll kept (under any
    /// header pinned to the top), marks in `scratch.redraw` the elements that must be drawn for
    /// the canvas to show what a full redraw would, and clears what they cover with
    /// `background`. `.full` when only a full redraw will do: something else drew over the grid,
    /// the grid moved, or it scrolled sideways or by a screen or more.
    func plan(for next: DrawnFrame, on canvas: Canvas, background: Style, scratch: inout RenderScratch) -> RedrawPlan {
        guard isStillOn(canvas, for: next), let move = FrameMove(from: self, to: next) else { return .full }
        if move.dy != 0 { canvas.shiftRows(in: move.band, by: move.dy) }
        scratch.reset(previous: elements.count, next: next.elements.count)
        move.markRowsLetIn(&scratch)
        markElements(of: next, after: move, &scratch)
        clearWhatLeft(after: move, &scratch)
        growRedrawSet(of: next, &scratch)
        clearDirtyAreas(next.frame, on: canvas, background: background, &scratch)
        return .incremental
    }

    /// True when the canvas holds this frame's grid as drawn: the same canvas, frame and
    /// horizontal offset, a vertical move of less than a screen, and nobody drew on its rows since.
    private func isStillOn(_ canvas: Canvas, for next: DrawnFrame) -> Bool {
        let dy = next.offset.y - offset.y
        guard self.canvas == canvas.identity, frame == next.frame, offset.x == next.offset.x, abs(dy) < frame.height
        else { return false }
        let rows = frame.intersection(canvas.bounds)
        guard rows.height == rowVersions.count else { return false }
        for i in rowVersions.indices where rowVersions[i] != canvas.version(ofRow: rows.minY + i) { return false }
        return true
    }

    /// Marks which elements of `next` to draw: those hidden under an opaque header are not; those
    /// kept as drawn (same element, state and view, their pixels where the frame puts them) are
    /// not; the rest are, and the area they take is cleared.
    private func markElements(of next: DrawnFrame, after move: FrameMove, _ scratch: inout RenderScratch) {
        var finder = ElementFinder(elements)
        for a in next.elements { scratch.screen.append(move.onScreen(a.frame, next.offset)) }
        // With the same covers, a cell in the same place is hidden now exactly when it was.
        let sameCovers = opaqueCovers == next.opaqueCovers
        for (j, a) in next.elements.enumerated() {
            if a.kind == .cell, !next.opaqueCovers.isEmpty, move.covered(scratch.screen[j].intersection(move.frame)) {
                // Under an opaque header: not seen, so not drawn. What it left last time needs no
                // clearing when the move took it away or it is under a cover too.
                scratch.hidden[j] = true
                if let i = finder.index(of: a), let was = move.remaining(move.onScreen(elements[i].frame, offset)),
                    was.isEmpty || move.covered(was)
                {
                    scratch.kept[i] = true
                }
                continue
            }
            if a.kind == .decoration {
                markDecoration(j, of: next, found: finder.index(of: a), after: move, &scratch)
                continue
            }
            if move.dy == 0, sameCovers, j < elements.count, elements[j] == a {
                // Nothing moved and it is where it was (a focus move): as drawn, cut by the
                // same edges, unless its state or view changed.
                if states[j] == next.states[j] && drawers[j] == next.drawers[j] {
                    scratch.kept[j] = true
                } else {
                    scratch.redraw[j] = true
                    scratch.dirty.append(scratch.screen[j])
                }
                continue
            }
            // Kept as drawn: the same element, state and view, whole on screen last time, and
            // its pixels now where this frame puts it.
            if let i = finder.index(of: a), elements[i].frame.size == a.frame.size,
                states[i] == next.states[j], drawers[i] == next.drawers[j],
                move.remaining(move.onScreen(elements[i].frame, offset)) == scratch.screen[j]
            {
                scratch.kept[i] = true
            } else {
                scratch.redraw[j] = true
                scratch.dirty.append(scratch.screen[j])
            }
        }
    }

    /// A decoration (a section's background, as big as the section) is kept when it is where it
    /// was in the content, in the same state and view: its pixels moved with the rows, and it
    /// is drawn again only where something over it is (`growRedrawSet` does not clear it whole),
    /// plus the rows a pinned header kept still, which now show another part of it. Otherwise
    /// it is drawn whole.
    private func markDecoration(
        _ j: Int, of next: DrawnFrame, found i: Int?, after move: FrameMove, _ scratch: inout RenderScratch
    ) {
        let a = next.elements[j]
        if let i, elements[i].frame == a.frame, states[i] == next.states[j], drawers[i] == next.drawers[j] {
            scratch.kept[i] = true
            if move.dy != 0, move.band.minY > move.frame.minY {
                // Where it was and where it is, in those rows.
                let still = Rect(
                    x: move.frame.minX, y: move.frame.minY, width: move.frame.width,
                    height: move.band.minY - move.frame.minY)
                for r in [move.onScreen(elements[i].frame, offset), scratch.screen[j]] {
                    let stale = r.intersection(still)
                    if !stale.isEmpty { scratch.dirty.append(stale) }
                }
            }
        } else {
            scratch.redraw[j] = true
            let visible = scratch.screen[j].intersection(move.frame)
            if !visible.isEmpty { scratch.dirty.append(visible) }
        }
    }

    /// The last frame's elements not kept: their pixels are cleared where they are now (an
    /// element scrolled out left none).
    private func clearWhatLeft(after move: FrameMove, _ scratch: inout RenderScratch) {
        for (i, a) in elements.enumerated() where !scratch.kept[i] {
            let old = move.onScreen(a.frame, offset)
            if let now = move.remaining(old) {
                if !now.isEmpty && !move.covered(now) { scratch.dirty.append(now) }
            } else {
                scratch.dirty.append(old)
                scratch.dirty.append(old.offsetBy(dx: 0, dy: -move.dy))
            }
        }
    }

    /// Whatever meets a cleared area is drawn again, and then so is whatever meets that (a
    /// pinned header over a cell that is redrawn): each area is looked at once. A decoration
    /// is drawn again there but clears nothing more: it lies under a section's items, and
    /// clearing it whole would draw them all again on every key.
    private func growRedrawSet(of next: DrawnFrame, _ scratch: inout RenderScratch) {
        // Every cleared area is tested against every element not yet drawn: the elements'
        // places are laid out flat first, those drawn already or hidden (or empty) marked
        // settled, so a test is four comparisons, rows first (areas and elements of a grid meet
        // in few rows).
        guard !scratch.dirty.isEmpty else { return }
        let count = next.elements.count
        scratch.boxes.removeAll(keepingCapacity: true)
        scratch.settled.removeAll(keepingCapacity: true)
        for j in 0..<count {
            let s = scratch.screen[j]
            scratch.boxes.append((s.minY, s.maxY, s.minX, s.maxX))
            scratch.settled.append(scratch.redraw[j] || scratch.hidden[j] || s.isEmpty)
        }
        var k = 0
        while k < scratch.dirty.count {
            let r = scratch.dirty[k]
            k += 1
            if r.isEmpty { continue }
            let (minY, maxY, minX, maxX) = (r.minY, r.maxY, r.minX, r.maxX)
            for j in 0..<count where !scratch.settled[j] {
                let b = scratch.boxes[j]
                guard minY < b.maxY && maxY > b.minY && minX < b.maxX && maxX > b.minX else { continue }
                scratch.settled[j] = true
                scratch.redraw[j] = true
                // A decoration is drawn again only in the cleared areas (`drawInZOrder`).
                if next.elements[j].kind != .decoration { scratch.dirty.append(scratch.screen[j]) }
            }
        }
    }

    /// Clears the dirty areas; an element's old and new place are often the same rows, so each
    /// area is cleared once.
    private func clearDirtyAreas(_ frame: Rect, on canvas: Canvas, background: Style, _ scratch: inout RenderScratch) {
        let blank = CanvasCell(scalar: 32, width: 1, style: background)
        for k in scratch.dirty.indices {
            let r = scratch.dirty[k]
            var clearedAlready = false
            for earlier in 0..<k where scratch.dirty[earlier].contains(r) { clearedAlready = true; break }
            if !clearedAlready { canvas.fill(r.intersection(frame), with: blank) }
        }
    }
}

/// How the content moved between two frames of a grid, in screen coordinates: by `dy` rows,
/// within `band` (the grid less a header pinned to the top in both frames, which stays put).
struct FrameMove {
    let frame: Rect, band: Rect, dy: Int
    let covers: [Rect]

    /// Nil when the move is more than the band can show (a full redraw then).
    init?(from previous: DrawnFrame, to next: DrawnFrame) {
        frame = next.frame
        dy = next.offset.y - previous.offset.y
        covers = next.opaqueCovers
        var finder = DrawnFrame.ElementFinder(previous.elements)
        var fixedRows = 0
        let frame = self.frame
        func onScreen(_ r: Rect, _ o: Point) -> Rect { r.offsetBy(dx: frame.minX - o.x, dy: frame.minY - o.y) }
        for a in next.elements where a.kind != .cell {
            let now = onScreen(a.frame, next.offset)
            guard now.minY == frame.minY else { continue }
            // The same header pinned where it was, or the next section's header where the last
            // one was pinned: the pinned rows stay put either way (another section's header is
            // drawn there again, and only the text that differs is sent).
            if a.isPinned, let i = finder.index(of: a), onScreen(previous.elements[i].frame, previous.offset) == now {
                fixedRows = max(fixedRows, now.height)
            } else if previous.elements.contains(where: {
                $0.isPinned && $0.kind == a.kind && onScreen($0.frame, previous.offset) == now
            }) {
                fixedRows = max(fixedRows, now.height)
            }
        }
        band = Rect(x: frame.minX, y: frame.minY + fixedRows, width: frame.width, height: frame.height - fixedRows)
        guard abs(dy) < band.height || dy == 0 else { return nil }
    }

    /// A content rectangle on screen, for a frame scrolled to `offset`.
    func onScreen(_ r: Rect, _ offset: Point) -> Rect {
        r.offsetBy(dx: frame.minX - offset.x, dy: frame.minY - offset.y)
    }

    /// Where the last frame's pixels of `r` are now: those the move kept in the band (empty when
    /// it scrolled them all out). Nil when that is not known exactly (`r` straddles the band's
    /// edge or leaves the grid).
    func remaining(_ r: Rect) -> Rect? {
        guard frame.contains(r) else { return nil }
        if !r.intersects(band) { return r }
        guard band.contains(r) else { return nil }
        return r.offsetBy(dx: 0, dy: -dy).intersection(band)
    }

    /// True when an opaque header or footer of the new frame hides `r` whole.
    func covered(_ r: Rect) -> Bool {
        for c in covers where c.contains(r) { return true }
        return false
    }

    /// The rows the scroll let in are cleared (and whatever meets them drawn).
    func markRowsLetIn(_ scratch: inout RenderScratch) {
        if dy > 0 { scratch.dirty.append(Rect(x: band.minX, y: band.maxY - dy, width: band.width, height: dy)) }
        if dy < 0 { scratch.dirty.append(Rect(x: band.minX, y: band.minY, width: band.width, height: -dy)) }
    }
}
