extension GridView {
    /// Hands the grid its content in one step: `content` becomes the data source, the delegate
    /// and (when it adopts `GridPrefetching`) the prefetch data source, registers its cells, and
    /// the grid loads. `prepare` runs after registration and before the load, for setup that
    /// needs the grid. `GridHarness` uses it for content that is not a screen; a screen, which
    /// need not be its own data source, is connected through `Screen.makeDataSource(for:)`.
    package func connect(_ content: any DelegateDataSource, prepare: (GridView) -> Void = { _ in }) {
        dataSource = content
        delegate = content
        prefetchDataSource = content as? GridPrefetching
        content.registerCells(in: self)
        prepare(self)
        reloadData()
    }
}
