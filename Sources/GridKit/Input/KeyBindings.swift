/// What a key does for every screen: the grid's moves and selection, and navigation.
public enum KeyAction: Sendable {
    case moveUp, moveDown, moveLeft, moveRight, pageUp, pageDown, first, last
    case select, toggleMark, help, back, quit
    /// Picks up (or drops) the focused row when it shows a reorder accessory.
    case moveItem
    /// Calls the focused row's delete accessory, when it shows one.
    case deleteItem

    /// A few words for help screens and tables.
    public var summary: String {
        switch self {
        case .moveUp, .moveDown, .moveLeft, .moveRight: return "move the focus (left and right continue across lines)"
        case .pageUp, .pageDown: return "a page up or down"
        case .first, .last: return "first or last item"
        case .select: return "select or open"
        case .toggleMark: return "mark or unmark (grids with multiple selection)"
        case .help: return "the keys of this screen"
        case .back: return "back (quits from the first screen where the app says so)"
        case .quit: return "quit"
        case .moveItem: return "pick up or drop a row to move (editing lists)"
        case .deleteItem: return "delete a row (editing lists)"
        }
    }
}

/// The one key map: which key does what for `GridView` (moves, pages, selection) and the
/// navigation around it (help, back, quit). Help screens, `griddemo --help` and the README's key
/// table are all made from it, so they show the real bindings. A screen sees every key first
/// (`Screen.handle`); keys it does not use fall through to these. On a real terminal Ctrl-C
/// arrives as SIGINT and Ctrl-L is the terminal's repaint, so binding them changes nothing there.
public struct KeyBindings: Sendable, Equatable {
    /// Every binding, in the order help lists them.
    public private(set) var entries: [Entry]

    /// One key bound to one action.
    public struct Entry: Sendable, Equatable {
        /// The key.
        public var key: Key
        /// What it does.
        public var action: KeyAction
    }

    /// Bindings from `(key, action)` pairs, in the order help lists them.
    public init(_ pairs: [(Key, KeyAction)]) { entries = pairs.map { Entry(key: $0.0, action: $0.1) } }

    /// Arrows and vi's h j k l, PgUp/PgDn, Home/End and g/G, Enter, Space, `?`, Esc and q
    /// (back), Ctrl-C (quit); in editing lists `m` picks a row with a reorder accessory up and
    /// drops it, and Delete or Backspace calls a row's delete accessory.
    public static let standard = KeyBindings([
        (.up, .moveUp), (.down, .moveDown), (.left, .moveLeft), (.right, .moveRight),
        (.character("k"), .moveUp), (.character("j"), .moveDown), (.character("h"), .moveLeft),
        (.character("l"), .moveRight),
        (.pageUp, .pageUp), (.pageDown, .pageDown),
        (.home, .first), (.end, .last), (.character("g"), .first), (.character("G"), .last),
        (.enter, .select), (.character(" "), .toggleMark),
        (.character("?"), .help), (.escape, .back), (.character("q"), .back), (.control("c"), .quit),
        (.character("m"), .moveItem), (.delete, .deleteItem), (.backspace, .deleteItem)
    ])

    /// The action of `key`, if it has one.
    @inline(__always)
    public func action(for key: Key) -> KeyAction? {
        for e in entries where e.key == key { return e.action }
        return nil
    }

    /// The keys bound to `action`, in order.
    public func keys(for action: KeyAction) -> [Key] { entries.filter { $0.action == action }.map(\.key) }

    /// Binds `key` to `action` (or unbinds it, with nil), replacing what it did.
    public mutating func bind(_ key: Key, to action: KeyAction?) {
        entries.removeAll { $0.key == key }
        if let action { entries.append(Entry(key: key, action: action)) }
    }

    /// Backspace as "back", as some file browsers have it (off in `standard`, where Backspace
    /// deletes a row that shows a delete accessory, as Delete does; turning it off again
    /// gives it back that job).
    package var backspaceGoesBack: Bool {
        get { action(for: .backspace) == .back }
        set { bind(.backspace, to: newValue ? .back : .deleteItem) }
    }

    /// The help lines: one per group of actions (moves, pages, first/last, then one each),
    /// the keys as a user reads them. Groups with no key bound are left out.
    public var help: [KeyHelp] {
        let groups: [[KeyAction]] = [
            [.moveUp, .moveDown, .moveLeft, .moveRight], [.pageUp, .pageDown], [.first, .last],
            [.select], [.toggleMark], [.moveItem], [.deleteItem], [.help], [.back], [.quit]
        ]
        return groups.compactMap { group in
            // Each action's first key, then each one's second, …: "↑ ↓ ← →  k j h l".
            let bound = group.map { self.keys(for: $0) }
            let rounds = bound.map(\.count).max() ?? 0
            guard rounds > 0 else { return nil }
            let label = (0..<rounds).map { r in
                bound.compactMap { r < $0.count ? Self.label($0[r]) : nil }.joined(separator: " ")
            }
            return KeyHelp(label.joined(separator: "  "), group[0].summary)
        }
    }

    /// How a key is written in help: `↑`, `PgUp`, `Enter`, `Space`, `Ctrl-C`, `q`.
    public static func label(_ key: Key) -> String {
        switch key {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .alt(let c): return "Alt-" + String(c)
        case .function(let n): return "F\(n)"
        }
    }

    /// The help lines as rows of a Markdown table (`| keys | does |`), as the README shows them.
    package var markdownRows: String {
        help.map { "| \($0.keys) | \($0.action) |" }.joined(separator: "\n")
    }
}
