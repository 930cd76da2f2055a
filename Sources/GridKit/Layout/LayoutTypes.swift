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

/// What a piece of layout is: an item's cell, a section's header or footer, or a decoration.
public enum ElementKind: Hashable, Sendable {
    case cell, header, footer
    /// A decoration (UIKit's decoration views: a section's background): asked of no data
    /// source, its view made by the grid from the class the layout names for it
    /// (`GridLayout.decorationView(at:)`). Its index path is the section and the decoration's
    /// place among the section's decorations.
    case decoration
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
    /// Which element is drawn over which where they overlap (UIKit's `zIndex`): higher over
    /// lower; between equals, decorations first, then cells, then headers and footers. Cells
    /// are 0 and headers and footers 1 unless their layout says otherwise.
    public var zIndex: Int
    /// Attributes for an element; `zIndex` 1 for a header or footer, 0 otherwise, unless given.
    public init(indexPath: IndexPath, frame: Rect, kind: ElementKind, isPinned: Bool = false, zIndex: Int? = nil) {
        self.indexPath = indexPath; self.frame = frame; self.kind = kind; self.isPinned = isPinned
        self.zIndex = zIndex ?? (kind == .header || kind == .footer ? 1 : 0)
    }

    /// Where it comes in drawing order among elements of the same `zIndex`.
    var kindRank: Int {
        switch kind {
        case .decoration: 0
        case .cell: 1
        case .header, .footer: 2
        }
    }

    /// True when its `zIndex` is its kind's usual one (0 for cells and decorations, 1 for
    /// headers and footers): a frame of such elements draws in the order of their kinds.
    var hasUsualZIndex: Bool { zIndex == (kindRank == 2 ? 1 : 0) }
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
