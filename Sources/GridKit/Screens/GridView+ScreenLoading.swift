extension GridView {
    /// Gives the grid a screen's content: the screen is the delegate (when it is a
    /// `GridDelegate`) and the prefetcher (when a `GridPrefetching`), registers its cells, is
    /// attached, and then supplies the data source (`Screen.makeDataSource(for:)`), and the grid
    /// loads. Returns the data source, which the grid holds weakly: keep it. Content that is not
    /// a screen comes in through `connect(_:prepare:)`; a screen comes in here, from
    /// `ScreenController` and `GridHarness`.
    package func load(_ screen: any Screen, context: ScreenContext) -> (any GridDataSource)? {
        delegate = screen as? GridDelegate
        prefetchDataSource = screen as? GridPrefetching
        screen.registerCells(in: self)
        screen.attach(to: self, context: context)
        let content = screen.makeDataSource(for: self)
        dataSource = content
        reloadData()
        return content
    }
}
