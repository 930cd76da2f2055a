/// What a list row shows (UIKit's `UIListContentConfiguration`): a leading glyph, a text and a
/// secondary text, in styles for the row's state. `ListCell` draws it between its accessories;
/// any `GridCell` draws it as its `contentConfiguration`.
public struct ListContentConfiguration: ContentConfiguration, Sendable, Equatable {
    /// How the secondary text is placed: the factories choose it, as UIKit's do.
    package enum Layout: Sendable, Equatable {
        /// After the text, dimmed (`cell()`).
        case inline
        /// At the row's trailing edge (`valueCell()`).
        case trailing
        /// On the rows below (`subtitleCell()`; the row is two high, or more in a list when
        /// the secondary text wraps).
        case below
    }

    /// The main text.
    public var text = ""
    /// A second text: after the text (`cell()`), at the row's end (`valueCell()`) or on the rows
    /// below (`subtitleCell()`).
    public var secondaryText = ""
    /// A leading glyph (an emoji, a letter, a symbol), or "" for none.
    public var image = ""
    /// Where the secondary text goes.
    package var layout = Layout.inline
    /// The text's style.
    public var textStyle = Style.plain
    /// The secondary text's style.
    public var secondaryTextStyle = Style(attributes: .dim)
    /// The style of a focused row (its whole width); selected rows are bold. Under a cell's
    /// `backgroundConfiguration` only its foreground is used, on the background's colour.
    public var focusedStyle = Style(foreground: .black, background: .cyan)
    /// Columns before the glyph.
    public var leadingPadding = 1
    /// The state `updated(for:)` was given: drawn in it, whatever the cell's.
    var resolvedState: GridCellConfigurationState?

    /// An empty configuration; the factories (`cell()`, `valueCell()`, …) are the usual start.
    public init() {}

    /// The rows it takes at the least: two for a secondary text below the text. A `ListCell`
    /// in a list breaks a long one onto more rows, as wide as the list is.
    package var height: Int { layout == .below && !secondaryText.isEmpty ? 2 : 1 }

    /// The configuration drawn in `state`: focused, moving, selected and disabled styles as
    /// that state has them, whatever the state of the cell that draws it (a cell that
    /// `automaticallyUpdatesContentConfiguration` updates it for its own state first, as UIKit's).
    public func updated(for state: GridCellConfigurationState) -> ListContentConfiguration {
        var c = self
        c.resolvedState = state
        return c
    }

    /// One row, and below it as many as a `.below` secondary text takes at that width.
    public func preferredSize(fitting size: Size) -> Size? {
        Size(width: size.width, height: rows(width: size.width, textStart: leadingPadding + imageWidth))
    }

    /// Fills `bounds` in the row's style for `state` and draws the glyph and texts in it.
    @MainActor
    public func draw(in context: DrawContext, bounds: Rect, state: GridCellConfigurationState) {
        let state = resolvedState ?? state
        let base = rowStyle(for: state)
        context.fill(bounds, style: base)
        draw(
            in: context, bounds: bounds, x: bounds.minX + leadingPadding, firstRowEnd: bounds.maxX - 1, state: state,
            base: base)
    }

    /// The style of the whole row in `state`: reversed and bold while moving, the focus style
    /// when focused, dim when disabled.
    func rowStyle(for state: GridCellConfigurationState) -> Style {
        // A row picked up to be moved stands out from the focus: reversed and bold.
        var base =
            state.isReordering ? Style(attributes: [.reverse, .bold]) : state.isFocused ? focusedStyle : Style.plain
        if state.isDisabled { base.attributes.insert(.dim) }
        return base
    }

    /// Columns the glyph takes with its gap.
    var imageWidth: Int { image.isEmpty ? 0 : TextWidth.width(of: image) + 1 }

    /// Rows taken at `width` when the texts start at column `textStart`.
    func rows(width: Int, textStart: Int) -> Int {
        guard layout == .below, !secondaryText.isEmpty else { return 1 }
        return 1 + max(1, secondaryLines(width: width, textStart: textStart).count)
    }

