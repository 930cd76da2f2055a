import Synchronization

/// An in-memory grid of terminal cells. Everything GridKit draws lands here; the terminal
/// backend flushes it to the screen and tests read it back as text.
///
/// The canvas keeps the one record of what changed since it was last taken (see the damage
/// record, `takeDamage()`): the rows written, the columns written in each, and rows moved with
/// `shiftRows`. A write that leaves a cell as it was changes nothing. That is how the terminal
/// sends a frame without comparing the whole screen, and how a grid knows nobody drew over it.
public final class Canvas {
    /// Columns and rows.
    public let size: Size
    // Cells live in memory the canvas owns: a class's array property is checked for exclusive
    // access on every write, which costs more than the write when a frame puts thousands.
    // Rows are found through a table, so moving rows (a scroll) moves a few pointers, not
    // every cell.
    private let storage: UnsafeMutablePointer<CanvasCell>
    private let count: Int
    private let rowTable: UnsafeMutablePointer<UnsafeMutablePointer<CanvasCell>>
    /// The cells of row `y`, `size.width` of them.
    package func rowCells(_ y: Int) -> UnsafeMutablePointer<CanvasCell> { rowTable[y] }
    /// The colours the destination can show, so cells can pick shade characters over colour.
    public var colorMode: ColorMode
    /// Where the terminal's (hidden) cursor should rest once this frame is shown: the focused
    /// cell, so screen readers and braille displays follow the focus. Nil leaves it alone.
    public var cursor: Point?
    /// Whether the terminal shows its cursor at `cursor`: a text field with the keys asks for
    /// it at its caret. Hidden by default.
    public var showsCursor = false
    /// How pictures can be shown on the destination; cells fall back to characters for `.blocks`.
    package var graphicsMode = GraphicsMode.blocks
    /// Whether the destination's background is dark or light (a grey ramp drawn in the
    /// foreground colour follows it, so pictures never come out as negatives).
    package var backgroundTone = BackgroundTone.dark
    /// Which characters the destination shows for lines, blocks and shades.
    package var glyphSet = GlyphSet.unicode
    /// The pictures cells were marked with (`DrawContext.placeImage`), by image id: the cells
    /// say where each shows, this says what it is.
    private var placed: [UInt32: PlacedPicture] = [:]

    /// Rows of blocks drawn whole, and where (`DrawnBlockRow`).
    private var blockNotes = BlockRowNotes()

    /// The rows of blocks drawn whole on row `y`, left to right. Cells drawn over one since
    /// leave it listed: check the cells before using it.
    package func blockRows(ofRow y: Int) -> [DrawnBlockRow] {
        blockNotes.places(storage: storageRow(y))
    }

    func noteBlockRow(_ place: DrawnBlockRow, y: Int) {
        blockNotes.note(place, storage: storageRow(y), rows: size.height)
    }

    /// Which row of the canvas's memory row `y` is now.
    private func storageRow(_ y: Int) -> Int { size.width == 0 ? y : (rowTable[y] - storage) / size.width }

    /// True when any picture was placed and may still show.
    var hasPictures: Bool { !placed.isEmpty }

    /// The picture whose cells carry `image` (`CanvasCell.picture`).
    package func placedPicture(_ image: UInt32) -> PlacedPicture? { placed[image] }

    /// Remembers what a picture cell's image is.
    func registerPicture(_ image: TerminalImage, cells: Size) {
        placed[UInt32(truncatingIfNeeded: image.id)] = PlacedPicture(image: image, cells: cells)
    }

    /// Forgets the pictures no cell shows any more.
    func forgetPictures(except shown: Set<UInt32>) {
        if placed.count != shown.count { placed = placed.filter { shown.contains($0.key) } }
    }

    // MARK: Change tracking

    private static let identities = Atomic<UInt64>(0)
    /// Unique among canvases for the life of the process (an object's address is not: memory is reused).
    package let identity: UInt64
    /// Bumped every time the damage is taken, so a taker can tell whether it was the last one.
    private(set) var changeEpoch: UInt64 = 0
    /// Counts changes, in memory of its own rather than a stored `var`: a class's `var` is
    /// checked for exclusive access on every write, and every changed cell bumps this.
    private let writeCount: UnsafeMutablePointer<UInt64>
    /// Per row: the count of changes when a cell of the row last changed.
    private let versions: UnsafeMutablePointer<UInt64>
    /// Per row: the columns changed since the changes were taken, `spanStart..<spanEnd` (empty when start ≥ end).
    private let spanStart: UnsafeMutablePointer<Int>, spanEnd: UnsafeMutablePointer<Int>
    /// Rows moved since the changes were taken (full-width `shiftRows` only; nil when none,
    /// or when moves could not be summed into one).
    private(set) var pendingShift: RowShift?
    /// Sideways moves noted since the changes were taken.
    var pendingSideways: [ColumnShift] = []

