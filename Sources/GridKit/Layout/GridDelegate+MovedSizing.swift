extension GridDelegate {
    /// Default: nil. A `GridDelegate` that does not adopt `GridDelegateFlowLayout` is never asked
    /// for sizes; this default tells that delegate apart from one that still implements the
    /// method where it used to be.
    @available(*, deprecated, message: "sizes moved to GridDelegateFlowLayout: adopt it, or FlowLayout never asks")
    public func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }
}

extension FlowLayout {
    /// Stops the program when the grid's delegate sizes items where sizing used to be: it
    /// implements `gridView(_:layout:sizeForItemAt:)` (it answers for the first item) but adopts
    /// only `GridDelegate`, so its sizes would be ignored without a word.
    @MainActor func failIfSizingIsMisplaced(in grid: GridView, delegate: any GridDelegate) {
        guard (MovedSizingProbe() as any MovedSizingProbing).size(from: delegate, grid: grid, layout: self) != nil
        else { return }
        GridKitFailure.fail(
            "\(type(of: delegate)) implements gridView(_:layout:sizeForItemAt:) but adopts only GridDelegate; "
                + "sizes moved to GridDelegateFlowLayout: adopt it, or FlowLayout never asks")
    }
}

/// Asks the moved requirement on purpose. Its one caller reaches it through this protocol,
/// whose requirement is not deprecated, so building GridKit itself warns of nothing.
@MainActor private protocol MovedSizingProbing {
    func size(from delegate: any GridDelegate, grid: GridView, layout: FlowLayout) -> Size?
}

@MainActor private struct MovedSizingProbe: MovedSizingProbing {
    @available(*, deprecated, message: "asks the moved requirement on purpose")
    func size(from delegate: any GridDelegate, grid: GridView, layout: FlowLayout) -> Size? {
        delegate.gridView(grid, layout: layout, sizeForItemAt: IndexPath(item: 0, section: 0))
    }
}
