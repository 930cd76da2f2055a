extension DrawnFrame {
    /// Notes on `canvas` each section whose cells all moved across by the same distance since
    /// this frame, and not up or down (a row that scrolls on its own, `orthogonalScrollingBehavior`):
    /// its rows, across the grid, moved sideways. A terminal can then move them itself and be sent
    /// only the tile let in (`Canvas.noteSidewaysMove`). Only when the grid itself did not scroll
    /// and the canvas is the one drawn into last.
    func noteSidewaysMoves(to next: DrawnFrame, on canvas: Canvas) {
        guard self.canvas == canvas.identity, frame == next.frame, offset == next.offset else { return }
        // Per section seen: how far its cells moved across (nil: not all alike, or also down)
        // and the rows they take. A screenful has a few sections: a list, not a table.
        var sections: [(section: Int, dx: Int?, top: Int, bottom: Int)] = []
        var finder = ElementFinder(elements)
        for a in next.elements where a.kind == .cell {
            guard let i = finder.index(of: a) else { continue }
            let was = elements[i].frame, now = a.frame
            let dx: Int? = was.minY == now.minY && was.size == now.size ? was.minX - now.minX : nil
            if let k = sections.firstIndex(where: { $0.section == a.indexPath.section }) {
                if sections[k].dx != dx { sections[k].dx = nil }
                sections[k].top = min(sections[k].top, now.minY)
                sections[k].bottom = max(sections[k].bottom, now.maxY)
            } else {
                sections.append((a.indexPath.section, dx, now.minY, now.maxY))
            }
        }
        let dy = frame.minY - offset.y
        for s in sections {
            guard let dx = s.dx, dx != 0 else { continue }
            let rows = (s.top + dy)..<(s.bottom + dy)
            let visible = rows.clamped(to: frame.minY..<frame.maxY)
            guard !visible.isEmpty else { continue }
            canvas.noteSidewaysMove(ColumnShift(rows: visible, columns: frame.minX..<frame.maxX, distance: dx))
        }
    }
}