    /// A blank canvas.
    public init(size: Size, colorMode: ColorMode = .palette256) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.colorMode = colorMode
        count = self.size.width * self.size.height
        storage = .allocate(capacity: max(1, count))
        storage.initialize(repeating: .blank, count: count)
        rowTable = .allocate(capacity: max(1, self.size.height))
        for y in 0..<self.size.height { (rowTable + y).initialize(to: storage + y * self.size.width) }
        let h = max(1, self.size.height)
        writeCount = .allocate(capacity: 1)
        writeCount.initialize(to: 0)
        versions = .allocate(capacity: h)
        versions.initialize(repeating: 0, count: h)
        spanStart = .allocate(capacity: h)
        spanStart.initialize(repeating: 0, count: h)
        spanEnd = .allocate(capacity: h)
        spanEnd.initialize(repeating: self.size.width, count: h)
        identity = Self.identities.add(1, ordering: .relaxed).newValue
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
        rowTable.deallocate()
        versions.deallocate()
        writeCount.deallocate()
        spanStart.deallocate()
        spanEnd.deallocate()
    }

    @inline(__always)
    private func changed(_ x: Int, _ y: Int) { changed(y, x, x + 1) }

    @inline(__always)
    func changed(_ y: Int, _ from: Int, _ to: Int) {
        writeCount.pointee &+= 1
        versions[y] = writeCount.pointee
        if spanStart[y] >= spanEnd[y] { spanStart[y] = from; spanEnd[y] = to; return }
        if from < spanStart[y] { spanStart[y] = from }
        if to > spanEnd[y] { spanEnd[y] = to }
    }

    func rowVersion(_ y: Int) -> UInt64 { versions[y] }

    func changedSpan(_ y: Int) -> Range<Int> {
        spanStart[y] < spanEnd[y] ? spanStart[y]..<spanEnd[y] : 0..<0
    }

    func resetDamage() -> UInt64 {
        for y in 0..<size.height { spanStart[y] = 0; spanEnd[y] = 0 }
        pendingShift = nil
        if !pendingSideways.isEmpty { pendingSideways.removeAll(keepingCapacity: true) }
        changeEpoch &+= 1
        return changeEpoch
    }

    /// Moves the cells of `rect` up by `distance` rows (down when negative), as content does
    /// when a view scrolls; the rows it leaves keep what they had, counted as changed, for the
    /// caller to draw. A move across the full width is remembered as `movedRows`, so a
    /// terminal can move those rows itself.
    func shiftRows(in rect: Rect, by distance: Int) {
        let r = rect.intersection(bounds)
        guard distance != 0, !r.isEmpty else { return }
        guard abs(distance) < r.height else {
            for y in r.minY..<r.maxY { changed(y, r.minX, r.maxX) }
            return
        }
        let w = size.width, fullWidth = r.minX == 0 && r.maxX == w
        let moved = r.maxX - r.minX
        // Whole rows trade places in the table: the rows scrolled out become the rows let in.
        let leaving =
            distance > 0
            ? Array(UnsafeBufferPointer(start: rowTable + r.minY, count: distance))
            : Array(UnsafeBufferPointer(start: rowTable + r.maxY + distance, count: -distance))
        func move(row y: Int) {
            if fullWidth {
                rowTable[y] = rowTable[y + distance]
            } else {
                (rowTable[y] + r.minX).update(from: rowTable[y + distance] + r.minX, count: moved)
            }
            writeCount.pointee &+= 1
            versions[y] = writeCount.pointee
            if fullWidth {
                spanStart[y] = spanStart[y + distance]; spanEnd[y] = spanEnd[y + distance]
            } else {
                changed(y, r.minX, r.maxX); repairEdges(ofRow: y, r.minX, r.maxX)
            }
        }
        if distance > 0 {
            for y in r.minY..<(r.maxY - distance) { move(row: y) }
            for y in (r.maxY - distance)..<r.maxY {
                if fullWidth { rowTable[y] = leaving[y - (r.maxY - distance)] }
                changed(y, r.minX, r.maxX)
            }
        } else {
            for y in stride(from: r.maxY - 1, through: r.minY - distance, by: -1) { move(row: y) }
            for y in r.minY..<(r.minY - distance) {
                if fullWidth { rowTable[y] = leaving[y - r.minY] }
                changed(y, r.minX, r.maxX)
            }
        }
        guard fullWidth else { return }
        let rows = r.minY..<r.maxY
        if let earlier = pendingShift {
            let total = earlier.distance + distance
            if earlier.rows == rows, total != 0, abs(total) < rows.count {
                pendingShift = RowShift(rows: rows, distance: total)
            } else {
                // Two moves that do not add up to one: what they moved counts as changed.
                pendingShift = nil
                for y in earlier.rows.clamped(to: 0..<size.height) { changed(y, 0, w) }
                for y in rows { changed(y, 0, w) }
            }
        } else {
            pendingShift = RowShift(rows: rows, distance: distance)
        }
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, row `y` (both must be inside the canvas).
    public subscript(x: Int, y: Int) -> CanvasCell {
        precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside the canvas")
        return rowTable[y][x]
    }

    /// Resets every cell to a blank with the given style.
    package func clear(style: Style = .plain) {
        fill(bounds, style: style)
        blockNotes.removeAll()
    }

    /// Fills `rect` (clipped to the canvas) with `character` in `style`.
    package func fill(_ rect: Rect, style: Style, character: Character = " ") {
        let scalars = character.unicodeScalars
        fill(
            rect,
            with: scalars.count == 1
                ? CanvasCell(scalar: scalars.first!.value, width: 1, style: style)
                : CanvasCell(text: String(character), width: 1, style: style))
    }

    /// Fills `rect` (clipped to the canvas) with copies of `cell` (of width 1).
    package func fill(_ rect: Rect, with cell: CanvasCell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let words = cell.words
        for y in r.minY..<r.maxY {
            repairWide(x: r.minX, y: y)
            repairWide(x: r.maxX - 1, y: y)
            // The run between the first and last cell that differ is filled whole: the same
            // cells as one by one, without a branch per cell.
            let row = rowTable[y]
            var first = r.minX, last = r.maxX - 1
            while first <= last && CanvasCell.cell(at: row + first, holds: words) { first += 1 }
            guard first <= last else { continue }
            while CanvasCell.cell(at: row + last, holds: words) { last -= 1 }
            (row + first).update(repeating: cell, count: last - first + 1)
            changed(y, first, last + 1)
        }
    }

    /// Puts one grapheme of display width `width` at `point`. A wide grapheme whose right half
    /// would fall outside `clip` becomes a space; halves of wide characters it overwrites are blanked.
    package func put(_ grapheme: String, width: Int, at point: Point, style: Style, clip: Rect? = nil) {
        let clipRect = (clip ?? bounds).intersection(bounds)
        guard width > 0, clipRect.contains(point) else { return }
        put(CanvasCell(text: grapheme, width: UInt8(width), style: style), at: point, clip: clipRect)
    }

    /// `put` for a ready cell; `clip` is already within the canvas and contains `point`.
    func put(_ cell: CanvasCell, at point: Point, clip: Rect) {
        if cell.width == 2 && point.x + 1 >= clip.maxX {
            set(CanvasCell(scalar: 32, width: 1, style: cell.style), x: point.x, y: point.y)
            return
        }
        set(cell, x: point.x, y: point.y)
        if cell.width == 2 {
            set(CanvasCell(scalar: 0, width: 0, style: cell.style), x: point.x + 1, y: point.y)
        }
    }

    private func set(_ cell: CanvasCell, x: Int, y: Int) {
        guard rowTable[y][x] != cell else { return }
        repairWide(x: x, y: y)
        rowTable[y][x] = cell
        changed(x, y)
    }

    /// Before (x, y) is overwritten: blank the other half of any wide character it belongs to.
    func repairWide(x: Int, y: Int) {
        let row = rowTable[y]
        let old = row[x]
        if old.width == 0, x > 0, row[x - 1].width == 2 {
            row[x - 1] = CanvasCell(scalar: 32, width: 1, style: row[x - 1].style)
            changed(x - 1, y)
        } else if old.width == 2, x + 1 < size.width {
            row[x + 1] = CanvasCell(scalar: 32, width: 1, style: row[x + 1].style)
            changed(x + 1, y)
        }
    }

    /// After the columns `from..<to` of row `y` were replaced wholesale: no wide character may
    /// have lost a half across either edge.
    private func repairEdges(ofRow y: Int, _ from: Int, _ to: Int) {
        let row = rowTable[y]
        func blank(_ x: Int) { row[x] = CanvasCell(scalar: 32, width: 1, style: row[x].style); changed(x, y) }
        if from > 0, row[from - 1].width == 2 { blank(from - 1) }
        if row[from].width == 0 { blank(from) }
        if to < size.width, row[to].width == 0 { blank(to) }
        if row[to - 1].width == 2, to == size.width || row[to].width != 0 { blank(to - 1) }
    }

    /// Draws `text` from `point` rightwards, clipped to `clip`; control characters are skipped.
    /// With `maxWidth`, text longer than that is cut with `…`. Returns the columns advanced.
    @discardableResult
    package func drawText(_ text: String, at point: Point, style: Style, clip: Rect? = nil, maxWidth: Int? = nil) -> Int
    {
        let clipRect = (clip ?? bounds).intersection(bounds)
        guard point.y >= clipRect.minY, point.y < clipRect.maxY else { return 0 }
        var x = point.x
        // Printable ASCII that fits, the common case (captions, names): a byte a cell, read in
        // place, with no width lookups and no truncated copy.
        var s = text
        let drawnAsASCII = s.withUTF8 { bytes -> Bool in
            guard maxWidth.map({ bytes.count <= $0 }) ?? true, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                return false
            }
            for b in bytes {
                if x >= clipRect.maxX { break }
                if x >= clipRect.minX { set(CanvasCell(scalar: UInt32(b), width: 1, style: style), x: x, y: point.y) }
                x += 1
            }
            return true
        }
        if drawnAsASCII { return x - point.x }
        // One scalar a character (a marker before a name, accents, CJK): its width is the sum
        // of its scalars', and text that fits is drawn as it is, without a truncated copy
        // made grapheme by grapheme. (Cut before its joined characters, text may need no
        // grapheme breaking any more.)
        let simple: Bool
        if let maxWidth {
            if TextWidth.isOneScalarPerGrapheme(text, fittingIn: maxWidth) {
                simple = true
            } else {
                s = TextWidth.truncate(text, toWidth: maxWidth)
                simple = TextWidth.isOneScalarPerGrapheme(s)
            }
        } else {
            simple = TextWidth.isOneScalarPerGrapheme(text)
        }
        func place(_ cell: CanvasCell) {
            let w = Int(cell.width)
            if x >= clipRect.minX {
                put(cell, at: Point(x: x, y: point.y), clip: clipRect)
            } else if x + w > clipRect.minX {
                // The right half of a wide character sticks into the clip: show a space there.
                put(" ", width: 1, at: Point(x: clipRect.minX, y: point.y), style: style, clip: clipRect)
            }
            x += w
        }
        if simple {
            // Box drawing, accents, CJK, most emoji: no grapheme breaking needed.
            for u in s.unicodeScalars {
                let w = TextWidth.width(of: u)
                if w == 0 { continue }
                if x >= clipRect.maxX { break }
                place(CanvasCell(scalar: u.value, width: UInt8(w), style: style))
            }
            return x - point.x
        }
        for g in s {
            let w = TextWidth.width(of: g)
            if w == 0 { continue }
            if x >= clipRect.maxX { break }
            place(CanvasCell(text: String(g), width: UInt8(w), style: style))
        }
        return x - point.x
    }

    /// The text of row `y`, wide characters once, trailing spaces kept.
    public func row(_ y: Int) -> String {
        var out = ""
        for x in 0..<size.width {
            let c = self[x, y]
            // A picture shows as a shaded cell in text (snapshots, tests).
            if c.isPicture { out += "▒" } else if c.width > 0 { out += c.text }
        }
        return out
    }

    /// All rows joined with newlines, trailing spaces removed: what a snapshot stores.
    public var text: String {
        (0..<size.height).map { row($0).replacingTrailingSpaces() }.joined(separator: "\n")
    }

    /// A copy, for keeping a frame to compare with later (or to write again: it notes the same
    /// block rows, so a writer sends it as it sends this canvas).
    package func copy() -> Canvas {
        let c = Canvas(size: size, colorMode: colorMode)
        for y in 0..<size.height {
            c.rowTable[y].update(from: rowTable[y], count: size.width)
            for place in blockRows(ofRow: y) { c.noteBlockRow(place, y: y) }
        }
        c.placed = placed
        c.backgroundTone = backgroundTone
        c.glyphSet = glyphSet
        c.graphicsMode = graphicsMode
        c.cursor = cursor
        c.showsCursor = showsCursor
        return c
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
