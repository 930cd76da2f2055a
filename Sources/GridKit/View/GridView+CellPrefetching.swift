/// Cell prefetching (UIKit's, with `isPrefetchingEnabled`): once a frame is presented, the cells
/// of what the next scroll brings are asked for, so the key that scrolls there finds them made
/// and its frame goes out sooner; and the cells that left the screen are handed back then, not
/// while the frame waits.
extension GridView {
    /// Makes the cells of the items the next scroll would bring, the way the user last
    /// scrolled and as far as the last scroll went (a list's line, a grid's row of tiles, at
    /// most half a screen), and lets go of those made before that are no longer there.
    func prefetchCellsAhead() {
        guard isPrefetchingEnabled, let ds = dataSource, !needsDisplay else {
            // A frame is due (content changed, or the view): cells made now might be stale.
            discardPrefetchedCells()
            return
        }
        let vertical = layout.scrollDirection == .vertical
        let r = visibleRect
        let moved = vertical ? abs(r.minY - cellPrefetchOrigin.y) : abs(r.minX - cellPrefetchOrigin.x)
        if moved > 0 { cellPrefetchStep = moved }
        cellPrefetchOrigin = r.origin
        // Before the first scroll, half a screen: the next line may lie past a gap.
        let depth = max(1, min(cellPrefetchStep ?? viewportMain, viewportMain / 2))
        let band =
            vertical
            ? Rect(x: r.minX, y: scrollingForward ? r.maxY : r.minY - depth, width: r.width, height: depth)
            : Rect(x: scrollingForward ? r.maxX : r.minX - depth, y: r.minY, width: depth, height: r.height)
        // A focus move that did not scroll: the cells ahead are the ones made already.
        if band == cellPrefetchBand { return }
        var ahead: [IndexPath] = []
        layout.eachItem(in: band) { ip, _ in if visibleCells[ip] == nil { ahead.append(ip) } }
        var gone: [IndexPath] = []
        for ip in prefetchedCells.keys where !ahead.contains(ip) { gone.append(ip) }
        for ip in gone {
            if let cell = prefetchedCells.removeValue(forKey: ip) { enqueue(cell, kind: .cell) }
        }
        cellPrefetchBand = band
        for ip in ahead where prefetchedCells[ip] == nil {
            let cell = ds.gridView(self, cellForItemAt: ip)
            updateConfiguration(of: cell, at: ip)
            // The data source changed the content while asked (a reload, a batch update, an
            // item reloaded, a redraw asked for): nothing made ahead is kept.
            guard cellPrefetchBand == band, !needsDisplay else {
                enqueue(cell, kind: .cell)
                discardPrefetchedCells()
                return
            }
            prefetchedCells[ip] = cell
        }
    }

    /// The cell made ahead for `ip`, taken out of those waiting; nil when there is none.
    func takePrefetchedCell(at ip: IndexPath) -> GridCell? {
        guard !prefetchedCells.isEmpty, let cell = prefetchedCells.removeValue(forKey: ip) else { return nil }
        cellPrefetchBand = nil
        return cell
    }

    /// Lets go of the cells made ahead: to the pool, never shown, so with no delegate call.
    func discardPrefetchedCells() {
        cellPrefetchBand = nil
        guard !prefetchedCells.isEmpty else { return }
        let made = prefetchedCells
        prefetchedCells = [:]
        for (_, cell) in made { enqueue(cell, kind: .cell) }
    }

    /// Tells the delegate about the cells that left the screen in frames since presented, and
    /// puts them in the pool.
    func handBackLeavingCells() {
        guard !leavingCells.isEmpty else { return }
        // Taken out while the delegate is told (it may scroll or reload); the storage is kept.
        var leaving: [(indexPath: IndexPath, cell: GridCell)] = []
        swap(&leaving, &leavingCells)
        for (ip, cell) in leaving {
            delegate?.gridView(self, didEndDisplaying: cell, forItemAt: ip)
            enqueue(cell, kind: .cell)
        }
        if leavingCells.isEmpty {
            leaving.removeAll(keepingCapacity: true)
            leavingCells = leaving
        }
    }
}
