/// What a screen asks the controller to do after an event.
public enum ScreenAction {
    /// The screen used the event.
    case handled
    /// The screen has no use for it; the grid gets it next.
    case ignored
    /// Show another screen on top (Esc comes back).
    case push(any Screen)
    /// Go back to the previous screen. At the root it quits only where the app said so
    /// (`ScreenController(host:quitsWhenRootPops:)`).
    case pop
    /// End the run loop.
    case quit
}

/// One line of the `?` help screen: the keys and what they do on this screen.
public struct KeyHelp: Equatable, Sendable {
    /// The keys as the user reads them: `"v"`, `"+  -"`, `"Shift+letter"`.
    public var keys: String
    /// What they do, short.
    public var action: String
    /// A help line: `KeyHelp("v", "list or cards")`.
    public init(_ keys: String, _ action: String) { self.keys = keys; self.action = action }
}

/// One screen: it registers its own cells, supplies its grid's content (itself, when it is a
/// `GridDataSource`, or a data source it makes: a `GridDiffableDataSource`), is the grid's
/// delegate when it is a `GridDelegate`, and answers the few things the thin `ScreenController`
/// asks of it. Everything has a default except the layout and the cells.
@MainActor
public protocol Screen: CellRegistering {
    /// Shown in the title bar.
    var title: String { get }
    /// What is going on (a count, a filter, progress), shown at the right of the title bar:
    /// apart from the key hints. Empty by default.
    var status: String { get }
    /// The hint line at the bottom: the screen's own keys (`KeyHint("/", "filter")`) and the
    /// common ones (`.move`, `.help`, `.back`), whose keys come from the `KeyBindings` it runs
    /// with. A line too narrow for all keeps the ways to help and out, then as many of the rest,
    /// in order, as fit. The line is compared with the last one drawn every frame: hints that
    /// do not change are best kept in a stored array (`static let`), which compares at once.
    var keyHints: [KeyHint] { get }
    /// The keys this screen adds to the common ones (moving, paging, Enter, Esc…); the `?`
    /// help screen lists them after the common keys.
    var keyHelp: [KeyHelp] { get }
    /// The smallest terminal the screen can use; smaller shows a notice instead.
    var minimumSize: Size { get }
    /// The layout the screen's grid uses.
    func makeLayout() -> any GridLayout
    /// Called once its grid exists and its cells are registered, before the first reload.
    func attach(to gridView: GridView, context: ScreenContext)
    /// The grid's data source, asked once after `attach`: the screen itself by default (when it
    /// is a `GridDataSource`), or one it made, such as a `GridDiffableDataSource`; the controller
    /// keeps it alive as long as the screen is on the stack.
    func makeDataSource(for gridView: GridView) -> (any GridDataSource)?
    /// Called when the screen leaves the navigation stack for good: stop background work here.
    func detach(from gridView: GridView)
    /// Sees every event before the grid does.
    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction
    /// What selecting an item (Enter, a double click) leads to, after the delegate was told:
    /// `.push(detail)` opens another screen. `.handled` (the default) stays.
    func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction
    /// Draws over the grid area: messages, a filter line. Draw through a context over the
    /// canvas (`DrawContext(canvas: canvas, frame: gridView.frame)`), or with
    /// `canvas.drawCenteredMessage(_:in:style:)`.
    func drawOverlay(in canvas: Canvas, gridView: GridView)
    /// The screen's search bar, if it has one: `/` shows it over the grid and gives it the keys
    /// (`SearchController`). Nil by default.
    var searchController: SearchController? { get }
    /// A header row over the grid for rows drawn as columns (`TableHeader`): titles, the sort
    /// arrow, sorting on a click. Nil by default.
    var tableHeader: TableHeader? { get }
}

extension Screen {
    /// Default: `""`.
    public var status: String { "" }
    /// Default: `[.move, .select("open"), .help, .back, .quit]`, with the standard bindings
    /// "↑↓←→ move · Enter open · ? keys · Esc back · q quit".
    public var keyHints: [KeyHint] { defaultKeyHints }
    /// Default: `[]`.
    public var keyHelp: [KeyHelp] { [] }
    /// Default: `Size(width: 30, height: 8)`.
    public var minimumSize: Size { Size(width: 30, height: 8) }
    /// Default: does nothing.
    public func attach(to gridView: GridView, context: ScreenContext) {}
    /// Default: `self as? GridDataSource`.
    public func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { self as? GridDataSource }
    /// Default: `.handled`, the screen stays.
    public func action(forSelectedItemAt indexPath: IndexPath, in gridView: GridView) -> ScreenAction { .handled }
    /// Default: does nothing.
    public func detach(from gridView: GridView) {}
    /// Default: `.ignored`, the grid gets the event.
    public func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction { .ignored }
    /// Default: does nothing.
    public func drawOverlay(in canvas: Canvas, gridView: GridView) {}
    /// Default: nil.
    public var searchController: SearchController? { nil }
    /// Default: nil.
    public var tableHeader: TableHeader? { nil }
}

/// Screen's default hints, one array for every screen that keeps them.
private let defaultKeyHints: [KeyHint] = [.move, .select("open"), .help, .back, .quit]
