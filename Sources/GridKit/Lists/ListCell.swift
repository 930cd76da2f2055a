/// A list row that draws a content configuration with its accessories (UIKit's
/// `UICollectionViewListCell`): indentation for outlines, leading accessories (delete, outline
/// disclosure), the content, and trailing accessories (reorder at the edge); focused rows in
/// the content's focus style (or the `backgroundConfiguration`'s focus colour), selected rows
/// bold, disabled rows dim. Accessories show as their `displayed` state and the grid's
/// `GridView.isEditing` say.
open class ListCell: GridCell {
    /// At the row's edges: delete and outline disclosure before the content, the rest after
    /// it. In a section applied as a `GridSectionSnapshot`, a parent with no
    /// `.outlineDisclosure` here gets one from the outline, turned as the parent is open or closed.
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
    /// The columns of the delete accessory's glyph when last drawn, for clicks on it.
    private var deleteColumns: Range<Int>?

    /// An empty row; the grid makes cells itself, through the registered class.
    public required init() {}

    /// A plain row's configuration to fill in and set as `contentConfiguration` (UIKit's
    /// `defaultContentConfiguration()`).
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

    open override func prepareForReuse() {
        contentConfiguration = nil
        accessories = []
        explicitIndentation = nil
        outline = nil
        isDisabled = false
        deleteColumns = nil
    }

    /// The list content drawn, or a plain one for none or another kind of content.
    private var listContent: ListContentConfiguration { contentConfiguration as? ListContentConfiguration ?? .cell() }

    /// A row, and below it as many rows as the secondary text of a `.below` layout takes,
    /// broken at spaces to the offered width. Another kind of content is asked itself.
    open override func preferredSize(fitting size: Size) -> Size? {
        if let content = contentConfiguration, !(content is ListContentConfiguration) {
            let start = contentStart(editing: configurationState.isEditing)
            guard
                let inner = content.preferredSize(fitting: Size(width: max(0, size.width - start), height: size.height))
            else { return nil }
            return Size(width: size.width, height: inner.height)
        }
        let config = listContent
        return Size(
            width: size.width,
            height: config.rows(
                width: size.width, textStart: contentStart(editing: configurationState.isEditing) + config.imageWidth))
    }

    /// Where the content starts: after the padding, the indentation and leading accessories.
    private func contentStart(editing: Bool) -> Int {
        var x = listContent.leadingPadding + indentationLevel * 2
        for accessory in shownAccessories(editing: editing) where accessory.isLeading {
            x += TextWidth.width(of: accessory.rendering(ascii: false).text) + 1
        }
        return x
    }

    /// The app's accessories that show while the grid is `editing` or not, with the
    /// outline's disclosure for a parent the app gave none, each side in its order.
    private func shownAccessories(editing: Bool) -> [ListCellAccessory] {
        var shown = accessories.filter { $0.displayed.shows(editing: editing) }
        if let outline, outline.hasChildren,
            !accessories.contains(where: { if case .outlineDisclosure = $0.kind { true } else { false } })
        {
            shown.insert(.outlineDisclosure(isExpanded: outline.isExpanded), at: 0)
        }
        // Stable: the app's order within each place.
        return shown.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(
            \.element)
    }

    open override var isOpaque: Bool { true }

    override func deleteAction(in state: GridCellConfigurationState) -> ListCellAccessory.ActionHandler? {
        accessories.first { $0.kind == .delete && $0.displayed.shows(editing: state.isEditing) }?.actionHandler
    }

    override func showsReorderControl(in state: GridCellConfigurationState) -> Bool {
        accessories.contains { $0.kind == .reorder && $0.displayed.shows(editing: state.isEditing) }
    }

    override func deleteAction(atColumn x: Int) -> ListCellAccessory.ActionHandler? {
        guard let columns = deleteColumns, columns.contains(x) else { return nil }
        return deleteAction(in: configurationState)
    }

    open override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let full = configurationState(state, isEditing: appliedState?.isEditing ?? false)
        let content = shownContent(for: full)
        let list = content as? ListContentConfiguration
        let config = list ?? .cell()
        // A list content updated for a state of its own draws in that state.
        let drawnState = list?.resolvedState ?? full
        var base: Style
        if let background = shownBackground(for: full) {
            background.draw(in: context, bounds: bounds)
            base = Style(
                foreground: drawnState.isFocused ? config.focusedStyle.foreground : .default,
                background: background.textBackground)
            if drawnState.isReordering { base.attributes.insert(.bold) }
            if drawnState.isDisabled { base.attributes.insert(.dim) }
        } else {
            base = config.rowStyle(for: drawnState)
            context.fill(style: base)
        }
        let ascii = context.glyphSet == .ascii
        var x = config.leadingPadding + indentationLevel * 2
        let accessories = shownAccessories(editing: full.isEditing)
        deleteColumns = nil
        for accessory in accessories where accessory.isLeading {
            let r = accessory.rendering(ascii: ascii)
            let w = context.text(
                r.text + " ", at: Point(x: x, y: 0), style: config.styled(r.style, base: base, state: drawnState))
            if accessory.kind == .delete { deleteColumns = x..<(x + max(1, w - 1)) }
            x += w
        }
        // Trailing accessories first, so the content is cut before them.
        var right = bounds.width - 1
        for accessory in accessories.reversed() where !accessory.isLeading {
            let r = accessory.rendering(ascii: ascii)
            let w = TextWidth.width(of: r.text)
            guard right - w >= x else { break }
            right -= w
            _ = context.text(
                r.text, at: Point(x: right, y: 0), style: config.styled(r.style, base: base, state: drawnState))
            right -= 1
        }
        if let content, list == nil {
            // Another kind of content draws in the room the accessories leave.
            let room = Rect(x: x, y: 0, width: max(0, right - x), height: bounds.height)
            let inner = DrawContext(
                canvas: context.canvas, frame: room.offsetBy(dx: context.origin.x, dy: context.origin.y),
                clip: context.clip)
            content.draw(in: inner, bounds: inner.bounds, state: drawnState)
            return
        }
        config.draw(in: context, bounds: bounds, x: x, firstRowEnd: right, state: drawnState, base: base)
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
