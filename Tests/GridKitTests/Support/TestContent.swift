@testable import GridKit

/// A cell that prints its index path ("s.i"), bracketed when focused, starred when selected.
final class LabelCell: GridCell {
    var label = ""
    /// Cells drawn by any grid of the test process, for tests of what a frame draws again.
    @MainActor static var drawCount = 0
    override func prepareForReuse() { label = "" }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        Self.drawCount += 1
        context.fill(style: .plain)
        let text = state.isFocused ? "[\(label)]" : state.isSelected ? "*\(label)" : label
        context.text(text, at: .zero, style: .plain)
    }
}

final class HeaderLabel: GridCell {
    var label = ""
    /// It fills its bounds, so it may say so (`TestContent.opaqueHeaders`).
    var opaque = false
    /// Times drawn, for tests of what a frame draws again.
    var draws = 0
    override var isOpaque: Bool { opaque }
    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        draws += 1
        context.fill(bounds, style: .plain, character: "=")
        context.text(label, at: .zero, style: .plain)
    }
}

/// A configurable delegate/data source: counts per section, optional per-item sizes, headers,
/// and a log of the delegate calls it received.
final class TestContent: DelegateDataSource, GridDelegateFlowLayout, GridPrefetching {
    var counts: [Int]
    var sizeFor: ((IndexPath) -> Size)?
    var header: Size?
    var footer: Size?
    /// Headers and footers declare themselves opaque (`GridCell.isOpaque`).
    var opaqueHeaders = false
    /// Every header and footer handed out, latest last.
    var supplementaryViews: [HeaderLabel] = []
    var shouldSelect: (IndexPath) -> Bool = { _ in true }
    var log: [String] = []
    var displayed: [IndexPath: Int] = [:]
    var prefetchLog: [String] = []
    /// Times an item's content changed (shown after its label, "0.3'2"), for reload tests.
    var edits: [IndexPath: Int] = [:]

    init(counts: [Int]) { self.counts = counts }

    func registerCells(in gridView: GridView) {
        gridView.register(LabelCell.self)
        gridView.register(HeaderLabel.self, forSupplementaryViewOfKind: .header)
        gridView.register(HeaderLabel.self, forSupplementaryViewOfKind: .footer)
    }
    func numberOfSections(in gridView: GridView) -> Int { counts.count }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(LabelCell.self, for: indexPath)
        cell.label = "\(indexPath.section).\(indexPath.item)" + (edits[indexPath].map { "'\($0)" } ?? "")
        return cell
    }
    func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath)
        -> GridCell?
    {
        let v = gridView.dequeueSupplementary(HeaderLabel.self, ofKind: kind, for: indexPath)
        v.label = (kind == .header ? "H" : "F") + "\(indexPath.section)"
        v.opaque = opaqueHeaders
        supplementaryViews.append(v)
        return v
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        sizeFor?(indexPath)
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
        header
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? {
        footer
    }
    func gridView(_ gridView: GridView, shouldSelectItemAt indexPath: IndexPath) -> Bool { shouldSelect(indexPath) }
    func gridView(_ gridView: GridView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath)") }
    func gridView(_ gridView: GridView, didDeselectItemAt indexPath: IndexPath) { log.append("deselect \(indexPath)") }
    func gridView(_ gridView: GridView, willDisplay cell: GridCell, forItemAt indexPath: IndexPath) {
        displayed[indexPath, default: 0] += 1
    }
    func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {
        displayed[indexPath, default: 0] -= 1
    }
    func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath]) {
        prefetchLog.append("+" + indexPaths.map(\.description).joined())
    }
    func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        prefetchLog.append("-" + indexPaths.map(\.description).joined())
    }
}

extension TestContent: WaterfallLayoutDelegate {
    func gridView(_ gridView: GridView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, columnWidth: Int)
        -> Int?
    {
        sizeFor?(indexPath).height
    }
}

/// A layout fed directly, without a grid view.
func makeLayout(
    width: Int, height: Int = 100, direction: ScrollDirection = .vertical, alignment: LineAlignment = .justified,
    sections: [SectionLayoutInput]
) -> FlowLayout {
    let layout = FlowLayout()
    layout.scrollDirection = direction
    layout.lineAlignment = alignment
    layout.setViewport(Size(width: width, height: height))
    layout.setInput(sections)
    return layout
}

func uniform(
    _ count: Int, _ w: Int, _ h: Int, spacing: Int = 1, lineSpacing: Int = 0, inset: EdgeInsets = .zero,
    header: Int = 0, footer: Int = 0
) -> SectionLayoutInput {
    SectionLayoutInput(
        count: count, sizes: .uniform(Size(width: w, height: h)), inset: inset, lineSpacing: lineSpacing,
        interitemSpacing: spacing, headerSize: Size(width: header, height: header),
        footerSize: Size(width: footer, height: footer))
}

extension FlowLayout {
    func frame(_ item: Int, _ section: Int = 0) -> Rect {
        layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
    }
    func xs(_ items: Range<Int>, section: Int = 0) -> [Int] { items.map { frame($0, section).minX } }
}
