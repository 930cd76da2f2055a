import GridKit

/// What a screen asks the controller to do after an event.
public enum ScreenAction {
    /// The screen used the event.
    case handled
    /// The screen has no use for it; the grid gets it next.
    case ignored
    /// Show another screen on top (Esc comes back).
    case push(Screen)
    /// Go back to the previous screen.
    case pop
    case quit
}

/// Services a screen may need from where it runs.
public struct ScreenContext {
    /// Post main-thread work here from background threads; it wakes the run loop.
    public let mailbox: Mailbox
    public let colorMode: ColorMode
    /// Where delegate callbacks (`didSelectItemAt` from Enter or a double click) ask to go
    /// somewhere; the controller acts on it once the event is handled.
    public let navigation: NavigationRequests

    public init(mailbox: Mailbox, colorMode: ColorMode, navigation: NavigationRequests = NavigationRequests()) {
        self.mailbox = mailbox; self.colorMode = colorMode; self.navigation = navigation
    }
}

/// A one-slot queue of navigation asked for from inside the grid's delegate calls.
public final class NavigationRequests {
    private var pending: ScreenAction?
    public init() {}
    /// Show `screen` on top once the current event is handled.
    public func push(_ screen: Screen) { pending = .push(screen) }
    /// The request, if any, clearing it.
    func take() -> ScreenAction? { defer { pending = nil }; return pending }
}

/// One screen: a delegate/data source (which registers its own cells) plus the few things the
/// thin `ScreenController` asks of it. Everything has a default except the content.
public protocol Screen: DelegateDataSource {
    /// Shown in the title bar.
    var title: String { get }
    /// A one-line hint of the keys, shown at the bottom.
    var keyHints: String { get }
    /// The smallest terminal the screen can use; smaller shows a notice instead.
    var minimumSize: Size { get }
    /// The layout the screen's grid uses.
    func makeLayout() -> FlowLayout
    /// Called once its grid exists, before the first reload.
    func attach(to gridView: GridView, context: ScreenContext)
    /// Sees every event before the grid does.
    func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction
    /// Draws over the grid area: messages, a filter line.
    func drawOverlay(in canvas: Canvas, gridView: GridView)
}

extension Screen {
    public var keyHints: String { "↑↓←→ move · Enter open · ? keys · Esc back · q quit" }
    public var minimumSize: Size { Size(width: 30, height: 8) }
    public func attach(to gridView: GridView, context: ScreenContext) {}
    public func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction { .ignored }
    public func drawOverlay(in canvas: Canvas, gridView: GridView) {}
}

/// A screen with messages for the user once the terminal is restored (skipped cards, …).
public protocol ExitReporting {
    var exitMessages: [String] { get }
}
