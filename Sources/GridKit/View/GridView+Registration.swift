/// Registering cell classes and dequeuing cells: UIKit's string identifiers, and typed calls
/// that use the class's name as the identifier and hand back the class itself.
extension GridView {
    /// Registers a cell class for items under `identifier`.
    public func register(_ cellClass: GridCell.Type, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
        // Cells made ahead or just left go to the pool first, to be dropped with it: they may be
        // of the class registered before.
        handBackLeavingCells()
        discardPrefetchedCells()
        liveCellCount -= reusePool.discard(.cell, identifier) // waiting cells may be of the class registered before
    }

    /// Registers a header or footer class under `identifier`.
    public func register(
        _ viewClass: GridCell.Type, forSupplementaryViewOfKind kind: ElementKind, withReuseIdentifier identifier: String
    ) {
        supplementaryClasses[kind, default: [:]][identifier] = viewClass
        liveCellCount -= reusePool.discard(kind, identifier)
    }

    /// Registers a cell class for items under its own name (`dequeue(_:for:)` finds it there).
    public func register<Cell: GridCell>(_ cellClass: Cell.Type) {
        register(cellClass, forCellWithReuseIdentifier: identifier(of: cellClass))
    }

    /// Registers a header or footer class under its own name.
    public func register<View: GridCell>(_ viewClass: View.Type, forSupplementaryViewOfKind kind: ElementKind) {
        register(viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier(of: viewClass))
    }

    /// A cell that left the screen (after `prepareForReuse()`), or a new one of the registered class.
    /// Dequeuing an identifier that was never registered stops the program, naming it.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> GridCell {
        if let (at, cell) = reconfiguring, at == indexPath, cell.reuseIdentifier == identifier {
            reconfiguring = nil
            return cell
        }
        // A waiting cell was made from the class registered now (registering drops the pool).
        if let cell = reuse(.cell, identifier) { return cell }
        guard let type = cellClasses[identifier] else {
            GridKitFailure.fail(unregisteredMessage("cell", identifier, cellClasses))
        }
        return make(type, identifier: identifier)
    }

    /// The supplementary-view counterpart of `dequeueReusableCell`.
    public func dequeueReusableSupplementaryView(
        ofKind kind: ElementKind, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> GridCell {
        if let view = reuse(kind, identifier) { return view }
        guard let type = supplementaryClasses[kind]?[identifier] else {
            GridKitFailure.fail(unregisteredMessage("\(kind) view", identifier, supplementaryClasses[kind] ?? [:]))
        }
        return make(type, identifier: identifier)
    }

    /// A decoration view of `viewClass` for decorations of `kind` (the layout registered it):
    /// one that left the screen, or a new one.
    func dequeueDecorationView(ofKind kind: String, viewClass: GridCell.Type) -> GridCell {
        if let view = reuse(.decoration, kind) {
            if type(of: view) == viewClass { return view }
            liveCellCount -= 1 // made from a class registered for the kind before
        }
        return make(viewClass, identifier: kind)
    }

    /// A cell of class `Cell` registered with `register(_:)`, typed: no cast at the call site.
    public func dequeue<Cell: GridCell>(_ cellClass: Cell.Type, for indexPath: IndexPath) -> Cell {
        let id = identifier(of: cellClass)
        return typed(dequeueReusableCell(withReuseIdentifier: id, for: indexPath), id, .cell)
    }

    /// A header or footer of class `View` registered with `register(_:forSupplementaryViewOfKind:)`.
    public func dequeueSupplementary<View: GridCell>(
        _ viewClass: View.Type, ofKind kind: ElementKind, for indexPath: IndexPath
    ) -> View {
        let id = identifier(of: viewClass)
        return typed(dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: id, for: indexPath), id, kind)
    }

    /// The identifier the typed calls use: the class's name as Swift prints it.
    package static func reuseIdentifier(of cellClass: GridCell.Type) -> String { String(describing: cellClass) }

    /// `reuseIdentifier(of:)`, worked out once per class: printing a type's name is slow, and
    /// a scroll dequeues a cell per new row.
    private func identifier(of cellClass: GridCell.Type) -> String {
        if let known = typeIdentifiers[ObjectIdentifier(cellClass)] { return known }
        let id = Self.reuseIdentifier(of: cellClass)
        typeIdentifiers[ObjectIdentifier(cellClass)] = id
        return id
    }

    private func typed<Cell: GridCell>(_ cell: GridCell, _ id: String, _ kind: ElementKind) -> Cell {
        guard let typed = cell as? Cell else {
            // Named only here: printing the kind is slow, and this is on every dequeue.
            let what = kind == .cell ? "cell" : "\(kind) view"
            // Another class was registered under the same name with the string API.
            GridKitFailure.fail("GridView: the \(what) registered as '\(id)' is \(type(of: cell)), not \(Cell.self).")
        }
        return typed
    }

    private func unregisteredMessage(_ what: String, _ id: String, _ known: [String: GridCell.Type]) -> String {
        let list = known.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return
            "GridView: no \(what) registered for reuse identifier '\(id)' (registered: \(list.isEmpty ? "none" : list)). "
            + "Register it in registerCells(in:)."
    }

    private func reuse(_ kind: ElementKind, _ identifier: String) -> GridCell? {
        guard let cell = reusePool.take(kind, identifier) else { return nil }
        cell.prepareForReuse()
        // A cell handed out again is updated for its new item's state before it is drawn.
        cell.appliedState = nil
        return cell
    }

    private func make(_ type: GridCell.Type, identifier: String) -> GridCell {
        let cell = type.init()
        cell.reuseIdentifier = identifier
        liveCellCount += 1
        return cell
    }
}
