import GridKit

/// Thumbnails: the size and key each place needs, asking the pool for them (on screen first,
/// a page ahead after), giving up what scrolled away, and what arrives.
extension PhotosScreen {
    /// The thumbnail a cell needs: its picture area (the cell less its caption row).
    func thumbnailSize(_ ip: IndexPath) -> Size {
        let cell = grid?.layout.layoutAttributesForItem(at: ip)?.frame.size ?? Self.sizes[sizeLevel]
        return Size(width: cell.width, height: max(0, cell.height - 1))
    }

    /// Cache and pool key: the photo (among those of the cache's screen) and the size its
    /// thumbnail is made for.
    func key(_ ip: IndexPath) -> Int {
        let size = thumbnailSize(ip)
        return ((photoBase + flat(ip)) * 256 + min(255, size.width)) * 1024 + min(1023, size.height)
    }

    /// A cell coming on screen without its thumbnail: decoded before anything only prefetched.
    package func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath) {
        if let photo = cell as? PhotoCell, photo.entry == nil { request(indexPath, urgent: true) }
    }

    /// A cell that scrolled away before its thumbnail came: its decode is not needed now.
    package func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {
        let k = key(indexPath)
        guard inFlight.contains(k), !cache.contains(k), !isShownElsewhere(k, besides: indexPath) else { return }
        pool.cancel(keys: [k])
        inFlight.remove(k)
    }

    /// True when another cell on screen waits for the same decode: in Albums a photo shows in
    /// its folder's row and in All photos, and one leaving must not cancel the other's.
    private func isShownElsewhere(_ key: Int, besides ip: IndexPath) -> Bool {
        guard let grid, library.count > 0 else { return false }
        let photo = flat(ip)
        guard photo >= 0, photo < library.count else { return false }
        return indexPaths(ofPhoto: photo).contains {
            $0 != ip && grid.cellForItem(at: $0) != nil && self.key($0) == key
        }
    }

    // MARK: Prefetching

    package func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath]) {
        for ip in indexPaths { request(ip, urgent: false) }
    }

    package func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        let keys = Set(indexPaths.filter { !isShownElsewhere(key($0), besides: $0) }.map(key))
        pool.cancel(keys: keys)
        inFlight.subtract(keys)
    }

    func request(_ ip: IndexPath, urgent: Bool) {
        let k = key(ip)
        guard !cache.contains(k), let mailbox else { return }
        if inFlight.contains(k) && !urgent { return }
        inFlight.insert(k)
        // The photo, not its index path: folders may come in before "All photos" (or the view
        // change) by the time the thumbnail does, and a path would then name another place.
        let index = flat(ip), photo = item(at: ip), size = thumbnailSize(ip)
        let graphics = self.graphics, cell = cellPixels, prepare = prepareImage, shared = self.shared, pool = self.pool,
            symbols = self.symbols, colorMode = self.colorMode
        let cells = prepareCells.map { ($0, background: PhotoCell.tileBackground) }
        pool.submit(key: k, urgent: urgent, joiningRunning: true) { [weak self] in
            var met: [String] = []
            let entry = ThumbnailLoader.load(
                photo, columns: size.width, rows: size.height, graphics: graphics, cell: cell, prepare: prepare,
                prepareCells: cells,
                shared: shared, later: { pool.submitWhenIdle($0) }, report: { met.append($0) }, symbols: symbols,
                colorMode: colorMode)
            // What the host left for later in the cells (the terminal's bytes for their rows).
            // A prefetch makes them here: nobody waits for it, and the Page Down that brings its
            // tile on screen then sends those bytes instead of working out every cell (its
            // first byte 0.96-1.23 -> 0.57-0.75 ms in the library). A tile on screen comes at
            // once and leaves them until nothing the screen waits for is queued.
            if case .thumbnail(let t) = entry, let finish = t.finishCells {
                if urgent { pool.submitWhenIdle(finish) } else { finish() }
            }
            let problems = met
            mailbox.post { self?.finished(k, photo: index, entry, problems: problems) }
        }
    }

    private func finished(_ key: Int, photo: Int, _ entry: ThumbnailCache.Entry, problems: [String]) {
        inFlight.remove(key)
        cacheProblems.add(problems)
        cache.insert(entry, for: key)
        learnAspect(of: photo, from: entry)
        // Every place of the photo at that size: in Albums, its row's and All photos'. The grid
        // redraws those on screen and asks again for those it made ahead; the rest cost nothing.
        guard let grid, photo < library.count else { return }
        let places = indexPaths(ofPhoto: photo).filter { self.key($0) == key }
        if !places.isEmpty { grid.reloadItems(at: places) }
    }

    /// A decoded file tells its real size; in the waterfall its cell then takes that shape
    /// (one relayout for all the sizes learnt in a turn of the run loop).
    private func learnAspect(of flat: Int, from entry: ThumbnailCache.Entry) {
        guard case .thumbnail(let t) = entry, t.sourceSize.width > 0, t.sourceSize.height > 0, flat < library.count
        else { return }
        let s = folder(ofPhoto: flat)
        guard aspects[flat] == nil, case .file = library.sections[s].items[flat - sectionStarts[s]].source else {
            return
        }
        aspects[flat] = Double(t.sourceSize.width) / Double(t.sourceSize.height)
        guard isWaterfall, !relayoutPosted, let mailbox else { return }
        relayoutPosted = true
        mailbox.post { [weak self] in
            guard let self else { return }
            relayoutPosted = false
            grid?.reloadData()
        }
    }
}
