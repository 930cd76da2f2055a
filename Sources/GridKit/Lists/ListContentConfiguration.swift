/// What a list row shows (UIKit's `UIListContentConfiguration`): a leading glyph, a text and a
/// secondary text, in styles for the row's state. `ListCell` draws it.
public struct ListContentConfiguration: Sendable, Equatable {
    /// How the secondary text is placed.
    public enum Layout: Sendable, Equatable {
        /// After the text, dimmed (`cell()`).
        case inline
        /// At the row's trailing edge (`valueCell()`).
        case trailing
        /// On the rows below (`subtitleCell()`; the row is two high, or more in a list when
        /// the secondary text wraps).
        case below
    }

    /// The main text.
    public var text = ""
    /// A second text, placed by `layout`.
    public var secondaryText = ""
    /// A leading glyph (an emoji, a letter, a symbol), or "" for none.
    public var image = ""
    /// Where the secondary text goes.
    public var layout = Layout.inline
    /// The text's style.
    public var textStyle = Style.plain
    /// The secondary text's style.
    public var secondaryTextStyle = Style(attributes: .dim)
    /// The style of a focused row (its whole width); selected rows are bold.
    public var focusedStyle = Style(foreground: .black, background: .cyan)
    /// Columns before the glyph.
    public var leadingPadding = 1

    /// A plain row: text, then the secondary text dimmed.
    public static func cell(text: String = "", secondaryText: String = "", image: String = "") -> ListContentConfiguration {
        var c = ListContentConfiguration()
        c.text = text; c.secondaryText = secondaryText; c.image = image
        return c
    }
    /// A row with the secondary text at its trailing edge (a value, a count).
    public static func valueCell(text: String = "", secondaryText: String = "", image: String = "") -> ListContentConfiguration {
        var c = cell(text: text, secondaryText: secondaryText, image: image)
        c.layout = .trailing
        return c
    }
    /// Two rows: the text, and the secondary text below it.
    public static func subtitleCell(text: String = "", secondaryText: String = "", image: String = "") -> ListContentConfiguration {
        var c = cell(text: text, secondaryText: secondaryText, image: image)
        c.layout = .below
        return c
    }
    /// A section header: bold.
    public static func header(text: String = "") -> ListContentConfiguration {
        var c = cell(text: text)
        c.textStyle = Style(attributes: .bold)
        c.leadingPadding = 0
        return c
    }
    /// A sidebar row: the glyph leads, the text follows.
    public static func sidebarCell(text: String = "", image: String = "") -> ListContentConfiguration {
        var c = cell(text: text, image: image)
        c.leadingPadding = 1
        return c
    }

    /// The rows it takes at the least: two for a secondary text below the text. A `ListCell`
    /// in a list breaks a long one onto more rows, as wide as the list is.
    public var height: Int { layout == .below && !secondaryText.isEmpty ? 2 : 1 }
}

/// Something at a list row's edge (UIKit's `UICellAccessory`).
public enum ListCellAccessory: Sendable, Equatable {
    /// `›` at the trailing edge: the row opens something.
    case disclosureIndicator
    /// `✓` at the trailing edge: the row is chosen.
    case checkmark
    /// `▸` or `▾` before the content: the row is a parent in an outline, collapsed or expanded.
    case outlineDisclosure(isExpanded: Bool)
    /// A short text at the trailing edge, dimmed.
    case label(String)
    /// A count at the trailing edge, in reverse video (unread, new).
    case badge(Int)

    /// The accessory's text and style; `ascii` where the terminal has no such glyphs.
    func rendering(ascii: Bool) -> (text: String, style: Style) {
        switch self {
        case .disclosureIndicator: (ascii ? ">" : "›", Style(attributes: .dim))
        case .checkmark: (ascii ? "*" : "✓", Style(attributes: .bold))
        case .outlineDisclosure(let open): (ascii ? (open ? "v" : ">") : (open ? "▾" : "▸"), .plain)
        case .label(let text): (text, Style(attributes: .dim))
        case .badge(let n): (" \(n) ", Style(attributes: .reverse))
        }
    }

    var isLeading: Bool { if case .outlineDisclosure = self { true } else { false } }
}
