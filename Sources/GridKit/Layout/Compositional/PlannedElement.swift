/// An item or group of a compositional section as planned at its estimated size: kept, so a
/// group whose cells were measured is placed again from the same plan (the same cells in the
/// same places across, only heights and what follows them changing).
struct PlannedElement {
    enum Shape { case item, horizontal, vertical }
    var shape = Shape.item
    /// Its box's place in its parent's box.
    var x = 0.0, y = 0.0
    /// Its box as planned.
    var width: Double, height: Double
    var insets: EdgeInsets
    /// Its height follows its content: `.estimated`, inside groups whose heights are too.
    var grows: Bool
    /// Between a group's children, along its axis.
    var spacing = 0.0
    var children: [PlannedElement] = []

    init(width: Double, height: Double, insets: EdgeInsets, grows: Bool) {
        self.width = width; self.height = height; self.insets = insets; self.grows = grows
    }

    typealias Frame = (x: Double, y: Double, w: Double, h: Double)

    /// Whether each cell, in order, has its height measured.
    var measuredCells: [Bool] {
        shape == .item ? [grows] : children.flatMap(\.measuredCells)
    }

    /// The cells' frames, in order, with `heights` (by cell, nil for one not measured) in place
    /// of the estimates; and the box's height.
    func frames(heights: (Int) -> Int?) -> (frames: [Frame], height: Double) {
        var out: [Frame] = []
        var cell = 0
        let height = place(at: (0, 0), heights: heights, cell: &cell, into: &out)
        return (out, height)
    }

    /// The cells in whole rows, with `heights` in place of the estimates: the box's height in
    /// rows (at least one), and each cell's edges rounded down, so neighbours share an edge,
    /// nothing overlaps, and no cell reaches out of its group's rows.
    func cells(heights: (Int) -> Int? = { _ in nil }) -> (rows: Int, cells: [Rect]) {
        let (frames, height) = frames(heights: heights)
        let rows = max(1, Int(min(max(0, height), LayoutDimension.longest).rounded()))
        let cells = frames.map { f in
            let x0 = Int((f.x + 1e-9).rounded(.down)), x1 = Int((f.x + f.w + 1e-9).rounded(.down))
            let y0 = min(rows, Int((f.y + 1e-9).rounded(.down))), y1 = min(rows, Int((f.y + f.h + 1e-9).rounded(.down)))
            return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
        return (rows, cells)
    }

    private func place(at origin: (x: Double, y: Double), heights: (Int) -> Int?, cell: inout Int, into out: inout [Frame]) -> Double {
        let top = Double(insets.top), vertical = Double(insets.top + insets.bottom)
        switch shape {
        case .item:
            var h = height
            if grows, let measured = heights(cell) { h = Double(measured) + vertical }
            out.append((origin.x + Double(insets.left), origin.y + top, max(0, width - Double(insets.left + insets.right)), max(0, h - vertical)))
            cell += 1
            return h
        case .horizontal:
            var bottom = top
            for c in children {
                bottom = max(bottom, c.y + c.place(at: (origin.x + c.x, origin.y + c.y), heights: heights, cell: &cell, into: &out))
            }
            return grows ? bottom + Double(insets.bottom) : height
        case .vertical:
            // Each child moves down by what those above it grew (nothing, when none grows).
            var shift = 0.0, bottom = top
            for c in children {
                let h = c.place(at: (origin.x + c.x, origin.y + c.y + shift), heights: heights, cell: &cell, into: &out)
                shift += h - c.height
                bottom = c.y + shift + c.height
            }
            return grows ? bottom + Double(insets.bottom) : height
        }
    }
}
