import GridKit

/// Renders a delegate/data source in a `GridView` of a given size, the way a screen would,
/// and presses keys on it. The grid fills the whole canvas.
public final class GridHarness {
    /// The grid under test, filling the canvas.
    public let gridView: GridView
    /// Where frames are drawn.
    public let canvas: Canvas
    private let content: DelegateDataSource

    /// Builds the grid, lets `content` register its cells, and loads it.
    public init(_ content: DelegateDataSource, layout: FlowLayout, size: Size, colorMode: ColorMode = .palette256) {
        self.content = content
        canvas = Canvas(size: size, colorMode: colorMode)
        gridView = GridView(frame: Rect(origin: .zero, size: size), layout: layout)
        gridView.dataSource = content
        gridView.delegate = content
        gridView.prefetchDataSource = content as? GridPrefetching
        content.registerCells(in: gridView)
        gridView.reloadData()
    }

    /// Sends events to the grid, then renders. Returns the frame.
    @discardableResult
    public func press(_ events: [InputEvent]) -> Canvas {
        for e in events { gridView.handle(e) }
        return render()
    }

    /// Renders the current state.
    @discardableResult
    public func render() -> Canvas {
        gridView.render(into: canvas)
        return canvas
    }
}

extension InputEvent {
    /// Parses a compact key script: `down*3, pgdn, enter, text:abc, esc`.
    public static func script(_ s: String) -> [InputEvent] {
        var out: [InputEvent] = []
        for raw in s.split(separator: ",") {
            let token = String(raw).trimmed()
            var name = token, count = 1
            if let star = token.lastIndex(of: "*"), let n = Int(token[token.index(after: star)...]) {
                name = String(token[..<star]); count = n
            }
            let events: [InputEvent]
            switch name {
            case "up": events = [.key(.up)]
            case "down": events = [.key(.down)]
            case "left": events = [.key(.left)]
            case "right": events = [.key(.right)]
            case "pgup": events = [.key(.pageUp)]
            case "pgdn": events = [.key(.pageDown)]
            case "home": events = [.key(.home)]
            case "end": events = [.key(.end)]
            case "enter": events = [.key(.enter)]
            case "esc": events = [.key(.escape)]
            case "tab": events = [.key(.tab)]
            case "space": events = [.key(.character(" "))]
            case "bs": events = [.key(.backspace)]
            default:
                if name.hasPrefix("text:") { events = name.dropFirst(5).map { InputEvent.key(.character($0)) } }
                else if name.count == 1 { events = [.key(.character(name.first!))] }
                else { preconditionFailure("unknown key '\(name)' in script") }
            }
            for _ in 0..<count { out += events }
        }
        return out
    }
}

extension String {
    fileprivate func trimmed() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
