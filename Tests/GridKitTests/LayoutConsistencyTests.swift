import GridKitTesting
import Testing

@testable import GridKit

/// Every layout's answers agree with each other on random inputs: the elements in a rectangle
/// are exactly the items whose frames meet it, and a waterfall places each item on top of the
/// shortest column.
@MainActor @Suite struct LayoutConsistencyTests {
    func randomContent(_ rng: inout SeededGenerator) -> TestContent {
        let content = TestContent(counts: (0..<rng.int(1...4)).map { _ in rng.int(0...60) })
        let seed = rng.int(0...1000)
        if rng.int(0...2) > 0 {
            content.sizeFor = { ip in Size(width: 2 + (ip.item * 7 + seed) % 13, height: 1 + (ip.item * 5 + seed) % 6) }
        }
        if rng.int(0...1) == 0 { content.header = Size(width: 0, height: rng.int(1...2)) }
        return content
    }

    func randomLayout(_ rng: inout SeededGenerator, header: Int) -> any GridLayout {
        if rng.int(0...2) == 0 { return randomCompositional(&rng, header: header) }
        if rng.int(0...1) == 0 {
            let w = WaterfallLayout(
                columns: rng.int(1...5), columnSpacing: rng.int(0...2), itemSpacing: rng.int(0...2),
                sectionInset: EdgeInsets(
                    top: rng.int(0...1), left: rng.int(0...2), bottom: rng.int(0...1), right: rng.int(0...2)))
            if rng.int(0...2) == 0 { w.minimumColumnWidth = rng.int(3...12) }
            w.headerHeight = header
            w.sectionHeadersPinToVisibleBounds = rng.int(0...1) == 0
            return w
        }
        let f = FlowLayout(
            itemSize: Size(width: rng.int(1...12), height: rng.int(1...4)),
            scrollDirection: rng.int(0...3) == 0 ? .horizontal : .vertical,
            lineSpacing: rng.int(0...2), interitemSpacing: rng.int(0...2))
        f.lineAlignment = [.justified, .leading, .center, .trailing][rng.int(0...3)]
        f.headerReferenceSize = Size(width: header, height: header)
        f.sectionHeadersPinToVisibleBounds = rng.int(0...1) == 0
        return f
    }

