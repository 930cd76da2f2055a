/// The title bar and key-hint line around every screen's grid.
@MainActor
struct ScreenChrome {
    /// Not bold: xterm draws bold black as grey (its `boldColors`), which cyan all but hides.
    static let titleStyle = Style(foreground: .black, background: .cyan)
    static let hintStyle = Style(foreground: .brightBlack)
    /// A message on the hint line (`ScreenContext.showMessage`) stands out from the hints.
    static let messageStyle = Style(foreground: .yellow, attributes: .bold)

    /// What the bars showed last, on which canvas, and the versions of their rows once drawn:
    /// bars that would come out the same are not drawn again (a key that moves the focus
    /// changes neither, and measuring text is a good part of a small frame's cost).
    private var drawn:
        (
            title: String, hints: [KeyHint], message: String?, bindings: KeyBindings, canvas: UInt64, top: UInt64,
            bottom: UInt64
        )?

    init() {}

    /// The grid's frame for a terminal of `size`: everything but the title and hint rows.
    static func gridFrame(in size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    }

    /// The grid's frame for `screen`: below its search bar (while it shows) and its table header.
    static func gridFrame(in size: Size, for screen: any Screen) -> Rect {
        let bars = barRows(screen)
        return Rect(x: 0, y: 1 + bars, width: size.width, height: max(0, size.height - 2 - bars))
    }

    /// The rows the search bar and the table header take above the grid.
    private static func barRows(_ screen: any Screen) -> Int {
        (screen.searchController?.isActive == true ? 1 : 0) + (screen.tableHeader != nil ? 1 : 0)
    }

    /// Draws the screen's whole frame: the chrome, its grid and its overlay, or the "terminal too
    /// small" notice when the canvas is smaller than the screen needs.
    mutating func draw(_ screen: any Screen, grid: GridView, into canvas: Canvas, message: String? = nil) {
        canvas.cursor = nil // the grid puts it on the focused cell
        canvas.showsCursor = false // a search bar with the keys shows it
        let need = screen.minimumSize
        guard canvas.size.width >= need.width, canvas.size.height >= need.height else {
            canvas.drawTooSmallNotice(need: need)
            drawn = nil
            return
        }
        let w = canvas.size.width, bottom = canvas.size.height - 1
        let status = screen.status
        let title = status.isEmpty ? screen.title : screen.title + "\u{0}" + status
        let hints = message == nil ? screen.keyHints : []
        let bindings = grid.keyBindings
        if let d = drawn, d.title == title, d.hints == hints, d.message == message, d.bindings == bindings,
            d.canvas == canvas.identity,
            d.top == canvas.version(ofRow: 0), d.bottom == canvas.version(ofRow: bottom)
        {
            // Unchanged, and nobody drew over them since.
        } else {
            canvas.fill(Rect(x: 0, y: 0, width: w, height: 1), style: Self.titleStyle)
            // The status sits at the right of the title bar; the title gives way to it.
            let statusWidth = status.isEmpty ? 0 : min(w / 2, TextWidth.width(of: status) + 1)
            canvas.drawText(
                " " + screen.title, at: .zero, style: Self.titleStyle, maxWidth: max(0, w - statusWidth - 1))
            if statusWidth > 0 {
                canvas.drawText(
                    status, at: Point(x: w - statusWidth, y: 0), style: Self.titleStyle, maxWidth: statusWidth - 1)
            }
            let hintRow = Rect(x: 0, y: bottom, width: w, height: 1)
            canvas.fill(hintRow, style: .plain)
            if let message {
                canvas.drawText(" " + message, at: hintRow.origin, style: Self.messageStyle, maxWidth: w)
            } else {
                let line = Self.fitting(KeyHint.line(hints, with: bindings), width: w - 1)
                canvas.drawText(" " + line, at: hintRow.origin, style: Self.hintStyle, maxWidth: w)
            }
            drawn = (
                title, hints, message, bindings, canvas.identity, canvas.version(ofRow: 0),
                canvas.version(ofRow: bottom)
            )
        }
        FrameSteps.mark(.chrome)
        grid.render(into: canvas)
        screen.drawOverlay(in: canvas, gridView: grid)
        // After the grid, which puts the cursor on its focus: a search bar with the keys moves
        // it to its caret.
        var y = 1
        if let search = screen.searchController, search.isActive {
            search.draw(in: canvas, y: y, width: w)
            y += 1
        }
        if let header = screen.tableHeader {
            let row = Rect(x: grid.frame.minX, y: y, width: grid.layoutSize.width, height: 1)
            canvas.fill(Rect(x: 0, y: y, width: w, height: 1), style: header.style)
            header.draw(in: DrawContext(canvas: canvas, frame: row))
        }
    }

    /// Where the table header is for `screen` on a canvas of `size` (for clicks), or nil.
    static func headerRow(for screen: any Screen, grid: GridView) -> Rect? {
        guard screen.tableHeader != nil else { return nil }
        return Rect(x: grid.frame.minX, y: grid.frame.minY - 1, width: grid.layoutSize.width, height: 1)
    }

    /// The hints, joined (`a · b · c`), that fit `width` whole: the ways to help and out (`? keys`,
    /// `Esc back`, `q quit`) and as many of the rest from the start as fit beside them, in their
    /// order, so a narrow terminal shows "↑↓ move · ? keys · q quit", not "↑↓ move · Enter op".
    static func fitting(_ hints: [(text: String, isWayOut: Bool)], width: Int) -> String {
        let whole = hints.map(\.text).joined(separator: " · ")
        guard TextWidth.width(of: whole) > width else { return whole }
        let widths = hints.map { TextWidth.width(of: $0.text) }
        var keep = hints.map(\.isWayOut)
        func used() -> Int {
            zip(widths, keep).filter(\.1).map(\.0).reduce(0, +) + 3 * max(0, keep.filter { $0 }.count - 1)
        }
        guard keep.contains(true), used() <= width else { return whole } // cut as it comes
        for k in hints.indices where !keep[k] {
            keep[k] = true
            if used() > width { keep[k] = false; break }
        }
        return zip(hints, keep).filter(\.1).map(\.0.text).joined(separator: " · ")
    }
}
