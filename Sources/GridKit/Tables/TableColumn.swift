/// One column of rows drawn as a table (`TableColumns`): a title, how wide, how its values sit.
public struct TableColumn: Hashable, Sendable {
    /// How a column's width is found.
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of what the fixed and fitted columns leave (shares are weighed against each other).
        case fraction(Double)
        /// As wide as the widest value seen (`TableColumns.fit(_:)`) or its title, within the
        /// bounds; it only grows, so widths stay put while rows come and go.
        case fit(minimum: Int, maximum: Int)
    }

    /// Where a value sits in its column.
    public enum Alignment: Hashable, Sendable {
        case leading, center, trailing
    }

    /// The header's text.
    public var title: String
    /// How wide.
    public var width: Width
    /// Where values (and the title) sit: numbers usually `.trailing`.
    public var alignment: Alignment

    /// A column titled `title`.
    public init(_ title: String, width: Width, alignment: Alignment = .leading) {
        self.title = title; self.width = width; self.alignment = alignment
    }
}
