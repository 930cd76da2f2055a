import GridKit
import GridKitPresenting
import GridKitTesting
import Testing

/// A grid draws only what a key changed (the cells whose focus or selection changed, the rows a
/// scroll brought in) and the terminal is sent only the rows and columns the canvas says
/// changed. These tests hold both to what a full redraw gives: two grids get the same random
/// keys, one drawing on the same canvas frame after frame, the other on a fresh canvas every
/// time, and a model terminal fed by `FrameDiff` must show the first canvas exactly.
@MainActor
@Suite struct IncrementalRenderTests {
    enum Setup: String, CaseIterable, CustomStringConvertible, Sendable {
        case pinnedList = "list, pinned headers, full width"
        case insetGrid = "grid, headers and footers, inset frame"
        case pinnedGrid = "grid, two-row pinned headers"
        case horizontal = "horizontal grid"
        case waterfall = "waterfall"
        case albums = "compositional, rows that scroll sideways over a grid"
        case decorated = "compositional, section backgrounds under pinned headers, inset grouped lists"
        var description: String { rawValue }

        var canvas: Size {
            switch self {
            case .pinnedList: Size(width: 40, height: 14)
            case .insetGrid: Size(width: 50, height: 18)
            case .pinnedGrid: Size(width: 36, height: 16)
            case .horizontal: Size(width: 40, height: 12)
            case .waterfall: Size(width: 30, height: 14)
            case .albums: Size(width: 41, height: 16)
            case .decorated: Size(width: 40, height: 16)
            }
        }
        var frame: Rect {
            switch self {
            case .pinnedList: Rect(x: 0, y: 1, width: 40, height: 12)
            case .insetGrid: Rect(x: 3, y: 2, width: 44, height: 14)
            case .pinnedGrid: Rect(x: 0, y: 0, width: 36, height: 16)
            case .horizontal: Rect(x: 0, y: 0, width: 40, height: 12)
            case .waterfall: Rect(x: 0, y: 1, width: 30, height: 12)
            case .albums: Rect(x: 0, y: 1, width: 41, height: 14)
            case .decorated: Rect(x: 0, y: 1, width: 40, height: 14)
            }
        }
        var header: Size? {
            switch self {
            case .pinnedList: Size(width: 0, height: 1)
            case .insetGrid, .pinnedGrid: Size(width: 0, height: 2)
            case .horizontal: Size(width: 4, height: 0)
            case .waterfall, .albums, .decorated: nil
            }
        }
        var footer: Size? { self == .insetGrid ? Size(width: 0, height: 1) : nil }

