import Foundation
import GridKit

/// What changed between two frames, cell by cell: the part of presenting that every host of
/// this package shares (`Terminal`, `HeadlessHost`). The terminal sends only these cells; tests
/// and benchmarks count them.
///
/// It is the one taker of the canvas's damage record: core draws and records, a host's diff
/// reads the record and takes it (`Canvas.takeDamage()`) once the frame is sent. Nothing in
/// GridKit takes it.
///
/// The rule for wide characters: the right half of a wide character (width 0 after a width-2
/// cell) is never reported on its own, because drawing the left half draws both; it is still
/// remembered, so the next frame compares against it.
///
/// When the canvas is the one it saw last and nobody else took its damage since, only the
/// columns the canvas's damage record names are compared (see `Canvas`), and rows the canvas
/// moved are its `movedRows`, not searched for. The diff keeps the last frame's cells to compare
/// with, and moves them as the terminal moves its rows; it records no changes of its own.
public struct FrameDiff {
    /// The last frame's rows; row `y` is at `slots[y]`, so moving rows moves slot numbers.
    private var last: [CanvasCell] = []
    private var slots: [Int] = []
    private var lastSize: Size?
    /// The canvas whose changes were taken last, and the epoch that left it at.
    private var watched: (identity: UInt64, epoch: UInt64)?
    /// The row move `apply` made the remembered rows follow since the last `update`.
    private var appliedShift: RowShift?
    /// Rows forgotten by `invalidate(rows:)`: compared whole whatever the canvas says.
    private var forgottenRows: [Bool] = []

    /// When true, a picture cell where the last frame had a picture cell, or a space with no
    /// attributes (in any background), is remembered but not reported: for a destination that
    /// paints pictures over its text, opaque and the size of their cells (sixel), where the new
    /// picture covers what was there. Writing the cell's blank first would show the terminal's
    /// own background there until the picture comes (a sixel screenful takes the terminal a
    /// while). A picture cell where a character was, and text where a picture was, are
    /// reported as ever, so nothing but spaces is ever left under a picture.
    package var picturesCoverPictures = false

    /// A diff that reports every cell of the first frame it sees.
    public init() {}

    /// Forgets the last frame: the next `update` reports every cell (after a resize, or when
    /// the destination was cleared behind our back).
    public mutating func invalidate() { lastSize = nil }

    /// Forgets the cells of `rows` of the last frame: the next `update` reports them (a
    /// destination that lost them, say to a picture drawn over them, has them written again).
    public mutating func invalidate(rows: Range<Int>) {
        guard let size = lastSize else { return }
        for y in rows.clamped(to: 0..<size.height) {
            for x in 0..<size.width { last[slots[y] * size.width + x] = Self.unknown }
            forgottenRows[y] = true
        }
    }

    /// True when `canvas`'s record of changes covers everything since the last frame seen.
    private func knowsChanges(of canvas: Canvas) -> Bool {
        guard lastSize == canvas.size, let watched else { return false }
        return watched.identity == canvas.identity && watched.epoch == canvas.damageEpoch
    }

