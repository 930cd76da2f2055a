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
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: width, height: height),
            layout: CompositionalLayout.list(using: configuration))
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
        source.supplementaryViewProvider = { grid, _, indexPath in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = GridSnapshot<String, String>()
        for (title, items) in sections {
            snapshot.appendSections([title])
            snapshot.appendItems(items.map(\.name), toSection: title)
        }
        try? source.apply(snapshot)
        return (grid, source)
    }

    /// Separators: a row of `─` under each row but a section's last, kept clear of the pinned
    /// header, and drawn the same after scrolling as on a fresh screen.
    @Test func separatorsBetweenRows() {
        var configuration = ListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configuration.showsSeparators = true
        let names = (1...12).map { Row(name: "row \($0)") }
        let (grid, source) = makeList(
            configuration, sections: [("First", Array(names[0..<3])), ("Second", Array(names[3...]))], width: 20,
            height: 10)
        defer { withExtendedLifetime(source) {} } // the grid holds its data source weakly
        let lines = render(grid)
        #expect(lines[0].hasPrefix("First"), "\(lines)")
        #expect(
            lines[1].hasPrefix(" row 1") && lines[2].hasPrefix("───") && lines[3].hasPrefix(" row 2")
                && lines[4].hasPrefix("───"))
        #expect(
            lines[5].hasPrefix(" row 3") && lines[6].hasPrefix("Second"), "none after a section's last row: \(lines)")
        // Scrolled a line at a time on one canvas (frames drawn incrementally), then the same
        // place drawn afresh: the same text, the pinned header whole.
        let canvas = Canvas(size: grid.frame.size)
        grid.render(into: canvas)
        for _ in 0..<9 {
            _ = grid.handle(.key(.down))
            grid.render(into: canvas)
        }
        let fresh = Canvas(size: grid.frame.size)
        grid.setNeedsDisplay()
        grid.render(into: fresh)
        #expect(canvas.text == fresh.text, "\(canvas.text)\n----\n\(fresh.text)")
        #expect(
            fresh.text.split(separator: "\n").first?.hasPrefix("Second") == true,
            "the pinned header, with no line through it: \(fresh.text)")
        #expect(fresh.text.contains("───"))
    }

    /// A plain list with pinned headers: full-width rows, values at the trailing edge,
    /// accessories after them, nothing registered by hand.
    @Test func aPlainListWithRegistrationsAndAccessories() {
        var plain = ListConfiguration(appearance: .plain)
        plain.headerMode = .supplementary
        let (grid, source) = makeList(
            plain,
            sections: [
                (
                    "Fruit",
                    [
                        Row(name: "Apple", detail: "3", accessory: .disclosureIndicator()),
                        Row(name: "Banana", accessory: .checkmark())
                    ]
                ),
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
        #expect(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 2, y: 0, width: 36, height: 2))
        #expect(
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 5,
            "two rows of two and a blank row")
    }

    /// Rows are as tall as their cells ask: a subtitle long enough to wrap takes two lines
    /// below its text, and a wider list takes it back to one.
    @Test func aLongSubtitleWrapsOntoMoreRows() {
        let rows = [("Ada", "short"), ("Grace", "a subtitle long enough to wrap"), ("Linus", "")]
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 31, height: 10),
            layout: CompositionalLayout.list(using: ListConfiguration(appearance: .plain)))
        let registration = CellRegistration<ListCell, Int> { cell, _, i in
            cell.contentConfiguration = .subtitleCell(text: rows[i].0, secondaryText: rows[i].1)
        }
        let source = GridDiffableDataSource<Int, Int>(gridView: grid) { grid, indexPath, i in
            grid.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: i)
        }
        var snapshot = GridSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([0, 1, 2], toSection: 0)
        try? source.apply(snapshot)
        let frame = { (i: Int) in grid.layout.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame }
        let lines = render(grid)
        #expect(frame(0) == Rect(x: 0, y: 0, width: 30, height: 2))
        #expect(frame(1) == Rect(x: 0, y: 2, width: 30, height: 3), "the text and two lines of subtitle")
        #expect(frame(2) == Rect(x: 0, y: 5, width: 30, height: 1), "no subtitle: one row")
        #expect(lines[3].hasPrefix(" a subtitle long enough to") && lines[4] == " wrap", "\(lines)")
        #expect(lines[5].hasPrefix(" Linus"))
        grid.frame = Rect(x: 0, y: 0, width: 61, height: 10)
        _ = render(grid)
        #expect(frame(1)?.height == 2 && frame(2)?.minY == 4, "one line of subtitle at 60 columns")
        withExtendedLifetime(source) {}
    }

    /// Text broken at spaces; a word longer than a line cut at its edge; wide characters whole.
    @Test func textWrapsAtSpaces() {
        #expect(TextWrap.lines("a subtitle long enough", width: 10) == ["a subtitle", "long", "enough"])
        #expect(TextWrap.lines("  spaced   out  ", width: 20) == ["spaced out"])
        #expect(TextWrap.lines("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(TextWrap.lines("漢字漢字", width: 3) == ["漢", "字", "漢", "字"])
        #expect(TextWrap.lines("漢", width: 1) == ["漢"], "a character wider than the line still takes one")
        #expect(TextWrap.lines("   ", width: 5).isEmpty && TextWrap.lines("", width: 5).isEmpty)
    }

    /// A line break in the text starts a line; a blank line between paragraphs stays, one at the
    /// end goes; text of nothing but spaces and breaks has no lines (the demos' messages and the
    /// core's help and alerts wrap the same way).
    @Test func textWrapKeepsParagraphs() {
        #expect(TextWrap.lines("first line\nsecond", width: 20) == ["first line", "second"])
        #expect(TextWrap.lines("a\n\nb c d", width: 3) == ["a", "", "b c", "d"])
        #expect(TextWrap.lines("a\n", width: 3) == ["a"])
        #expect(TextWrap.lines(" \n  \n", width: 3).isEmpty)
        #expect(TextWrap.lines("ab", width: 0) == ["a", "b"], "a width below one is one")
    }

    /// The cell itself: an outline row indents, shows its disclosure, cuts its text before the
    /// trailing accessories, and dims when disabled; ASCII where the terminal has no glyphs.
    @Test func aListCellDrawsItsParts() {
        let canvas = Canvas(size: Size(width: 24, height: 2))
        let cell = ListCell()
        cell.contentConfiguration = .subtitleCell(
            text: "A rather long name indeed", secondaryText: "second line", image: "★")
        cell.indentationLevel = 1
        cell.accessories = [.outlineDisclosure(isExpanded: false), .badge(7)]
        cell.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), bounds: canvas.bounds, state: CellState())
        let lines = canvas.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("   ▸ ★ A rather") && lines[0].hasSuffix(" 7"), "\(lines)")
        #expect(lines[1].contains("second line"))
        #expect(cell.preferredSize(fitting: Size(width: 24, height: 1)) == Size(width: 24, height: 2))
        let ascii = Canvas(size: Size(width: 24, height: 1))
        ascii.glyphSet = .ascii
        cell.accessories = [.outlineDisclosure(isExpanded: true), .disclosureIndicator()]
        cell.contentConfiguration = .cell(text: "x")
        cell.isDisabled = true
        cell.draw(
            in: DrawContext(canvas: ascii, frame: ascii.bounds), bounds: ascii.bounds, state: CellState(isFocused: true)
        )
        #expect(ascii.text.hasPrefix("   v x") && ascii.text.hasSuffix(">"), "\(ascii.text)")
        #expect(ascii[4, 0].style.attributes.contains(.dim))
    }
}
