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
