/// Where an element sits against the box it belongs to (UIKit's `NSRectAlignment`): an edge,
/// a corner, or the middle of an edge.
public enum RectAlignment: Sendable, Equatable {
    /// Nowhere in particular: the top edge's leading corner, as `.topLeading`.
    case none
    /// Above, centred across.
    case top
    /// Above, at the leading (left) edge.
    case topLeading
    /// Beside, on the leading (left) side.
    case leading
    /// Below, at the leading edge.
    case bottomLeading
    /// Below, centred across.
    case bottom
    /// Below, at the trailing (right) edge.
    case bottomTrailing
    /// Beside, on the trailing (right) side.
    case trailing
    /// Above, at the trailing edge.
    case topTrailing

    /// The edge it is against along the section: above, below, or beside.
    enum Edge { case top, bottom, side }
    var edge: Edge {
        switch self {
        case .none, .top, .topLeading, .topTrailing: .top
        case .bottom, .bottomLeading, .bottomTrailing: .bottom
        case .leading, .trailing: .side
        }
    }

    /// Where an element `width` cells wide starts across a box `across` cells wide.
    func x(width: Int, across: Int) -> Int {
        switch self {
        case .none, .topLeading, .leading, .bottomLeading: 0
        case .top, .bottom: (across - width) / 2
        case .topTrailing, .trailing, .bottomTrailing: across - width
        }
    }
}

/// A header or footer of a compositional section (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`): a band above or below the section's items,
/// or a column beside them.
///
/// Its `alignment` says where: `.top`, `.topLeading` and `.topTrailing` above the items
/// (centred, at the left or at the right when narrower than the grid), `.bottom…` below them,
/// `.leading` and `.trailing` beside them, from the items' first row, in the section's inset on
/// that side (give the section a `contentInsets` that wide). Its width and height are resolved
/// against the grid's visible area and it is placed across the grid's whole width, not the
/// section's insets. Above and below, it takes rows of its own (`extendsBoundary`), the tallest
/// of those on that edge; `offset` then moves it from that place without moving anything else.
/// A section has one header view and one footer view: the first item of each `elementKind`.
public struct LayoutBoundarySupplementaryItem: Sendable {
    /// Its size, against the grid's visible area.
    public var layoutSize: LayoutSize
    /// `.header` or `.footer`: which view the data source is asked for
    /// (`gridView(_:viewForSupplementaryElementOfKind:at:)`).
    public var elementKind: ElementKind
    /// Where it sits against the section. A header's is `.top` and a footer's `.bottom`
    /// unless given.
    public var alignment: RectAlignment
    /// Moves it from where `alignment` puts it, in cells (UIKit's `offset`, made with
    /// `absoluteOffset:`): right and down are positive. The rows it takes stay where they were.
    public var offset: Point
    /// True (the default) when an item above or below the items takes rows of its own; false
    /// lays it over the section's first (or last) rows instead.
    public var extendsBoundary = true
    /// A header that stays at the top of the visible area while its section scrolls under it.
    public var pinToVisibleBounds = false
    /// Drawing order where it overlaps another element: 1 by default, over cells (0).
    public var zIndex = 1

    /// A header (`.top`) or footer (`.bottom`) band.
    public init(layoutSize: LayoutSize, elementKind: ElementKind, pinToVisibleBounds: Bool = false) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: elementKind == .footer ? .bottom : .top)
        self.pinToVisibleBounds = pinToVisibleBounds
    }

    /// A header or footer at `alignment`, moved by `absoluteOffset` (UIKit's
    /// `init(layoutSize:elementKind:alignment:absoluteOffset:)`).
    public init(
        layoutSize: LayoutSize, elementKind: ElementKind, alignment: RectAlignment, absoluteOffset: Point = .zero
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
        self.offset = absoluteOffset
    }
}
