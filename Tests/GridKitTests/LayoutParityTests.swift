import GridKitTesting
import Testing

@testable import GridKit

/// A decoration that fills its area with dots, so the tests see where it is drawn.
final class DotBackground: GridCell {
    /// Times drawn (each clipped area counts), for tests of what a frame draws again.
    @MainActor static var draws = 0
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        Self.draws += 1
        context.fill(bounds, style: .plain, character: "·")
    }
}

/// The compositional API issue 52 found missing, in UIKit's names: `.continuousGroupLeadingBoundary`,
/// boundary items' `alignment` and `offset`, decoration items, `zIndex`, and the `.insetGrouped`
/// and `.sidebarPlain` lists, each held to its frames and to what the grid draws.
@MainActor @Suite struct LayoutParityTests {
    func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }
    func frame(_ l: GridLayout, _ item: Int, _ section: Int = 0) -> Rect? {
        l.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }
    /// The canvas's rows, cut before the grid's scroll indicator (the last column), trailing
    /// spaces dropped.
    func lines(_ canvas: Canvas) -> [String] {
        (0..<canvas.size.height).map { y in
            var row = String((0..<(canvas.size.width - 1)).map { x in canvas[x, y].text.first ?? " " })
            while row.last == " " { row.removeLast() }
            return row
        }
    }

    /// A row of ten-column groups, a column apart, scrolling as `behaviour` says.
    func row(_ behaviour: OrthogonalScrollingBehavior) -> LayoutSection {
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(2)), subitems: [tile]))
        row.orthogonalScrollingBehavior = behaviour
        row.interGroupSpacing = 1
        return row
    }

    /// `.continuousGroupLeadingBoundary` scrolls only when the focus needs it, as `.continuous`
    /// does, but comes to rest on a group's leading edge: item 3 (columns 33–43 of a 40-column
    /// row) is shown by scrolling to group 1's start (11), where `.continuous` stops at 3.
    @Test func continuousGroupLeadingBoundaryRestsOnAGroupsStart() {
        let layout = CompositionalLayout(section: row(.continuousGroupLeadingBoundary))
        let h = GridHarness(TestContent(counts: [20]), layout: layout, size: Size(width: 41, height: 6))
        _ = h.press([.key(.right), .key(.right)])
        #expect(frame(layout, 0)?.minX == 0, "items 1 and 2 show without scrolling")
        let canvas = h.press([.key(.right)])
        #expect(
            frame(layout, 1)?.minX == 0 && frame(layout, 3)?.minX == 22,
            "group 1 at the leading edge: \(String(describing: frame(layout, 1)))")
        #expect(lines(canvas)[0].hasPrefix("0.1") && lines(canvas)[0].contains("[0.3]"), "\(lines(canvas)[0])")
        _ = h.press([.key(.right)])
        #expect(frame(layout, 2)?.minX == 0, "item 4 (44–54) shows from group 2's start, the first at or after 14")
        _ = h.press([.key(.left)])
        #expect(frame(layout, 2)?.minX == 0, "item 3 shows where the row is")
        _ = h.press([.key(.left), .key(.left), .key(.left)])
        #expect(frame(layout, 0)?.minX == 0, "back to the start")
        _ = h.press(Array(repeating: .key(.right), count: 25))
        #expect(
            h.gridView.focusedIndexPath?.item == 19 && frame(layout, 19)?.maxX == 40,
            "the row's end, which is no group's start")
        // The sideways wheel comes to rest on the next group's start that way.
        let g = GridHarness(
            TestContent(counts: [20]), layout: CompositionalLayout(section: row(.continuousGroupLeadingBoundary)),
            size: Size(width: 41, height: 6))
        func wheel(_ action: MouseAction) {
            _ = g.press([.mouse(MouseEvent(action: action, position: Point(x: 5, y: 0)))])
        }
        wheel(.wheelRight)
        #expect(frame(g.gridView.layout, 1)?.minX == 0, "one group along, not the wheel's few columns")
        wheel(.wheelRight)
        #expect(frame(g.gridView.layout, 2)?.minX == 0)
        wheel(.wheelLeft)
        #expect(frame(g.gridView.layout, 1)?.minX == 0)
        // The same keys under `.continuous` stop short of a boundary: the difference is real.
        let plain = CompositionalLayout(section: row(.continuous))
        let c = GridHarness(TestContent(counts: [20]), layout: plain, size: Size(width: 41, height: 6))
        _ = c.press([.key(.right), .key(.right), .key(.right)])
        #expect(frame(plain, 3)?.maxX == 40 && frame(plain, 1)?.minX == 8)
    }

    /// Boundary items sit where `alignment` says (a narrow header at the top's trailing end, a
    /// footer at the bottom's leading end moved by its `offset`), the rows they take stay
    /// where they were, and the grid draws them there.
    @Test func boundaryItemsFollowTheirAlignmentAndOffset() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
        section.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.absolute(6), .absolute(1)), elementKind: .header, alignment: .topTrailing),
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.absolute(5), .absolute(1)), elementKind: .footer, alignment: .bottomLeading,
                absoluteOffset: Point(x: 2, y: 0))
        ]
        let layout = CompositionalLayout(section: section)
        let h = GridHarness(TestContent(counts: [4, 2]), layout: layout, size: Size(width: 21, height: 10))
        let header = layout.layoutAttributesForSupplementaryElement(
            ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
        let footer = layout.layoutAttributesForSupplementaryElement(
            ofKind: .footer, at: IndexPath(item: 0, section: 0))?.frame
        #expect(header == Rect(x: 14, y: 0, width: 6, height: 1), "\(String(describing: header))")
        #expect(footer == Rect(x: 2, y: 3, width: 5, height: 1), "\(String(describing: footer))")
        #expect(frame(layout, 0) == Rect(x: 0, y: 1, width: 10, height: 1) && frame(layout, 0, 1)?.minY == 5)
        let text = lines(h.render())
        #expect(text[0] == "              H0====", "\(text)")
        #expect(text[1] == "[0.0]     0.1", "\(text)")
        #expect(text[3] == "  F0===", "\(text)")
        #expect(text[4] == "              H1====", "\(text)")
    }

    /// `.top` centres a narrow header; `.leading` puts it beside the items, in the section's
    /// inset; `extendsBoundary = false` lays it over the first row instead of taking one.
    @Test func centredSideAndOverlaidBoundaryItems() {
        func layout(_ header: LayoutBoundarySupplementaryItem, inset: Int = 0) -> CompositionalLayout {
            let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let section = LayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
            section.contentInsets = EdgeInsets(top: 0, left: inset, bottom: 0, right: 0)
            section.boundarySupplementaryItems = [header]
            return CompositionalLayout(section: section)
        }
        let centred = layout(
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.absolute(4), .absolute(1)), elementKind: .header, alignment: .top))
        _ = GridHarness(TestContent(counts: [2]), layout: centred, size: Size(width: 21, height: 10))
        #expect(
            centred.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 8, y: 0, width: 4, height: 1))
        let side = layout(
            LayoutBoundarySupplementaryItem(
                layoutSize: size(.absolute(3), .absolute(2)), elementKind: .header, alignment: .leading), inset: 4)
        let s = GridHarness(TestContent(counts: [2]), layout: side, size: Size(width: 21, height: 10))
        #expect(
            side.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 0, width: 3, height: 2))
        #expect(frame(side, 0) == Rect(x: 4, y: 0, width: 16, height: 1), "no row of its own")
        #expect(lines(s.render())[0].hasPrefix("H0= [0.0]"), "\(lines(s.render()))")
        var over = LayoutBoundarySupplementaryItem(
            layoutSize: size(.absolute(3), .absolute(1)), elementKind: .header, alignment: .topTrailing)
        over.extendsBoundary = false
        let overlaid = layout(over)
        let o = GridHarness(TestContent(counts: [2]), layout: overlaid, size: Size(width: 21, height: 10))
        #expect(frame(overlaid, 0)?.minY == 0)
        #expect(lines(o.render())[0] == "[0.0]            H0=", "over the first row: \(lines(o.render()))")
    }

    /// A pinned header keeps its alignment and offset while it is pinned, and is pushed off by
    /// its section's end.
    @Test func aPinnedAlignedHeaderStaysAcrossAndPins() {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
        var header = LayoutBoundarySupplementaryItem(
            layoutSize: size(.absolute(6), .absolute(1)), elementKind: .header, alignment: .topTrailing)
        header.pinToVisibleBounds = true
        header.offset = Point(x: -1, y: 0)
        section.boundarySupplementaryItems = [header]
        let layout = CompositionalLayout(section: section)
        let h = GridHarness(TestContent(counts: [10, 10]), layout: layout, size: Size(width: 21, height: 6))
        #expect(layout.sectionHeadersPinToVisibleBounds)
        h.gridView.setContentOffset(Point(x: 0, y: 4))
        let text = lines(h.render())
        #expect(
            text[0] == "0.3          H0====",
            "pinned, at the trailing end less its offset, over the row under it: \(text)")
        let pinned = layout.layoutAttributesForElements(in: Rect(x: 0, y: 4, width: 20, height: 6)).first {
            $0.kind == .header
        }
        #expect(pinned?.isPinned == true && pinned?.frame == Rect(x: 13, y: 4, width: 6, height: 1))
        let pushed = layout.layoutAttributesForElements(in: Rect(x: 0, y: 10, width: 20, height: 6)).first {
            $0.kind == .header && $0.indexPath.section == 0
        }
        #expect(pushed?.frame.minY == 10, "on the section's last row, pushed off by the next")
    }

    /// A sectioned grid whose sections have a dotted background, a column in from each edge.
    func decorated(zIndex: Int = 0, itemZIndex: Int = 0) -> CompositionalLayout {
        let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
        item.zIndex = itemZIndex
        let section = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
        section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
        section.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header)
        ]
        let background = LayoutDecorationItem.background(elementKind: "dots")
        background.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
        background.zIndex = zIndex
        section.decorationItems = [background]
        let layout = CompositionalLayout(section: section)
        layout.register(DotBackground.self, forDecorationViewOfKind: "dots")
        return layout
    }

    /// A background decoration covers its section between header and footer, less its
    /// insets, and is drawn under the cells; a `zIndex` above theirs draws it over them.
    @Test func aBackgroundDecorationIsDrawnUnderTheItems() throws {
        let layout = decorated()
        let h = GridHarness(TestContent(counts: [4, 1]), layout: layout, size: Size(width: 21, height: 12))
        let bg = layout.layoutAttributesForDecorationView(ofKind: "dots", at: IndexPath(item: 0, section: 0))
        #expect(bg?.frame == Rect(x: 1, y: 1, width: 18, height: 4) && bg?.kind == .decoration)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "other", at: IndexPath(item: 0, section: 0)) == nil)
        let text = lines(h.render())
        #expect(
            Array(text[0..<7]) == [
                "H0==================",
                " ··················",
                " ··[0.0] ··0.1   ··",
                " ··0.2   ··0.3   ··",
                " ··················",
                "H1==================",
                " ··················"
            ], "\(text)")
        // Over the cells when its zIndex says so; a cell's own zIndex puts it back on top.
        let over = GridHarness(TestContent(counts: [2]), layout: decorated(zIndex: 1), size: Size(width: 21, height: 6))
        #expect(lines(over.render())[2] == " ··················")
        let cellOnTop = GridHarness(
            TestContent(counts: [2]), layout: decorated(zIndex: 1, itemZIndex: 2), size: Size(width: 21, height: 6))
        #expect(lines(cellOnTop.render())[2] == " ··[0.0] ··0.1   ··")
    }

    /// A header's `zIndex` below the cells' draws a cell over the header it overlaps.
    @Test func zIndexDecidesWhichOverlappingElementShows() {
        func layout(headerZ: Int) -> CompositionalLayout {
            let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let section = LayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
            var header = LayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
            header.extendsBoundary = false
            header.zIndex = headerZ
            section.boundarySupplementaryItems = [header]
            return CompositionalLayout(section: section)
        }
        let usual = GridHarness(TestContent(counts: [2]), layout: layout(headerZ: 1), size: Size(width: 13, height: 4))
        #expect(lines(usual.render())[0] == "H0==========", "a header over the cell it overlaps")
        let under = GridHarness(TestContent(counts: [2]), layout: layout(headerZ: -1), size: Size(width: 13, height: 4))
        #expect(lines(under.render())[0] == "[0.0]", "the cell over a header under it")
    }

    /// A focus move in a decorated section draws the two cells and the background only where
    /// they are, not every cell over it: the key path stays a two-cell redraw.
    @Test func aFocusMoveOverABackgroundDrawsOnlyTheTwoCells() {
        let h = GridHarness(TestContent(counts: [40]), layout: decorated(), size: Size(width: 21, height: 16))
        _ = h.render()
        let cells = LabelCell.drawCount, backgrounds = DotBackground.draws
        let canvas = h.press([.key(.right)])
        #expect(LabelCell.drawCount - cells == 2, "only the cells whose focus changed")
        #expect(DotBackground.draws - backgrounds <= 2, "the background only under them")
        #expect(lines(canvas)[2] == " ··0.0   ··[0.1] ··", "\(lines(canvas))")
    }

    /// Sections with no decoration and usual zIndexes draw as before (cells, then headers), and
    /// a section's background comes and goes with its decoration items.
    @Test func decorationsComeAndGoWithTheProvider() {
        var decorate = true
        let layout = CompositionalLayout { _, _ in
            let item = LayoutItem(layoutSize: self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let section = LayoutSection(
                group: .horizontal(layoutSize: self.size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
            section.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 0, right: 0)
            if decorate { section.decorationItems = [.background(elementKind: "dots")] }
            return section
        }
        layout.register(DotBackground.self, forDecorationViewOfKind: "dots")
        let h = GridHarness(TestContent(counts: [2]), layout: layout, size: Size(width: 11, height: 3))
        #expect(lines(h.render())[1] == "··0.1")
        decorate = false
        h.gridView.reloadData()
        #expect(lines(h.render())[1] == "  0.1")
    }

    /// `.insetGrouped`: each section boxed in line characters, inset, its header above the
    /// box and a blank row after it; in a whole list and as one section among others.
    @Test func insetGroupedListsBoxTheirSections() {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let list = CompositionalLayout.list(using: configuration)
        let h = GridHarness(TestContent(counts: [2, 1]), layout: list, size: Size(width: 21, height: 12))
        #expect(!list.sectionHeadersPinToVisibleBounds)
        #expect(frame(list, 0) == Rect(x: 3, y: 2, width: 14, height: 1))
        let text = lines(h.render())
        #expect(
            Array(text[0..<11]) == [
                "H0==================",
                " ╭────────────────╮",
                " │ [0.0]          │",
                " │ 0.1            │",
                " ╰────────────────╯",
                "",
                "H1==================",
                " ╭────────────────╮",
                " │ 1.0            │",
                " ╰────────────────╯",
                ""
            ], "\(text)")
        // A list section among a grid's: only it is boxed.
        let mixed = CompositionalLayout { s, environment in
            if s == 0 {
                return LayoutSection.list(
                    using: ListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
            }
            let item = LayoutItem(layoutSize: self.size(.fractionalWidth(0.5), .fractionalHeight(1)))
            return LayoutSection(
                group: .horizontal(layoutSize: self.size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
        }
        let m = GridHarness(TestContent(counts: [1, 2]), layout: mixed, size: Size(width: 21, height: 8))
        #expect(
            Array(lines(m.render())[0..<5]) == [
                " ╭────────────────╮", " │ [0.0]          │", " ╰────────────────╯", "", "1.0       1.1"
            ])
    }

    /// `.sidebarPlain`: rows edge to edge, as `.plain`, but headers scroll with their section,
    /// as a sidebar's do; `.sidebar` keeps its inset.
    @Test func sidebarPlainIsASidebarWithoutTheInset() {
        func layout(_ appearance: ListConfiguration.Appearance) -> CompositionalLayout {
            var configuration = ListConfiguration(appearance: appearance)
            configuration.headerMode = .supplementary
            return CompositionalLayout.list(using: configuration)
        }
        let plain = layout(.sidebarPlain), sidebar = layout(.sidebar), pinned = layout(.plain)
        for l in [plain, sidebar, pinned] {
            _ = GridHarness(TestContent(counts: [30, 3]), layout: l, size: Size(width: 21, height: 8))
        }
        #expect(frame(plain, 0) == Rect(x: 0, y: 1, width: 20, height: 1) && frame(sidebar, 0)?.minX == 1)
        #expect(!plain.sectionHeadersPinToVisibleBounds && pinned.sectionHeadersPinToVisibleBounds)
        let section = LayoutSection.list(
            using: ListConfiguration(appearance: .sidebarPlain),
            layoutEnvironment: LayoutEnvironment(containerSize: Size(width: 20, height: 8)))
        #expect(section.contentInsets == .zero && section.decorationItems.isEmpty)
    }
}