    /// The secondary text of a `.below` layout in lines, under the text, a column short of the edge.
    func secondaryLines(width: Int, textStart: Int) -> [String] {
        TextWrap.lines(secondaryText, width: width - textStart - 1)
    }

    /// `style` as drawn on a row of `base` in `state`.
    func styled(_ style: Style, base: Style, state: GridCellConfigurationState) -> Style {
        var out = style
        if state.isFocused || state.isReordering { out.foreground = base.foreground; out.background = base.background }
        if state.isReordering { out.attributes.formUnion(base.attributes) }
        if state.isSelected { out.attributes.insert(.bold) }
        if state.isDisabled { out.attributes.insert(.dim) }
        // On a background configuration's colour, texts keep that colour behind them.
        if !base.background.isDefault { out.background = base.background }
        return out
    }

    /// Draws the glyph at column `x` then the texts, the first row's ending before column
    /// `firstRowEnd` (where trailing accessories start), on a row of style `base`.
    @MainActor
    func draw(
        in context: DrawContext, bounds: Rect, x start: Int, firstRowEnd right: Int, state: GridCellConfigurationState,
        base: Style
    ) {
        var x = start
        let textStart = start + imageWidth
        if !image.isEmpty {
            x += context.text(
                image + " ", at: Point(x: x, y: 0), style: styled(textStyle, base: base, state: state),
                maxWidth: max(0, right - x))
        }
        let textEnd =
            x
            + context.text(
                text, at: Point(x: x, y: 0), style: styled(textStyle, base: base, state: state),
                maxWidth: max(0, right - x))
        guard !secondaryText.isEmpty else { return }
        let secondary = styled(secondaryTextStyle, base: base, state: state)
        switch layout {
        case .inline:
            _ = context.text(
                "  " + secondaryText, at: Point(x: textEnd, y: 0), style: secondary, maxWidth: max(0, right - textEnd))
        case .trailing:
            let w = min(TextWidth.width(of: secondaryText), max(0, right - textEnd - 1))
            _ = context.text(secondaryText, at: Point(x: right - w, y: 0), style: secondary, maxWidth: w)
        case .below:
            // As many lines as the row has room for; the last one shown ends in `…` when more follow.
            let lines = secondaryLines(width: bounds.width, textStart: textStart), room = bounds.height - 1
            for (i, line) in lines.prefix(room).enumerated() {
                let text = i == room - 1 && lines.count > room ? lines[i...].joined(separator: " ") : line
                _ = context.text(
                    text, at: Point(x: x, y: 1 + i), style: secondary, maxWidth: max(0, bounds.width - x - 1))
            }
        }
    }
}

// The factories live on the protocol for `ListContentConfiguration` alone, so that both
// `ListContentConfiguration.cell(…)` and `cell.contentConfiguration = .cell(…)` find them.
extension ContentConfiguration where Self == ListContentConfiguration {
    /// A plain row: text, then the secondary text dimmed.
    public static func cell(text: String = "", secondaryText: String = "", image: String = "")
        -> ListContentConfiguration
    {
        var c = ListContentConfiguration()
        c.text = text; c.secondaryText = secondaryText; c.image = image
        return c
    }
    /// A row with the secondary text at its trailing edge (a value, a count).
    public static func valueCell(text: String = "", secondaryText: String = "", image: String = "")
        -> ListContentConfiguration
    {
        var c = cell(text: text, secondaryText: secondaryText, image: image)
        c.layout = .trailing
        return c
    }
    /// Two rows: the text, and the secondary text below it.
    public static func subtitleCell(text: String = "", secondaryText: String = "", image: String = "")
        -> ListContentConfiguration
    {
        var c = cell(text: text, secondaryText: secondaryText, image: image)
        c.layout = .below
        return c
    }
    /// A section header: bold.
    public static func header(text: String = "") -> ListContentConfiguration {
        var c = cell(text: text)
        c.textStyle = Style(attributes: .bold)
        c.leadingPadding = 0
        return c
    }
    /// A sidebar row: the glyph leads, the text follows.
    public static func sidebarCell(text: String = "", image: String = "") -> ListContentConfiguration {
        var c = cell(text: text, image: image)
        c.leadingPadding = 1
        return c
    }
}
