/// The colours given so far to the cells of one row of a picture drawn in direct colour, most
/// recent first: a new cell's colour close enough to one of them is drawn in that one.
///
/// In direct colour every cell of a photo would otherwise have colours of its own, a little off
/// its neighbours' (`38;2;139;244;240` beside `38;2;138;244;240`), and each costs a colour
/// sequence of up to 19 bytes, two for a cell that changes both. Drawn in a colour the row
/// already has, a cell keeps the colour in effect (its left neighbour's), or joins the cells of
/// that colour pair that the writer sends together (`PictureRun`), as cells in 256 colours do.
/// How close is close enough is the caller's (`CellSymbolChoice`): a fraction of how far the
/// cell's own pixels are from the colour that stands for them, so a flat patch keeps its exact
/// colours and a gradient still changes colour cell by cell.
package struct RowColors {
    /// Lab of the colours kept, and the colours, most recent first: `count` of `capacity`.
    private var labs: [SIMD3<Float>]
    private var colors: [Color]
    private(set) var count = 0

    /// How many colours a row keeps to compare a new one with: enough for the colours of a
    /// thumbnail's row to come back after a stripe or a ring of others.
    package static let capacity = 32

    /// Reusing colours (`reuses`), or every colour exact (nothing kept).
    package init(reuses: Bool) {
        let capacity = reuses ? Self.capacity : 0
        labs = Array(repeating: .zero, count: capacity)
        colors = Array(repeating: .default, count: capacity)
    }

    /// Starts a row: no colours kept.
    package mutating func startRow() { count = 0 }

    /// The colour to draw Lab colour `lab` in: the nearest colour kept, if its squared distance
    /// is at most `tolerance` (squared CIE76 ΔE), else `lab` in sRGB (kept from now on, first).
    package mutating func color(_ lab: SIMD3<Float>, within tolerance: Float) -> Color {
        var nearest = -1, least = tolerance
        for i in 0..<count {
            let d = lab - labs[i], dd = (d * d).sum()
            if dd < least || (nearest < 0 && dd == least) {
                nearest = i
                least = dd
            }
        }
        if nearest >= 0 {
            let (kept, keptLab) = (colors[nearest], labs[nearest])
            moveToFront(from: nearest, kept, keptLab)
            return kept
        }
        let (r, g, b) = Lab.rgb(lab)
        let color = Color.rgb(r, g, b)
        guard !colors.isEmpty else { return color }
        count = min(count + 1, colors.count)
        moveToFront(from: count - 1, color, Lab.lab(r, g, b))
        return color
    }

    /// Puts `color` first, shifting those before `index` one on (the one at `index` is overwritten).
    private mutating func moveToFront(from index: Int, _ color: Color, _ lab: SIMD3<Float>) {
        var i = index
        while i > 0 {
            colors[i] = colors[i - 1]
            labs[i] = labs[i - 1]
            i -= 1
        }
        colors[0] = color
        labs[0] = lab
    }
}