    /// The shift (of at most a third of the height) that leaves the most rows of `canvas` equal
    /// to the last frame's rows, or nil when none saves at least 4 rows' writing. Rows the
    /// canvas moved itself (`Canvas.shiftRows`) are that shift, with no search.
    package func rowShift(to canvas: Canvas) -> RowShift? {
        guard lastSize == canvas.size else { return nil }
        let known = knowsChanges(of: canvas)
        if known, let shift = canvas.movedRows { return shift.rows.count > 3 ? shift : nil }
        let w = canvas.size.width, h = canvas.size.height
        return last.withUnsafeBufferPointer { old in
            func oldRow(_ y: Int) -> UnsafePointer<CanvasCell> { old.baseAddress! + slots[y] * w }
            // Cells are equal exactly when their 16 bytes are (every byte is a field's).
            func same(_ a: UnsafePointer<CanvasCell>, _ b: UnsafePointer<CanvasCell>) -> Bool {
                memcmp(a, b, w * MemoryLayout<CanvasCell>.stride) == 0
            }
            // Rows that changed at all; a frame that changed few (a focus move) has no
            // shift worth finding.
            var changed = [Bool](repeating: false, count: h), changedCount = 0
            for y in 0..<h {
                if known && !forgottenRows[y] {
                    // Only the columns drawn since can differ: a focus move draws two tiles
                    // again, and comparing their rows whole read both frames' rows from memory
                    // (more than half the data a focus move touched).
                    let columns = canvas.changedColumns(ofRow: y)
                    if columns.isEmpty { continue }
                    let from = columns.lowerBound, bytes = columns.count * MemoryLayout<CanvasCell>.stride
                    if memcmp(canvas.rowCells(y) + from, oldRow(y) + from, bytes) != 0 {
                        changed[y] = true; changedCount += 1
                    }
                } else if !same(canvas.rowCells(y), oldRow(y)) {
                    changed[y] = true; changedCount += 1
                }
            }
            var best: RowShift?, bestGain = 3
            guard changedCount > bestGain else { return nil }
            // Rows compared by a hash of their cells first: a grid's blank gaps and letterbox
            // rows are alike for most of their width, and comparing them cell by cell at every
            // distance cost more than the rest of a frame where thumbnails land.
            var oldHash = [UInt64](repeating: 0, count: h), newHash = [UInt64](repeating: 0, count: h)
            for y in 0..<h {
                oldHash[y] = Self.hash(oldRow(y), count: w)
                newHash[y] = changed[y] ? Self.hash(canvas.rowCells(y), count: w) : oldHash[y]
            }
            // Nearest distances first: a list moves by a line, a grid by a row of tiles.
            for d in (1...max(1, h / 3)).flatMap({ [$0, -$0] }) {
                // The longest run of rows y with new[y] == old[y + d], counting the changed ones.
                var y = max(0, -d), runStart = -1, gain = 0
                while y <= min(h, h - d) {
                    let matches =
                        y < min(h, h - d) && newHash[y] == oldHash[y + d]
                        && same(changed[y] ? UnsafePointer(canvas.rowCells(y)) : oldRow(y), oldRow(y + d))
                    if matches {
                        if runStart < 0 { runStart = y; gain = 0 }
                        if changed[y] { gain += 1 }
                    } else if runStart >= 0 {
                        if gain > bestGain {
                            bestGain = gain
                            best =
                                d > 0
                                ? RowShift(rows: runStart..<(y + d), distance: d)
                                : RowShift(rows: (runStart + d)..<y, distance: d)
                        }
                        runStart = -1
                    }
                    y += 1
                }
                if bestGain == changedCount { break } // every changed row explained: none nearer is left
            }
            return best
        }
    }

    /// A hash of `count` cells' bits (`CanvasCell` is 16 bytes with no padding: equal cells
    /// have equal bits).
    private static func hash(_ cells: UnsafePointer<CanvasCell>, count: Int) -> UInt64 {
        UnsafeRawPointer(cells).withMemoryRebound(to: UInt64.self, capacity: count * 2) { words in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for i in 0..<(count * 2) { h = (h ^ words[i]) &* 0x0000_0100_0000_01B3 }
            return h
        }
    }

    /// Moves the remembered rows as `shift` moves them on the terminal; the rows it leaves are
    /// blank (`CanvasCell.blank`), as a terminal leaves them when it scrolls in its default colours.
    package mutating func apply(_ shift: RowShift) {
        guard let size = lastSize else { return }
        appliedShift = appliedShift == nil ? shift : RowShift(rows: 0..<0, distance: 0) // two moves: matches no canvas
        let w = size.width, d = shift.distance
        let rows = shift.rows.clamped(to: 0..<size.height)
        guard abs(d) < rows.count else { return }
        // The rows that scroll out give their slots to the rows let in, which are blank: the
        // band's slots turn round by the distance, in place.
        let turn = d > 0 ? d : rows.count + d
        Self.rotate(&slots, rows, by: turn)
        Self.rotate(&forgottenRows, rows, by: turn)
        let fresh = d > 0 ? (rows.upperBound - d)..<rows.upperBound : rows.lowerBound..<(rows.lowerBound - d)
        for y in fresh {
            forgottenRows[y] = false
            let start = slots[y] * w
            last.withUnsafeMutableBufferPointer { ($0.baseAddress! + start).update(repeating: .blank, count: w) }
        }
    }

    /// Of the sideways moves `canvas` noted (`Canvas.noteSidewaysMove`), those worth making on
    /// the terminal: where the remembered rows, moved, match the canvas in at least four cells a
    /// row more than in place (the moves cost 10 to 20 bytes a row, four picture cells or so).
    /// Call after any row `apply`, and `apply` each one taken.
    package func sidewaysShifts(to canvas: Canvas) -> [ColumnShift] {
        let notes = canvas.sidewaysMoves
        guard let size = lastSize, size == canvas.size, !notes.isEmpty else { return [] }
        let w = size.width
        var taken: [ColumnShift] = []
        var moved = [CanvasCell](repeating: .blank, count: w)
        last.withUnsafeBufferPointer { old in
            for note in notes {
                guard let shift = Self.fitted(note, to: size) else { continue }
                var gain = 0
                for y in shift.rows {
                    let was = old.baseAddress! + slots[y] * w, now = canvas.rowCells(y)
                    // The cut picture run written again (see `move`) mostly goes out as it shows:
                    // the writer skips cells already in their colours. Counted as moved.
                    Self.move(was, into: &moved, by: shift, width: w, rewritesCutRun: false)
                    for x in 0..<w { gain += (now[x] == moved[x] ? 1 : 0) - (now[x] == was[x] ? 1 : 0) }
                }
                if gain >= 4 * shift.rows.count { taken.append(shift) }
            }
        }
        return taken
    }

