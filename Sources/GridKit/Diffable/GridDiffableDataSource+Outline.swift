/// Outlines: a section applied from a `GridSectionSnapshot` shows its tree, and Right opens the
/// focused parent (or goes to its first child), Left closes it (or goes to its parent), as tree
/// views do. The focus stays on its item; an item hidden by a close hands it to its parent.
extension GridDiffableDataSource: OutlineNavigating {
    /// Shows `sectionSnapshot` in `section` (added at the end when new): its visible items, as
    /// one `apply` of the whole snapshot, so focus and selection follow their items.
    public func apply(_ sectionSnapshot: GridSectionSnapshot<ItemID>, to section: SectionID) throws {
        var snapshot = self.snapshot()
        if snapshot.indexOfSection(section) == nil { snapshot.appendSections([section]) }
        snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))
        snapshot.appendItems(sectionSnapshot.visibleItems, toSection: section)
        try apply(snapshot, tree: sectionSnapshot, to: section)
    }

    /// Applies `snapshot` with `tree` already in place, so the cells made while applying read
    /// their items' places in it; the tree before comes back if the snapshot is refused.
    private func apply(
        _ snapshot: GridSnapshot<SectionID, ItemID>, tree: GridSectionSnapshot<ItemID>, to section: SectionID
    ) throws {
        let before = sectionSnapshots[section]
        sectionSnapshots[section] = tree
        do { try apply(snapshot) } catch {
            sectionSnapshots[section] = before
            throw error
        }
    }

    /// The tree of `section`: the one applied last, or its items as roots.
    public func snapshot(for section: SectionID) -> GridSectionSnapshot<ItemID> {
        if let tree = sectionSnapshots[section] { return tree }
        var flat = GridSectionSnapshot<ItemID>()
        flat.append(snapshot().itemIdentifiers(inSection: section))
        return flat
    }

    /// Opens `item` (a parent in an outline section) as the handlers allow; false when it
    /// could not (not a parent, refused, already open).
    @discardableResult
    public func expand(_ item: ItemID) -> Bool {
        guard let section = indexPath(for: item).flatMap({ sectionIdentifier(for: $0.section) }),
            var tree = sectionSnapshots[section],
            !tree.isExpanded(item), sectionSnapshotHandlers.shouldExpandItem?(item) ?? true
        else { return false }
        if let load = sectionSnapshotHandlers.snapshotForExpandingParent {
            tree.replaceChildren(of: item, with: load(item, tree.snapshot(of: item)))
        }
        guard !tree.children(of: item).isEmpty else { return false }
        sectionSnapshotHandlers.willExpandItem?(item)
        tree.expand([item])
        return (try? applyOutline(tree, to: section, reloading: item)) != nil
    }

    /// Closes `item`; an item inside it that had the focus hands the focus to `item`.
    @discardableResult
    public func collapse(_ item: ItemID) -> Bool {
        guard let section = indexPath(for: item).flatMap({ sectionIdentifier(for: $0.section) }),
            var tree = sectionSnapshots[section],
            tree.isExpanded(item), sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true
        else { return false }
        sectionSnapshotHandlers.willCollapseItem?(item)
        tree.collapse([item])
        if let grid = gridViewForOutline, let f = grid.focusedIndexPath, let focused = itemIdentifier(for: f),
            !tree.isVisible(focused),
            let at = indexPath(for: item)
        {
            grid.focusedIndexPath = at
        }
        return (try? applyOutline(tree, to: section, reloading: item)) != nil
    }

    private func applyOutline(_ tree: GridSectionSnapshot<ItemID>, to section: SectionID, reloading parent: ItemID)
        throws
    {
        var snapshot = self.snapshot()
        snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))
        snapshot.appendItems(tree.visibleItems, toSection: section)
        snapshot.reloadItems([parent]) // its disclosure turns
        try apply(snapshot, tree: tree, to: section)
    }

    func outlineKey(right: Bool, at indexPath: IndexPath, in grid: GridView) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
            let tree = sectionSnapshots[section]
        else { return false }
        if right {
            if !tree.children(of: item).isEmpty || sectionSnapshotHandlers.snapshotForExpandingParent != nil,
                !tree.isExpanded(item)
            {
                return expand(item)
            }
            if tree.isExpanded(item), let first = tree.children(of: item).first, let at = self.indexPath(for: first) {
                grid.setFocus(at, scroll: true)
                return true
            }
            return false
        }
        if tree.isExpanded(item) { return collapse(item) }
        if let parent = tree.parent(of: item), let at = self.indexPath(for: parent) {
            grid.setFocus(at, scroll: true)
            return true
        }
        return false
    }
}

/// A data source that moves the focus through an outline with Left and Right.
@MainActor
protocol OutlineNavigating: AnyObject {
    /// Handles Right (`right`) or Left on the item at `indexPath`; false leaves the key to the layout.
    func outlineKey(right: Bool, at indexPath: IndexPath, in grid: GridView) -> Bool
}
