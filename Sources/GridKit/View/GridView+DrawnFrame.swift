/// What one `render(into:)` left on its canvas, so that the next can draw only what changed.
/// Plain data with non-isolated methods: the comparison runs without main-actor checks.
struct DrawnFrame {
    /// `Canvas.identity` of the canvas drawn into.
    let canvas: UInt64
    let frame: Rect
    let offset: Point
    /// The elements drawn, each with the state it was drawn in and the view that drew it.
    let elements: [LayoutAttributes]
    var states: [CellState] = []
    var drawers: [ObjectIdentifier?] = []
    /// The canvas's versions of the frame's rows once drawn: if they still hold, nobody drew there since.
    var rowVersions: [UInt64] = []
    /// Where opaque headers and footers are on the canvas (`GridCell.isOpaque`): cells wholly
    /// beneath one do not show, as those are drawn after cells.
    var opaqueCovers: [Rect] = []

    init(canvas: UInt64, frame: Rect, offset: Point, elements: [LayoutAttributes]) {
        self.canvas = canvas; self.frame = frame; self.offset = offset; self.elements = elements
        states.reserveCapacity(elements.count)
        drawers.reserveCapacity(elements.count)
    }

    /// True when `other` names the same items, headers and footers in the same order.
    func showsSameItems(as other: [LayoutAttributes]) -> Bool {
        guard elements.count == other.count else { return false }
        for i in elements.indices where elements[i].kind != other[i].kind || elements[i].indexPath != other[i].indexPath { return false }
        return true
    }

    /// Notes what the canvas holds now that this frame is drawn.
    mutating func recordRows(of canvas: Canvas) {
        let rows = frame.intersection(canvas.bounds)
        rowVersions.removeAll(keepingCapacity: true)
        rowVersions.reserveCapacity(rows.height)
        for y in rows.minY..<max(rows.minY, rows.maxY) { rowVersions.append(canvas.version(ofRow: y)) }
    }

    /// Finds elements of the last frame: usually the next one along from the last found (both
    /// frames list them in the same order, one scrolled a few rows on), else by a walk through
    /// them all. Elements are a screenful: a walk costs less than hashing them into a table.
    private struct ElementFinder {
        let elements: [LayoutAttributes]
        var next = 0
        init(_ elements: [LayoutAttributes]) { self.elements = elements }

        mutating func index(of a: LayoutAttributes) -> Int? {
            let n = elements.count
            var k = 0
            while k < n {
                var i = next + k
                if i >= n { i -= n }
                if elements[i].indexPath == a.indexPath && elements[i].kind == a.kind {
                    next = i + 1
                    return i
                }
                k += 1
            }
            return nil
        }
    }

