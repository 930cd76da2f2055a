import GridKitTesting
import Testing

@testable import GridKit

/// Lists: `CompositionalLayout.list(using:)`, cell registrations, `ListContentConfiguration`
/// and accessories, drawn by `ListCell`.
@MainActor @Suite struct ListTests {
    struct Row {
        var name: String
        var detail = ""
        var accessory: ListCellAccessory?
    }

    func render(_ grid: GridView) -> [String] {
        let canvas = Canvas(size: grid.frame.size)
        grid.render(into: canvas)
        return canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func makeList(_ configuration: ListConfiguration, sections: [(String, [Row])], width: Int = 41, height: Int = 12)
        -> (GridView, GridDiffableDataSource<String, String>)
    {
        let grid = GridView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: CompositionalLayout.list(using: configuration))
        var rows: [String: Row] = [:]
        for (_, items) in sections { for r in items { rows[r.name] = r } }
        let registration = CellRegistration<ListCell, String> { cell, _, name in
            let row = rows[name]!
            cell.contentConfiguration = .valueCell(text: row.name, secondaryText: row.detail)
            cell.accessories = row.accessory.map { [$0] } ?? []
        }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, indexPath in
            view.contentConfiguration = .header(text: sections[indexPath.section].0)
        }
        let source = GridDiffableDataSource<String, String>(gridView: grid) { grid, indexPath, name in
            grid.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        source.supplementaryViewProvider = { grid, _, indexPath in grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath) }
        var snapshot = GridSnapshot<String, String>()
        for (title, items) in sections {
            snapshot.appendSections([title])
            snapshot.appendItems(items.map(\.name), toSection: title)
        }
        try? source.apply(snapshot)
        return (grid, source)
    }

    /// A plain list with pinned headers: full-width rows, values at the trailing edge,
    /// accessories after them, nothing registered by hand.
    @Test func aPlainListWithRegistrationsAndAccessories() {
        var plain = ListConfiguration(appearance: .plain)
        plain.headerMode = .supplementary
        let (grid, source) = makeList(
            plain,
            sections: [
                ("Fruit", [Row(name: "Apple", detail: "3", accessory: .disclosureIndicator), Row(name: "Banana", accessory: .checkmark)]),
                ("Veg", [Row(name: "Leek", accessory: .badge(2)), Row(name: "Kale", accessory: .label("new"))])
            ])
        let lines = render(grid)
        #expect(lines[0].hasPrefix("Fruit"))
        #expect(lines[1].hasPrefix(" Apple") && lines[1].hasSuffix("3 ›"), "\(lines)")
        #expect(lines[2].contains("Banana") && lines[2].contains("✓"))
        #expect(lines[3].hasPrefix("Veg") && lines[4].hasSuffix(" 2") && lines[5].contains("new"), "\(lines)")
        _ = grid.handle(.key(.down))
        _ = grid.handle(.key(.down))
        #expect(grid.focusedIndexPath == IndexPath(item: 0, section: 1), "down goes row by row, into the next section")
        withExtendedLifetime(source) {} // the grid holds its data source weakly
    }

    /// Grouped sections sit apart and inset; subtitle rows take two lines.
    @Test func groupedSectionsAndSubtitleRows() {
        var grouped = ListConfiguration(appearance: .grouped)
        grouped.rowHeight = 2
        let layout = CompositionalLayout.list(using: grouped)
        let h = GridHarness(TestContent(counts: [2, 1]), layout: layout, size: Size(width: 41, height: 20))
        _ = h
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 2, y: 0, width: 36, height: 2))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 5, "two rows of two and a blank row")
    }

    /// The cell itself: an outline row indents, shows its disclosure, cuts its text before the
    /// trailing accessories, and dims when disabled; ASCII where the terminal has no glyphs.
    @Test func aListCellDrawsItsParts() {
        let canvas = Canvas(size: Size(width: 24, height: 2))
        let cell = ListCell()
        cell.contentConfiguration = .subtitleCell(text: "A rather long name indeed", secondaryText: "second line", image: "★")
        cell.indentationLevel = 1
        cell.accessories = [.outlineDisclosure(isExpanded: false), .badge(7)]
        cell.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState())
        let lines = canvas.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("   ▸ ★ A rather") && lines[0].hasSuffix(" 7"), "\(lines)")
        #expect(lines[1].contains("second line"))
        #expect(cell.preferredSize(fitting: Size(width: 24, height: 1)) == Size(width: 24, height: 2))
        let ascii = Canvas(size: Size(width: 24, height: 1))
        ascii.glyphSet = .ascii
        cell.accessories = [.outlineDisclosure(isExpanded: true), .disclosureIndicator]
        cell.contentConfiguration = .cell(text: "x")
        cell.isDisabled = true
        cell.draw(in: DrawContext(canvas: ascii, frame: ascii.bounds), bounds: ascii.bounds, state: CellState(isFocused: true))
        #expect(ascii.text.hasPrefix("   v x") && ascii.text.hasSuffix(">"), "\(ascii.text)")
        #expect(ascii[4, 0].style.attributes.contains(.dim))
    }
}
