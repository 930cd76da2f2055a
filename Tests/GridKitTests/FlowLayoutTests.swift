import Testing

@testable import GridKit

@Suite struct FlowLayoutTests {
    @Test func fullLineSpreadsLeftoverWithRemainderToFirstGaps() {
        // 23 columns, four 4-wide items: leftover 23 - 16 - 3 = 4 over 3 gaps → gaps 3, 2, 2.
        let l = makeLayout(width: 23, sections: [uniform(4, 4, 1)])
        #expect(l.xs(0..<4) == [0, 7, 13, 19])
        #expect(l.frame(3).maxX == 23)
    }

    @Test func evenLeftover() {
        let l = makeLayout(width: 20, sections: [uniform(8, 4, 1)])
        #expect(l.xs(0..<4) == [0, 6, 11, 16])
        #expect(l.frame(4) == Rect(x: 0, y: 1, width: 4, height: 1))
    }

    @Test func lastLineOfUniformSectionUsesFullLineColumns() {
        let l = makeLayout(width: 23, sections: [uniform(6, 4, 1)])
        #expect(l.xs(4..<6) == [0, 7])
        let single = makeLayout(width: 23, sections: [uniform(2, 4, 1)])
        #expect(single.xs(0..<2) == [0, 7])
    }

    @Test func singleItemLineThatIsNotLastIsCentred() {
        let sizes = [Size(width: 15, height: 1), Size(width: 15, height: 1), Size(width: 3, height: 1)]
        let l = makeLayout(
            width: 20, sections: [SectionLayoutInput(count: 3, sizes: .varied(sizes), interitemSpacing: 1)])
        #expect(l.frame(0) == Rect(x: 2, y: 0, width: 15, height: 1))
        // The last line has mixed sizes: left-aligned at the minimum spacing.
        #expect(l.xs(1..<3) == [0, 16])
    }

    @Test func uniformSingleColumnIsCentredOnEveryLine() {
        let l = makeLayout(width: 10, sections: [uniform(3, 6, 1)])
        #expect(l.xs(0..<3) == [2, 2, 2])
    }

    @Test func packedAlignments() {
        let lead = makeLayout(width: 23, alignment: .leading, sections: [uniform(6, 4, 1)])
        #expect(lead.xs(0..<6) == [0, 5, 10, 15, 0, 5])
        let center = makeLayout(width: 23, alignment: .center, sections: [uniform(6, 4, 1)])
        #expect(center.xs(0..<6) == [2, 7, 12, 17, 7, 12])
        let trail = makeLayout(width: 23, alignment: .trailing, sections: [uniform(6, 4, 1)])
        #expect(trail.xs(0..<6) == [4, 9, 14, 19, 14, 19])
    }

    @Test func variedSizesCentreItemsAcrossTheirLine() {
        let sizes = [Size(width: 4, height: 3), Size(width: 4, height: 1), Size(width: 4, height: 2)]
        let l = makeLayout(
            width: 20, alignment: .leading,
            sections: [SectionLayoutInput(count: 3, sizes: .varied(sizes), lineSpacing: 1, interitemSpacing: 1)])
        #expect(l.frame(0).minY == 0)
        #expect(l.frame(1).minY == 1)
        #expect(l.frame(2).minY == 0) // (3 - 2) / 2 = 0
        #expect(l.contentSize.height == 3)
    }

    @Test func noGapIsBelowTheMinimum() {
        let sizes = [3, 5, 2, 7, 4, 1].map { Size(width: $0, height: 1) }
        let l = makeLayout(
            width: 21, sections: [SectionLayoutInput(count: 6, sizes: .varied(sizes), interitemSpacing: 2)])
        for i in 0..<5 where l.frame(i).minY == l.frame(i + 1).minY {
            #expect(l.frame(i + 1).minX - l.frame(i).maxX >= 2)
        }
    }

