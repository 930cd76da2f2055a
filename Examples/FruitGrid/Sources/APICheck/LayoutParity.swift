// The compositional layout names an iOS developer reaches for beyond the basics, used from
// outside the package (issue 52): a screen of fruit in four sections, one layout —
// a sideways row that comes to rest on group starts, a grid on a dotted background under an
// aligned, offset header and a footer beside it, an inset grouped list section and a plain
// sidebar section — each checked in what the grid draws.
import GridKit

/// A section background of dots: a decoration view, registered with the layout by its kind.
final class DottedBackground: GridCell {
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.fill(bounds, style: .plain, character: "·")
    }
}

/// A header or footer that prints its section and kind.
final class BandLabel: GridCell {
    var name = ""
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.text(name, at: .zero, style: .plain)
    }
}

/// The four sections, each from a different part of the parity API.
@MainActor func parityLayout() -> CompositionalLayout {
    let layout = CompositionalLayout { section, environment in
        switch section {
        case 0:
            // Sideways, coming to rest on a group's leading edge.
            let tile = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let row = LayoutSection(
                group: .horizontal(
                    layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(1)),
                    subitems: [tile]))
            row.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
            row.interGroupSpacing = 1
            return row
        case 1:
            // A grid on a background, its header at the top's trailing end moved a column in,
            // its footer beside the items in the section's leading inset, over the background.
            let item = LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
            item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
            item.zIndex = 0
            let grid = LayoutSection(
                group: .horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
                    subitems: [item]))
            grid.contentInsets = EdgeInsets(top: 0, left: 5, bottom: 0, right: 0)
            var header = LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(widthDimension: .absolute(8), heightDimension: .absolute(1)),
                elementKind: .header,
                alignment: .topTrailing, absoluteOffset: Point(x: -1, y: 0))
            header.pinToVisibleBounds = true
            var side = LayoutBoundarySupplementaryItem(
                layoutSize: LayoutSize(widthDimension: .absolute(4), heightDimension: .absolute(1)),
                elementKind: .footer, alignment: .leading)
            side.extendsBoundary = false
            side.zIndex = 2
            grid.boundarySupplementaryItems = [header, side]
            let background = LayoutDecorationItem.background(elementKind: "dots")
            background.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)
            background.zIndex = -1
            grid.decorationItems = [background]
            return grid
        case 2:
            return LayoutSection.list(
                using: ListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
        default:
            return LayoutSection.list(
                using: ListConfiguration(appearance: .sidebarPlain), layoutEnvironment: environment)
        }
    }
    layout.register(DottedBackground.self, forDecorationViewOfKind: "dots")
    return layout
}

@MainActor func layoutParity() throws {
    let layout = parityLayout()
    let grid = GridView(frame: Rect(x: 0, y: 0, width: 31, height: 16), layout: layout)
    grid.register(NameCell.self)
    grid.register(BandLabel.self, forSupplementaryViewOfKind: .header)
    grid.register(BandLabel.self, forSupplementaryViewOfKind: .footer)
    let fruit = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
        let cell = grid.dequeue(NameCell.self, for: indexPath)
        cell.name = name
        return cell
    }
    fruit.supplementaryViewProvider = { grid, kind, indexPath in
        let band = grid.dequeueSupplementary(BandLabel.self, ofKind: kind, for: indexPath)
        band.name = kind == .header ? "Stone" : "Pit"
        return band
    }
    var snapshot = GridSnapshot<String, String>()
    snapshot.appendSections(["recent", "stone", "boxed", "sidebar"])
    snapshot.appendItems((1...6).map { "recent\($0)" }, toSection: "recent")
    snapshot.appendItems(["peach", "plum", "cherry", "apricot"], toSection: "stone")
    snapshot.appendItems(["apple", "pear"], toSection: "boxed")
    snapshot.appendItems(["fig"], toSection: "sidebar")
    try fruit.apply(snapshot)
    var rows = text(of: grid)
    check(rows[0] == "[recent1]    recent2      recen", "the sideways row first: \(rows[0])")
    check(rows[1] == "                     Stone", "the header at the top's trailing end, a column in: \(rows[1])")
    check(
        rows[2] == "Pit···peach·······plum·······",
        "the footer beside the items, over the background the names show on: \(rows[2])")
    check(rows[4] == " ╭──────────────────────────╮", "the inset grouped section's box: \(rows[4])")
    check(
        rows[5] == " │ apple                    │" && rows[7] == " ╰──────────────────────────╯",
        "its rows inside it: \(rows[5...7])")
    check(rows[8] == "" && rows[9] == "fig", "a blank row, then the sidebar row edge to edge: \(rows[8...9])")
    // Right along the row: recent3 ends past the 30 columns, so the row comes to rest on
    // group 1's start (13), not at 8 as `.continuous` would.
    _ = grid.handle(.key(.right))
    _ = grid.handle(.key(.right))
    rows = text(of: grid)
    check(rows[0] == "recent2      [recent3]    recen", "the row rests on a group's start: \(rows[0])")
    let background = layout.layoutAttributesForDecorationView(ofKind: "dots", at: IndexPath(item: 0, section: 1))
    check(
        background?.kind == .decoration && background?.zIndex == -1,
        "the background's attributes: \(String(describing: background))")
    let header = layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))
    check(
        header?.zIndex == 1 && header?.frame == Rect(x: 21, y: 1, width: 8, height: 1),
        "the header's frame and order: \(String(describing: header))")
    let whole = CompositionalLayout.list(using: ListConfiguration(appearance: .insetGrouped))
    check(whole.scrollDirection == .vertical && RectAlignment.bottom != .bottomLeading, "a whole inset grouped list")
}

extension String {
    /// Without its leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? endIndex
        return self[start..<max(start, end)]
    }
}
