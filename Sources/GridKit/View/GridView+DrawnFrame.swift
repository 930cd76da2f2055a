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
    /// Cells placed images: those are placed again only by drawing every cell.
    var placedImages = false

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
        for y in rows.minY..<max(rows.minY, rows.maxY) { rowVersions.append(canvas.version(ofRow: y)) }
        placedImages = false
        for image in canvas.images where image.rect.intersects(frame) { placedImages = true }
    }

    /// Finds elements of the last frame: usually the next one along from the last found (both
    /// frames list them in the same order, one scrolled a few rows on), else a few either side,
    /// and only then by hashing every one.
    private struct ElementFinder {
        struct Key: Hashable { let kind: ElementKind; let indexPath: IndexPath }
        let elements: [LayoutAttributes]
        var next = 0
        var table: [Key: Int]?
        init(_ elements: [LayoutAttributes]) { self.elements = elements }

        mutating func index(of a: LayoutAttributes) -> Int? {
            func matches(_ i: Int) -> Bool { elements[i].indexPath == a.indexPath && elements[i].kind == a.kind }
            if next < elements.count, matches(next) { next += 1; return next - 1 }
            for i in max(0, next - 4)..<min(elements.count, next + 8) where matches(i) { next = i + 1; return i }
            if table == nil {
                var t: [Key: Int] = [:]
                t.reserveCapacity(elements.count)
                for (i, e) in elements.enumerated() { t[Key(kind: e.kind, indexPath: e.indexPath)] = i }
                table = t
            }
            guard let i = table?[Key(kind: a.kind, indexPath: a.indexPath)] else { return nil }
            next = i + 1
            return i
        }
    }

    /// Which elements of `next` must be drawn again for the canvas to show what a full redraw
    /// would, after moving the rows a vertical scroll kept (under any header pinned to the top)
    /// and clearing what is to be drawn with `background`. Nil when only a full redraw will do:
    /// something else drew over the grid, the grid moved, it scrolled sideways or by a screen
    /// or more, or cells placed pictures.
    func redrawNeeded(for next: DrawnFrame, on canvas: Canvas, background: Style) -> [Bool]? {
        let previous = self, frame = next.frame, offset = next.offset, elements = next.elements
        let dy = offset.y - previous.offset.y
        guard !previous.placedImages, previous.canvas == canvas.identity, previous.frame == frame,
              previous.offset.x == offset.x, abs(dy) < frame.height else { return nil }
        let rows = frame.intersection(canvas.bounds)
        guard rows.height == previous.rowVersions.count else { return nil }
        for i in previous.rowVersions.indices where previous.rowVersions[i] != canvas.version(ofRow: rows.minY + i) { return nil }

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
        guard abs(dy) < band.height || dy == 0 else { return nil }
        if dy != 0 { canvas.shiftRows(in: band, by: dy) }
        // Where the last frame's pixels of `r` are now, if they are all still there.
        let kept = band.height > abs(dy) ? Rect(x: band.minX, y: band.minY + max(0, -dy), width: band.width, height: band.height - abs(dy)) : Rect.zero
        func moved(_ r: Rect) -> Rect? {
            guard frame.contains(r) else { return nil }
            if !r.intersects(band) { return r }
            guard band.contains(r) else { return nil }
            let now = r.offsetBy(dx: 0, dy: -dy)
            return kept.contains(now) ? now : nil
        }
        var dirty: [Rect] = []
        if dy > 0 { dirty.append(Rect(x: band.minX, y: band.maxY - dy, width: band.width, height: dy)) }
        if dy < 0 { dirty.append(Rect(x: band.minX, y: band.minY, width: band.width, height: -dy)) }

        var keptOld = [Bool](repeating: false, count: previous.elements.count)
        var redraw = [Bool](repeating: false, count: elements.count)
        var screen: [Rect] = []
        screen.reserveCapacity(elements.count)
        for a in elements { screen.append(onScreen(a.frame, offset)) }
        for (j, a) in elements.enumerated() {
            // Kept as drawn: the same element, state and view, whole on screen last time, and
            // its pixels now where this frame puts it.
            if let i = finder.index(of: a), previous.elements[i].frame.size == a.frame.size,
               previous.states[i] == next.states[j], previous.drawers[i] == next.drawers[j],
               moved(onScreen(previous.elements[i].frame, previous.offset)) == screen[j] {
                keptOld[i] = true
            } else {
                redraw[j] = true
                dirty.append(screen[j])
            }
        }
        for (i, a) in previous.elements.enumerated() where !keptOld[i] {
            let old = onScreen(a.frame, previous.offset)
            if let now = moved(old) { dirty.append(now) } else { dirty += [old, old.offsetBy(dx: 0, dy: -dy)] }
        }
        // Whatever meets a cleared area is drawn again, and then so is whatever meets that
        // (a pinned header over a cell that is redrawn): until nothing more is touched.
        var grew = true
        while grew {
            grew = false
            for j in elements.indices where !redraw[j] {
                for r in dirty where r.intersects(screen[j]) {
                    redraw[j] = true
                    dirty.append(screen[j])
                    grew = true
                    break
                }
            }
        }
        for r in dirty { canvas.fill(r.intersection(frame), style: background) }
        return redraw
    }
}
