/// One entry of a screen's hint line (the bottom row): keys and what they do, in a word or two
/// ("↑↓ move", "/ filter").
///
/// The keys come from one of two places. Keys the grid and the navigation handle (moving,
/// paging, Enter, `?`, Esc) come from the `KeyBindings` the screen runs with, so the line shows
/// them as they are bound and drops a hint whose key was unbound. Keys the screen handles
/// itself (`Screen.handle`) are written out by the screen.
///
/// ```swift
/// var keyHints: [KeyHint] { [.moveUpDown, .select("open"), KeyHint("/", "filter"), .help, .back] }
/// // ↑↓ move · Enter open · / filter · ? keys · Esc back
/// ```
public struct KeyHint: Equatable, Sendable {
    /// Where the keys come from.
    enum Keys: Equatable, Sendable {
        /// Keys the screen handles itself, as the user reads them.
        case named(String)
        /// Each action's key at `alternative` (0 its first binding, 1 its second…).
        case bound([KeyAction], alternative: Int)
    }

    let keys: Keys
    /// What the keys do, short: `"move"`, `"filter"`. Empty for a hint that is its keys alone
    /// (`"PgUp/PgDn"`).
    public var title: String

    /// A hint for keys the screen handles itself, written as the user reads them:
    /// `KeyHint("/", "filter")`, `KeyHint("1-6", "sort")`.
    public init(_ keys: String, _ title: String) {
        self.keys = .named(keys)
        self.title = title
    }

    /// A hint for keys of the bindings: each action's key at `alternative` (0, its first
    /// binding; 1, its second), labelled as `KeyBindings.label(_:)` writes them. Arrows are
    /// written together (`"↑↓←→"`), other keys with a slash (`"PgUp/PgDn"`; `"g/G"` for
    /// `[.first, .last]` at alternative 1). The hint is left out of the line when an action has
    /// no key there.
    public init(_ actions: [KeyAction], alternative: Int = 0, _ title: String) {
        keys = .bound(actions, alternative: alternative)
        self.title = title
    }

    /// The four moves: `"↑↓←→ move"`.
    public static let move = KeyHint([.moveUp, .moveDown, .moveLeft, .moveRight], "move")
    /// Up and down, for a list: `"↑↓ move"`.
    public static let moveUpDown = KeyHint([.moveUp, .moveDown], "move")
    /// The help screen: `"? keys"`.
    public static let help = KeyHint([.help], "keys")
    /// Back to the previous screen: `"Esc back"`.
    public static let back = KeyHint([.back], "back")
    /// Quitting from the first screen, where back quits (`ScreenController(host:quitsWhenRootPops:)`):
    /// back's second key, `"q quit"`.
    public static let quit = KeyHint([.back], alternative: 1, "quit")
    /// What selecting the focused item does: `.select("open")` is `"Enter open"`.
    public static func select(_ title: String) -> KeyHint { KeyHint([.select], title) }

    /// The ways to help and out (`?`, back, quit): a line too narrow for every hint keeps them.
    var isWayOut: Bool {
        guard case .bound(let actions, _) = keys else { return false }
        return actions.contains { $0 == .help || $0 == .back || $0 == .quit }
    }

    /// The hint as the line shows it with `bindings`: `"↑↓ move"`; nil when an action has no key
    /// at the hint's alternative.
    func text(with bindings: KeyBindings) -> String? {
        let keys: String
        switch self.keys {
        case .named(let named): keys = named
        case .bound(let actions, let alternative):
            var labels: [String] = []
            for action in actions {
                let bound = bindings.keys(for: action)
                guard alternative < bound.count else { return nil }
                labels.append(KeyBindings.label(bound[alternative]))
            }
            let arrows: Set<String> = ["↑", "↓", "←", "→"]
            keys = labels.joined(separator: labels.allSatisfy(arrows.contains) ? "" : "/")
        }
        return title.isEmpty ? keys : keys + " " + title
    }

    /// The hints of a line as the line shows them with `bindings`, left out those with no key.
    static func line(_ hints: [KeyHint], with bindings: KeyBindings) -> [(text: String, isWayOut: Bool)] {
        hints.compactMap { hint in hint.text(with: bindings).map { ($0, hint.isWayOut) } }
    }
}
