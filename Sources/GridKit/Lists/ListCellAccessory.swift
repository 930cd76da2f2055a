/// Something at a list row's edge (UIKit's `UICellAccessory`): a glyph or a short text, shown
/// in the editing modes its `displayed` state names (`GridView.isEditing`).
///
/// Leading, before the content: `delete` (leading-most), then `outlineDisclosure`. Trailing,
/// after it: the others in order, then `reorder` at the very edge.
public struct ListCellAccessory: Sendable, Equatable {
    /// When an accessory shows (UIKit's `UICellAccessory.DisplayedState`).
    public enum DisplayedState: Sendable, Equatable {
        /// Always.
        case always
        /// Only while the grid is editing.
        case whenEditing
        /// Only while the grid is not editing.
        case whenNotEditing

        /// Whether an accessory so displayed shows while the grid is `editing` or not.
        package func shows(editing: Bool) -> Bool {
            switch self {
            case .always: true
            case .whenEditing: editing
            case .whenNotEditing: !editing
            }
        }
    }

    /// What is called when a delete accessory is used (its key, or a click on its glyph).
    public typealias ActionHandler = @MainActor @Sendable () -> Void

    /// What the accessory is.
    package enum Kind: Sendable, Equatable {
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
        /// `≡` at the trailing edge: the row can be picked up and moved (the move key, `m`).
        case reorder
        /// `⊖` at the leading edge: the row can be deleted (the delete key, or a click on it).
        case delete
    }

    /// What it is.
    package var kind: Kind
    /// When it shows.
    public var displayed: DisplayedState
    /// A delete accessory's action; nil for the others.
    package var actionHandler: ActionHandler?

    /// An accessory of `kind`, shown as `displayed` says.
    package init(_ kind: Kind, displayed: DisplayedState = .always, actionHandler: ActionHandler? = nil) {
        self.kind = kind; self.displayed = displayed; self.actionHandler = actionHandler
    }

    /// Equal when of the same kind and displayed alike. Actions are closures, which Swift
    /// cannot compare: two delete accessories are equal whatever they call.
    public static func == (a: ListCellAccessory, b: ListCellAccessory) -> Bool {
        a.kind == b.kind && a.displayed == b.displayed
    }

    /// `›` at the trailing edge (UIKit's `.disclosureIndicator()`), shown as `displayed` says.
    public static func disclosureIndicator(displayed: DisplayedState = .always) -> ListCellAccessory {
        ListCellAccessory(.disclosureIndicator, displayed: displayed)
    }
    /// `✓` at the trailing edge (UIKit's `.checkmark()`), shown as `displayed` says.
    public static func checkmark(displayed: DisplayedState = .always) -> ListCellAccessory {
        ListCellAccessory(.checkmark, displayed: displayed)
    }
    /// `▸` or `▾` before the content.
    public static func outlineDisclosure(isExpanded: Bool, displayed: DisplayedState = .always) -> ListCellAccessory {
        ListCellAccessory(.outlineDisclosure(isExpanded: isExpanded), displayed: displayed)
    }
    /// A short text at the trailing edge, dimmed.
    public static func label(_ text: String, displayed: DisplayedState = .always) -> ListCellAccessory {
        ListCellAccessory(.label(text), displayed: displayed)
    }
    /// A count at the trailing edge, in reverse video.
    public static func badge(_ count: Int, displayed: DisplayedState = .always) -> ListCellAccessory {
        ListCellAccessory(.badge(count), displayed: displayed)
    }
    /// `≡` at the trailing edge (UIKit's `.reorder()`): while it shows, the move key (`m`,
    /// `KeyAction.moveItem`) picks the row up for `GridView`'s interactive movement, as far as
    /// the data source lets it move. Shown only while editing unless `displayed` says otherwise.
    public static func reorder(displayed: DisplayedState = .whenEditing) -> ListCellAccessory {
        ListCellAccessory(.reorder, displayed: displayed)
    }
    /// `⊖` at the leading edge (UIKit's `.delete(displayed:actionHandler:)`): while it shows,
    /// the delete key (Delete or Backspace, `KeyAction.deleteItem`) on the row, or a click on
    /// the glyph, calls `actionHandler`, which deletes the item (from the snapshot, say). Shown
    /// only while editing unless `displayed` says otherwise.
    public static func delete(displayed: DisplayedState = .whenEditing, actionHandler: ActionHandler? = nil)
        -> ListCellAccessory
    {
        ListCellAccessory(.delete, displayed: displayed, actionHandler: actionHandler)
    }

    /// The accessory's text and style; `ascii` where the terminal has no such glyphs.
    func rendering(ascii: Bool) -> (text: String, style: Style) {
        switch kind {
        case .disclosureIndicator: (ascii ? ">" : "›", Style(attributes: .dim))
        case .checkmark: (ascii ? "*" : "✓", Style(attributes: .bold))
        case .outlineDisclosure(let open): (ascii ? (open ? "v" : ">") : (open ? "▾" : "▸"), .plain)
        case .label(let text): (text, Style(attributes: .dim))
        case .badge(let n): (" \(n) ", Style(attributes: .reverse))
        case .reorder: (ascii ? "=" : "≡", Style(attributes: .dim))
        case .delete: (ascii ? "-" : "⊖", Style(foreground: .red, attributes: .bold))
        }
    }

    /// Before the content, not after it.
    var isLeading: Bool {
        switch kind {
        case .outlineDisclosure, .delete: true
        default: false
        }
    }

    /// Where it goes among the others on its side: delete before the disclosure, reorder last.
    var order: Int {
        switch kind {
        case .delete: 0
        case .reorder: 2
        default: 1
        }
    }
}
