extension GridView {
    /// Tells the prefetch data source about items within a page ahead in the scroll direction,
    /// and, in rows on screen that scroll on their own (`orthogonalScrollingBehavior`), within a
    /// page to either side of what shows; cancels those that fell out of that range without
    /// being shown. With a host that
    /// presents frames (`ScreenController`), this runs once the frame is written
    /// (`prefetchAfterFrame()`): work started for what is ahead then never delays the key that
    /// scrolled there.
    func updatePrefetching() {
        if prefetchesAfterFrame {
            prefetchIsDue = true
            return
        }
        prefetchNow()
    }

    /// Runs what a frame left for after it was presented: the cells that left the screen are
    /// handed back, the prefetch data source is told what lies ahead, and the cells the next
    /// scroll would bring are made. (Never inlined: the scripts that count a key's work,
    /// `keyfootprint.py` and `keylines.py`, find the moment its frame is out by this call.)
    @inline(never)
    package func prefetchAfterFrame() {
        handBackLeavingCells()
        guard prefetchIsDue else { return }
        prefetchIsDue = false
        prefetchNow()
        prefetchCellsAhead()
    }

    /// Prefetching turned off: what was asked for ahead is cancelled, the cells made ahead go
    /// to the pool.
    func stopPrefetching() {
        discardPrefetchedCells()
        let cancel = prefetched.filter { visibleCells[$0] == nil }.sorted()
        prefetched.removeAll()
        if !cancel.isEmpty { prefetchDataSource?.gridView(self, cancelPrefetchingForItemsAt: cancel) }
    }

    private func prefetchNow() {
        guard isPrefetchingEnabled, let p = prefetchDataSource else { return }
        let vertical = layout.scrollDirection == .vertical
        let page = viewportMain
        let shift = scrollingForward ? page : -page
        let ahead = visibleRect.offsetBy(dx: vertical ? 0 : shift, dy: vertical ? shift : 0)
        var wanted = Set<IndexPath>()
        layout.eachItem(in: ahead) { ip, _ in if visibleCells[ip] == nil { wanted.insert(ip) } }
        // Across the screen's rows: only a row that scrolls sideways has items out there (the
        // tiles a Right lets in); in other layouts this finds what shows, which is left out.
        let across = vertical ? visibleRect.width : visibleRect.height
        let beside =
            vertical
            ? Rect(x: visibleRect.minX - across, y: visibleRect.minY, width: 3 * across, height: visibleRect.height)
            : Rect(x: visibleRect.minX, y: visibleRect.minY - across, width: visibleRect.width, height: 3 * across)
        layout.eachItem(in: beside) { ip, _ in if visibleCells[ip] == nil { wanted.insert(ip) } }
        let start = wanted.subtracting(prefetched).sorted()
        let cancel = prefetched.subtracting(wanted).filter { visibleCells[$0] == nil }.sorted()
        prefetched = wanted
        if !cancel.isEmpty { p.gridView(self, cancelPrefetchingForItemsAt: cancel) }
        if !start.isEmpty {
            p.gridView(self, prefetchItemsAt: scrollingForward ? start : start.reversed())
        }
    }
}