    /// Moves the remembered cells of `shift`'s rows as a terminal does when, on each of them, it
    /// deletes `distance` characters at the band's left edge and inserts as many blanks at its
    /// right edge (or the other way round for a move right): the content within the band moves,
    /// blanks come in behind it, and what is right of the band stays (but for a move right, whose
    /// last `distance` columns of the row fall off the screen and come back blank).
    package mutating func apply(_ shift: ColumnShift) {
        guard let size = lastSize, let shift = Self.fitted(shift, to: size) else { return }
        let w = size.width
        var moved = [CanvasCell](repeating: .blank, count: w)
        last.withUnsafeMutableBufferPointer { cells in
            for y in shift.rows {
                let row = cells.baseAddress! + slots[y] * w
                Self.move(row, into: &moved, by: shift, width: w)
                moved.withUnsafeBufferPointer { row.update(from: $0.baseAddress!, count: w) }
                // Their damage no longer says which of these cells differ.
                forgottenRows[y] = true
            }
        }
    }

    /// `shift` within a canvas of `size`, or nil when it moves nothing.
    private static func fitted(_ shift: ColumnShift, to size: Size) -> ColumnShift? {
        let rows = shift.rows.clamped(to: 0..<size.height), columns = shift.columns.clamped(to: 0..<size.width)
        guard !rows.isEmpty, shift.distance != 0, abs(shift.distance) < columns.count else { return nil }
        return ColumnShift(rows: rows, columns: columns, distance: shift.distance)
    }

    /// The row `was` after the terminal's moves for `shift` (see `apply`), into `out`. Where a
    /// wide character meets an edge of the moves, terminals differ in what they leave: those
    /// cells are unknown, so they are written again.
    private static func move(
        _ was: UnsafePointer<CanvasCell>, into out: inout [CanvasCell], by shift: ColumnShift, width w: Int,
        rewritesCutRun: Bool = true
    ) {
        let x0 = shift.columns.lowerBound, x1 = shift.columns.upperBound, n = abs(shift.distance)
        for x in 0..<w { out[x] = was[x] }
        var edges: [Int]
        if shift.distance > 0 {
            for x in x0..<(x1 - n) { out[x] = was[x + n] }
            for x in (x1 - n)..<x1 { out[x] = .blank }
            edges = [x0, x0 + n, x1 - n, x1]
        } else {
            for x in (x0 + n)..<x1 { out[x] = was[x - n] }
            for x in x0..<(x0 + n) { out[x] = .blank }
            if x1 < w { for x in max(x1, w - n)..<w { out[x] = .blank } }
            edges = [x0, x0 + n, x1 - n, x1, w - n]
        }
        for e in edges {
            for x in [e - 1, e] where x >= 0 && x < w && (out[x].width != 1 || was[x].width != 1) { out[x] = unknown }
        }
        // Half-block picture cells may be written in colours decided along their run of picture
        // cells from its left end (`FrameWriter`'s tolerance): a run the band's left edge cuts
        // now, or cut before and moved right, starts elsewhere than it did, so it is written
        // again to show what a repaint would.
        // (Judged by the cells moved, not by `out`, where an edge may have marked one unknown.)
        guard rewritesCutRun else { return }
        let d = shift.distance
        var x = d > 0 ? x0 : x0 + n
        let end = d > 0 ? x1 - n : x1 // the moved cells
        if d > 0 || was[x0].isHalfBlock {
            while x < end && was[x + d].isHalfBlock {
                out[x] = unknown
                x += 1
            }
        }
    }

    /// Turns `a[range]` round so that the element at `range.lowerBound + k` comes first.
    private static func rotate<T>(_ a: inout [T], _ range: Range<Int>, by k: Int) {
        func reverse(_ lo: Int, _ hi: Int) {
            var i = lo, j = hi - 1
            while i < j { a.swapAt(i, j); i += 1; j -= 1 }
        }
        reverse(range.lowerBound, range.lowerBound + k)
        reverse(range.lowerBound + k, range.upperBound)
        reverse(range.lowerBound, range.upperBound)
    }

    /// A cell that equals nothing a canvas can hold, so every cell differs from it.
    private static let unknown = CanvasCell(scalar: 0, width: 255, style: .plain)

    /// True when `update(to: canvas)` will report every cell: nothing remembered, or a frame of
    /// another size (a destination may want to clear first).
    public func reportsEverything(for canvas: Canvas) -> Bool { lastSize != canvas.size }

