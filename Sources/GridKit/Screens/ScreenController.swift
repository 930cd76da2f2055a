/// The thin controller: it creates a grid view for the host's size, hands it the screen (which
/// registers its cells and supplies the content), and runs. It names no cell type and holds no
/// content or layout rules.
@MainActor
public final class ScreenController {
    private let host: any ScreenHost
    private let navigator = Navigator()
    /// Whether going back from the first screen ends the run (the app says so).
    private let quitsWhenRootPops: Bool
    /// What the keys do, for every screen's grid and for navigation.
    private let keyBindings: KeyBindings
    /// The item the user selected during the event being handled.
    private var selection: IndexPath?
    private var canvas: Canvas
    /// Set when the screen or the navigation changed something the grid does not know about.
    private var screenChanged = false
    private var chrome = ScreenChrome()

    /// A controller that draws on `host` (a `Terminal`, or a `HeadlessHost` in tests). With
    /// `quitsWhenRootPops`, going back from the first screen (Esc, q) ends the run; without, it
    /// does nothing there and only `.quit` (Ctrl-C) ends it.
    public init(host: any ScreenHost, quitsWhenRootPops: Bool = false, keyBindings: KeyBindings = .standard) {
        self.host = host
        self.keyBindings = keyBindings
        self.quitsWhenRootPops = quitsWhenRootPops
        canvas = host.makeCanvas(size: host.size)
    }

    /// The navigation stack, root first (empty before `run` and after it returns).
    public var screens: [any Screen] { navigator.stack.map(\.screen) }
    /// The grid of the screen on top.
    public var gridView: GridView? { navigator.top?.grid }

    /// Shows `root` and runs until the user quits; every screen is detached on the way out.
    public func run(_ root: any Screen) {
        show(root)
        redraw()
        host.run { event in
            if let event, !dispatch(event) { return false }
            if let grid = navigator.top?.grid, grid.needsDisplay || screenChanged { redraw() }
            return true
        }
        navigator.detachAll()
    }

    private func show(_ screen: any Screen) {
        let grid = GridView(frame: ScreenChrome.gridFrame(in: host.size), layout: screen.makeLayout())
        grid.keyBindings = keyBindings
        let context = host.screenContext(depth: navigator.stack.count)
        let content = grid.connect(screen, context: context)
        grid.selectionObserver = { [unowned self] in selection = $0 }
        navigator.push(screen, grid: grid, content: content, size: host.size)
    }

    /// Routes an event: screen first, then grid, then navigation. False means quit.
    private func dispatch(_ event: InputEvent) -> Bool {
        guard let (screen, grid) = navigator.top else { return false }
        if case .resize(let size) = event {
            canvas = host.makeCanvas(size: size)
            // The screen is told with its grid already the new size.
            grid.frame = ScreenChrome.gridFrame(in: size)
        }
        var action = screen.handle(event, in: grid)
        if case .ignored = action, !grid.handle(event) { action = navigator.fallback(for: event, bindings: keyBindings) }
        if let selected = selection {
            selection = nil
            switch action {
            case .handled, .ignored: action = screen.action(forSelectedItemAt: selected, in: grid)
            default: break
            }
        }
        if case .ignored = action, !event.isResize {} else { screenChanged = true }
        switch action {
        case .handled, .ignored: break
        case .push(let next): show(next)
        case .pop: if !navigator.pop(size: canvas.size), quitsWhenRootPops { return false }
        case .quit: return false
        }
        navigator.top?.grid.frame = ScreenChrome.gridFrame(in: canvas.size)
        navigator.topSaw(canvas.size)
        return true
    }

    private func redraw() {
        guard let (screen, grid) = navigator.top else { return }
        // The screen may have changed what its cells show without telling the grid.
        if screenChanged { grid.setNeedsDisplay() }
        screenChanged = false
        grid.prefetchesAfterFrame = true
        chrome.draw(screen, grid: grid, into: canvas)
        host.present(canvas)
        grid.prefetchesAfterFrame = false
        grid.prefetchAfterFrame()
    }
}
