/// The axis along which a grid scrolls.
public enum ScrollDirection: Sendable {
    case vertical, horizontal
}

/// How the leftover space of a line is placed (see the Layouts article, <doc:Layouts>).
public enum LineAlignment: Sendable {
    /// UIKit's behaviour: full lines spread their leftover between items.
    case justified
    /// Lines packed at the minimum spacing against the leading inset.
    case leading
    /// Lines packed at the minimum spacing and centred.
    case center
    /// Lines packed at the minimum spacing against the trailing inset.
    case trailing
}

/// What a piece of layout is: an item's cell, or a section's header or footer.
public enum ElementKind: Hashable, Sendable {
    case cell, header, footer
}

/// Where one element sits in the content.
public struct LayoutAttributes: Hashable, Sendable {
    /// The item, or the section (item 0) of a header or footer.
    public var indexPath: IndexPath
    /// Where it sits in content coordinates.
    public var frame: Rect
    /// Cell, header or footer.
    public var kind: ElementKind
    /// True for a sticky header drawn away from its natural place.
    public var isPinned: Bool
    /// Attributes for an element.
    public init(indexPath: IndexPath, frame: Rect, kind: ElementKind, isPinned: Bool = false) {
        self.indexPath = indexPath; self.frame = frame; self.kind = kind; self.isPinned = isPinned
    }
}

/// A direction for focus movement.
public enum FocusDirection: Sendable {
    case up, down, left, right
}

/// What a layout needs to know about one section: its count, metrics and item sizes.
package struct SectionLayoutInput {
    package enum Sizes {
        /// Every item has this size.
        case uniform(Size)
        /// One size per item, in order.
        case varied([Size])
        /// Self-sizing: every item starts at this size; measured cells then set their own
        /// main-axis extent.
        case selfSizing(estimated: Size)
    }
    package var count: Int
    package var sizes: Sizes
    package var inset: EdgeInsets
    package var lineSpacing: Int
    package var interitemSpacing: Int
    package var headerSize: Size
    package var footerSize: Size

    package init(
        count: Int, sizes: Sizes, inset: EdgeInsets = .zero, lineSpacing: Int = 0, interitemSpacing: Int = 0,
        headerSize: Size = .zero, footerSize: Size = .zero
    ) {
        self.count = count; self.sizes = sizes; self.inset = inset; self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing; self.headerSize = headerSize; self.footerSize = footerSize
    }
}
