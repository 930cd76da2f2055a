/// What a piece of layout is: an item's cell, or a section's header or footer.
public enum ElementKind: Hashable, Sendable {
    case cell, header, footer
}
