/// Something a compositional section draws that is not an item, a header or a footer (UIKit's
/// `NSCollectionLayoutDecorationItem`): a background behind the section's items, drawn by a
/// view class registered with the layout for its `elementKind`
/// (`CompositionalLayout.register(_:forDecorationViewOfKind:)`). No data source is asked for
/// it, and it takes no focus.
///
/// A background covers the section from below its header to above its footer, the section's
/// `contentInsets` included, across the grid's whole width, less its own `contentInsets`. Its
/// view draws characters and colours there (a fill, a box of line characters) before the cells
/// over it, as a `GridCell` draws: give it a `zIndex` above the cells' to draw it over them.
///
/// ```swift
/// let background = LayoutDecorationItem.background(elementKind: "card")
/// background.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
/// section.decorationItems = [background]
/// layout.register(CardBackground.self, forDecorationViewOfKind: "card")
/// ```
public final class LayoutDecorationItem: @unchecked Sendable {
    /// The kind its view class is registered for.
    public let elementKind: String
    /// Space kept between the section's area and the decoration.
    public var contentInsets = EdgeInsets.zero
    /// Drawing order where it overlaps another element: 0 by default, which draws it under
    /// cells (0 too: decorations come first among equals) and headers and footers (1).
    public var zIndex = 0

    init(elementKind: String) { self.elementKind = elementKind }

    /// A background behind a section's items (UIKit's `background(elementKind:)`).
    public static func background(elementKind: String) -> LayoutDecorationItem {
        LayoutDecorationItem(elementKind: elementKind)
    }
}
