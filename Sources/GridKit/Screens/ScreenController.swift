/// The thin controller: it creates a grid view for the host's size, hands it the screen (which
/// registers its cells and supplies the content), and runs. It names no cell type and holds no
/// content or layout rules.
@MainActor
public final class ScreenController {
    let host: any ScreenHost
    private let navigator = Navigator()
    /// Whether going back from the first screen ends the run (the app says so).
    private let quitsWhenRootPops: Bool
    /// What the keys do, for every screen's grid and for navigation.
    private let keyBindings: KeyBindings
    /// The item the user selected during the event being handled.
    private var selection: IndexPath?
    private var canvas: Canvas
    /// Set when the screen or the navigation changed something the grid does not know about.
    var screenChanged = false
    private var chrome = ScreenChrome()
    /// The alert shown over the screen, which has the keys while it shows.
    var alert: AlertController?
    /// The message on the hint line, and the task that takes it away.
    var message: (text: String, expiry: Task<Void, Never>)?

    /// A controller that draws on `host` (a `Terminal`, or a `HeadlessHost` in tests). With
    /// `quitsWhenRootPops`, going back from the first screen (Esc, q) ends the run; without, it
    /// does nothing there and only `.quit` (Ctrl-C) ends it. Apps call `GridKitTerminal`'s
    /// `init(host: Terminal, …)`: the host seam is the package's own.
    package init(host: any ScreenHost, quitsWhenRootPops: Bool = false, keyBindings: KeyBindings = .standard) {
        self.host = host
        self.keyBindings = keyBindings
        self.quitsWhenRootPops = quitsWhenRootPops
        canvas = host.makeCanvas(size: host.size)
    }

    /// The navigation stack, root first (empty before `run` and after it returns).
    package var screens: [any Screen] { navigator.stack.map(\.screen) }
    /// The grid of the screen on top.
    package var gridView: GridView? { navigator.top?.grid }

    /// Shows `root` and runs until the user quits; every screen is detached (and its tasks
    /// cancelled) on the way out. The host runs the main actor's jobs between events (a
    /// `Terminal` does), and after any of them a frame shows what they changed.
    public func run(_ root: any Screen) {
        start(root)
        host.run { handle($0) }
        finish()
    }

    /// Shows `root` and draws the first frame: `run` without the loop, for drivers that feed
    /// events one at a time (`handle`).
    package func start(_ root: any Screen) {
        show(root)
        redraw()
    }

    /// One turn of the loop: the event (nil after other work ran), then a frame if anything
    /// changed. False when the run is over.
    package func handle(_ event: InputEvent?) -> Bool {
        guard let event else {
            FrameSteps.discard() // this frame answers no event
            // Work ran (posted, or the main actor's jobs): it may have changed anything the
            // frame shows; the canvas sends only what differs.
            redraw()
            return true
        }
        if !dispatch(event) { return false }
        FrameSteps.mark(.handled)
        if let grid = navigator.top?.grid, grid.needsDisplay || screenChanged {
            redraw()
        } else {
            FrameSteps.discard()
        }
        return true
    }

    /// Ends the run: every screen detached, top first, its tasks cancelled.
    package func finish() {
        message?.expiry.cancel()
        message = nil
        alert = nil
        navigator.detachAll()
    }

    private func show(_ screen: any Screen) {
        let grid = GridView(frame: ScreenChrome.gridFrame(in: host.size, for: screen), layout: screen.makeLayout())
        grid.keyBindings = keyBindings
        let context = host.screenContext(depth: navigator.stack.count)
        context.lifetime.presenter = self
        let content = grid.load(screen, context: context)
        grid.selectionObserver = { [unowned self] in selection = $0 }
        navigator.push(screen, grid: grid, content: content, lifetime: context.lifetime, size: host.size)
    }

    /// Routes an event: an alert first, then the search bar, the screen, the grid, navigation.
    /// False means quit.
    private func dispatch(_ event: InputEvent) -> Bool {
        guard let (screen, grid) = navigator.top else { return false }
        if case .resize(let size) = event {
            canvas = host.makeCanvas(size: size)
            // The screen is told with its grid already the new size.
            grid.frame = ScreenChrome.gridFrame(in: size, for: screen)
        }
        if let shown = alert, !event.isResize {
            // Modal: the alert has every key and click until it is answered.
            screenChanged = true
            guard let chosen = shown.handle(event) else { return true }
            alert = nil
            shown.choose(chosen)
            return true
        }
        var action = ScreenAction.ignored
        if let search = screen.searchController, search.handle(event, searchKey: event == .key(.character("/"))) {
            action = .handled
        } else if let header = ScreenChrome.headerRow(for: screen, grid: grid), case .mouse(let m) = event,
            m.action == .press,
            header.contains(m.position)
        {
            screen.tableHeader?.click(at: m.position.x - header.minX, width: header.width)
            action = .handled
        } else {
            action = screen.handle(event, in: grid)
            if case .ignored = action, !grid.handle(event) {
                action = navigator.fallback(for: event, bindings: keyBindings)
            }
        }
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
        if let (top, topGrid) = navigator.top { topGrid.frame = ScreenChrome.gridFrame(in: canvas.size, for: top) }
        navigator.topSaw(canvas.size)
        return true
    }

    private func redraw() {
        guard let (screen, grid) = navigator.top else { return }
        // The screen may have changed what its cells show without telling the grid.
        if screenChanged { grid.setNeedsDisplay() }
        screenChanged = false
        // Work may have shown or hidden the search bar.
        let frame = ScreenChrome.gridFrame(in: canvas.size, for: screen)
        if grid.frame != frame { grid.frame = frame }
        grid.prefetchesAfterFrame = true
        chrome.draw(screen, grid: grid, into: canvas, message: message?.text)
        if let alert {
            canvas.showsCursor = false
            alert.draw(in: canvas)
        }
        FrameSteps.mark(.overlays)
        host.present(canvas)
        grid.prefetchesAfterFrame = false
        grid.prefetchAfterFrame()
    }
}
