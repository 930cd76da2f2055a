/// Where one element sits in the content.
public struct LayoutAttributes: Equatable, Sendable {
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