    /// A section of random groups: columns of fractional items, a mosaic of a big item beside a
    /// column of two, or repeated items; random insets, spacing, header and footer.
    func randomCompositional(_ rng: inout SeededGenerator, header: Int) -> any GridLayout {
        let kind = rng.int(0...7), columns = rng.int(1...5), height = rng.int(1...6), skipped = rng.int(0...3)
        let spacing = rng.int(0...2),
            insets = EdgeInsets(
                top: rng.int(0...1), left: rng.int(0...2), bottom: rng.int(0...1), right: rng.int(0...2))
        let pins = rng.int(0...1) == 0, footer = rng.int(0...2)
        return CompositionalLayout { s, _ in
            // Now and then a section the provider leaves empty.
            if s == skipped { return nil }
            let full = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height))
            let group: LayoutGroup
            switch kind {
            case 0:
                let item = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .fractionalHeight(1)))
                group = .horizontal(layoutSize: full, subitems: [item])
            case 1:
                let big = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1))
                )
                let small = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5))
                )
                let pair = LayoutGroup.vertical(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
                    repeatingSubitem: small, count: 2)
                group = .horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height * 2)),
                    subitems: [big, pair])
            case 2:
                let item = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .absolute(3), heightDimension: .absolute(1)))
                group = .horizontal(layoutSize: full, repeatingSubitem: item, count: columns)
                group.interItemSpacing = spacing
            case 3:
                // A vertical group whose first item is taller than the group, inset at its top.
                let tall = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height + 3)))
                tall.contentInsets = EdgeInsets(top: 2, left: 1, bottom: 0, right: 0)
                let short = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)))
                group = .vertical(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(height)),
                    subitems: [tall, short])
            case 5:
                // Estimated heights: columns of cells measured by `measureRandomly`, inset.
                let item = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .estimated(height)))
                item.contentInsets = EdgeInsets(top: 0, left: 0, bottom: spacing, right: 1)
                group = .horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(height)),
                    subitems: [item])
            case 6:
                // A measured cell beside a column of a measured cell, a fixed one and another
                // measured one.
                let big = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(height)))
                let grows = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1)))
                let fixed = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)))
                let column = LayoutGroup.vertical(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(3)),
                    subitems: [grows, fixed, grows])
                column.interItemSpacing = spacing
                group = .horizontal(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(height)),
                    subitems: [big, column])
            case 7:
                // A row that scrolls sideways, its widths estimated: a measured tile beside a
                // fixed one, in a group that grows with them.
                let grows = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .estimated(columns + 2), heightDimension: .fractionalHeight(1)))
                grows.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: spacing)
                let fixed = LayoutItem(
                    layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .fractionalHeight(0.5)))
                group = .horizontal(
                    layoutSize: LayoutSize(widthDimension: .estimated(columns + 4), heightDimension: .absolute(height)),
                    subitems: [grows, fixed])
            default:
                // Fractional heights that round, and huge or broken sizes that must not trap.
                let odd = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(0.7)))
                let huge = LayoutItem(
                    layoutSize: LayoutSize(
                        widthDimension: .absolute(Int.max), heightDimension: .fractionalHeight(.infinity)))
                group = .horizontal(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(Double(height) / 10)),
                    subitems: [odd, odd, huge])
            }
            let section = LayoutSection(group: group)
            if kind == 7 {
                section.orthogonalScrollingBehavior =
                    [.continuous, .paging, .groupPaging, .groupPagingCentered][skipped]
            }
            section.interGroupSpacing = spacing
            section.contentInsets = insets
            if header > 0 {
                section.boundarySupplementaryItems.append(
                    LayoutBoundarySupplementaryItem(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(header)),
                        elementKind: .header,
                        pinToVisibleBounds: pins))
            }
            if footer > 0 {
                section.boundarySupplementaryItems.append(
                    LayoutBoundarySupplementaryItem(
                        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(footer)),
                        elementKind: .footer))
            }
            return section
        }
    }

    /// Gives random measured sizes, zero included, to random items of a layout that measures
    /// cells, as the grid would when they come on screen; returns how many moved anything.
    @discardableResult
    func measureRandomly(_ l: any GridLayout, _ rng: inout SeededGenerator) -> Int {
        guard l.sizesCellsByContent else { return 0 }
        var moved = 0
        for _ in 0..<rng.int(0...40) {
            let s = rng.int(0...(l.numberOfSections - 1)), count = l.numberOfItems(inSection: s)
            guard count > 0,
                let original = l.layoutAttributesForItem(at: IndexPath(item: rng.int(0...(count - 1)), section: s)),
                let offer = l.preferredSizeOffer(for: original)
            else { continue }
            var preferred = original
            // Heights count down a section, widths along a sideways row.
            preferred.frame.size = Size(width: rng.int(0...12), height: rng.int(0...7))
            if l.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) {
                moved += 1
            }
        }
        return moved
    }

    @Test func elementsInARectAreExactlyTheItemsWhoseFramesMeetIt() {
        var rng = SeededGenerator(seed: 11)
        var measurementsThatMoved = 0
        for round in 0..<400 {
            let content = randomContent(&rng)
            let layout = randomLayout(&rng, header: content.header?.height ?? 0)
            let h = GridHarness(content, layout: layout, size: Size(width: rng.int(10...70), height: rng.int(5...30)))
            let l = h.gridView.layout
            measurementsThatMoved += measureRandomly(l, &rng)
            var frames: [IndexPath: Rect] = [:]
            for s in 0..<l.numberOfSections {
                for i in 0..<l.numberOfItems(inSection: s) {
                    frames[IndexPath(item: i, section: s)] =
                        l.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame
                }
            }
            let extent = l.contentSize
            for _ in 0..<20 {
                let rect = Rect(
                    x: rng.int(-5...max(0, extent.width)), y: rng.int(-5...max(0, extent.height)),
                    width: rng.int(0...40), height: rng.int(0...30))
                let found = l.layoutAttributesForElements(in: rect).filter { $0.kind == .cell }
                let expected = Set(frames.filter { $0.value.intersects(rect) }.keys)
                #expect(Set(found.map(\.indexPath)) == expected, "round \(round): \(rect) in \(type(of: l))")
                #expect(found.allSatisfy { frames[$0.indexPath] == $0.frame })
                var visited: [IndexPath] = []
                l.eachItem(in: rect) { ip, _ in visited.append(ip) }
                #expect(Set(visited) == expected)
            }
            // Frames stay inside the content.
            for (ip, f) in frames where !f.isEmpty {
                #expect(
                    f.minX >= 0 && f.minY >= 0
                        && f.maxY <= max(extent.height, l.scrollDirection == .vertical ? 0 : f.maxY),
                    "round \(round): \(ip) \(f)")
            }
        }
        #expect(measurementsThatMoved > 100, "estimated compositional sections were measured")
    }

    @Test func waterfallPutsEachItemOnTheShortestColumn() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let content = TestContent(counts: [rng.int(0...80)])
            let seed = rng.int(0...100)
            content.sizeFor = { ip in Size(width: 1, height: 1 + (ip.item * 3 + seed) % 7) }
            let w = WaterfallLayout(columns: rng.int(1...5), columnSpacing: 1, itemSpacing: rng.int(0...2))
            let h = GridHarness(content, layout: w, size: Size(width: 60, height: 20))
            var bottoms = [Int](repeating: 0, count: w.numberOfColumns)
            var xs: [Int] = []
            for i in 0..<w.numberOfItems(inSection: 0) {
                let f = w.layoutAttributesForItem(at: IndexPath(item: i, section: 0))!.frame
                if !xs.contains(f.minX) { xs.append(f.minX) }
                let shortest = bottoms.min()!
                #expect(f.minY == shortest, "item \(i) sits on the shortest column")
                let c = bottoms.firstIndex(of: shortest)!
                #expect(xs.count <= w.numberOfColumns)
                #expect(f.height == content.sizeFor!(IndexPath(item: i, section: 0)).height)
                bottoms[c] = f.maxY + w.itemSpacing
            }
            _ = h
        }
    }

    @Test func aspectRatiosAndMinimumColumnWidth() {
        final class Photos: DelegateDataSource, WaterfallLayoutDelegate {
            func registerCells(in gridView: GridView) { gridView.register(LabelCell.self) }
            func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 3 }
            func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
                gridView.dequeue(LabelCell.self, for: indexPath)
            }
            func gridView(_ gridView: GridView, layout: WaterfallLayout, aspectRatioForItemAt indexPath: IndexPath)
                -> Double?
            {
                [2.0, 0.5, 1.0][indexPath.item]
            }
        }
        let w = WaterfallLayout(columns: 1, columnSpacing: 1, itemSpacing: 0)
        w.minimumColumnWidth = 12
        w.extraRowsForAspectRatio = 1
        let content = Photos()
        // 32 wide inside the indicator: 2 columns of 12 or more, 16 and 15
        let h = GridHarness(content, layout: w, size: Size(width: 33, height: 20))
        let f0 = w.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
        let f1 = w.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame
        #expect(f0.width == 16 && f1.width == 15 && f1.minX == 17)
        // 16 wide at 2:1 is 16×8 pixels: 4 rows, plus a caption row. 15 wide at 1:2 is 15 rows + 1.
        #expect(f0.height == 5 && f1.height == 16)
        _ = h
    }
}