    /// Finds which elements of `next` must be drawn again for the canvas to show what a full
    /// redraw would, after moving the rows a vertical scroll kept (under any header pinned to
    /// the top) and clearing what is to be drawn with `background`; they are marked in
    /// `scratch.redraw`. False when only a full redraw will do: something else drew over the
    /// grid, the grid moved, or it scrolled sideways or by a screen or more.
    func redrawNeeded(for next: DrawnFrame, on canvas: Canvas, background: Style, scratch: inout RenderScratch) -> Bool {
        let previous = self, frame = next.frame, offset = next.offset, elements = next.elements
        let dy = offset.y - previous.offset.y
        guard previous.canvas == canvas.identity, previous.frame == frame,
              previous.offset.x == offset.x, abs(dy) < frame.height else { return false }
        let rows = frame.intersection(canvas.bounds)
        guard rows.height == previous.rowVersions.count else { return false }
        for i in previous.rowVersions.indices where previous.rowVersions[i] != canvas.version(ofRow: rows.minY + i) { return false }

        // Everything below is in screen coordinates. A header pinned to the top in both frames
        // stays where it is; the rows under it move with the content.
        func onScreen(_ r: Rect, _ o: Point) -> Rect { r.offsetBy(dx: frame.minX - o.x, dy: frame.minY - o.y) }
        var finder = ElementFinder(previous.elements)
        var fixedRows = 0
        for a in elements where a.isPinned {
            let now = onScreen(a.frame, offset)
            if now.minY == frame.minY, let i = finder.index(of: a),
               onScreen(previous.elements[i].frame, previous.offset) == now {
                fixedRows = max(fixedRows, now.height)
            }
        }
        let band = Rect(x: frame.minX, y: frame.minY + fixedRows, width: frame.width, height: frame.height - fixedRows)
        guard abs(dy) < band.height || dy == 0 else { return false }
        if dy != 0 { canvas.shiftRows(in: band, by: dy) }
        // Where the last frame's pixels of `r` are now: those the move kept in the band (empty
        // when it scrolled them all out). Nil when that is not known exactly (`r` straddles the
        // band's edge or leaves the grid).
        func remaining(_ r: Rect) -> Rect? {
            guard frame.contains(r) else { return nil }
            if !r.intersects(band) { return r }
            guard band.contains(r) else { return nil }
            return r.offsetBy(dx: 0, dy: -dy).intersection(band)
        }
        scratch.reset(previous: previous.elements.count, next: elements.count)
        if dy > 0 { scratch.dirty.append(Rect(x: band.minX, y: band.maxY - dy, width: band.width, height: dy)) }
        if dy < 0 { scratch.dirty.append(Rect(x: band.minX, y: band.minY, width: band.width, height: -dy)) }

        for a in elements { scratch.screen.append(onScreen(a.frame, offset)) }
        func covered(_ r: Rect) -> Bool {
            for c in next.opaqueCovers where c.contains(r) { return true }
            return false
        }
        // With the same covers, a cell in the same place is hidden now exactly when it was.
        let sameCovers = previous.opaqueCovers == next.opaqueCovers
        for (j, a) in elements.enumerated() {
            if a.kind == .cell, !next.opaqueCovers.isEmpty, covered(scratch.screen[j].intersection(frame)) {
                // Under an opaque header: not seen, so not drawn. What it left last time needs no
                // clearing when the move took it away or it is under a cover too.
                scratch.hidden[j] = true
                if let i = finder.index(of: a), let was = remaining(onScreen(previous.elements[i].frame, previous.offset)),
                   was.isEmpty || covered(was) { scratch.kept[i] = true }
                continue
            }
            if dy == 0, sameCovers, j < previous.elements.count, previous.elements[j] == a {
                // Nothing moved and it is where it was (a focus move): as drawn, cut by the
                // same edges, unless its state or view changed.
                if previous.states[j] == next.states[j] && previous.drawers[j] == next.drawers[j] {
                    scratch.kept[j] = true
                } else {
                    scratch.redraw[j] = true
                    scratch.dirty.append(scratch.screen[j])
                }
                continue
            }
            // Kept as drawn: the same element, state and view, whole on screen last time, and
            // its pixels now where this frame puts it.
            if let i = finder.index(of: a), previous.elements[i].frame.size == a.frame.size,
               previous.states[i] == next.states[j], previous.drawers[i] == next.drawers[j],
               remaining(onScreen(previous.elements[i].frame, previous.offset)) == scratch.screen[j] {
                scratch.kept[i] = true
            } else {
                scratch.redraw[j] = true
                scratch.dirty.append(scratch.screen[j])
            }
        }
        for (i, a) in previous.elements.enumerated() where !scratch.kept[i] {
            let old = onScreen(a.frame, previous.offset)
            // Its pixels are cleared where they are now; an element scrolled out left none.
            if let now = remaining(old) {
                if !now.isEmpty && !covered(now) { scratch.dirty.append(now) }
            } else {
                scratch.dirty.append(old)
                scratch.dirty.append(old.offsetBy(dx: 0, dy: -dy))
            }
        }
        // Whatever meets a cleared area is drawn again, and then so is whatever meets that
        // (a pinned header over a cell that is redrawn): each area is looked at once.
        var k = 0
        while k < scratch.dirty.count {
            let r = scratch.dirty[k]
            for j in elements.indices where !scratch.redraw[j] && !scratch.hidden[j] && r.intersects(scratch.screen[j]) {
                scratch.redraw[j] = true
                scratch.dirty.append(scratch.screen[j])
            }
            k += 1
        }
        // An element's old and new place are often the same rows: clear each area once.
        let blank = CanvasCell(scalar: 32, width: 1, style: background)
        for k in scratch.dirty.indices {
            let r = scratch.dirty[k]
            var clearedAlready = false
            for earlier in 0..<k where scratch.dirty[earlier].contains(r) { clearedAlready = true; break }
            if !clearedAlready { canvas.fill(r.intersection(frame), with: blank) }
        }
        return true
    }
}
