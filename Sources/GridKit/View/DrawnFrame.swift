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
        for i in elements.indices where elements[i].kind != other[i].kind || elements[i].indexPath != other[i].indexPath
        { return false }
        return true
    }

    /// Forgets which views drew these items' cells: the next frame finds them changed and draws
    /// them again, or clears their place where no cell comes (a data source gone). So the mark
    /// left is one no view has, not nil, which a place with no cell would match.
    mutating func forgetCells(at indexPaths: [IndexPath]) {
        for i in elements.indices where elements[i].kind == .cell && indexPaths.contains(elements[i].indexPath) {
            drawers[i] = Self.forgotten
        }
    }

    private final class Forgotten {}
    /// A type's identity: never that of an instance, so never a view's.
    private static let forgotten = ObjectIdentifier(Forgotten.self)

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
    struct ElementFinder {
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
}
