/// The stack of screens beside the controller: each entry keeps its grid (so going back
/// returns to the same focus and scroll position) and its data source (which the grid holds
/// weakly).
@MainActor
final class Navigator {
    private(set) var stack:
        [(screen: any Screen, grid: GridView, content: (any GridDataSource)?, lifetime: ScreenLifetime)] = []
    {
        didSet { top = stack.last.map { ($0.screen, $0.grid) } }
    }
    /// The terminal size each screen on the stack last saw (by position): only the top one is
    /// told of a resize, so one that comes back to the top after one is told then.
    private var sizes: [Size] = []

    init() {}

    /// The screen on top and its grid, kept as the stack changes: every key and frame asks, and
    /// made on each ask it cost a closure's main-actor check and a copy of the whole entry.
    private(set) var top: (screen: any Screen, grid: GridView)?

    func push(
        _ screen: any Screen, grid: GridView, content: (any GridDataSource)?, lifetime: ScreenLifetime, size: Size
    ) {
        stack.append((screen, grid, content, lifetime))
        sizes.append(size)
    }

    /// Records that the top screen has seen `size`.
    func topSaw(_ size: Size) {
        if !sizes.isEmpty { sizes[sizes.count - 1] = size }
    }

    /// Drops the top screen (cancelling its tasks and telling it to stop its work); false when it was the last one,
    /// which stays: time to quit. The screen under it, if the terminal was resized while it was
    /// not on top, is told of the size (`size`) now, its grid already that size (what it
    /// answers is not acted on: a resize asks nothing of the navigation).
    func pop(size: Size) -> Bool {
        guard stack.count > 1, let (screen, grid, _, lifetime) = stack.popLast() else { return false }
        sizes.removeLast()
        lifetime.end()
        screen.detach(from: grid)
        if let (back, backGrid) = top, sizes.last != size {
            backGrid.frame = ScreenChrome.gridFrame(in: size, for: back)
            _ = back.handle(.resize(size), in: backGrid)
            topSaw(size)
        }
        return true
    }

    /// Tells every screen still on the stack that the run is over, top first.
    func detachAll() {
        while let (screen, grid, _, lifetime) = stack.popLast() {
            lifetime.end()
            screen.detach(from: grid)
        }
        sizes.removeAll()
    }

    /// What an event nobody handled means for navigation: Esc and q go back; `?` shows the
    /// keys of the screen on top; Ctrl-C quits.
    func fallback(for event: InputEvent, bindings: KeyBindings) -> ScreenAction {
        guard case .key(let key) = event else { return .ignored }
        switch bindings.action(for: key) {
        case .back?: return .pop
        case .help?:
            guard let (screen, grid) = top, !(screen is HelpScreen) else { return .ignored }
            return .push(
                HelpScreen(
                    for: screen, bindings: grid.keyBindings, multipleSelection: grid.allowsMultipleSelection,
                    editing: grid.isEditing))
        case .quit?: return .quit
        default: return .ignored
        }
    }
}
