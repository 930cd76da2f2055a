/// Self-sizing: cells whose height is `.estimated`, in groups whose heights are too, are asked
/// their size as they come on screen, and their groups take the answers.
extension CompositionalLayout {
    /// The item's width and its estimated height, for a cell that is measured.
    public func preferredSizeOffer(for attributes: LayoutAttributes) -> Size? {
        let ip = attributes.indexPath
        guard attributes.kind == .cell, ip.section >= 0, ip.section < sections.count, let m = sections[ip.section].measured, m.measures(item: ip.item)
        else { return nil }
        return Size(width: attributes.frame.width, height: m.estimated.cells[ip.item % m.perGroup].height)
    }

    /// Keeps the measured height of a cell that is measured, and places its group again: the
    /// group grows or shrinks, and everything after it moves. O(cells in a group + log groups +
    /// sections).
    public func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes,
        withOriginalAttributes original: LayoutAttributes
    ) -> Bool {
        let ip = original.indexPath, s = ip.section
        guard original.kind == .cell, s >= 0, s < sections.count, ip.item >= 0, ip.item < sections[s].count,
            var m = sections[s].measured, m.measures(item: ip.item)
        else { return false }
        measuredHeights[s, default: [:]][ip.item] = min(max(0, preferred.frame.height), Int(LayoutDimension.longest))
        // Taken out while it changes, so the section's copy is not copied again.
        sections[s].measured = nil
        let (grew, moved) = m.place(group: ip.item / m.perGroup, heights: measuredHeights[s] ?? [:])
        sections[s].measured = m
        guard grew != 0 else { return moved }
        sections[s].footerStart += grew
        sections[s].end += grew
        for later in (s + 1)..<sections.count {
            sections[later].start += grew; sections[later].itemsStart += grew
            sections[later].footerStart += grew; sections[later].end += grew
        }
        return true
    }

    /// Forgets measurements. Named items keep their place on screen until their cells are
    /// measured again (visible ones at once, as their cells are made anew); with no names, every
    /// item goes back to its estimate on the next prepare (after a batch update moved them all).
    public func invalidateMeasurements(at indexPaths: [IndexPath]?) {
        guard let indexPaths else { measuredHeights.removeAll(); return }
        for ip in indexPaths { measuredHeights[ip.section]?[ip.item] = nil }
    }
}
