/// One section's items as a tree (UIKit's `NSDiffableDataSourceSectionSnapshot`): items with
/// children, each parent expanded or collapsed. Applied to a section of a
/// `GridDiffableDataSource`, the section shows its `visibleItems`: roots, and the children of
/// expanded parents, depth first.
public struct GridSectionSnapshot<Item: Hashable & Sendable>: Sendable {
    private(set) var roots: [Item] = []
    private var childrenOf: [Item: [Item]] = [:]
    private var parentOf: [Item: Item] = [:]
    private var expanded: Set<Item> = []

    /// An empty tree.
    public init() {}

    /// Adds `items` at the end of `parent`'s children, or of the roots; items already in the
    /// tree are left where they are.
    public mutating func append(_ items: [Item], to parent: Item? = nil) {
        let fresh = items.filter { !contains($0) && $0 != parent }
        if let parent {
            guard contains(parent) else { return }
            childrenOf[parent, default: []] += fresh
            for item in fresh { parentOf[item] = parent }
        } else {
            roots += fresh
        }
    }

    /// Inserts `items` just before `item`, among its siblings; items already in the tree are
    /// left where they are. Nothing happens when `item` is not in the tree.
    public mutating func insert(_ items: [Item], before item: Item) { insert(items, beside: item, after: false) }

    /// Inserts `items` just after `item`, among its siblings.
    public mutating func insert(_ items: [Item], after item: Item) { insert(items, beside: item, after: true) }

    private mutating func insert(_ items: [Item], beside item: Item, after: Bool) {
        guard contains(item) else { return }
        let fresh = items.filter { !contains($0) }
        if let parent = parentOf[item] {
            let at = childrenOf[parent]!.firstIndex(of: item)! + (after ? 1 : 0)
            childrenOf[parent]!.insert(contentsOf: fresh, at: at)
            for child in fresh { parentOf[child] = parent }
        } else {
            roots.insert(contentsOf: fresh, at: roots.firstIndex(of: item)! + (after ? 1 : 0))
        }
    }

    /// Where `item` is among `items` (every item, depth first, collapsed ones too), or nil.
    public func index(of item: Item) -> Int? {
        guard contains(item) else { return nil }
        return items.firstIndex(of: item)
    }

    /// Removes `items` and everything under them.
    public mutating func delete(_ items: [Item]) {
        for item in items where contains(item) {
            for child in childrenOf[item] ?? [] { delete([child]) }
            childrenOf[item] = nil
            expanded.remove(item)
            if let parent = parentOf.removeValue(forKey: item) {
                childrenOf[parent]?.removeAll { $0 == item }
            } else {
                roots.removeAll { $0 == item }
            }
        }
    }

    /// Replaces `parent`'s children with the roots of `children` (and their subtrees).
    public mutating func replaceChildren(of parent: Item, with children: GridSectionSnapshot<Item>) {
        guard contains(parent) else { return }
        delete(self.children(of: parent))
        func copy(_ items: [Item], under: Item) {
            append(items, to: under)
            for item in items {
                if children.isExpanded(item) { expanded.insert(item) }
                copy(children.children(of: item), under: item)
            }
        }
        copy(children.rootItems, under: parent)
    }

    /// The tree under `parent`: its children as roots, with their subtrees and what is expanded.
    public func snapshot(of parent: Item) -> GridSectionSnapshot<Item> {
        var out = GridSectionSnapshot<Item>()
        func copy(_ items: [Item], under: Item?) {
            out.append(items, to: under)
            for item in items {
                if expanded.contains(item) { out.expanded.insert(item) }
                copy(children(of: item), under: item)
            }
        }
        copy(children(of: parent), under: nil)
        return out
    }

    /// Shows the children of `items` (where their parents are shown too).
    public mutating func expand(_ items: [Item]) { for item in items where contains(item) { expanded.insert(item) } }
    /// Hides the children of `items`.
    public mutating func collapse(_ items: [Item]) { for item in items { expanded.remove(item) } }

    /// True when `item`'s children are shown (when it is).
    public func isExpanded(_ item: Item) -> Bool { expanded.contains(item) }
    /// True when `item` is in the tree.
    public func contains(_ item: Item) -> Bool { parentOf[item] != nil || roots.contains(item) }
    /// `item`'s parent, nil for a root.
    public func parent(of item: Item) -> Item? { parentOf[item] }
    /// `item`'s children, in order.
    public func children(of item: Item) -> [Item] { childrenOf[item] ?? [] }
    /// How deep `item` is: 0 for a root.
    public func level(of item: Item) -> Int {
        var level = 0, at = item
        while let p = parentOf[at] { level += 1; at = p }
        return level
    }
    /// The top level, in order.
    public var rootItems: [Item] { roots }
    /// Every item, depth first.
    public var items: [Item] { var out: [Item] = []; walk(roots, all: true, into: &out); return out }
    /// What the section shows: roots, and the children of expanded parents, depth first.
    public var visibleItems: [Item] { var out: [Item] = []; walk(roots, all: false, into: &out); return out }
    /// True when every ancestor of `item` is expanded.
    public func isVisible(_ item: Item) -> Bool {
        guard contains(item) else { return false }
        var at = item
        while let p = parentOf[at] {
            if !expanded.contains(p) { return false }
            at = p
        }
        return true
    }

    private func walk(_ level: [Item], all: Bool, into out: inout [Item]) {
        for item in level {
            out.append(item)
            if all || expanded.contains(item), let children = childrenOf[item] { walk(children, all: all, into: &out) }
        }
    }
}

/// What a diffable data source asks and tells about outlines (UIKit's
/// `SectionSnapshotHandlers`): whether a parent may open or close, that it will, and, for
/// children loaded on demand, the children a parent opens to.
@MainActor
public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
    /// False keeps `item` closed. Nil allows.
    public var shouldExpandItem: ((Item) -> Bool)?
    /// Told before `item` opens.
    public var willExpandItem: ((Item) -> Void)?
    /// False keeps `item` open. Nil allows.
    public var shouldCollapseItem: ((Item) -> Bool)?
    /// Told before `item` closes.
    public var willCollapseItem: ((Item) -> Void)?
    /// The children `item` opens to, given its children now (empty at first): children loaded
    /// on demand. Nil keeps the children it has.
    public var snapshotForExpandingParent: ((Item, GridSectionSnapshot<Item>) -> GridSectionSnapshot<Item>)?

    /// No handlers: every parent opens and closes with the children it has.
    public init() {}
}
