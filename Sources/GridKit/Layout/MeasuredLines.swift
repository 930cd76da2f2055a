/// Lines of a self-sizing section (`FlowLayout.estimatedItemSize`): line breaks come from the
/// estimated cross size, as in `UniformLines`; each item's main-axis size starts as the estimate
/// and is replaced when the cell is measured. Line offsets live in a Fenwick tree, so a
/// measurement costs O(items per line + log lines) and every query O(log lines): a million
/// self-sizing items stay cheap per frame.
struct MeasuredLines: SectionLines {
    private let grid: UniformLines
    private var itemMain: [Int32]
    private var thickness: [Int32]
    /// Per line: thickness plus the spacing after it.
    private var pitches: FenwickTree
    private let lineSpacing: Int

    var itemCount: Int { grid.itemCount }
    var lineCount: Int { grid.lineCount }
    var extent: Int { lineCount == 0 ? 0 : pitches.prefix(lineCount) - lineSpacing }

    /// `measured` gives the main-axis sizes already known, by item.
    init(
        count: Int, estimated: (cross: Int, main: Int), measured: [Int: Int], available: Int,
        lineSpacing: Int, spacing: Int, alignment: LineAlignment
    ) {
        grid = UniformLines(
            count: count, crossSize: estimated.cross, mainSize: estimated.main, available: available,
            lineSpacing: lineSpacing, spacing: spacing, alignment: alignment)
        self.lineSpacing = max(0, lineSpacing)
        var main = [Int32](repeating: Int32(max(0, estimated.main)), count: count)
        for (item, size) in measured where item < count { main[item] = Int32(max(0, size)) }
        itemMain = main
        var thick = [Int32](repeating: 0, count: grid.lineCount)
        for l in 0..<grid.lineCount { thick[l] = grid.items(inLine: l).map { main[$0] }.max() ?? 0 }
        thickness = thick
        pitches = FenwickTree(thick.map { Int($0) + max(0, lineSpacing) })
    }

    func line(of item: Int) -> Int { grid.line(of: item) }
    func items(inLine line: Int) -> Range<Int> { grid.items(inLine: line) }
    func lineOffset(_ line: Int) -> Int { pitches.prefix(line) }
    func lineThickness(_ line: Int) -> Int { Int(thickness[line]) }

    /// The last line starting at or before `offset` (line l starts at the sum of the pitches before it).
    private func lineStarting(atOrBefore offset: Int) -> Int {
        min(lineCount - 1, pitches.count(withPrefixAtMost: max(0, offset)))
    }

    func lines(intersecting lower: Int, _ upper: Int) -> Range<Int> {
        guard lineCount > 0, upper > lower else { return 0..<0 }
        // Lines before the one starting at or before `lower` end before it; the last line that
        // can reach the range is the last one starting before `upper`.
        let first = lineStarting(atOrBefore: lower), last = lineStarting(atOrBefore: upper - 1)
        return first > last ? first..<first : first..<(last + 1)
    }

    func nearestLine(to offset: Int) -> Int {
        guard lineCount > 0 else { return 0 }
        let l = lineStarting(atOrBefore: offset)
        let end = lineOffset(l) + lineThickness(l)
        if offset >= end, l + 1 < lineCount, offset - (end - 1) > lineOffset(l + 1) - offset { return l + 1 }
        return l
    }

    func placement(of item: Int) -> LinePlacement {
        var p = grid.placement(of: item)
        let l = grid.line(of: item), size = Int(itemMain[item])
        p.main = lineOffset(l) + (Int(thickness[l]) - size) / 2
        p.mainSize = size
        return p
    }

    /// Records an item's measured main-axis size; returns how much the section grew (negative
    /// when it shrank).
    mutating func setMainSize(_ size: Int, of item: Int) -> Int {
        guard item >= 0, item < itemCount, Int(itemMain[item]) != max(0, size) else { return 0 }
        itemMain[item] = Int32(max(0, size))
        let l = grid.line(of: item)
        let thick = grid.items(inLine: l).map { itemMain[$0] }.max() ?? 0
        let delta = Int(thick) - Int(thickness[l])
        if delta != 0 {
            thickness[l] = thick
            pitches.add(delta, at: l)
        }
        return delta
    }

    /// The main-axis size an item has now.
    func mainSize(of item: Int) -> Int { Int(itemMain[item]) }
}
