/// The `GridLayout` queries of a compositional layout: the size, and where items, headers,
/// footers and decorations are, from the sections placed by the last prepare.
extension CompositionalLayout {
    /// See `GridLayout`.
    public var contentSize: Size { Size(width: viewport.width, height: sections.last?.end ?? 0) }
    /// See `GridLayout`.
    public var numberOfSections: Int { sections.count }
    /// See `GridLayout`.
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].count : 0
    }

    func frame(_ item: Int, in p: Placed) -> Rect {
        if let m = p.measured {
            let g = item / p.perGroup, cell = m.cells(ofGroup: g)[item % p.perGroup]
            if p.sideways != .none {
                return cell.offsetBy(dx: p.left + m.start(ofGroup: g) - p.offset, dy: p.itemsStart)
            }
            return cell.offsetBy(dx: p.left, dy: p.itemsStart + m.start(ofGroup: g))
        }
        let cell = p.cells[item % p.perGroup]
        if p.sideways != .none {
            return cell.offsetBy(dx: p.left + (item / p.perGroup) * p.across - p.offset, dy: p.itemsStart)
        }
        return cell.offsetBy(dx: p.left, dy: p.itemsStart + (item / p.perGroup) * p.step)
    }

    /// See `GridLayout`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < p.count else { return nil }
        return LayoutAttributes(
            indexPath: indexPath, frame: frame(indexPath.item, in: p), kind: .cell,
            zIndex: p.cellZIndices?[indexPath.item % p.perGroup] ?? 0)
    }

    /// See `GridLayout`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        if kind == .decoration {
            guard indexPath.item >= 0, indexPath.item < p.decorations.count else { return nil }
            return decoration(indexPath.item, of: p, section: indexPath.section)
        }
        guard let band = kind == .header ? p.header : kind == .footer ? p.footer : nil else { return nil }
        return LayoutAttributes(
            indexPath: IndexPath(item: 0, section: indexPath.section), frame: p.frame(of: band), kind: kind,
            zIndex: band.zIndex)
    }

    /// The first section that ends below `y`.
    func section(atOrAfter y: Int) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// See `GridLayout`.
    package func forEachItem(in rect: Rect, _ body: (IndexPath, Rect) -> Void) {
        guard !rect.isEmpty else { return }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let p = sections[s]
            if p.count > 0, p.sideways != .none {
                // The groups the rect meets across the row.
                var group = max(
                    0,
                    (p.measured?.group(startingAtOrBefore: rect.minX - p.left + p.offset)
                        ?? (rect.minX - p.left + p.offset) / p.across) - 1)
                while group * p.perGroup < p.count, p.left + p.groupSpan(group).start - p.offset < rect.maxX {
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = frame(i, in: p)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    group += 1
                }
            } else if p.count > 0, let m = p.measured {
                // Cells stay inside their group's rows here too; each group's start and cells
                // are looked up once.
                var group = m.group(startingAtOrBefore: rect.minY - p.itemsStart)
                var top = p.itemsStart + m.start(ofGroup: group)
                while group * p.perGroup < p.count, top < rect.maxY {
                    let cells = m.cells(ofGroup: group)
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = cells[i % p.perGroup].offsetBy(dx: p.left, dy: top)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    top += m.length(ofGroup: group) + m.spacing
                    group += 1
                }
            } else if p.count > 0 {
                // Cells stay inside their group's rows: only the groups the rect meets count.
                var group = max(0, (rect.minY - p.itemsStart) / p.step - 1)
                while group * p.perGroup < p.count, p.itemsStart + group * p.step < rect.maxY {
                    for i in (group * p.perGroup)..<min(p.count, (group + 1) * p.perGroup) {
                        let f = frame(i, in: p)
                        if f.intersects(rect) { body(IndexPath(item: i, section: s), f) }
                    }
                    group += 1
                }
            }
            s += 1
        }
    }

    /// See `GridLayout`.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        if cellsHaveZIndices {
            forEachItem(in: rect) { ip, f in
                let p = sections[ip.section]
                out.append(
                    LayoutAttributes(
                        indexPath: ip, frame: f, kind: .cell, zIndex: p.cellZIndices?[ip.item % p.perGroup] ?? 0))
            }
        } else {
            forEachItem(in: rect) { out.append(LayoutAttributes(indexPath: $0, frame: $1, kind: .cell)) }
        }
        var s = section(atOrAfter: rect.minY)
        while s < sections.count, sections[s].start < rect.maxY {
            let p = sections[s], ip = IndexPath(item: 0, section: s)
            if let band = p.header {
                let natural = p.frame(of: band)
                var header = LayoutAttributes(indexPath: ip, frame: natural, kind: .header, zIndex: band.zIndex)
                if p.pins {
                    // At the top of `rect` while its section shows, pushed off by the section's end.
                    let pinned = min(max(natural.minY, rect.minY), p.end - natural.height)
                    if pinned > natural.minY {
                        header.frame = natural.offsetBy(dx: 0, dy: pinned - natural.minY); header.isPinned = true
                    }
                }
                if header.frame.intersects(rect) { out.append(header) }
            }
            if let band = p.footer {
                let f = p.frame(of: band)
                if f.intersects(rect) {
                    out.append(LayoutAttributes(indexPath: ip, frame: f, kind: .footer, zIndex: band.zIndex))
                }
            }
            for d in p.decorations.indices {
                let a = decoration(d, of: p, section: s)
                if a.frame.intersects(rect) { out.append(a) }
            }
            s += 1
        }
        return out
    }

    /// Where decoration `indexPath.item` of section `indexPath.section` is, when its kind is
    /// `elementKind` (UIKit's `layoutAttributesForDecorationView(ofKind:at:)`).
    public func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < p.decorations.count,
            p.decorations[indexPath.item].elementKind == elementKind
        else { return nil }
        return decoration(indexPath.item, of: p, section: indexPath.section)
    }

    /// A section's decoration `d`: the section from below its header rows to above its footer
    /// rows, across the grid, less the decoration's insets.
    private func decoration(_ d: Int, of p: Placed, section: Int) -> LayoutAttributes {
        let item = p.decorations[d]
        let area = Rect(
            x: 0, y: p.start + p.headerExtent, width: viewport.width,
            height: max(0, p.footerStart - p.start - p.headerExtent))
        let frame = area.inset(by: item.contentInsets)
        return LayoutAttributes(
            indexPath: IndexPath(item: d, section: section),
            frame: Rect(x: frame.minX, y: frame.minY, width: max(0, frame.width), height: max(0, frame.height)),
            kind: .decoration, zIndex: item.zIndex)
    }
}