    @Test func insetsAndBands() {
        let inset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 1)
        let l = makeLayout(width: 23, sections: [uniform(6, 4, 1, lineSpacing: 1, inset: inset, header: 2, footer: 1)])
        // Header spans the full width, ignoring the side insets.
        let h = l.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))!
        #expect(h.frame == Rect(x: 0, y: 0, width: 23, height: 2))
        #expect(l.xs(0..<4) == [2, 8, 13, 18])
        #expect(l.frame(0).minY == 3)
        #expect(l.frame(4).minY == 5)
        let f = l.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))!
        #expect(f.frame == Rect(x: 0, y: 7, width: 23, height: 1))
        #expect(l.contentSize == Size(width: 23, height: 8))
    }

    @Test func emptySectionStillShowsHeaderInsetsAndFooter() {
        let l = makeLayout(
            width: 10,
            sections: [
                uniform(0, 4, 1, inset: EdgeInsets(top: 1, bottom: 1), header: 1, footer: 1),
                uniform(1, 4, 1)
            ])
        #expect(l.contentSize.height == 5)
        #expect(l.frame(0, 1).minY == 4)
        let elements = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(elements.filter { $0.kind == .header }.count == 1)
        #expect(elements.filter { $0.kind == .footer }.count == 1)
    }

    @Test func zeroItemsAndZeroSections() {
        let none = makeLayout(width: 10, sections: [])
        #expect(none.contentSize.height == 0)
        #expect(none.firstIndexPath == nil)
        #expect(none.indexPathForItem(nearest: Point(x: 3, y: 3)) == nil)
        let empty = makeLayout(width: 10, sections: [uniform(0, 4, 1)])
        #expect(empty.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
        #expect(empty.lastIndexPath == nil)
    }

    @Test func oversizeItemSitsAloneClipped() {
        let l = makeLayout(width: 10, sections: [uniform(2, 15, 1)])
        #expect(l.frame(0) == Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(l.frame(1).minY == 1)
        let varied = makeLayout(
            width: 10,
            sections: [
                SectionLayoutInput(
                    count: 3,
                    sizes: .varied([Size(width: 3, height: 1), Size(width: 30, height: 1), Size(width: 3, height: 1)]),
                    interitemSpacing: 1)
            ])
        #expect(varied.frame(1) == Rect(x: 0, y: 1, width: 10, height: 1))
        #expect(varied.frame(2).minY == 2)
    }

    @Test func lineNarrowerThanOneItem() {
        let l = makeLayout(width: 5, sections: [uniform(3, 4, 1, inset: EdgeInsets(left: 2, right: 2))])
        #expect(l.frame(0) == Rect(x: 2, y: 0, width: 1, height: 1))
        #expect(l.frame(2).minY == 2)
    }

    @Test func horizontalModeSwapsAxes() {
        let l = makeLayout(width: 100, height: 10, direction: .horizontal, sections: [uniform(6, 4, 2, lineSpacing: 1)])
        // Columns of 3 (height 2, spacing 1, leftover 2 spread over 2 gaps).
        #expect(l.frame(0) == Rect(x: 0, y: 0, width: 4, height: 2))
        #expect(l.frame(1) == Rect(x: 0, y: 4, width: 4, height: 2))
        #expect(l.frame(2) == Rect(x: 0, y: 8, width: 4, height: 2))
        #expect(l.frame(4) == Rect(x: 5, y: 4, width: 4, height: 2))
        #expect(l.contentSize == Size(width: 9, height: 10))
        #expect(l.neighbor(of: IndexPath(item: 1, section: 0), direction: .right) == IndexPath(item: 4, section: 0))
        #expect(l.neighbor(of: IndexPath(item: 2, section: 0), direction: .down) == IndexPath(item: 3, section: 0))
    }

    @Test func stickyHeadersPinAndArePushedOffByTheNext() {
        let l = makeLayout(width: 10, sections: [uniform(10, 10, 1, header: 1), uniform(10, 10, 1, header: 1)])
        l.sectionHeadersPinToVisibleBounds = true
        func headers(at y: Int) -> [Int: Int] {
            var out: [Int: Int] = [:]
            for a in l.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 10, height: 5)) where a.kind == .header {
                out[a.indexPath.section] = a.frame.minY
            }
            return out
        }
        #expect(headers(at: 0) == [0: 0])
        #expect(headers(at: 5) == [0: 5])
        #expect(headers(at: 10) == [0: 10, 1: 11]) // pushed: sits just above the next header
        #expect(headers(at: 11) == [1: 11])
        #expect(headers(at: 15) == [1: 15])
    }

    @Test func elementsInRectMatchesBruteForce() {
        let sizes = (0..<200).map { Size(width: 2 + ($0 * 7) % 9, height: 1 + ($0 * 5) % 3) }
        let l = makeLayout(
            width: 37,
            sections: [
                SectionLayoutInput(
                    count: 200, sizes: .varied(sizes), inset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1),
                    lineSpacing: 1, interitemSpacing: 1, headerSize: Size(width: 0, height: 1)),
                uniform(300, 5, 2, lineSpacing: 1, header: 2, footer: 1)
            ])
        for y in stride(from: 0, to: l.contentSize.height, by: 7) {
            let r = Rect(x: 0, y: y, width: 37, height: 9)
            var expected: [IndexPath] = []
            for s in 0..<2 {
                for i in 0..<(s == 0 ? 200 : 300) where l.frame(i, s).intersects(r) {
                    expected.append(IndexPath(item: i, section: s))
                }
            }
            let got = l.layoutAttributesForElements(in: r).filter { $0.kind == .cell }.map(\.indexPath)
            #expect(got == expected, "rect at y \(y)")
        }
    }

    @Test func millionUniformItemsAnswerWithoutWalking() {
        let l = makeLayout(
            width: 120, height: 40, sections: (0..<1000).map { _ in uniform(1000, 12, 3, lineSpacing: 1, header: 1) })
        let last = IndexPath(item: 999, section: 999)
        #expect(l.lastIndexPath == last)
        let f = l.frame(999, 999)
        #expect(f.maxY <= l.contentSize.height)
        #expect(l.indexPathForItem(nearest: Point(x: f.midX, y: f.midY)) == last)
    }

    @Test func nearestItemToAPointInSpacingAndOutside() {
        let l = makeLayout(width: 20, sections: [uniform(8, 4, 2, lineSpacing: 2)])
        #expect(l.indexPathForItem(nearest: Point(x: 7, y: 2)) == IndexPath(item: 1, section: 0))
        #expect(l.indexPathForItem(nearest: Point(x: 7, y: 3)) == IndexPath(item: 5, section: 0))
        #expect(l.indexPathForItem(nearest: Point(x: 19, y: 500)) == IndexPath(item: 7, section: 0))
        #expect(l.indexPathForItem(at: Point(x: 5, y: 0)) == nil) // in the gap between items
    }
}
