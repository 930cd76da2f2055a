/// The groups of a compositional section whose lengths follow their cells: heights down a
/// section, widths along a row that scrolls sideways. Every group starts as planned at its
/// estimate, and a group with measured cells is placed again from its plan with their lengths.
/// Only measured groups are stored, so a section of a million items costs what its measured
/// cells do.
struct MeasuredGroups {
    typealias Placed = (rows: Int, columns: Int, cells: [Rect])
    let plan: PlannedElement
    let side: MeasuredSide
    /// Per cell of a group, in order: whether it is measured.
    let measuredCells: [Bool]
    /// A group none of whose cells was measured.
    let estimated: Placed
    /// Between groups, on the measured side.
    let spacing: Int
    let groupCount: Int
    private(set) var offsets: GroupOffsets
    /// Groups placed from measured lengths, by group.
    private var placed: [Int: Placed] = [:]

    /// A section of `items` items in groups as `plan` says, `spacing` apart on `side`, with
    /// the lengths already measured (by item).
    init(plan: PlannedElement, side: MeasuredSide, items: Int, spacing: Int, measured: [Int: Int]) {
        self.plan = plan
        self.side = side
        measuredCells = plan.measuredCells
        estimated = plan.cells(side: side)
        self.spacing = spacing
        let perGroup = max(1, estimated.cells.count)
        groupCount = (items + perGroup - 1) / perGroup
        offsets = GroupOffsets(
            count: groupCount, pitch: (side == .width ? estimated.columns : estimated.rows) + spacing)
        for g in Set(measured.keys.lazy.filter { $0 < items }.map { $0 / perGroup }) {
            _ = place(group: g, lengths: measured)
        }
    }

    var perGroup: Int { max(1, estimated.cells.count) }
    /// From the first group's leading edge to the last one's trailing edge, on the measured side.
    var extent: Int { groupCount == 0 ? 0 : offsets.start(ofGroup: groupCount) - spacing }

    func start(ofGroup g: Int) -> Int { offsets.start(ofGroup: g) }
    /// The group's length on the measured side.
    func length(ofGroup g: Int) -> Int {
        let p = placed[g] ?? estimated
        return side == .width ? p.columns : p.rows
    }
    func cells(ofGroup g: Int) -> [Rect] { placed[g]?.cells ?? estimated.cells }
    func group(startingAtOrBefore offset: Int) -> Int { offsets.group(startingAtOrBefore: offset) }

    /// True when the item's cell is measured.
    func measures(item: Int) -> Bool { item >= 0 && measuredCells[item % perGroup] }

    /// Places group `g` again with the lengths measured so far (`lengths`, by item); returns
    /// how much longer the group got on the measured side, and whether any of its cells moved
    /// or changed size.
    mutating func place(group g: Int, lengths: [Int: Int]) -> (grew: Int, moved: Bool) {
        guard g >= 0, g < groupCount else { return (0, false) }
        let first = g * perGroup
        let now = plan.cells(side: side) { cell in measuredCells[cell] ? lengths[first + cell] : nil }
        let before = length(ofGroup: g), beforeCells = cells(ofGroup: g)
        let unchanged = now.rows == estimated.rows && now.columns == estimated.columns && now.cells == estimated.cells
        placed[g] = unchanged ? nil : now
        let grew = length(ofGroup: g) - before
        offsets.add(grew, toGroup: g)
        return (grew, grew != 0 || now.cells != beforeCells)
    }
}
