import Foundation
import GridKit
import GridKitTesting
import Testing

@MainActor @Suite struct SnapshotTests {
    let snapshot = Snapshot()

    @Test func gridWithHeadersFootersAndFocus() throws {
        let content = TestContent(counts: [7, 0, 3])
        content.header = Size(width: 0, height: 1)
        content.footer = Size(width: 0, height: 1)
        let layout = FlowLayout(
            itemSize: Size(width: 6, height: 1), lineSpacing: 1, interitemSpacing: 1,
            sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
        let h = GridHarness(content, layout: layout, size: Size(width: 30, height: 14))
        try snapshot.verify(h.press(InputEvent.script("right, down")), named: "grid-headers-focus")
    }

    @Test func stickyHeaderWhileScrolled() throws {
        let content = TestContent(counts: [12, 12])
        content.header = Size(width: 0, height: 1)
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 16, height: 6))
        try snapshot.verify(h.press(InputEvent.script("down*8")), named: "sticky-header-pinned")
        try snapshot.verify(h.press(InputEvent.script("down*5")), named: "sticky-header-pushed")
    }

    @Test func horizontalGrid() throws {
        let layout = FlowLayout(
            itemSize: Size(width: 5, height: 1), scrollDirection: .horizontal, lineSpacing: 1, interitemSpacing: 1)
        let h = GridHarness(TestContent(counts: [20]), layout: layout, size: Size(width: 24, height: 6))
        try snapshot.verify(h.press(InputEvent.script("down*2, right*4")), named: "horizontal")
    }

    /// A list whose rows are as tall as their subtitles wrap, the focus on a wrapped row.
    @Test func listWithWrappedSubtitles() throws {
        let rows = [
            ("Ada Lovelace", "Analyst"),
            ("Grace Hopper", "Rear admiral, wrote the first compiler and found a moth in a relay"),
            ("Alan Turing", "Mathematician, codebreaker"), ("Linus", "")
        ]
        var configuration = ListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let grid = GridView(
            frame: Rect(x: 0, y: 0, width: 32, height: 12), layout: CompositionalLayout.list(using: configuration))
        let row = CellRegistration<ListCell, Int> { cell, _, i in
            cell.contentConfiguration = .subtitleCell(text: rows[i].0, secondaryText: rows[i].1)
            cell.accessories = [.disclosureIndicator()]
        }
        let header = SupplementaryRegistration<ListCell>(elementKind: .header) { view, _, _ in
            view.contentConfiguration = .header(text: "People")
        }
        let source = GridDiffableDataSource<Int, Int>(gridView: grid) { grid, indexPath, i in
            grid.dequeueConfiguredReusableCell(using: row, for: indexPath, item: i)
        }
        source.supplementaryViewProvider = { grid, _, indexPath in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var people = GridSnapshot<Int, Int>()
        people.appendSections([0])
        people.appendItems(Array(rows.indices), toSection: 0)
        try source.apply(people)
        let canvas = Canvas(size: grid.frame.size)
        _ = grid.handle(.key(.down))
        grid.render(into: canvas)
        try snapshot.verify(canvas, named: "list-wrapped-subtitles")
    }

    @Test func recordingFailsTheCheck() throws {
        let folder = NSTemporaryDirectory() + "gridkit-snapshot-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scratch = Snapshot(testFile: folder + "/Test.swift")
        let canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(throws: SnapshotError.self) { try scratch.verify(canvas, named: "new") }
        try scratch.verify(canvas, named: "new") // now stored: passes
        canvas.drawText("x", at: .zero, style: .plain)
        #expect(throws: SnapshotError.self) { try scratch.verify(canvas, named: "new") }
    }
}
