import GridKit

/// The stack of screens beside the controller: each entry keeps its grid, so going back
/// returns to the same focus and scroll position.
final class Navigator {
    private(set) var stack: [(screen: Screen, grid: GridView)] = []

    var top: (screen: Screen, grid: GridView)? { stack.last }

    func push(_ screen: Screen, grid: GridView) { stack.append((screen, grid)) }

    /// Drops the top screen; false when it was the last one (time to quit).
    func pop() -> Bool {
        guard stack.count > 1 else { return false }
        stack.removeLast()
        return true
    }

    /// What an event nobody handled means for navigation: Esc and q go back, or quit at the
    /// root; `?` shows the keys.
    func fallback(for event: InputEvent) -> ScreenAction {
        switch event {
        case .key(.escape), .key(.character("q")): return .pop
        case .key(.character("?")):
            guard let top, !(top.screen is HelpDelegateDataSource) else { return .ignored }
            return .push(HelpDelegateDataSource(for: top.screen))
        case .key(.control("c")): return .quit
        default: return .ignored
        }
    }
}
