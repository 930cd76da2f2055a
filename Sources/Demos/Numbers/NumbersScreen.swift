import GridKit

/// The stress screen: `count` numbered tiles in sections of 1,000 with sticky headers.
/// Nothing is stored per item: every number, colour and position is computed.
package final class NumbersScreen: Screen, GridDataSource {
    /// Tiles in a grid, or one full-width row per item (for comparing with list programs).
    /// Tiles by `FlowLayout`, rows, or the same tiles by `CompositionalLayout` (to compare them).
    package enum Arrangement: String, CaseIterable { case grid, list, compositional }

    package static let sectionSize = 1_000
    package let count: Int
    package let arrangement: Arrangement

    package let title: String

    package init(count: Int, arrangement: Arrangement) {
        self.count = max(0, count)
        self.arrangement = arrangement
        title = "Numbers · \(self.count.formatted) items · \(arrangement.rawValue)"
    }

    /// Opened from another screen, q goes back to it as Esc does: the hint says so.
    private var isRoot = true

    package var keyHints: [KeyHint] { isRoot ? Self.rootHints : Self.pushedHints }
    // Stored, not built per frame: the chrome compares the hints every frame, and the same
    // array compares at once (a new one, hint by hint: ~1% of a key on the million-item list).
    private static let rootHints: [KeyHint] = hints(last: .quit)
    private static let pushedHints: [KeyHint] = hints(last: .back)
    private static func hints(last: KeyHint) -> [KeyHint] {
        [
            .move, KeyHint([.pageUp, .pageDown], ""), KeyHint([.first, .last], alternative: 1, "first/last"),
            .select("select"), .help, last
        ]
    }

    package func attach(to gridView: GridView, context: ScreenContext) { isRoot = context.isRoot }

    package func makeLayout() -> any GridLayout {
        let layout: FlowLayout
        switch arrangement {
        case .compositional:
            // The grid's tiles, composed: 12×3 items repeated across each row with a column
            // between them, a row between rows, a pinned header per section.
            let tile = LayoutItem(layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(3)))
            let row = LayoutGroup.horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(3)),
                subitems: [tile])
            row.interItemSpacing = 1
            let section = LayoutSection(group: row)
            section.interGroupSpacing = 1
            section.contentInsets = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
            section.boundarySupplementaryItems = [
                LayoutBoundarySupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                    elementKind: .header, pinToVisibleBounds: true)
            ]
            return CompositionalLayout(section: section)
        case .grid:
            layout = FlowLayout(
                itemSize: Size(width: 12, height: 3), lineSpacing: 1, interitemSpacing: 1,
                sectionInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        case .list:
            layout = FlowLayout(
                itemSize: Size(width: FlowLayout.fullLine, height: 1), lineSpacing: 0, interitemSpacing: 0,
                sectionInset: .zero)
        }
        layout.headerReferenceSize = Size(width: 0, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(NumberTileCell.self)
        gridView.register(NumberRowCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    package func numberOfSections(in gridView: GridView) -> Int {
        (count + Self.sectionSize - 1) / Self.sectionSize
    }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int {
        min(Self.sectionSize, count - section * Self.sectionSize)
    }

    package func number(at indexPath: IndexPath) -> Int { indexPath.section * Self.sectionSize + indexPath.item + 1 }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell: NumberCell =
            arrangement != .list
            ? gridView.dequeue(NumberTileCell.self, for: indexPath)
            : gridView.dequeue(NumberRowCell.self, for: indexPath)
        cell.number = number(at: indexPath)
        return cell
    }

    package func gridView(
        _ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> GridCell? {
        let header = gridView.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
        let first = indexPath.section * Self.sectionSize + 1
        let last = first + gridView.layout.numberOfItems(inSection: indexPath.section) - 1
        header.title = "Section \(indexPath.section + 1)"
        header.detail = "\(first.formatted)–\(last.formatted)"
        return header
    }
}

/// Shared by the tile and row cells: the number they show.
class NumberCell: GridCell {
    var number = 0
    override func prepareForReuse() { number = 0 }
}

/// A coloured tile with the number centred: black on a light colour, white on a dark one.
/// The focus (▶) and a selection (•, also on the focused tile) are marked, not only coloured:
/// with 8 or 16 colours the tiles' colours are the focus's and the selection's too.
final class NumberTileCell: NumberCell {
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let hue = Palette.hue(number)
        let base = Style(foreground: Palette.isDark(hue) ? .ansi(15) : .black, background: hue)
        let style = state.isFocused ? Palette.focus : state.isSelected ? Palette.selected : base
        context.fill(style: style)
        context.centeredText(number.formatted, y: bounds.height / 2, style: style)
        if state.isFocused { context.text("▶", at: .zero, style: style) }
        if state.isSelected { context.text("•", at: Point(x: bounds.width - 1, y: 0), style: style) }
    }
}

/// A one-line row: a colour swatch, a marker and the number. The marker and the label sit
/// side by side, so a focus move rewrites one short run of cells per row, not two whole rows.
final class NumberRowCell: NumberCell {
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text("██", at: Point(x: 1, y: 0), style: Style(foreground: Palette.hue(number)))
        if state.isFocused || state.isSelected {
            context.text(
                state.isFocused ? "▶" : "•", at: Point(x: 4, y: 0), style: Palette.accent(on: context.backgroundTone))
        }
        context.text(" Item \(number.formatted) ", at: Point(x: 5, y: 0), style: Palette.body(state))
    }
}

extension Int {
    /// The number with thousands separators: 1,000,000.
    var formatted: String {
        // Built backwards in bytes: every row of a scrolling list asks for one.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        var rest = self.magnitude, digits = 0
        repeat {
            if digits > 0 && digits % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
            digits += 1
        } while rest > 0
        if self < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.reverse()
        // From an array, not a reversed view: decoding a view goes through a dynamic cast.
        return String(decoding: bytes, as: UTF8.self)
    }
}
