import Glibc
import GridKitTesting
import Testing

@testable import GridKit

@MainActor @Suite struct GridViewTests {
    @Test func onlyVisibleCellsLiveAndReuseIsBounded() {
        let content = TestContent(counts: Array(repeating: 1000, count: 1000))
        content.header = Size(width: 0, height: 1)
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 8, height: 2)), size: Size(width: 80, height: 24))
        h.render()
        let visible = h.gridView.indexPathsForVisibleItems.count
        #expect(visible > 50 && visible < 120)
        for _ in 0..<40 { h.press(InputEvent.script("pgdn*5, down*3, G, g, pgdn")) }
        #expect(h.gridView.liveCellCount <= 3 * visible)
        #expect(h.gridView.indexPathsForVisibleItems.count <= 2 * visible)
    }

    @Test func willDisplayAndDidEndDisplayingPairUp() {
        let content = TestContent(counts: [300])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 5, height: 1)), size: Size(width: 20, height: 6))
        h.press(InputEvent.script("down*30, pgdn*3, up*10, G, g"))
        let visible = Set(h.gridView.indexPathsForVisibleItems)
        for (ip, n) in content.displayed {
            #expect(n == (visible.contains(ip) ? 1 : 0), "\(ip) displayed \(n) times")
        }
    }

    @Test func dequeuedCellsComeFromThePoolAfterPrepareForReuse() {
        let content = TestContent(counts: [1000])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 20, height: 10))
        h.render()
        let before = h.gridView.liveCellCount
        #expect(before >= 10, "a screenful of cells and headers exists")
        h.press(InputEvent.script("pgdn*20"))
        // 20 pages of 10 rows went by: without reuse that is 200 more cells.
        #expect(h.gridView.liveCellCount - before <= 10)
        #expect(h.gridView.cellForItem(at: h.gridView.focusedIndexPath!) != nil)
    }

    @Test func unregisteredIdentifierStopsWithAMessageNamingIt() async {
        await #expect(processExitsWith: .failure) {
            // A wrong message exits successfully, which fails the test.
            GridKitFailure.willTerminate = { message in
                if !(message.contains("'missing'") && message.contains("'known'")) { exit(0) }
            }
            await MainActor.run {
                let g = GridView(frame: Rect(x: 0, y: 0, width: 10, height: 5))
                g.register(GridCell.self, forCellWithReuseIdentifier: "known")
                _ = g.dequeueReusableCell(withReuseIdentifier: "missing", for: IndexPath(item: 0, section: 0))
            }
        }
    }

    @Test func typedDequeueOfAnUnregisteredClassStopsNamingWhatIsRegistered() async {
        await #expect(processExitsWith: .failure) {
            GridKitFailure.willTerminate = { message in
                if !(message.contains("'LabelCell'") && message.contains("'GridCell'")) { exit(0) }
            }
            await MainActor.run {
                let g = GridView(frame: Rect(x: 0, y: 0, width: 10, height: 5))
                g.register(GridCell.self)
                _ = g.dequeue(LabelCell.self, for: IndexPath(item: 0, section: 0))
            }
        }
    }

    @Test func typedDequeueOfAnotherClassUnderTheSameNameStopsNamingBoth() async {
        await #expect(processExitsWith: .failure) {
            GridKitFailure.willTerminate = { message in
                if !(message.contains("LabelCell") && message.contains("is GridCell")) { exit(0) }
            }
            await MainActor.run {
                let g = GridView(frame: Rect(x: 0, y: 0, width: 10, height: 5))
                g.register(GridCell.self, forCellWithReuseIdentifier: GridView.reuseIdentifier(of: LabelCell.self))
                _ = g.dequeue(LabelCell.self, for: IndexPath(item: 0, section: 0))
            }
        }
    }

    @Test func enterSelectsAndShouldSelectCanVeto() {
        let content = TestContent(counts: [10])
        content.shouldSelect = { $0.item != 1 }
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 10, height: 5))
        h.press(InputEvent.script("enter, down, enter, down, enter"))
        #expect(content.log == ["select [0, 0]", "deselect [0, 0]", "select [0, 2]"])
        #expect(h.gridView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func multipleSelectionWithSpace() {
        let content = TestContent(counts: [10])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 10, height: 5))
        h.gridView.allowsMultipleSelection = true
        h.press(InputEvent.script("space, down, down, space, space, down, space"))
        #expect(
            h.gridView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)])
        #expect(content.log.filter { $0.hasPrefix("deselect") } == ["deselect [0, 2]"])
    }

    @Test func programmaticSelectionCallsNoDelegate() {
        let content = TestContent(counts: [10])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 10, height: 5))
        h.gridView.selectItem(at: IndexPath(item: 3, section: 0))
        h.gridView.selectItem(at: IndexPath(item: 4, section: 0))
        #expect(h.gridView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        h.gridView.deselectItem(at: IndexPath(item: 4, section: 0))
        #expect(h.gridView.indexPathsForSelectedItems.isEmpty)
        #expect(content.log.isEmpty)
        h.gridView.allowsSelection = false
        h.press(InputEvent.script("enter"))
        #expect(content.log.isEmpty)
    }

    @Test func focusSurvivesReloadDataOrMovesToTheNearest() {
        let content = TestContent(counts: [20, 20])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 10, height: 5))
        h.gridView.focusItem(at: IndexPath(item: 15, section: 1))
        content.counts = [20, 30]
        h.gridView.reloadData()
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 15, section: 1))
        content.counts = [20, 10]
        h.gridView.reloadData()
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 9, section: 1))
        content.counts = [20]
        h.gridView.reloadData()
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 19, section: 0))
    }

    @Test func prefetchLooksAPageAheadAndCancelsWhatFellBehind() {
        let content = TestContent(counts: [200])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 10, height: 5))
        h.render()
        #expect(content.prefetchLog == ["+[0, 5][0, 6][0, 7][0, 8][0, 9]"])
        content.prefetchLog = []
        h.press([.key(.end)])
        #expect(content.prefetchLog.first == "-[0, 5][0, 6][0, 7][0, 8][0, 9]")
        h.press([.key(.up)])
        h.press(InputEvent.script("up*5"))
        #expect(content.prefetchLog.last?.hasPrefix("+[0, 192][0, 191]") == true) // scrolling back: nearest first
    }

    /// A row that scrolls sideways (Albums) has its next tiles asked for before a Right lets
    /// them in, and those further on once it has scrolled; the grid below is asked a page ahead
    /// as before.
    @Test func prefetchLooksAlongARowThatScrollsSideways() {
        func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
            LayoutSize(widthDimension: w, heightDimension: h)
        }
        let tile = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        tile.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)
        let row = LayoutSection(group: .horizontal(layoutSize: size(.absolute(10), .absolute(3)), subitems: [tile]))
        row.orthogonalScrollingBehavior = .continuous
        let grid = LayoutSection(
            group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), subitems: [tile]))
        let content = TestContent(counts: [20, 30])
        let h = GridHarness(
            content, layout: CompositionalLayout { s, _ in s == 0 ? row : grid }, size: Size(width: 41, height: 12))
        func asked() -> Set<IndexPath> {
            let items = content.prefetchLog.filter { $0.hasPrefix("+") }.joined().matches(of: /\[(\d+), (\d+)\]/)
            return Set(
                items.compactMap { m in Int(m.2).flatMap { i in Int(m.1).map { IndexPath(item: i, section: $0) } } })
        }
        h.render()
        // Tiles 0-4 of the row show (the fifth by its first column); the next page of it is
        // asked for, and not more.
        #expect(Set((5..<9).map { IndexPath(item: $0, section: 0) }).isSubset(of: asked()), "asked \(asked().sorted())")
        #expect(!asked().contains(IndexPath(item: 9, section: 0)), "a page along the row, not more")
        #expect(asked().contains(IndexPath(item: 8, section: 1)), "the grid below, a page ahead")
        h.press(InputEvent.script("right*6"))
        let shown = h.gridView.layout.layoutAttributesForElements(in: h.gridView.visibleRect).filter {
            $0.kind == .cell && $0.indexPath.section == 0
        }.map(\.indexPath.item)
        #expect(shown.min()! > 0, "the row scrolled")
        // A page to either side of what shows now: on past the last tile shown, and back to
        // the first (each asked once, as it came within a page).
        let along = Set(asked().filter { $0.section == 0 }.map(\.item))
        #expect(
            along.isSuperset(of: (shown.max()! + 1)...(shown.max()! + 4)) && along.contains(0),
            "asked \(along.sorted()) with \(shown.sorted()) shown")
        #expect(
            !along.contains(shown.max()! + 6), "a page along the row (the last tile by its first columns), not more")
    }

    /// Page Down under a pinned header scrolls a page less the header, and then a little back
    /// to show the focused item whole: prefetching still looks ahead, the way the user goes.
    @Test func prefetchLooksAheadAfterPageDownUnderAPinnedHeader() {
        let content = TestContent(counts: [400])
        content.header = Size(width: 0, height: 1)
        // The photo grid's shape: a page (37 rows) is not a whole number of lines (9 rows).
        let layout = FlowLayout(
            itemSize: Size(width: 4, height: 8), lineSpacing: 1, interitemSpacing: 1,
            sectionInset: EdgeInsets(top: 1, left: 0, bottom: 0, right: 0))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 20, height: 38))
        h.render()
        for _ in 0..<3 {
            content.prefetchLog = []
            h.press([.key(.pageDown)])
            let visible = h.gridView.layout.layoutAttributesForElements(in: h.gridView.visibleRect).filter {
                $0.kind == .cell
            }.map(\.indexPath.item)
            let asked = content.prefetchLog.filter { $0.hasPrefix("+") }.joined()
            let items = asked.matches(of: /\[0, (\d+)\]/).compactMap { Int($0.1) }
            #expect(
                !items.isEmpty && items.allSatisfy { $0 > visible.max()! },
                "prefetched \(items) after showing up to \(visible.max()!)")
        }
    }

    @Test func scrollIndicatorOnlyWhenContentOverflows() {
        let short = GridHarness(
            TestContent(counts: [3]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 10, height: 5))
        #expect(!short.render().text.contains("│"))
        let long = GridHarness(
            TestContent(counts: [100]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 10, height: 5))
        let frame = long.render()
        #expect(frame[9, 0].text == "┃")
        #expect(frame[9, 4].text == "│")
        long.press([.key(.end)])
        #expect(long.canvas[9, 4].text == "┃")
    }

    @Test func nothingNeedsDisplayAfterRenderUntilSomethingChanges() {
        let h = GridHarness(
            TestContent(counts: [10]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 10, height: 5))
        h.render()
        #expect(!h.gridView.needsDisplay)
        h.gridView.handle(.char("x"))
        #expect(!h.gridView.needsDisplay)
        h.gridView.handle(.key(.down))
        #expect(h.gridView.needsDisplay)
    }
}
