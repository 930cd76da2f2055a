import Synchronization

/// A rectangle of one-column cells made ahead of drawing, such as a picture in half blocks,
/// copied onto a canvas a row at a time when drawn (`DrawContext.draw(_:at:)`).
///
/// A block can be made where its content is made (a decode thread) and handed to the host's
/// `ScreenContext.prepareCells` there: the host turns its colours into those its terminal will
/// show, so the thread that draws only copies cells.
public struct CellBlock: Sendable {
    /// Columns and rows.
    public let size: Size
    /// The cells, row by row, each one column wide.
    public var cells: [CanvasCell]
    /// Unique among blocks made in this process (copies share it). Where a row of the block is
    /// drawn whole the canvas notes it by this (`Canvas.blockRows(ofRow:)`), so a host that
    /// keeps something of its own per block (the terminal: its rows' bytes) finds it again.
    package let identity: UInt64
    private static let identities = Atomic<UInt64>(0)

    /// A block of `size` holding `cells`, row by row. Missing cells are blanks; a cell that is
    /// not one column wide becomes a space in its style.
    package init(size: Size, cells: [CanvasCell]) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        let count = self.size.width * self.size.height
        var cells = Array(cells.prefix(count))
        if cells.count < count { cells += Array(repeating: .blank, count: count - cells.count) }
        for i in cells.indices where cells[i].width != 1 {
            cells[i] = CanvasCell(scalar: 32, width: 1, style: cells[i].style)
        }
        self.cells = cells
        identity = Self.identities.add(1, ordering: .relaxed).newValue
    }

    /// The cells of `canvas`, whole: draw a block's content on a canvas of its size, then take it.
    public init(copying canvas: Canvas) {
        var cells: [CanvasCell] = []
        cells.reserveCapacity(canvas.size.width * canvas.size.height)
        for y in 0..<canvas.size.height { for x in 0..<canvas.size.width { cells.append(canvas[x, y]) } }
        self.init(size: canvas.size, cells: cells)
    }
}

/// What a host does to a block of cells ahead of time, on the thread that made it: turns its
/// colours into those its terminal will show (`ScreenContext.prepareCells`).
///
/// It returns the work it left for later, if any (the terminal makes the bytes of the block's
/// rows there, and keeps them itself): run it on a worker thread once nothing more urgent is
/// queued. Until it has run the block draws as well, only with more work at the destination.
public typealias CellPreparer = @Sendable (inout CellBlock) -> (@Sendable () -> Void)?

extension DrawContext {
    /// Draws `block` with its top-left cell at local point `origin`; only what is inside the
    /// context's clip is drawn.
    public func draw(_ block: CellBlock, at origin: Point) {
        let left = self.origin.x + origin.x, top = self.origin.y + origin.y
        let columns = max(left, clip.minX)..<min(left + block.size.width, clip.maxX)
        guard !columns.isEmpty else { return }
        block.cells.withUnsafeBufferPointer { cells in
            // Rows drawn whole: the canvas notes which row of which block each holds.
            let whole = columns.count == block.size.width
            for row in max(top, clip.minY)..<max(max(top, clip.minY), min(top + block.size.height, clip.maxY)) {
                let start = (row - top) * block.size.width + (columns.lowerBound - left)
                canvas.putCells(
                    UnsafeBufferPointer(rebasing: cells[start..<(start + columns.count)]), y: row,
                    from: columns.lowerBound)
                if whole {
                    canvas.noteBlockRow(
                        DrawnBlockRow(x: left, width: columns.count, block: block.identity, row: row - top), y: row)
                }
            }
        }
    }
}

extension Canvas {
    /// Writes one-column `cells` over row `y` from column `x`.
    package func putCells(_ cells: UnsafeBufferPointer<CanvasCell>, y: Int, from x: Int) {
        guard let source = cells.baseAddress, !cells.isEmpty else { return }
        // One-column cells only (`CellBlock` makes them so): a half of a wide character beside
        // them then always differs, so it lies inside the run below, or just past its ends.
        assert(cells.allSatisfy { $0.width == 1 }, "putCells takes one-column cells")
        // A picture's row at a time: what lies between the first and last cell that differ is
        // copied whole, as `putOneColumnCells` would leave it cell by cell, without a call per cell.
        let row = rowCells(y) + x
        var first = 0, last = cells.count - 1
        while first <= last && CanvasCell.sameBits(row + first, source + first) { first += 1 }
        guard first <= last else { return }
        while CanvasCell.sameBits(row + last, source + last) { last -= 1 }
        // Half of a wide character overwritten: its other half becomes a space (the halves
        // inside the run are copied over next).
        for i in first...last where row[i].width != 1 { repairWide(x: x + i, y: y) }
        (row + first).update(from: source + first, count: last - first + 1)
        changed(y, x + first, x + last + 1)
    }

    /// Writes `cell(x)`, one column wide, at each column `x` of `columns` in row `y`: a row of a
    /// picture or a block at once. Only the cells that change count as changed.
    @inline(__always)
    func putOneColumnCells(y: Int, columns: Range<Int>, _ cell: (Int) -> CanvasCell) {
        let row = rowCells(y)
        var first = Int.max, last = -1
        for x in columns {
            let new = cell(x)
            if row[x] == new { continue }
            // Half of a wide character overwritten: its other half becomes a space.
            if row[x].width != 1 { repairWide(x: x, y: y) }
            row[x] = new
            if x < first { first = x }
            last = x
        }
        if last >= 0 { changed(y, first, last + 1) }
    }
}