    /// Calls `body(x, y, cell)` for each cell of `canvas` that differs from the last frame (all of
    /// them after `invalidate()` or a size change), then remembers `canvas` as the last frame.
    /// The memory is updated in place, so no frame is copied. Returns how many cells were reported.
    @discardableResult
    public mutating func update(to canvas: Canvas, _ body: (_ x: Int, _ y: Int, _ cell: CanvasCell) -> Void) -> Int {
        updateWritingRuns(to: canvas) { x, y, cell in
            body(x, y, cell)
            return x + 1
        }
    }

    /// As `update(to:_:)`, where `body` returns the column after the cells it wrote: a
    /// destination that sends a run of cells at once (a row of a picture made ahead as bytes)
    /// has the cells up to there remembered as written, not reported one by one.
    @discardableResult
    package mutating func updateWritingRuns(to canvas: Canvas, _ body: (_ x: Int, _ y: Int, _ cell: CanvasCell) -> Int)
        -> Int
    {
        // The canvas's record holds only if the remembered rows moved as the canvas's did.
        let known = knowsChanges(of: canvas) && canvas.movedRows == appliedShift
        let w = canvas.size.width, h = canvas.size.height
        if lastSize != canvas.size {
            last = Array(repeating: Self.unknown, count: w * h)
            slots = Array(0..<h)
            lastSize = canvas.size
            forgottenRows = Array(repeating: false, count: h)
        }
        var reported = 0
        last.withUnsafeMutableBufferPointer { prev in
            for y in 0..<h {
                let columns = !known || forgottenRows[y] ? 0..<w : canvas.changedColumns(ofRow: y)
                if columns.isEmpty { continue }
                reported += Self.visit(
                    canvas.rowCells(y), y, columns, width: w, against: prev.baseAddress! + slots[y] * w, remember: true,
                    picturesCoverPictures: picturesCoverPictures, body)
            }
        }
        for y in forgottenRows.indices { forgottenRows[y] = false }
        watched = (canvas.identity, canvas.takeDamage())
        appliedShift = nil
        return reported
    }

    /// The cells of `canvas` that differ from `previous`, in reading order, without remembering
    /// anything (every cell when `previous` is nil or of another size).
    public static func changes(from previous: Canvas?, to canvas: Canvas) -> [(x: Int, y: Int, cell: CanvasCell)] {
        var out: [(x: Int, y: Int, cell: CanvasCell)] = []
        if let previous, previous.size == canvas.size {
            for y in 0..<canvas.size.height {
                _ = visit(
                    canvas.rowCells(y), y, 0..<canvas.size.width, width: canvas.size.width,
                    against: previous.rowCells(y), remember: false,
                    picturesCoverPictures: false
                ) {
                    out.append(($0, $1, $2))
                    return $0 + 1
                }
            }
        } else {
            var diff = FrameDiff()
            diff.update(to: canvas) { out.append(($0, $1, $2)) }
        }
        return out
    }

    /// Reports the cells of `columns` of row `y` that differ from `prev` (the same row of the
    /// last frame), remembering them there when asked to.
    /// A destination's run may reach past `columns` (up to `width`): what it wrote is remembered.
    @inline(__always)
    private static func visit(
        _ row: UnsafeMutablePointer<CanvasCell>, _ y: Int, _ columns: Range<Int>, width: Int,
        against prev: UnsafeMutablePointer<CanvasCell>, remember: Bool, picturesCoverPictures: Bool,
        _ body: (Int, Int, CanvasCell) -> Int
    ) -> Int {
        var reported = 0
        var x = columns.lowerBound
        while x < columns.upperBound {
            guard !CanvasCell.sameBits(prev + x, row + x) else {
                x += 1
                continue
            }
            let c = row[x]
            if picturesCoverPictures && c.isPicture && (prev[x].isPicture || prev[x].isBareSpace) {
                if remember { prev[x] = c }
                x += 1
                continue
            }
            if remember { prev[x] = c }
            if c.width == 0, x > 0, row[x - 1].width == 2 {
                x += 1
                continue
            }
            reported += 1
            let next = min(body(x, y, c), width)
            if next > x + 1 {
                if remember { (prev + x + 1).update(from: row + x + 1, count: next - x - 1) }
                x = next
            } else {
                x += 1
            }
        }
        return reported
    }
}

extension CanvasCell {
    /// A space with no attributes: it shows only its background, which a picture drawn over
    /// it hides.
    @inline(__always)
    var isBareSpace: Bool { text0 == 32 && isSingleScalar && width == 1 && style.attributes.isEmpty }
}

extension Canvas {
    /// The cells that differ from `previous` (every cell when it is nil or of another size),
    /// with the wide-character rule of `FrameDiff`.
    public func changes(since previous: Canvas?) -> [(x: Int, y: Int, cell: CanvasCell)] {
        FrameDiff.changes(from: previous, to: self)
    }
}
