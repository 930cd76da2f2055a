/// Focus in a compositional layout: the neighbour an arrow key reaches (by position, in a
/// sideways row too), revealing an item in its row, the separators, the wheel, and the item
/// nearest a point.
extension CompositionalLayout {
    /// The item a key moves to, by where items are on screen: left and right to the nearest
    /// item beside this one on its rows, or at a line's end on to the next item (the previous,
    /// for left), as in a flow layout; up and down to the nearest row of items above or below,
    /// at the item whose middle is nearest this one's.
    public func neighbor(of ip: IndexPath, direction: FocusDirection) -> IndexPath? {
        guard let here = layoutAttributesForItem(at: ip)?.frame else { return nil }
        // In a row that scrolls sideways, left and right go along the row, on screen or not.
        if sections[ip.section].sideways != .none, direction == .left || direction == .right {
            return sidewaysNeighbor(of: ip, here: here, right: direction == .right)
        }
        var best: (key: (Int, Int), ip: IndexPath)?
        func consider(_ candidate: IndexPath, _ f: Rect, _ key: (Int, Int)) {
            guard candidate != ip, f.width > 0, f.height > 0 else { return }
            if best == nil || key < best!.key { best = (key, candidate) }
        }
        switch direction {
        case .left, .right:
            let band =
                direction == .left
                ? Rect(x: 0, y: here.minY, width: here.minX, height: here.height)
                : Rect(x: here.maxX, y: here.minY, width: max(0, viewport.width - here.maxX), height: here.height)
            forEachItem(in: band) { c, f in
                let gap = direction == .left ? here.minX - f.maxX : f.minX - here.maxX
                if gap >= 0 { consider(c, f, (gap, abs(f.midY * 2 + f.height % 2 - here.midY * 2 - here.height % 2))) }
            }
            if best == nil { return itemInOrder(from: ip, forward: direction == .right) }
        case .up, .down:
            // Look a screen at a time until a row is found.
            let page = max(here.height, viewport.height, 1)
            var y = direction == .down ? here.maxY : here.minY
            while best == nil, direction == .down ? y < contentSize.height : y > 0 {
                let rect =
                    direction == .down
                    ? Rect(x: 0, y: y, width: viewport.width, height: page)
                    : Rect(x: 0, y: max(0, y - page), width: viewport.width, height: min(page, y))
                var nearestEdge: Int?
                forEachItem(in: rect) { _, f in
                    let edge = direction == .down ? f.minY - here.maxY : here.minY - f.maxY
                    if edge >= 0 { nearestEdge = min(nearestEdge ?? edge, edge) }
                }
                if let nearestEdge {
                    forEachItem(in: rect) { c, f in
                        let edge = direction == .down ? f.minY - here.maxY : here.minY - f.maxY
                        // The nearest row: items starting before the nearest one's middle.
                        guard edge >= 0, edge <= nearestEdge + max(0, f.height / 2) else { return }
                        consider(c, f, (abs(f.midX * 2 + f.width % 2 - here.midX * 2 - here.width % 2), edge))
                    }
                }
                y = direction == .down ? y + page : y - page
            }
        }
        return best?.ip
    }

