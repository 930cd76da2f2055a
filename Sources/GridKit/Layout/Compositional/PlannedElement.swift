/// Which side of its cells a compositional section measures: heights in a section that
/// scrolls down, widths in a row that scrolls sideways.
enum MeasuredSide { case height, width }

/// An item or group of a compositional section as planned at its estimated size: kept, so a
/// group whose cells were measured is placed again from the same plan (the same cells, in the
/// same places across the measured side; only their lengths along it and what follows them
/// changing).
struct PlannedElement {
    enum Shape { case item, horizontal, vertical }
    var shape = Shape.item
    /// Its box's place in its parent's box.
    var x = 0.0, y = 0.0
    /// Its box as planned.
    var width: Double, height: Double
    var insets: EdgeInsets
    /// Its length on the measured side follows its content: `.estimated`, inside groups whose
    /// lengths on that side are estimated too.
    var grows: Bool
    /// Between a group's children, along its axis.
    var spacing = 0.0
    /// A cell's drawing order (`LayoutItem.zIndex`).
    var zIndex = 0
    var children: [PlannedElement] = []

    init(width: Double, height: Double, insets: EdgeInsets, grows: Bool) {
        self.width = width; self.height = height; self.insets = insets; self.grows = grows
    }

    typealias Frame = (x: Double, y: Double, w: Double, h: Double)

    /// Whether each cell, in order, is measured.
    var measuredCells: [Bool] {
        shape == .item ? [grows] : children.flatMap(\.measuredCells)
    }

    /// Each cell's `zIndex`, in order.
    var cellZIndices: [Int] {
        shape == .item ? [zIndex] : children.flatMap(\.cellZIndices)
    }

    /// The cells' frames, in order, with `lengths` (by cell, nil for one not measured) in place
    /// of the estimates on side `side`; and the box's size.
    func frames(side: MeasuredSide, lengths: (Int) -> Int?) -> (frames: [Frame], width: Double, height: Double) {
        var out: [Frame] = []
        var cell = 0
        let size = place(at: (0, 0), side: side, lengths: lengths, cell: &cell, into: &out)
        return (out, size.w, size.h)
    }

    /// The cells in whole cells of the terminal, with `lengths` in place of the estimates: the
    /// box's rows and columns (at least one each), and each cell's edges rounded down, so
    /// neighbours share an edge, nothing overlaps, and no cell reaches below its group's rows.
    func cells(side: MeasuredSide = .height, lengths: (Int) -> Int? = { _ in nil }) -> (
        rows: Int, columns: Int, cells: [Rect]
    ) {
        let (frames, width, height) = frames(side: side, lengths: lengths)
        func whole(_ length: Double) -> Int { max(1, Int(min(max(0, length), LayoutDimension.longest).rounded())) }
        let rows = whole(height)
        let cells = frames.map { f in
            let x0 = Int((f.x + 1e-9).rounded(.down)), x1 = Int((f.x + f.w + 1e-9).rounded(.down))
            let y0 = min(rows, Int((f.y + 1e-9).rounded(.down))), y1 = min(rows, Int((f.y + f.h + 1e-9).rounded(.down)))
            return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
        return (rows, whole(width), cells)
    }

    private func place(
        at origin: (x: Double, y: Double), side: MeasuredSide, lengths: (Int) -> Int?, cell: inout Int,
        into out: inout [Frame]
    ) -> (w: Double, h: Double) {
        let widths = side == .width
        switch shape {
        case .item:
            var w = width, h = height
            if grows, let measured = lengths(cell) {
                if widths {
                    w = Double(measured + insets.left + insets.right)
                } else {
                    h = Double(measured + insets.top + insets.bottom)
                }
            }
            out.append(
                (
                    origin.x + Double(insets.left), origin.y + Double(insets.top),
                    max(0, w - Double(insets.left + insets.right)), max(0, h - Double(insets.top + insets.bottom))
                ))
            cell += 1
            return (w, h)
        case .horizontal, .vertical:
            // A group whose axis is the measured side lays its children end to end: each moves
            // on by what those before it grew (nothing, when none grows). Across it, the group
            // reaches as far as its longest child.
            let stacks = (shape == .horizontal) == widths
            var shift = 0.0, far = widths ? Double(insets.left) : Double(insets.top)
            for c in children {
                let at =
                    stacks
                    ? (widths ? (origin.x + c.x + shift, origin.y + c.y) : (origin.x + c.x, origin.y + c.y + shift))
                    : (origin.x + c.x, origin.y + c.y)
                let size = c.place(at: at, side: side, lengths: lengths, cell: &cell, into: &out)
                let start = widths ? c.x : c.y, planned = widths ? c.width : c.height, length = widths ? size.w : size.h
                if stacks {
                    shift += length - planned
                    far = start + shift + planned
                } else {
                    far = max(far, start + length)
                }
            }
            guard grows else { return (width, height) }
            return widths ? (far + Double(insets.right), height) : (width, far + Double(insets.bottom))
        }
    }
}
