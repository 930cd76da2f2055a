/// One item's place inside its section's line area, on abstract axes: `cross` runs along a line,
/// `main` is the scroll axis. Offsets are relative to the area's leading corner.
struct LinePlacement {
    var cross: Int
    var main: Int
    var crossSize: Int
    var mainSize: Int
}

/// How a section's items break into lines. Two implementations: uniform sizes answer every
/// question with arithmetic; varied sizes keep the result of one pass and binary-search it.
protocol SectionLines {
    var itemCount: Int { get }
    var lineCount: Int { get }
    /// Main-axis extent of all lines, spacing included.
    var extent: Int { get }
    func line(of item: Int) -> Int
    func items(inLine line: Int) -> Range<Int>
    func lineOffset(_ line: Int) -> Int
    func lineThickness(_ line: Int) -> Int
    /// Lines that may intersect the main-axis range (relative to the area).
    func lines(intersecting lower: Int, _ upper: Int) -> Range<Int>
    /// The line whose span is nearest to a main-axis offset.
    func nearestLine(to offset: Int) -> Int
    func placement(of item: Int) -> LinePlacement
    /// Records a measured main-axis size (self-sizing sections only); returns the change of the
    /// section's extent.
    mutating func setMainSize(_ size: Int, of item: Int) -> Int
}

extension SectionLines {
    mutating func setMainSize(_ size: Int, of item: Int) -> Int { 0 }
}

/// Distributes `leftover` over `gaps` gaps: every gap gets the quotient, the first gaps one more.
@inline(__always)
func gapOffset(before index: Int, leftover: Int, gaps: Int) -> Int {
    guard gaps > 0, leftover > 0 else { return 0 }
    return index * (leftover / gaps) + min(index, leftover % gaps)
}

/// Where a packed line of `width` starts inside `available`, for the packed alignments.
@inline(__always)
func packedStart(width: Int, available: Int, alignment: LineAlignment) -> Int {
    switch alignment {
    case .justified, .leading: return 0
    case .center: return max(0, (available - width) / 2)
    case .trailing: return max(0, available - width)
    }
}

struct UniformLines: SectionLines {
    let itemCount: Int
    let crossSize: Int // clamped to the available cross extent
    let mainSize: Int
    let available: Int
    let lineSpacing: Int
    let spacing: Int
    let alignment: LineAlignment
    let perLine: Int
    let lineCount: Int

    init(
        count: Int, crossSize: Int, mainSize: Int, available: Int, lineSpacing: Int, spacing: Int,
        alignment: LineAlignment
    ) {
        itemCount = count
        self.available = max(0, available)
        self.crossSize = max(0, min(crossSize, self.available))
        self.mainSize = max(0, mainSize)
        self.lineSpacing = max(0, lineSpacing)
        self.spacing = max(0, spacing)
        self.alignment = alignment
        // An empty line always takes one item; more fit while used + spacing + width <= available.
        let step = self.crossSize + self.spacing
        // Zero-width items with no spacing would all fit on one line: a million-item line makes
        // every frame walk a million items. No line shows more items than it has columns.
        perLine = step > 0 ? max(1, (self.available + self.spacing) / step) : max(1, self.available)
        lineCount = count == 0 ? 0 : (count + perLine - 1) / perLine
    }

    private var pitch: Int { mainSize + lineSpacing }
    var extent: Int { lineCount == 0 ? 0 : lineCount * mainSize + (lineCount - 1) * lineSpacing }
    func line(of item: Int) -> Int { item / perLine }
    func items(inLine line: Int) -> Range<Int> { (line * perLine)..<min(itemCount, (line + 1) * perLine) }
    func lineOffset(_ line: Int) -> Int { line * pitch }
    func lineThickness(_ line: Int) -> Int { mainSize }

    func lines(intersecting lower: Int, _ upper: Int) -> Range<Int> {
        // An empty range (a zero-height viewport) meets no line; lines of no thickness and no
        // spacing all sit at 0 with empty frames, and meet nothing either.
        guard lineCount > 0, upper > lower, pitch > 0 else { return 0..<0 }
        let first = max(0, lower / pitch)
        let last = min(lineCount - 1, max(0, (upper - 1) / pitch))
        return first > last ? first..<first : first..<(last + 1)
    }

    func nearestLine(to offset: Int) -> Int {
        guard lineCount > 0, pitch > 0 else { return 0 }
        let l = max(0, min(lineCount - 1, offset / pitch))
        // In the spacing after line l, the next line may be nearer.
        let gapStart = lineOffset(l) + mainSize
        if offset >= gapStart, l + 1 < lineCount, offset - (gapStart - 1) > lineOffset(l + 1) - offset { return l + 1 }
        return l
    }