    /// The item beside `ip` in its sideways row, by where items are, not by their order (a tall
    /// item beside two small ones in a group: Right from the top small one goes on to the next
    /// group, not down to the one below it): the nearest item wholly on that side, sharing rows
    /// with this one if any does, then by the gap, then by how far apart their middles are.
    /// Only this group and the next two that way are looked at: each group is at least a cell
    /// wide, so the nearest is among them unless groups are wider than the row's items reach.
    private func sidewaysNeighbor(of ip: IndexPath, here: Rect, right: Bool) -> IndexPath? {
        let p = sections[ip.section]
        let g = ip.item / p.perGroup, groups = (p.count + p.perGroup - 1) / p.perGroup
        var best: (key: (Int, Int, Int), item: Int)?
        for group in stride(from: g, through: right ? min(groups - 1, g + 2) : max(0, g - 2), by: right ? 1 : -1) {
            for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) where i != ip.item {
                let f = frame(i, in: p)
                let gap = right ? f.minX - here.maxX : here.minX - f.maxX
                guard gap >= 0, f.width > 0, f.height > 0 else { continue }
                let sharesRows = f.minY < here.maxY && here.minY < f.maxY
                // Doubled middles, so odd heights compare exactly.
                let key = (sharesRows ? 0 : 1, gap, abs(f.minY + f.maxY - here.minY - here.maxY))
                if best == nil || key < best!.key { best = (key, i) }
            }
        }
        return best.map { IndexPath(item: $0.item, section: ip.section) }
    }

    /// The item after `ip` (before, going back): the next in its section, else the first of the
    /// next section with items (the last of the one before), but never into a row that scrolls
    /// sideways, whose far end would come into view.
    private func itemInOrder(from ip: IndexPath, forward: Bool) -> IndexPath? {
        var s = ip.section, item = ip.item + (forward ? 1 : -1)
        while s >= 0 && s < sections.count && sections[s].sideways == .none {
            if item >= 0 && item < sections[s].count { return IndexPath(item: item, section: s) }
            s += forward ? 1 : -1
            guard s >= 0 && s < sections.count else { return nil }
            item = forward ? 0 : sections[s].count - 1
        }
        return nil
    }

    /// Scrolls a sideways section so the item shows, as its behaviour says.
    package func revealItem(at indexPath: IndexPath) -> Bool {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return false }
        var p = sections[indexPath.section]
        guard p.sideways != .none, indexPath.item >= 0, indexPath.item < p.count else { return false }
        let (groupStart, groupWidth) = p.groupSpan(indexPath.item / p.perGroup)
        let cell =
            p.measured?.cells(ofGroup: indexPath.item / p.perGroup)[indexPath.item % p.perGroup]
            ?? p.cells[indexPath.item % p.perGroup]
        let start = groupStart + cell.minX, end = start + cell.width
        var target = p.offset
        switch p.sideways {
        case .none: return false
        case .continuous:
            if start < p.offset { target = start } else if end > p.offset + p.width { target = end - p.width }
        case .continuousGroupLeadingBoundary:
            // As little as shows the item, then on to a group's start: its own group's when the
            // item is behind the edge, else the first group starting at or after the least
            // offset that shows it (its own at the latest).
            let g = indexPath.item / p.perGroup
            if start < p.offset {
                target = groupStart
            } else if end > p.offset + p.width {
                let least = end - p.width
                var next = p.group(at: least)
                if p.groupSpan(next).start < least { next += 1 }
                // (A group wider than the row has no start that shows its far items: as `.continuous`.)
                target = next <= g ? p.groupSpan(next).start : least
            }
        case .paging:
            if start < p.offset || end > p.offset + p.width { target = max(0, start / max(1, p.width)) * p.width }
        case .groupPaging: target = groupStart
        case .groupPagingCentered: target = groupStart + groupWidth / 2 - p.width / 2
        }
        target = p.clamped(target)
        guard target != p.offset else { return false }
        p.offset = target
        sections[indexPath.section] = p
        sidewaysOffsets[indexPath.section] = target
        return true
    }

    /// The row after each item of a section with separators, but the last group's, across the
    /// item's width.
    package func separatorFrames(in rect: Rect) -> [Rect] {
        var out: [Rect] = []
        // The item just above the rect may own a separator inside it.
        let probe = Rect(x: rect.minX, y: max(0, rect.minY - 1), width: rect.width, height: rect.height + 1)
        forEachItem(in: probe) { ip, f in
            let p = sections[ip.section]
            guard p.separators, (ip.item / p.perGroup + 1) * p.perGroup < p.count else { return }
            let line = Rect(x: f.minX, y: f.maxY, width: f.width, height: 1)
            if line.intersects(rect) { out.append(line) }
        }
        return out
    }

    /// Scrolls the sideways section whose row is at `point.y`: by `delta` cells when it scrolls
    /// continuously, else to the next page or group that way.
    package func scrollSideways(at point: Point, by delta: Int) -> Bool {
        let s = section(atOrAfter: point.y)
        guard delta != 0, s < sections.count else { return false }
        var p = sections[s]
        guard p.sideways != .none, p.count > 0, point.y >= p.itemsStart, point.y < p.footerStart else { return false }
        let groups = p.groups
        func group(at x: Int) -> Int { p.group(at: x) }
        var target = p.offset + delta
        switch p.sideways {
        case .none, .continuous: break
        case .paging: target = (p.offset / max(1, p.width) + (delta > 0 ? 1 : -1)) * max(1, p.width)
        case .continuousGroupLeadingBoundary:
            // By `delta`, then on to the next group's start that way.
            let g = group(at: target)
            let start = p.groupSpan(g).start
            target =
                delta > 0 && start < target && g + 1 < groups
                ? p.groupSpan(g + 1).start : (delta > 0 && start < target ? p.offsetRange.upperBound : start)
        case .groupPaging:
            // The next group's start that way; back to the current one's when it is cut.
            let g = group(at: p.offset)
            let next = delta > 0 ? g + 1 : (p.groupSpan(g).start < p.offset ? g : g - 1)
            target = p.groupSpan(min(groups - 1, max(0, next))).start
        case .groupPagingCentered:
            // The group now in the middle, then its neighbour that way, put in the middle.
            let next = min(groups - 1, max(0, group(at: p.offset + p.width / 2) + (delta > 0 ? 1 : -1)))
            let span = p.groupSpan(next)
            target = span.start + span.width / 2 - p.width / 2
        }
        target = p.clamped(target)
        guard target != p.offset else { return false }
        p.offset = target
        sections[s] = p
        sidewaysOffsets[s] = target
        return true
    }

    /// See `GridLayout`.
    public func indexPathForItem(nearest point: Point) -> IndexPath? {
        var radius = max(1, viewport.height)
        let limit = max(contentSize.height, 1)
        while true {
            var best: (distance: Int, ip: IndexPath)?
            forEachItem(in: Rect(x: 0, y: max(0, point.y - radius), width: max(1, viewport.width), height: radius * 2))
            { ip, f in
                let dx = point.x < f.minX ? f.minX - point.x : point.x >= f.maxX ? point.x - f.maxX + 1 : 0
                let dy = point.y < f.minY ? f.minY - point.y : point.y >= f.maxY ? point.y - f.maxY + 1 : 0
                let d = dx * dx + dy * dy * 4
                if best == nil || d < best!.distance { best = (d, ip) }
            }
            if let best { return best.ip }
            if radius > limit { return nil }
            radius *= 2
        }
    }
}