        @MainActor func makeLayout() -> any GridLayout {
            if self == .waterfall { return WaterfallLayout(columns: 3) }
            if self == .albums {
                func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
                    LayoutSize(widthDimension: w, heightDimension: h)
                }
                let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                tile.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)
                let row = LayoutSection(
                    group: .horizontal(layoutSize: size(.absolute(9), .absolute(2)), subitems: [tile]))
                row.orthogonalScrollingBehavior = .continuous
                let cells = LayoutGroup.horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(2)), repeatingSubitem: tile, count: 4)
                let grid = LayoutSection(group: cells)
                return CompositionalLayout { s, _ in s < 2 ? row : grid }
            }
            if self == .decorated {
                func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
                    LayoutSize(widthDimension: w, heightDimension: h)
                }
                let layout = CompositionalLayout { s, environment in
                    var list = ListConfiguration(appearance: .insetGrouped)
                    list.headerMode = .supplementary
                    if s % 2 == 1 { return LayoutSection.list(using: list, layoutEnvironment: environment) }
                    let item = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
                    item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
                    // Every other cell over the (opaque) pinned header, in section 2.
                    let over = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
                    over.contentInsets = item.contentInsets
                    over.zIndex = s == 2 ? 2 : 0
                    let section = LayoutSection(
                        group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), subitems: [item, over]))
                    section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
                    // Section 2's header covers whole cells when pinned; some draw over it.
                    let band = s == 2 ? size(.fractionalWidth(1), .absolute(2)) : size(.absolute(12), .absolute(1))
                    var header = LayoutBoundarySupplementaryItem(
                        layoutSize: band, elementKind: .header, alignment: .topTrailing)
                    header.pinToVisibleBounds = true
                    section.boundarySupplementaryItems = [header]
                    let background = LayoutDecorationItem.background(elementKind: "dots")
                    background.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
                    section.decorationItems = [background]
                    return section
                }
                layout.register(DotBackground.self, forDecorationViewOfKind: "dots")
                return layout
            }
            let l = FlowLayout()
            switch self {
            case .pinnedList:
                l.itemSize = Size(width: 38, height: 1)
                l.minimumLineSpacing = 0
                l.sectionHeadersPinToVisibleBounds = true
            case .insetGrid:
                l.itemSize = Size(width: 8, height: 3)
                l.minimumLineSpacing = 1
                l.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
            case .pinnedGrid:
                l.itemSize = Size(width: 10, height: 2)
                l.minimumLineSpacing = 1
                l.sectionHeadersPinToVisibleBounds = true
            case .horizontal:
                l.scrollDirection = .horizontal
                l.itemSize = Size(width: 9, height: 3)
            case .waterfall, .albums, .decorated: break
            }
            return l
        }
    }

    @Test(arguments: Setup.allCases)
    func incrementalFramesMatchFullRedraws(_ setup: Setup) {
        var random = SeededGenerator(seed: 0x5eed + UInt64(setup.rawValue.count))
        func content() -> TestContent {
            let c = TestContent(counts: [37, 5, 120, 0, 60])
            c.header = setup.header
            c.footer = setup.footer
            // Opaque headers let cells beneath them go undrawn; the inset grid keeps them not.
            c.opaqueHeaders = setup != .insetGrid
            c.sizeFor = setup == .waterfall ? { Size(width: 0, height: 1 + ($0.item * 7 + $0.section) % 4) } : nil
            return c
        }
        let (contentA, contentB) = (content(), content())
        let incremental = GridView(frame: setup.frame, layout: setup.makeLayout())
        let full = GridView(frame: setup.frame, layout: setup.makeLayout())
        for g in [incremental, full] { g.allowsMultipleSelection = true }
        incremental.connect(contentA)
        full.connect(contentB)
        let canvas = Canvas(size: setup.canvas)
        var diff = FrameDiff()
        var screen = Array(
            repeating: Array(repeating: CanvasCell.blank, count: setup.canvas.width), count: setup.canvas.height)
        // Along the rows mostly, where rows scroll sideways.
        let keys: [Key] =
            setup == .albums
            ? [.right, .right, .right, .right, .left, .left, .down, .up, .pageDown, .pageUp, .home, .character(" ")]
            : [.down, .down, .down, .up, .up, .left, .right, .pageDown, .pageUp, .home, .end, .enter, .character(" ")]

        var movedSideways = 0
        for step in 0..<400 {
            var overlay = false
            switch random.int(0...22) {
            case 0...13:
                let key = keys[random.int(0...(keys.count - 1))]
                incremental.handle(.key(key)); full.handle(.key(key))
            case 14...16:
                let p = Point(x: setup.frame.midX, y: setup.frame.midY)
                let wheel = MouseEvent(action: random.int(0...1) == 0 ? .wheelUp : .wheelDown, position: p)
                incremental.handle(.mouse(wheel)); full.handle(.mouse(wheel))
            case 17:
                overlay = true // something else draws over the grid this frame
            case 18:
                incremental.setNeedsDisplay()
            case 19:
                // The content changes (a section grows), as a reload tells the grid.
                contentA.counts[1] += 1; contentB.counts[1] += 1
                incremental.reloadData(); full.reloadData()
            default:
                // What a few items show changes (a picture arrives), mostly on screen: only their
                // cells are drawn again.
                let shown = incremental.indexPathsForVisibleItems
                var items: [IndexPath] = []
                for _ in 0..<random.int(1...3) {
                    if !shown.isEmpty && random.int(0...4) > 0 {
                        items.append(shown[random.int(0...(shown.count - 1))])
                    } else {
                        let section = random.int(0...(contentA.counts.count - 1))
                        if contentA.counts[section] > 0 {
                            items.append(
                                IndexPath(item: random.int(0...(contentA.counts[section] - 1)), section: section))
                        }
                    }
                }
                for c in [contentA, contentB] { for ip in items { c.edits[ip, default: 0] += 1 } }
                incremental.reloadItems(at: items); full.reloadItems(at: items)
            }
            incremental.render(into: canvas)
            let fresh = Canvas(size: setup.canvas)
            full.render(into: fresh)
            if overlay {
                for c in [canvas, fresh] {
                    c.drawText(
                        "overlay", at: Point(x: setup.frame.minX + 1, y: setup.frame.midY),
                        style: Style(attributes: .bold))
                }
            }
            for y in 0..<setup.canvas.height {
                guard (0..<setup.canvas.width).allSatisfy({ canvas[$0, y] == fresh[$0, y] }) else {
                    Issue.record("step \(step), row \(y): \(canvas.row(y)) ≠ \(fresh.row(y)) (full redraw)")
                    return
                }
            }
            #expect(canvas.cursor == fresh.cursor, "step \(step): cursor")

            // The terminal: moved rows, then the changed cells.
            if let shift = diff.rowShift(to: canvas) {
                let rows = shift.rows, d = shift.distance
                let moved = rows.map { y in
                    rows.contains(y + d) ? screen[y + d] : Array(repeating: CanvasCell.blank, count: setup.canvas.width)
                }
                for (i, y) in rows.enumerated() { screen[y] = moved[i] }
                diff.apply(shift)
            }
            // Rows moved sideways: characters deleted at one edge of the band, blanks inserted
            // at the other, as a terminal does (the rest of each line moving with them).
            for shift in diff.sidewaysShifts(to: canvas) {
                let w = setup.canvas.width, x0 = shift.columns.lowerBound, x1 = shift.columns.upperBound,
                    n = abs(shift.distance)
                for y in shift.rows {
                    var line = screen[y]
                    func delete(at x: Int) {
                        line.removeSubrange(x..<(x + n)); line += Array(repeating: .blank, count: n)
                    }
                    func insert(at x: Int) {
                        line.insert(contentsOf: Array(repeating: CanvasCell.blank, count: n), at: x); line.removeLast(n)
                    }
                    if shift.distance > 0 {
                        delete(at: x0)
                        if x1 < w { insert(at: x1 - n) }
                    } else {
                        insert(at: x0)
                        if x1 < w { delete(at: x1) }
                    }
                    screen[y] = line
                }
                diff.apply(shift)
                movedSideways += 1
            }
            diff.update(to: canvas) { x, y, cell in
                screen[y][x] = cell
                if cell.width == 2, x + 1 < setup.canvas.width { screen[y][x + 1] = canvas[x + 1, y] }
            }
            for y in 0..<setup.canvas.height where screen[y] != (0..<setup.canvas.width).map({ canvas[$0, y] }) {
                Issue.record(
                    "step \(step), row \(y): the terminal shows \(screen[y].map(\.text).joined()), the canvas \(canvas.row(y))"
                )
                return
            }
        }
        // (Mostly blank test tiles: a move pays only where labels line up, a few times.)
        if setup == .albums { #expect(movedSideways > 0, "rows were moved sideways on the terminal") }
    }

    /// A one-column list of 100 items, 10 rows high, drawn once.
    private func shownList() -> (TestContent, GridView, Canvas) {
        let content = TestContent(counts: [100])
        let layout = FlowLayout()
        layout.itemSize = Size(width: 20, height: 1)
        let grid = GridView(frame: Rect(x: 0, y: 0, width: 21, height: 10), layout: layout)
        grid.connect(content)
        let canvas = Canvas(size: Size(width: 21, height: 10))
        grid.render(into: canvas)
        return (content, grid, canvas)
    }

    @Test func aFocusMoveDrawsOnlyTheTwoCellsAndSendsOnlyTheirRows() {
        let (content, grid, canvas) = shownList()
        var diff = FrameDiff()
        diff.update(to: canvas) { _, _, _ in }
        defer { _ = content } // the grid holds its data source weakly
        grid.handle(.key(.down))
        grid.render(into: canvas)
        var rows = Set<Int>()
        diff.update(to: canvas) { _, y, _ in rows.insert(y) }
        #expect(rows == [0, 1])
        #expect(canvas.row(0).hasPrefix("0.0 ") && canvas.row(1).hasPrefix("[0.1]"))
    }

    @Test func aOneLineScrollMovesTheRowsAndSendsOnlyTheNewOnes() {
        let (content, grid, canvas) = shownList()
        var diff = FrameDiff()
        diff.update(to: canvas) { _, _, _ in }
        defer { _ = content } // the grid holds its data source weakly
        for _ in 0..<9 { grid.handle(.key(.down)); grid.render(into: canvas); diff.update(to: canvas) { _, _, _ in } }
        grid.handle(.key(.down)) // item 10: the list scrolls by one line
        grid.render(into: canvas)
        let shift = diff.rowShift(to: canvas)
        #expect(shift?.rows == 0..<10 && shift?.distance == 1)
        if let shift { diff.apply(shift) }
        var rows = Set<Int>()
        diff.update(to: canvas) { x, y, _ in if x < 20 { rows.insert(y) } }
        // The old focus row (now 8) and the new one (9); the scroll bar column changes apart.
        #expect(rows == [8, 9])
        #expect(canvas.row(9).hasPrefix("[0.10]"))
    }

    @Test func aReloadedItemDrawsOnlyItsCellAndSendsOnlyItsRow() {
        let (content, grid, canvas) = shownList()
        var diff = FrameDiff()
        diff.update(to: canvas) { _, _, _ in }
        let before = canvas.row(5)
        content.edits[IndexPath(item: 5, section: 0)] = 1
        let redraws = countingDraws(of: grid) {
            grid.reloadItems(at: [IndexPath(item: 5, section: 0)])
            grid.render(into: canvas)
        }
        var rows = Set<Int>()
        diff.update(to: canvas) { _, y, _ in rows.insert(y) }
        #expect(redraws == 1, "cells drawn for one reloaded item")
        #expect(rows == [5])
        #expect(before.hasPrefix("0.5 ") && canvas.row(5).hasPrefix("0.5'1 "))
        // Scrolled with a reload pending: the rows let in and the reloaded cell, nothing else.
        for _ in 0..<9 { grid.handle(.key(.down)) }
        grid.render(into: canvas)
        diff.update(to: canvas) { _, _, _ in }
        content.edits[IndexPath(item: 4, section: 0)] = 1
        grid.reloadItems(at: [IndexPath(item: 4, section: 0)])
        grid.handle(.key(.down))
        let scrolled = countingDraws(of: grid) { grid.render(into: canvas) }
        #expect(scrolled == 3, "the reloaded cell, the old focus and the new one (let in)")
        #expect(canvas.row(3).hasPrefix("0.4'1 "))
    }

    /// A reload whose data source has gone gives no cell: the item's place is cleared, as a
    /// full redraw clears it, not left showing the cell drawn before.
    @Test func aReloadWithNoDataSourceClearsTheItemsPlace() {
        var (content, grid, canvas): (TestContent?, GridView, Canvas) = shownList()
        #expect(canvas.row(5).hasPrefix("0.5 "))
        content = nil // the grid held it weakly: it is gone
        #expect(content == nil && grid.dataSource == nil)
        grid.reloadItems(at: [IndexPath(item: 5, section: 0)])
        grid.render(into: canvas)
        #expect(!canvas.row(5).contains("0.5"), "row 5 still shows the reloaded item: \(canvas.row(5))")
    }

    /// Cells drawn while `body` runs: those whose `draw` the grid called.
    private func countingDraws(of grid: GridView, _ body: () -> Void) -> Int {
        let before = LabelCell.drawCount
        body()
        return LabelCell.drawCount - before
    }

    /// A list 10 rows high of one-line items, a header of a line over each section, pinned.
    private func pinnedList(_ counts: [Int], opaque: Bool) -> (TestContent, GridView, Canvas) {
        let content = TestContent(counts: counts)
        content.header = Size(width: 0, height: 1)
        content.opaqueHeaders = opaque
        let layout = FlowLayout()
        layout.itemSize = Size(width: 20, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        let grid = GridView(frame: Rect(x: 0, y: 0, width: 21, height: 10), layout: layout)
        grid.connect(content)
        return (content, grid, Canvas(size: Size(width: 21, height: 10)))
    }

    @Test func aListScrollingUnderAnOpaquePinnedHeaderDoesNotDrawItAgain() {
        for opaque in [true, false] {
            let (content, grid, canvas) = pinnedList([100, 100], opaque: opaque)
            grid.render(into: canvas)
            for _ in 0..<20 { grid.handle(.key(.down)); grid.render(into: canvas) } // scrolled, the header pinned
            guard let header = content.supplementaryViews.first else { Issue.record("no header"); return }
            let before = header.draws
            for _ in 0..<5 { grid.handle(.key(.down)); grid.render(into: canvas) }
            // Opaque, it hides the row under it, which need not be drawn; else that row shows
            // through and the header is drawn over it again on every scroll.
            #expect(header.draws - before == (opaque ? 0 : 5), "opaque: \(opaque)")
            #expect(canvas.row(0).hasPrefix("H0=="))
        }
    }

    /// Scrolled until the next section's header takes the pinned place: the pinned row is not
    /// part of the moved band (as when the same header stays), so the terminal keeps it and
    /// only the header's text that differs ("H0" → "H1") is sent, not the row whole.
    @Test func theNextSectionsHeaderTakesThePinnedPlaceWithoutTheRowMoving() {
        let (content, grid, canvas) = pinnedList([12, 100], opaque: true)
        var diff = FrameDiff()
        grid.render(into: canvas)
        diff.update(to: canvas) { _, _, _ in }
        var sawTheChange = false
        for _ in 0..<30 {
            grid.handle(.key(.down))
            grid.render(into: canvas)
            if let shift = diff.rowShift(to: canvas) {
                #expect(shift.rows.lowerBound >= 1, "the pinned row stays out of the move: \(shift)")
                diff.apply(shift)
            }
            var header: [Int] = []
            diff.update(to: canvas) { x, y, _ in if y == 0 { header.append(x) } }
            if canvas.row(0).hasPrefix("H1") && !sawTheChange {
                sawTheChange = true
                #expect(header == [1], "only the digit that differs: \(header)")
            }
        }
        #expect(sawTheChange, "section 1's header came to the pinned place")
        withExtendedLifetime(content) {} // the grid holds its content weakly
    }

    /// The diff compares only the columns drawn since its last frame: rows drawn again the same
    /// are no change, and rows drawn again one line up (a program that redraws instead of
    /// moving) are still found to be a move.
    @Test func rowsDrawnAgainAreComparedWhereDrawn() {
        let canvas = Canvas(size: Size(width: 20, height: 10))
        func draw(_ first: Int) {
            for y in 0..<10 { _ = canvas.drawText("row \(first + y)  ", at: Point(x: 2, y: y), style: .plain) }
        }
        draw(0)
        var diff = FrameDiff()
        diff.update(to: canvas) { _, _, _ in }
        // Drawn over and back: columns drawn, nothing changed.
        draw(5)
        draw(0)
        #expect((0..<10).allSatisfy { !canvas.changedColumns(ofRow: $0).isEmpty })
        #expect(diff.rowShift(to: canvas) == nil)
        var sent = 0
        diff.update(to: canvas) { _, _, _ in sent += 1 }
        #expect(sent == 0)
        draw(1)
        let shift = diff.rowShift(to: canvas)
        #expect(shift?.distance == 1 && shift?.rows.count == 10, "\(String(describing: shift))")
    }
}
