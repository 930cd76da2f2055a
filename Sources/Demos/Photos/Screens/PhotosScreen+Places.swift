import GridKit

/// Where photos are in the grid: a place's photo (its index among all photos) and a photo's
/// places, in either view. In Albums, sections `0..<folders` are the rows and the one after is
/// "All photos"; the grid has a section per folder.
extension PhotosScreen {
    /// True for a place in an album's row (Albums only).
    func isInRow(_ ip: IndexPath) -> Bool { view == .albums && ip.section < library.sections.count }

    /// The photo at a place in the grid, as its index among all photos.
    func flat(_ ip: IndexPath) -> Int {
        if view == .albums && ip.section >= library.sections.count { return ip.item }
        // A stale index path (a cell told it left after the sections changed) names no folder.
        guard ip.section >= 0, ip.section < sectionStarts.count else { return ip.item }
        return sectionStarts[ip.section] + ip.item
    }

    /// Where a photo is shown: in Albums, in "All photos".
    func indexPath(ofPhoto flat: Int) -> IndexPath {
        if view == .albums { return IndexPath(item: flat, section: library.sections.count) }
        let s = folder(ofPhoto: flat)
        return IndexPath(item: flat - sectionStarts[s], section: s)
    }

    /// Every place a photo is shown: its folder's section (the row, in Albums) and, in
    /// Albums, "All photos".
    func indexPaths(ofPhoto flat: Int) -> [IndexPath] {
        let s = folder(ofPhoto: flat)
        let own = IndexPath(item: flat - sectionStarts[s], section: s)
        return view == .albums ? [own, IndexPath(item: flat, section: library.sections.count)] : [own]
    }

    func item(at ip: IndexPath) -> PhotoItem {
        let f = min(max(0, flat(ip)), max(0, library.count - 1))
        let s = folder(ofPhoto: f)
        return library.sections[s].items[f - sectionStarts[s]]
    }

    /// The folder (section of the library) holding a photo: the last one starting at or before it.
    func folder(ofPhoto flat: Int) -> Int {
        var low = 0, high = sectionStarts.count
        while low < high {
            let mid = (low + high) / 2
            if sectionStarts[mid] <= flat { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }
}
