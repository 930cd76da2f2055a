/// A list row that draws a `ListContentConfiguration` with its accessories (UIKit's
/// `UICollectionViewListCell`): indentation for outlines, a leading outline disclosure, the
/// glyph and texts, and trailing accessories; focused rows in the configuration's focus style,
/// selected rows bold, disabled rows dim.
open class ListCell: GridCell {
    /// What the row shows; nil draws nothing but the focus.
    public var contentConfiguration: ListContentConfiguration?
    /// At the row's edges: outline disclosure before the content, the rest after it. In a
    /// section applied as a `GridSectionSnapshot`, a parent with no `.outlineDisclosure` here
    /// gets one from the outline, turned as the parent is open or closed.
    public var accessories: [ListCellAccessory] = []
    /// Outline depth: two columns each, before everything. In a section applied as a
    /// `GridSectionSnapshot` it is the item's depth in the tree (as UIKit's list cell takes it
    /// from the section snapshot) until the app sets it.
    public var indentationLevel: Int {
        get { explicitIndentation ?? outline?.level ?? 0 }
        set { explicitIndentation = newValue }
    }
    /// What the app set `indentationLevel` to since the cell was dequeued.
    private var explicitIndentation: Int?
    /// The item's place in its section's outline, set by the diffable data source after the
    /// cell provider; nil outside outlines. Reading it at draw time, not when it is set, lets
    /// the app's own settings win whatever order they come in.
    var outline: OutlinePlace?
    /// Drawn dim; the grid still moves focus onto it (as UIKit's `isUserInteractionEnabled`
    /// is the app's to check).
    public var isDisabled = false

    /// An empty row; the grid makes cells itself, through the registered class.
    public required init() {}

    open override func prepareForReuse() {
        contentConfiguration = nil
        accessories = []
        explicitIndentation = nil
        outline = nil
        isDisabled = false
    }

    /// A row, and below it as many rows as the secondary text of a `.below` layout takes,
    /// broken at spaces to the offered width.
    open override func preferredSize(fitting size: Size) -> Size? {
        guard let config = contentConfiguration, config.layout == .below, !config.secondaryText.isEmpty else { return Size(width: size.width, height: 1) }
        return Size(width: size.width, height: 1 + max(1, secondaryLines(config, width: size.width).count))
    }

    /// Where the texts start: after the padding, the indentation, leading accessories and the glyph.
    private func textStart(_ config: ListContentConfiguration) -> Int {
        var x = config.leadingPadding + indentationLevel * 2
        for accessory in shownAccessories where accessory.isLeading { x += TextWidth.width(of: accessory.rendering(ascii: false).text) + 1 }
        if !config.image.isEmpty { x += TextWidth.width(of: config.image) + 1 }
        return x
    }

    /// The secondary text of a `.below` layout in lines, under the text, a column short of the edge.
    private func secondaryLines(_ config: ListContentConfiguration, width: Int) -> [String] {
        TextWrap.lines(config.secondaryText, width: width - textStart(config) - 1)
    }

    /// The app's accessories, with the outline's disclosure first for a parent the app gave none.
    private var shownAccessories: [ListCellAccessory] {
        guard let outline, outline.hasChildren, !accessories.contains(where: \.isLeading) else { return accessories }
        return [.outlineDisclosure(isExpanded: outline.isExpanded)] + accessories
    }

    open override var isOpaque: Bool { true }

    open override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let config = contentConfiguration ?? .cell()
        // A row picked up to be moved stands out from the focus: reversed and bold.
        var base = state.isMoving ? Style(attributes: [.reverse, .bold]) : state.isFocused ? config.focusedStyle : Style.plain
        if isDisabled { base.attributes.insert(.dim) }
        context.fill(style: base)
        func styled(_ s: Style) -> Style {
            var out = s
            if state.isFocused || state.isMoving { out.foreground = base.foreground; out.background = base.background }
            if state.isMoving { out.attributes.formUnion(base.attributes) }
            if state.isSelected { out.attributes.insert(.bold) }
            if isDisabled { out.attributes.insert(.dim) }
            return out
        }
        let ascii = context.glyphSet == .ascii
        var x = config.leadingPadding + indentationLevel * 2
        let accessories = shownAccessories
        for accessory in accessories where accessory.isLeading {
            let r = accessory.rendering(ascii: ascii)
            x += context.text(r.text + " ", at: Point(x: x, y: 0), style: styled(r.style))
        }
        // Trailing accessories first, so the texts are cut before them.
        var right = bounds.width - 1
        for accessory in accessories.reversed() where !accessory.isLeading {
            let r = accessory.rendering(ascii: ascii)
            let w = TextWidth.width(of: r.text)
            guard right - w >= x else { break }
            right -= w
            _ = context.text(r.text, at: Point(x: right, y: 0), style: styled(r.style))
            right -= 1
        }
        if !config.image.isEmpty { x += context.text(config.image + " ", at: Point(x: x, y: 0), style: styled(config.textStyle), maxWidth: max(0, right - x)) }
        let textEnd = x + context.text(config.text, at: Point(x: x, y: 0), style: styled(config.textStyle), maxWidth: max(0, right - x))
        guard !config.secondaryText.isEmpty else { return }
        switch config.layout {
        case .inline:
            _ = context.text("  " + config.secondaryText, at: Point(x: textEnd, y: 0), style: styled(config.secondaryTextStyle), maxWidth: max(0, right - textEnd))
        case .trailing:
            let w = min(TextWidth.width(of: config.secondaryText), max(0, right - textEnd - 1))
            _ = context.text(config.secondaryText, at: Point(x: right - w, y: 0), style: styled(config.secondaryTextStyle), maxWidth: w)
        case .below:
            // As many lines as the row has room for; the last one shown ends in `…` when more follow.
            let lines = secondaryLines(config, width: bounds.width), room = bounds.height - 1
            for (i, line) in lines.prefix(room).enumerated() {
                let text = i == room - 1 && lines.count > room ? lines[i...].joined(separator: " ") : line
                _ = context.text(text, at: Point(x: x, y: 1 + i), style: styled(config.secondaryTextStyle), maxWidth: max(0, bounds.width - x - 1))
            }
        }
    }
}

/// Where an item sits in its section's outline, as a `ListCell` draws it.
struct OutlinePlace: Equatable {
    /// Its depth: 0 for a root.
    var level: Int
    /// Whether it is a parent (it has children in the tree).
    var hasChildren: Bool
    /// Whether its children are shown.
    var isExpanded: Bool
}
