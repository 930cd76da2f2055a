/// A modal question over the screen (`UIAlertController` in its `.alert` style): a title, a
/// message and buttons. Show it with `ScreenContext.present(_:)`; until one of its actions is
/// chosen it has every key and click, and the screen under it waits.
///
/// Choosing: ←/→ or Tab move between the buttons and Enter takes the highlighted one (the
/// `preferredAction`, else the first that does not cancel); an action's key takes it at once;
/// Esc takes the `.cancel` action, or closes the alert when there is none; a click on a button
/// takes it.
///
/// ```swift
/// let alert = AlertController(title: "Stop process 4242?", message: "sleep will get SIGTERM.")
/// alert.addAction(AlertAction(title: "Stop", style: .destructive) { _ in kill(4242, SIGTERM) })
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// context.present(alert)
/// ```
@MainActor
public final class AlertController {
    /// Shown bold on the first line.
    public var title: String?
    /// Shown under the title, wrapped.
    public var message: String?
    /// The buttons, in the order they show.
    public private(set) var actions: [AlertAction] = []
    /// The action Enter takes before any other is highlighted.
    public var preferredAction: Int?
    /// The button Enter takes.
    package private(set) var highlighted = 0
    /// Where the buttons were drawn, for clicks.
    private var buttonFrames: [Rect] = []

    /// An alert with `title` and `message` and no actions yet.
    public init(title: String?, message: String?) {
        self.title = title
        self.message = message
    }

    /// Adds a button after the others.
    public func addAction(_ action: AlertAction) {
        actions.append(action)
        highlighted = preferredAction ?? actions.firstIndex { $0.style != .cancel } ?? 0
    }

    /// What a key or click means for the alert: nil while it stays, or the index of the action
    /// chosen, or -1 when it closes with none (Esc with no cancel action).
    package func handle(_ event: InputEvent) -> Int? {
        switch event {
        case .key(.left), .key(.backTab): highlighted = max(0, highlighted - 1)
        case .key(.right), .key(.tab): highlighted = min(max(0, actions.count - 1), highlighted + 1)
        case .key(.enter): return actions.isEmpty ? -1 : highlighted
        case .key(.escape): return actions.firstIndex { $0.style == .cancel } ?? -1
        case .key(.character(let c)): return index(forKey: c)
        case .mouse(let m) where m.action == .press:
            return buttonFrames.firstIndex { $0.contains(m.position) }
        default: break
        }
        return nil
    }

    /// The action that `c` chooses, if any.
    func index(forKey c: Character) -> Int? {
        let lower = Character(c.lowercased())
        if let given = actions.firstIndex(where: { $0.key.map { Character($0.lowercased()) } == lower }) {
            return given
        }
        let starting = actions.indices.filter {
            actions[$0].key == nil && actions[$0].title.first.map { Character($0.lowercased()) } == lower
        }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Runs the chosen action's handler.
    package func choose(_ index: Int) {
        guard actions.indices.contains(index) else { return }
        actions[index].handler?(actions[index])
    }

    // MARK: Drawing

    private static let boxStyle = Style(foreground: .brightWhite, background: .blue)

    /// Draws the alert centred on `canvas`: a box with the title, the message wrapped to fit,
    /// and the buttons in a row.
    package func draw(in canvas: Canvas) {
        let screen = canvas.size
        let labels = actions.map { " \($0.title) " }
        let buttonsWidth = labels.reduce(0) { $0 + TextWidth.width(of: $1) + 2 } + max(0, labels.count - 1) * 2
        let widest = max(TextWidth.width(of: title ?? ""), TextWidth.width(of: message ?? ""), buttonsWidth, 20)
        let width = min(screen.width - 2, widest + 4)
        guard width >= 8 else { return }
        let inner = width - 4
        let style = Self.boxStyle
        var rows: [(text: String, style: Style)] = title.map { [($0, style.with(.bold))] } ?? []
        if let message {
            if !rows.isEmpty { rows.append(("", style)) }
            rows += TextWrap.lines(message, width: inner).map { ($0, style) }
        }
        // Border, rows, a blank line, the buttons, border; rows that do not fit are left out.
        let height = min(screen.height, rows.count + 4)
        let box = Rect(
            x: (screen.width - width) / 2, y: max(0, (screen.height - height) / 2), width: width, height: height)
        guard height >= 4 else { return }
        canvas.fill(box, style: style)
        drawBorder(box, in: canvas, style: style)
        for (k, row) in rows.prefix(height - 4).enumerated() {
            let w = TextWidth.width(of: row.text)
            canvas.drawText(
                row.text, at: Point(x: box.minX + 2 + max(0, (inner - w) / 2), y: box.minY + 1 + k), style: row.style,
                maxWidth: inner)
        }
        // The buttons, centred on the row above the bottom border.
        let y = box.maxY - 2
        var x = box.minX + 2 + max(0, (inner - buttonsWidth) / 2)
        buttonFrames = []
        for (k, label) in labels.enumerated() {
            var buttonStyle =
                actions[k].style == .destructive
                ? Style(foreground: .red, background: .white) : Style(foreground: .black, background: .white)
            if k == highlighted { buttonStyle = buttonStyle.with([.reverse, .bold]) }
            let w = min(TextWidth.width(of: label) + 2, box.maxX - 2 - x)
            guard w > 2 else { break }
            canvas.drawText("[" + label + "]", at: Point(x: x, y: y), style: buttonStyle, maxWidth: w)
            buttonFrames.append(Rect(x: x, y: y, width: w, height: 1))
            if k == highlighted { canvas.cursor = Point(x: x + 1, y: y) }
            x += w + 2
        }
    }

    private func drawBorder(_ box: Rect, in canvas: Canvas, style: Style) {
        let lines = canvas.glyphSet == .ascii ? ["+", "+", "+", "+", "-", "|"] : ["┌", "┐", "└", "┘", "─", "│"]
        for x in (box.minX + 1)..<(box.maxX - 1) {
            canvas.put(lines[4], width: 1, at: Point(x: x, y: box.minY), style: style)
            canvas.put(lines[4], width: 1, at: Point(x: x, y: box.maxY - 1), style: style)
        }
        for y in (box.minY + 1)..<(box.maxY - 1) {
            canvas.put(lines[5], width: 1, at: Point(x: box.minX, y: y), style: style)
            canvas.put(lines[5], width: 1, at: Point(x: box.maxX - 1, y: y), style: style)
        }
        canvas.put(lines[0], width: 1, at: Point(x: box.minX, y: box.minY), style: style)
        canvas.put(lines[1], width: 1, at: Point(x: box.maxX - 1, y: box.minY), style: style)
        canvas.put(lines[2], width: 1, at: Point(x: box.minX, y: box.maxY - 1), style: style)
        canvas.put(lines[3], width: 1, at: Point(x: box.maxX - 1, y: box.maxY - 1), style: style)
    }
}
