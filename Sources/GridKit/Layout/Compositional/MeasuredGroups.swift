/// The groups of a compositional section whose heights follow their cells (an `.estimated`
/// group height): every group starts as planned at the estimate, and a group with measured
/// cells is placed again from its plan with their heights. Only measured groups are stored, so
/// a section of a million items costs what its measured cells do.
struct MeasuredGroups {
    let plan: PlannedElement
    /// Per cell of a group, in order: whether its height is measured.
    let measuredCells: [Bool]
    /// A group none of whose cells was measured: its rows and cells.
    let estimated: (rows: Int, cells: [Rect])
    let spacing: Int
    let groupCount: Int
    private(set) var offsets: GroupOffsets
    /// Groups placed from measured heights, by group.
    private var placed: [Int: (rows: Int, cells: [Rect])] = [:]

    /// A section of `items` items in groups as `plan` says, `spacing` rows apart, with the
    /// heights already measured (by item).
    init(plan: PlannedElement, items: Int, spacing: Int, measured: [Int: Int]) {
        self.plan = plan
        measuredCells = plan.measuredCells
        estimated = plan.cells()
        self.spacing = spacing
        let perGroup = max(1, estimated.cells.count)
        groupCount = (items + perGroup - 1) / perGroup
        offsets = GroupOffsets(count: groupCount, pitch: estimated.rows + spacing)
        for g in Set(measured.keys.lazy.filter { $0 < items }.map { $0 / perGroup }) { _ = place(group: g, heights: measured) }
    }

    var perGroup: Int { max(1, estimated.cells.count) }
    /// The rows from the first group's top to the last one's bottom.
    var extent: Int { groupCount == 0 ? 0 : offsets.start(ofGroup: groupCount) - spacing }

    func start(ofGroup g: Int) -> Int { offsets.start(ofGroup: g) }
    func rows(ofGroup g: Int) -> Int { placed[g]?.rows ?? estimated.rows }
    func cells(ofGroup g: Int) -> [Rect] { placed[g]?.cells ?? estimated.cells }
    func group(startingAtOrBefore offset: Int) -> Int { offsets.group(startingAtOrBefore: offset) }

    /// True when the item's cell is measured (its height in its group is `.estimated`).
    func measures(item: Int) -> Bool { item >= 0 && measuredCells[item % perGroup] }

    /// Places group `g` again with the heights measured so far (`heights`, by item); returns
    /// how many rows the group grew, and whether any of its cells moved or changed size.
    mutating func place(group g: Int, heights: [Int: Int]) -> (grew: Int, moved: Bool) {
        guard g >= 0, g < groupCount else { return (0, false) }
        let first = g * perGroup
        let now = plan.cells { cell in measuredCells[cell] ? heights[first + cell] : nil }
        let before = placed[g] ?? estimated
        placed[g] = now.rows == estimated.rows && now.cells == estimated.cells ? nil : now
        offsets.add(now.rows - before.rows, toGroup: g)
        return (now.rows - before.rows, now.rows != before.rows || now.cells != before.cells)
    }
}
