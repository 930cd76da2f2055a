/// How the leftover space of a line is placed: a `FlowLayout`'s line of items (see the Layouts
/// article, <doc:Layouts>), or a value in a `TableColumn`.
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
