/// A cell class and how to fill it for an item (UIKit's `UICollectionView.CellRegistration`):
/// made once, used in the cell provider with `GridView.dequeueConfiguredReusableCell(using:for:item:)`.
/// The class is registered on first use, so a diffable list needs no registration bookkeeping.
///
/// ```swift
/// let row = CellRegistration<ListCell, String> { cell, _, name in
///     cell.contentConfiguration = .cell(text: name)
/// }
/// let source = GridDiffableDataSource<Int, String>(gridView: grid) { grid, indexPath, name in
///     grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: name)
/// }
/// ```
@MainActor
public struct CellRegistration<Cell: GridCell, Item> {
    /// Fills a dequeued cell for the item at an index path.
    public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void
    let handler: Handler

    /// A registration whose cells `handler` fills.
    public init(handler: @escaping Handler) { self.handler = handler }
}

/// A header or footer class and how to fill it (UIKit's `UICollectionView.SupplementaryRegistration`).
@MainActor
public struct SupplementaryRegistration<View: GridCell> {
    /// Fills a dequeued header or footer.
    public typealias Handler = (_ view: View, _ kind: ElementKind, _ indexPath: IndexPath) -> Void
    /// `.header` or `.footer`.
    public let elementKind: ElementKind
    let handler: Handler

    /// A registration for headers or footers (`elementKind`) that `handler` fills.
    public init(elementKind: ElementKind, handler: @escaping Handler) {
        self.elementKind = elementKind
        self.handler = handler
    }
}

extension GridView {
    /// A cell of the registration's class (registered now if it was not), filled by its handler.
    public func dequeueConfiguredReusableCell<Cell: GridCell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
    ) -> Cell {
        if cellClasses[Self.reuseIdentifier(of: Cell.self)] == nil { register(Cell.self) }
        let cell = dequeue(Cell.self, for: indexPath)
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A header or footer of the registration's class (registered now if it was not), filled by its handler.
    public func dequeueConfiguredReusableSupplementary<View: GridCell>(
        using registration: SupplementaryRegistration<View>, for indexPath: IndexPath
    ) -> View {
        if supplementaryClasses[registration.elementKind]?[Self.reuseIdentifier(of: View.self)] == nil {
            register(View.self, forSupplementaryViewOfKind: registration.elementKind)
        }
        let view = dequeueSupplementary(View.self, ofKind: registration.elementKind, for: indexPath)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
