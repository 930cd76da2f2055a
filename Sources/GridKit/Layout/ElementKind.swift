/// What a piece of layout is: an item's cell, a section's header or footer, or a decoration.
public enum ElementKind: Hashable, Sendable {
    case cell, header, footer
    /// A decoration (UIKit's decoration views: a section's background): asked of no data
    /// source, its view made by the grid from the class the layout names for it
    /// (`GridLayout.decorationView(at:)`). Its index path is the section and the decoration's
    /// place among the section's decorations.
    case decoration
}
