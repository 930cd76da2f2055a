/// Self-sizing: cells whose height is `.estimated`, in groups whose heights are too, are asked
/// their size as they come on screen, and their groups take the answers; in a row that scrolls
/// sideways, the same goes for widths.
extension CompositionalLayout {
    /// For a cell that is measured: the item's width and its estimated height, or in a row that
    /// scrolls sideways its estimated width and the item's height.
    public func preferredSizeOffer(for attributes: LayoutAttributes) -> Size? {
        let ip = attributes.indexPath
        guard attributes.kind == .cell, ip.section >= 0, ip.section < sections.count,
            let m = sections[ip.section].measured, m.measures(item: ip.item)
        else { return nil }
        let estimate = m.estimated.cells[ip.item % m.perGroup]
        return m.side == .width
            ? Size(width: estimate.width, height: attributes.frame.height)
            : Size(width: attributes.frame.width, height: estimate.height)
    }

    /// Keeps the measured height (or width, in a sideways row) of a cell that is measured, and
    /// places its group again: the group grows or shrinks, and everything after it moves.
    /// O(cells in a group + log groups + sections).
    public func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: LayoutAttributes,
        withOriginalAttributes original: LayoutAttributes
    ) -> Bool {
        let ip = original.indexPath, s = ip.section
        guard original.kind == .cell, s >= 0, s < sections.count, ip.item >= 0, ip.item < sections[s].count,
            var m = sections[s].measured, m.measures(item: ip.item)
        else { return false }
        let length = m.side == .width ? preferred.frame.width : preferred.frame.height
        measuredLengths[s, default: [:]][ip.item] = min(max(0, length), Int(LayoutDimension.longest))
        // Taken out while it changes, so the section's copy is not copied again.
        sections[s].measured = nil
        let g = ip.item / m.perGroup
        let (grew, moved) = m.place(group: g, lengths: measuredLengths[s] ?? [:])
        sections[s].measured = m
        guard grew != 0 else { return moved }
        if m.side == .width {
            // A group that starts before the row's scrolled edge moves what is on screen: the
            // row scrolls with it, so what the user sees stays put.
            var offset = sections[s].offset
            if m.start(ofGroup: g) < offset { offset += grew }
            offset = sections[s].clamped(offset)
            sections[s].offset = offset
            sidewaysOffsets[s] = offset
            return true
        }
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
        guard let indexPaths else { measuredLengths.removeAll(); return }
        for ip in indexPaths { measuredLengths[ip.section]?[ip.item] = nil }
    }
}
