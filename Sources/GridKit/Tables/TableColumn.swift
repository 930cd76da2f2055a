/// One column of rows drawn as a table (`TableColumns`): a title, how wide, how its values sit.
public struct TableColumn: Equatable, Sendable {
    /// How a column's width is found.
    public enum Width: Equatable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of what the fixed and fitted columns leave (shares are weighed against each other).
        case fraction(Double)
        /// As wide as the widest value seen (`TableColumns.fit(_:)`) or its title, within the
        /// bounds; it only grows, so widths stay put while rows come and go.
        case fit(minimum: Int, maximum: Int)
    }

    /// The header's text.
    public var title: String
    /// How wide.
    public var width: Width
    /// Where values (and the title) sit in the column's width: numbers usually `.trailing`.
    /// `.justified` sits as `.leading` (one value has nothing to spread).
    public var alignment: LineAlignment

    /// A column titled `title`.
    public init(_ title: String, width: Width, alignment: LineAlignment = .leading) {
        self.title = title; self.width = width; self.alignment = alignment
    }
}
