/// Cell prefetching (UIKit's, with `isPrefetchingEnabled`): once a frame is presented, the cells
/// of what the next scroll brings are asked for, so the key that scrolls there finds them made
/// and its frame goes out sooner; and the cells that left the screen are handed back then, not
/// while the frame waits.
extension GridView {
    /// How far beyond the screen cells are made ahead: half a screen, enough for the next line
    /// of items past any spacing (a row of tiles, a list's next rows).
    private var cellPrefetchDepth: Int { max(1, viewportMain / 2) }

    /// Makes the cells of the items within `cellPrefetchDepth` beyond the screen the way the
    /// user last scrolled, and lets go of those made before that are no longer there.
    func prefetchCellsAhead() {
        guard isPrefetchingEnabled, let ds = dataSource, !needsDisplay else {
            // A frame is due (content changed, or the view): cells made now might be stale.
            discardPrefetchedCells()
            return
        }
        let vertical = layout.scrollDirection == .vertical
        let r = visibleRect, depth = cellPrefetchDepth
        let band =
            vertical
            ? Rect(x: r.minX, y: scrollingForward ? r.maxY : r.minY - depth, width: r.width, height: depth)
            : Rect(x: scrollingForward ? r.maxX : r.minX - depth, y: r.minY, width: depth, height: r.height)
        var ahead: [IndexPath] = []
        layout.eachItem(in: band) { ip, _ in if visibleCells[ip] == nil { ahead.append(ip) } }
        var made = prefetchedCells
        prefetchedCells = [:]
        for (ip, cell) in made where !ahead.contains(ip) {
            made[ip] = nil
            enqueue(cell, kind: .cell)
        }
        for ip in ahead where made[ip] == nil {
            let cell = ds.gridView(self, cellForItemAt: ip)
            updateConfiguration(of: cell, at: ip)
            made[ip] = cell
        }
        // A data source that reloaded or changed the grid while asked keeps nothing made ahead.
        if prefetchedCells.isEmpty && !needsDisplay { prefetchedCells = made } else { discard(made) }
    }

    /// The cell made ahead for `ip`, taken out of those waiting; nil when there is none.
    func takePrefetchedCell(at ip: IndexPath) -> GridCell? {
        prefetchedCells.isEmpty ? nil : prefetchedCells.removeValue(forKey: ip)
    }

    /// Lets go of the cells made ahead: to the pool, never shown, so with no delegate call.
    func discardPrefetchedCells() {
        guard !prefetchedCells.isEmpty else { return }
        let made = prefetchedCells
        prefetchedCells = [:]
        discard(made)
    }

    private func discard(_ made: [IndexPath: GridCell]) {
        for (_, cell) in made { enqueue(cell, kind: .cell) }
    }

    /// Tells the delegate about the cells that left the screen in frames since presented, and
    /// puts them in the pool.
    func handBackLeavingCells() {
        guard !leavingCells.isEmpty else { return }
        let leaving = leavingCells
        leavingCells = []
        for (ip, cell) in leaving {
            delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
            enqueue(cell, kind: .cell)
        }
    }
}
