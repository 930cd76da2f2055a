import GridKitTesting
import Testing

@testable import GridKit

@MainActor @Suite struct NavigationTests {
    func randomGrid(_ rng: inout SeededGenerator) -> GridHarness {
        let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
        let content = TestContent(counts: counts)
        if Bool.random(using: &rng) {
            let seed = Int.random(in: 0...1000, using: &rng)
            content.sizeFor = { ip in Size(width: 3 + (ip.item * 7 + seed) % 11, height: 1 + (ip.item + seed) % 3) }
        }
        if Bool.random(using: &rng) { content.header = Size(width: 3, height: Int.random(in: 1...2, using: &rng)) }
        let layout = FlowLayout(
            itemSize: Size(width: Int.random(in: 3...12, using: &rng), height: Int.random(in: 1...3, using: &rng)),
            scrollDirection: Bool.random(using: &rng) ? .vertical : .horizontal,
            lineSpacing: Int.random(in: 0...2, using: &rng), interitemSpacing: Int.random(in: 0...2, using: &rng),
            sectionInset: EdgeInsets(
                top: Int.random(in: 0...1, using: &rng), left: Int.random(in: 0...2, using: &rng),
                bottom: Int.random(in: 0...1, using: &rng), right: Int.random(in: 0...2, using: &rng)))
        layout.lineAlignment = [.justified, .leading, .center, .trailing][Int.random(in: 0...3, using: &rng)]
        layout.sectionHeadersPinToVisibleBounds = Bool.random(using: &rng)
        let size = Size(width: Int.random(in: 16...60, using: &rng), height: Int.random(in: 8...24, using: &rng))
        if Int.random(in: 0...3, using: &rng) == 0 {
            // A waterfall of the same content: heights from the same sizes.
            let waterfall = WaterfallLayout(
                columns: Int.random(in: 1...4, using: &rng), columnSpacing: Int.random(in: 0...2, using: &rng),
                itemSpacing: Int.random(in: 0...2, using: &rng))
            waterfall.headerHeight = content.header?.height ?? 0
            waterfall.sectionHeadersPinToVisibleBounds = layout.sectionHeadersPinToVisibleBounds
            return GridHarness(content, layout: waterfall, size: size)
        }
        return GridHarness(content, layout: layout, size: size)
    }

    static let keys: [InputEvent] = [
        .key(.up), .key(.down), .key(.left), .key(.right), .key(.pageUp), .key(.pageDown),
        .key(.home), .key(.end), .char("j"), .char("k"), .char("h"), .char("l"), .char("g"), .char("G")
    ]

    @Test func focusStaysValidAndVisibleOverRandomKeySequences() {
        var rng = SeededGenerator(seed: 42)
        for round in 0..<1000 {
            let h = randomGrid(&rng)
            let g = h.gridView
            guard let first = g.layout.firstIndexPath else { #expect(g.focusedIndexPath == nil); continue }
            #expect(g.focusedIndexPath == first)
            for step in 0..<30 {
                let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &rng)]
                if step % 10 == 9 {
                    // Now and then the terminal is resized under the grid.
                    h.gridView.frame = Rect(
                        x: 0, y: 0, width: Int.random(in: 8...70, using: &rng),
                        height: Int.random(in: 4...30, using: &rng))
                }
                h.press([key])
                guard let f = g.focusedIndexPath else {
                    Issue.record("focus lost in round \(round) step \(step)"); return
                }
                #expect(g.isValid(f), "round \(round) step \(step): \(f) invalid")
                #expect(
                    g.isFullyVisible(f),
                    "round \(round) step \(step) after \(key): \(f) not visible at \(g.contentOffset)")
                #expect(g.indexPathsForVisibleItems.contains(f))
                if key == .key(.home) || key == .char("g") { #expect(f == first) }
                if key == .key(.end) || key == .char("G") { #expect(f == g.layout.lastIndexPath) }
            }
        }
    }

