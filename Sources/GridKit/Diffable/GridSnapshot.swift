/// Why a snapshot could not be applied. Nothing changes when one is thrown.
public enum GridSnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Equatable,
    CustomStringConvertible
{
    /// An item identifier appears more than once.
    case duplicateItem(ItemID)
    /// A section identifier appears more than once.
    case duplicateSection(SectionID)
    /// An operation named an item the snapshot does not hold.
    case unknownItem(ItemID)
    /// An operation named a section the snapshot does not hold (or items were appended with no section).
    case unknownSection(SectionID?)

    /// Names the identifier.
    public var description: String {
        switch self {
        case .duplicateItem(let id): return "snapshot: item identifier \(id) appears more than once"
        case .duplicateSection(let id): return "snapshot: section identifier \(id) appears more than once"
        case .unknownItem(let id): return "snapshot: no item with identifier \(id)"
        case .unknownSection(let id?): return "snapshot: no section with identifier \(id)"
        case .unknownSection(nil): return "snapshot: items appended before any section"
        }
    }
}

/// The identifiers of a grid's sections and items, in order: a value you build or change, then
/// hand to `GridDiffableDataSource.apply(_:)`, which works out what moved. UIKit's
/// `NSDiffableDataSourceSnapshot`, for the terminal.
///
/// Operations that name an identifier the snapshot does not hold are remembered, not fatal:
/// `apply` throws for them (as it does for duplicates) and leaves the grid unchanged.
public struct GridSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Section identifiers in order.
    public private(set) var sectionIdentifiers: [SectionID] = []
    /// Items of each section, in the order of `sectionIdentifiers`.
    @usableFromInline var items: [[ItemID]] = []
    /// Items marked for their cells to be asked for again on the next apply.
    public private(set) var reloadedItemIdentifiers: [ItemID] = []
    /// Items marked with `reconfigureItems(_:)` since the snapshot was taken.
    public private(set) var reconfiguredItemIdentifiers: [ItemID] = []
    /// Sections marked with `reloadSections(_:)` since the snapshot was taken.
    public private(set) var reloadedSectionIdentifiers: [SectionID] = []
    /// The first invalid operation, thrown by `validate()`.
    @usableFromInline var firstError: GridSnapshotError<SectionID, ItemID>?

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    /// Sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// Items in all sections.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// Every item identifier, section by section.
    public var itemIdentifiers: [ItemID] { Array(items.joined()) }

    /// The items of one section (empty for a section the snapshot does not hold).
    @inlinable
    public func itemIdentifiers(inSection id: SectionID) -> [ItemID] {
        sectionIndex(id).map { items[$0] } ?? []
    }

    /// Items in one section.
    @inlinable
    public func numberOfItems(inSection id: SectionID) -> Int { itemIdentifiers(inSection: id).count }

    /// The position of an item among all items (section by section), or nil.
    @inlinable
    public func indexOfItem(_ id: ItemID) -> Int? {
        var base = 0
        for list in items {
            if let i = list.firstIndex(of: id) { return base + i }
            base += list.count
        }
        return nil
    }

    /// The position of a section, or nil.
    @inlinable
    public func indexOfSection(_ id: SectionID) -> Int? { sectionIndex(id) }

    /// The section holding an item, or nil.
    @inlinable
    public func sectionIdentifier(containingItem id: ItemID) -> SectionID? {
        locate(id).map { sectionIdentifiers[$0.section] }
    }

    // Finding an identifier is a scan. Inlinable, so that it is specialized for the caller's
    // identifier types: generic code from another module compares each one through its
    // protocol, several times slower (a reload in a million items took about 17 ms, not 0.2).
    @inlinable
    func sectionIndex(_ id: SectionID) -> Int? { sectionIdentifiers.firstIndex(of: id) }

    @inlinable
    func locate(_ id: ItemID) -> (section: Int, item: Int)? {
        for s in items.indices { if let i = items[s].firstIndex(of: id) { return (s, i) } }
        return nil
    }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ ids: [SectionID]) {
        sectionIdentifiers += ids
        items += ids.map { _ in [] }
    }

    /// Inserts empty sections just before an existing one.
    public mutating func insertSections(_ ids: [SectionID], beforeSection anchor: SectionID) {
        guard let s = sectionIndex(anchor) else { fail(.unknownSection(anchor)); return }
        sectionIdentifiers.insert(contentsOf: ids, at: s)
        items.insert(contentsOf: ids.map { _ in [] }, at: s)
    }

    /// Inserts empty sections just after an existing one.
    public mutating func insertSections(_ ids: [SectionID], afterSection anchor: SectionID) {
        guard let s = sectionIndex(anchor) else { fail(.unknownSection(anchor)); return }
        sectionIdentifiers.insert(contentsOf: ids, at: s + 1)
        items.insert(contentsOf: ids.map { _ in [] }, at: s + 1)
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ ids: [SectionID]) {
        for id in ids {
            guard let s = sectionIndex(id) else { fail(.unknownSection(id)); continue }
            sectionIdentifiers.remove(at: s)
            items.remove(at: s)
        }
    }

    // MARK: Items

    /// Adds items at the end of a section (the last section when `section` is nil).
    @inlinable
    public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) {
        guard let s = section.map(sectionIndex) ?? (items.isEmpty ? nil : items.count - 1) else {
            fail(.unknownSection(section)); return
        }
        items[s] += ids
    }

    /// Inserts items just before an existing one.
    @inlinable
    public mutating func insertItems(_ ids: [ItemID], beforeItem anchor: ItemID) {
        guard let (s, i) = locate(anchor) else { fail(.unknownItem(anchor)); return }
        items[s].insert(contentsOf: ids, at: i)
    }

    /// Inserts items just after an existing one.
    @inlinable
    public mutating func insertItems(_ ids: [ItemID], afterItem anchor: ItemID) {
        guard let (s, i) = locate(anchor) else { fail(.unknownItem(anchor)); return }
        items[s].insert(contentsOf: ids, at: i + 1)
    }

    /// Removes items (one pass, however many).
    @inlinable
    public mutating func deleteItems(_ ids: [ItemID]) {
        let doomed = Set(ids)
        var notFound = doomed
        for s in items.indices {
            items[s].removeAll { id in
                guard doomed.contains(id) else { return false }
                notFound.remove(id)
                return true
            }
        }
        if let missing = ids.first(where: notFound.contains) { fail(.unknownItem(missing)) }
    }

    /// Removes every item, keeping the sections.
    @inlinable
    public mutating func deleteAllItems() {
        for s in items.indices { items[s].removeAll() }
    }

    /// Moves an item just before another.
    @inlinable
    public mutating func moveItem(_ id: ItemID, beforeItem anchor: ItemID) { move(id, anchor, after: false) }

    /// Moves an item just after another.
    @inlinable
    public mutating func moveItem(_ id: ItemID, afterItem anchor: ItemID) { move(id, anchor, after: true) }

    @inlinable
    mutating func move(_ id: ItemID, _ anchor: ItemID, after: Bool) {
        guard id != anchor else { return }
        guard let (s, i) = locate(id) else { fail(.unknownItem(id)); return }
        guard let (t, j) = locate(anchor) else { fail(.unknownItem(anchor)); return }
        items[s].remove(at: i)
        // The anchor moved up one if it came after the item in the same section.
        let at = (s == t && j > i ? j - 1 : j) + (after ? 1 : 0)
        items[t].insert(id, at: at)
    }

    /// Marks items whose content changed: their cells are asked for again on the next apply.
    @inlinable
    public mutating func reloadItems(_ ids: [ItemID]) {
        for id in ids where locate(id) == nil { fail(.unknownItem(id)); return }
        recordReloads(ids)
    }

    /// Marks whole sections whose content changed (UIKit's `reloadSections`): on the next apply
    /// the cells of the items they hold now and their headers and footers are asked for again,
    /// even when nothing else changed and even for a section with no items.
    public mutating func reloadSections(_ ids: [SectionID]) {
        for id in ids where sectionIndex(id) == nil { fail(.unknownSection(id)); return }
        reloadedSectionIdentifiers += ids
        for id in ids { recordReloads(itemIdentifiers(inSection: id)) }
    }

    @usableFromInline
    mutating func recordReloads(_ ids: [ItemID]) { reloadedItemIdentifiers += ids }

    /// Marks items whose content changed but whose cells can show it as they are: on the next
    /// apply each shown one is configured again in place, the same cell object passed back
    /// through the cell provider (no `prepareForReuse`, no new cell), and redrawn
    /// (`UICollectionViewDiffableDataSource`'s `reconfigureItems`). Cheaper than a reload, and a
    /// cell keeps what it holds (a picture, a scroll position).
    public mutating func reconfigureItems(_ ids: [ItemID]) {
        for id in ids where locate(id) == nil { fail(.unknownItem(id)); return }
        reconfiguredItemIdentifiers += ids
    }

    @usableFromInline
    mutating func fail(_ error: GridSnapshotError<SectionID, ItemID>) {
        if firstError == nil { firstError = error }
    }

    // MARK: Applying

    /// Throws the first invalid operation, or a duplicate identifier. O(n) with hashing.
    public func validate() throws(GridSnapshotError<SectionID, ItemID>) {
        try validateOperationsAndSections()
        var seen = Set<ItemID>()
        seen.reserveCapacity(numberOfItems)
        for list in items { for id in list where !seen.insert(id).inserted { throw .duplicateItem(id) } }
    }

    /// Every section's items (for the data source).
    @usableFromInline var allItems: [[ItemID]] { items }

    /// The checks of `validate()` but for duplicate items, which `apply` finds while hashing.
    @usableFromInline
    func validateOperationsAndSections() throws(GridSnapshotError<SectionID, ItemID>) {
        if let firstError { throw firstError }
        var sections = Set<SectionID>()
        for id in sectionIdentifiers where !sections.insert(id).inserted { throw .duplicateSection(id) }
    }

    /// The same snapshot with no pending reloads (what the data source keeps after applying).
    func clearingReloads() -> GridSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }
}
