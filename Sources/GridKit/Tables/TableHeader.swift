/// A table's header row over a screen's grid: the column titles, the sort column marked ▲ or ▼,
/// and sorting on a click on a title or on a key (`sort(byColumn:)`). A screen that has one
/// (`Screen.tableHeader`) gets it drawn on the row above its grid, lined up with the rows that
/// draw with the same `columns`.
///
/// ```swift
/// let header = TableHeader(columns: columns, sortColumn: 4, ascending: false)
/// header.sortChanged = { [weak self] header in self?.resort(by: header.sortColumn, header.ascending) }
/// ```
@MainActor
public final class TableHeader {
    /// The columns rows are drawn in; `fit(_:)` them as values arrive so rows and header agree.
    public var columns: TableColumns
    /// The column rows are sorted by, or nil.
    public private(set) var sortColumn: Int?
    /// Whether the sort is ascending.
    public private(set) var ascending: Bool
    /// Called after a click or `sort(byColumn:)` changed the sort: sort the rows and apply.
    public var sortChanged: ((TableHeader) -> Void)?
    /// The header's colours.
    public var style = Style(attributes: [.bold, .underline])

    /// A header over `columns`, sorted by `sortColumn`.
    public init(columns: TableColumns, sortColumn: Int? = nil, ascending: Bool = true) {
        self.columns = columns
        self.sortColumn = sortColumn
        self.ascending = ascending
    }

    /// Sorts by `column`: the same column again turns the direction round; another starts
    /// ascending. Calls `sortChanged`.
    public func sort(byColumn column: Int) {
        guard columns.columns.indices.contains(column) else { return }
        if sortColumn == column { ascending.toggle() } else { sortColumn = column; ascending = true }
        sortChanged?(self)
    }

    /// Sorts by `column` in the given direction. Calls `sortChanged`.
    public func sort(byColumn column: Int, ascending: Bool) {
        guard columns.columns.indices.contains(column) else { return }
        sortColumn = column
        self.ascending = ascending
        sortChanged?(self)
    }

    /// The titles as drawn: the sort column's with its arrow.
    package var titles: [String] {
        columns.columns.enumerated().map { k, column in
            k == sortColumn ? column.title + (ascending ? "▲" : "▼") : column.title
        }
    }

    /// Draws the titles in `context` (one row).
    package func draw(in context: DrawContext) {
        context.fill(style: style)
        columns.draw(titles, in: context, style: style)
    }

    /// A press at `x` from the header's start, `width` wide: sorts by the column there.
    package func click(at x: Int, width: Int) {
        if let k = columns.column(at: x, width: width) { sort(byColumn: k) }
    }
}
