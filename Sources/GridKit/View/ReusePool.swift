/// Cells waiting for reuse, by kind and reuse identifier. A grid uses a handful of classes, so
/// the pools are a short list searched in order: comparing a few identifiers costs less than
/// hashing one, and a scroll dequeues a cell for every row it brings in.
struct ReusePool {
    private struct Pool {
        let kind: ElementKind
        let identifier: String
        var cells: [GridCell] = []
    }
    private var pools: [Pool] = []

    private func index(_ kind: ElementKind, _ identifier: String) -> Int? {
        for i in pools.indices where pools[i].kind == kind && pools[i].identifier == identifier { return i }
        return nil
    }

    /// A waiting cell of that kind and identifier, taken out of the pool.
    mutating func take(_ kind: ElementKind, _ identifier: String) -> GridCell? {
        guard let i = index(kind, identifier) else { return nil }
        return pools[i].cells.popLast()
    }

    /// Lets go of the waiting cells of that kind and identifier; returns how many.
    mutating func discard(_ kind: ElementKind, _ identifier: String) -> Int {
        guard let i = index(kind, identifier) else { return 0 }
        defer { pools[i].cells.removeAll() }
        return pools[i].cells.count
    }

    /// Puts `cell` in its pool unless that holds `limit` already; false when it was let go.
    mutating func put(_ cell: GridCell, kind: ElementKind, identifier: String, limit: Int) -> Bool {
        guard let i = index(kind, identifier) else {
            pools.append(Pool(kind: kind, identifier: identifier, cells: [cell]))
            return true
        }
        guard pools[i].cells.count < limit else { return false }
        pools[i].cells.append(cell)
        return true
    }
}