    func placement(of item: Int) -> LinePlacement {
        let l = item / perLine, column = item % perLine
        let cross: Int
        if alignment == .justified {
            // Every line, the last included, uses the columns of a full line: a grid stays a grid.
            if perLine == 1 {
                cross = (available - crossSize) / 2
            } else {
                let leftover = available - perLine * crossSize - (perLine - 1) * spacing
                cross =
                    column * (crossSize + spacing) + gapOffset(before: column, leftover: leftover, gaps: perLine - 1)
            }
        } else {
            let k = items(inLine: l).count
            let width = k * crossSize + (k - 1) * spacing
            cross =
                packedStart(width: width, available: available, alignment: alignment) + column * (crossSize + spacing)
        }
        return LinePlacement(cross: cross, main: l * pitch, crossSize: crossSize, mainSize: mainSize)
    }
}

struct VariedLines: SectionLines {
    /// Per line: first item, main offset, thickness.
    private var lineFirst: [Int32] = []
    private var lineMain: [Int32] = []
    private var lineThick: [Int32] = []
    /// Per item: cross offset, cross size, main size.
    private var itemCross: [Int32]
    private var itemCrossSize: [Int32]
    private var itemMainSize: [Int32]
    let itemCount: Int
    private(set) var extent: Int = 0

    /// `sizes` are (cross, main) pairs already in the section's axes.
    init(sizes: [(Int, Int)], available rawAvailable: Int, lineSpacing: Int, spacing: Int, alignment: LineAlignment) {
        let available = max(0, rawAvailable), spacing = max(0, spacing), lineSpacing = max(0, lineSpacing)
        itemCount = sizes.count
        itemCross = Array(repeating: 0, count: sizes.count)
        itemCrossSize = sizes.map { Int32(max(0, min($0.0, available))) }
        itemMainSize = sizes.map { Int32(max(0, $0.1)) }
        var i = 0, main = 0
        while i < sizes.count {
            var used = Int(itemCrossSize[i]), thick = Int(itemMainSize[i]), end = i + 1
            // As in UniformLines: never more items on a line than it has columns.
            while end < sizes.count, end - i < max(1, available), used + spacing + Int(itemCrossSize[end]) <= available
            {
                used += spacing + Int(itemCrossSize[end])
                thick = max(thick, Int(itemMainSize[end]))
                end += 1
            }
            lineFirst.append(Int32(i)); lineMain.append(Int32(main)); lineThick.append(Int32(thick))
            place(
                i..<end, used: used, available: available, spacing: spacing, alignment: alignment,
                isLast: end == sizes.count)
            main += thick + lineSpacing
            i = end
        }
        extent = lineFirst.isEmpty ? 0 : main - lineSpacing
    }

    private mutating func place(
        _ items: Range<Int>, used: Int, available: Int, spacing: Int, alignment: LineAlignment, isLast: Bool
    ) {
        let k = items.count
        var x: Int
        var leftover = 0, gaps = 0
        if alignment == .justified {
            if isLast {
                x = 0
            } else if k == 1 {
                x = (available - used) / 2
            } else {
                x = 0; leftover = available - used; gaps = k - 1
            }
        } else {
            x = packedStart(width: used, available: available, alignment: alignment)
        }
        for (n, item) in items.enumerated() {
            itemCross[item] = Int32(x + gapOffset(before: n, leftover: leftover, gaps: gaps))
            x += Int(itemCrossSize[item]) + spacing
        }
    }

    var lineCount: Int { lineFirst.count }
    func line(of item: Int) -> Int {
        var lo = 0, hi = lineFirst.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(lineFirst[mid]) <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
    func items(inLine line: Int) -> Range<Int> {
        Int(lineFirst[line])..<(line + 1 < lineFirst.count ? Int(lineFirst[line + 1]) : itemCount)
    }
    func lineOffset(_ line: Int) -> Int { Int(lineMain[line]) }
    func lineThickness(_ line: Int) -> Int { Int(lineThick[line]) }

    /// The last line starting at or before `offset` (0 when none does).
    private func lineStarting(atOrBefore offset: Int) -> Int {
        var lo = 0, hi = lineMain.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(lineMain[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func lines(intersecting lower: Int, _ upper: Int) -> Range<Int> {
        guard !lineMain.isEmpty, upper > lower else { return 0..<0 }
        let first = lineStarting(atOrBefore: lower)
        let last = lineStarting(atOrBefore: upper - 1)
        return first..<(last + 1)
    }

    func nearestLine(to offset: Int) -> Int {
        guard !lineMain.isEmpty else { return 0 }
        let l = lineStarting(atOrBefore: offset)
        let end = lineOffset(l) + lineThickness(l)
        if offset >= end, l + 1 < lineCount, offset - (end - 1) > lineOffset(l + 1) - offset { return l + 1 }
        return l
    }

    func placement(of item: Int) -> LinePlacement {
        let l = line(of: item)
        let thick = Int(lineThick[l]), mainSize = Int(itemMainSize[item])
        return LinePlacement(
            cross: Int(itemCross[item]), main: Int(lineMain[l]) + (thick - mainSize) / 2,
            crossSize: Int(itemCrossSize[item]), mainSize: mainSize)
    }
}