    @Test func everyItemIsReachableWithArrows() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<60 {
            let h = randomGrid(&rng)
            let l = h.gridView.layout
            guard let first = l.firstIndexPath else { continue }
            var seen: Set<IndexPath> = [first], queue = [first]
            while let ip = queue.popLast() {
                for d in [FocusDirection.up, .down, .left, .right] {
                    if let n = l.neighbor(of: ip, direction: d), seen.insert(n).inserted { queue.append(n) }
                }
            }
            let total = (0..<l.numberOfSections).reduce(0) { $0 + l.numberOfItems(inSection: $1) }
            #expect(seen.count == total)
        }
    }

    @Test func upAndDownPickTheNearestCentreInTheAdjacentLine() {
        let content = TestContent(counts: [8])
        content.sizeFor = { ip in ip.item < 4 ? Size(width: 4, height: 1) : Size(width: 9, height: 1) }
        let layout = FlowLayout(itemSize: Size(width: 4, height: 1), interitemSpacing: 1)
        layout.lineAlignment = .leading
        let h = GridHarness(content, layout: layout, size: Size(width: 20, height: 10))
        // Line 0: items at x 0, 5, 10, 15 (4 wide). Line 1: 4 at 0 (9 wide), 5 at 10.
        h.press([.key(.right), .key(.right), .key(.right), .key(.down)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 5, section: 0))
        h.press([.key(.up)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 2, section: 0))
    }

    @Test func leftAndRightContinueAcrossLinesAndSections() {
        let h = GridHarness(
            TestContent(counts: [3, 0, 2]), layout: FlowLayout(itemSize: Size(width: 5, height: 1)),
            size: Size(width: 12, height: 10))
        h.press(InputEvent.script("right*3"))
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 0, section: 2))
        h.press([.key(.left)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 2, section: 0))
    }

    @Test func pageDownMovesFocusAboutAPage() {
        let h = GridHarness(
            TestContent(counts: [500]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 20, height: 10))
        h.press([.key(.pageDown)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 10, section: 0))
        h.press([.key(.pageDown), .key(.pageUp)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 10, section: 0))
        h.press([.key(.end), .key(.pageDown)])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 499, section: 0))
        #expect(h.gridView.contentOffset.y == 490)
    }

    @Test func scrollToItemPositions() {
        let h = GridHarness(
            TestContent(counts: [100]), layout: FlowLayout(itemSize: Size(width: 100, height: 1)),
            size: Size(width: 20, height: 10))
        let g = h.gridView
        g.scrollToItem(at: IndexPath(item: 50, section: 0), at: .top)
        #expect(g.contentOffset.y == 50)
        g.scrollToItem(at: IndexPath(item: 50, section: 0), at: .bottom)
        #expect(g.contentOffset.y == 41)
        g.scrollToItem(at: IndexPath(item: 50, section: 0), at: .centeredVertically)
        #expect(g.contentOffset.y == 45)
        g.scrollToItem(at: IndexPath(item: 47, section: 0), at: .nearest)
        #expect(g.contentOffset.y == 45)
        g.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top) // clamped to the end
        #expect(g.contentOffset.y == 90)
    }

    @Test func stickyHeaderNeverCoversTheFocusedItem() {
        let content = TestContent(counts: [30, 30])
        content.header = Size(width: 0, height: 2)
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 20, height: 8))
        h.press(InputEvent.script("down*20, up*5"))
        let frame = h.gridView.layout.layoutAttributesForItem(at: h.gridView.focusedIndexPath!)!.frame
        #expect(frame.minY >= h.gridView.contentOffset.y + 2)
    }

    @Test func resizeKeepsTheFocusedItemInView() {
        let h = GridHarness(
            TestContent(counts: [1000]), layout: FlowLayout(itemSize: Size(width: 6, height: 2)),
            size: Size(width: 40, height: 20))
        h.press(InputEvent.script("pgdn*10"))
        let focus = h.gridView.focusedIndexPath!
        for size in [
            Size(width: 13, height: 5), Size(width: 90, height: 40), Size(width: 7, height: 3),
            Size(width: 1, height: 1)
        ] {
            h.gridView.frame = Rect(origin: .zero, size: size)
            #expect(h.gridView.focusedIndexPath == focus)
            if size.height >= 2 { #expect(h.gridView.isFullyVisible(focus)) }
        }
    }

    @Test func mouseClickFocusesWheelScrollsDoubleClickSelects() {
        let content = TestContent(counts: [100])
        let h = GridHarness(
            content, layout: FlowLayout(itemSize: Size(width: 100, height: 1)), size: Size(width: 20, height: 10))
        h.press([.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 4)))])
        #expect(h.gridView.focusedIndexPath == IndexPath(item: 4, section: 0))
        #expect(content.log.isEmpty)
        h.press([.mouse(MouseEvent(action: .press, position: Point(x: 3, y: 4), clickCount: 2))])
        #expect(content.log == ["select [0, 4]"])
        h.press([.mouse(MouseEvent(action: .wheelDown, position: Point(x: 3, y: 4)))])
        #expect(h.gridView.contentOffset.y == 3)
        h.press(Array(repeating: .mouse(MouseEvent(action: .wheelDown, position: Point(x: 3, y: 4))), count: 5))
        #expect(h.gridView.isFullyVisible(h.gridView.focusedIndexPath!))
    }
}
