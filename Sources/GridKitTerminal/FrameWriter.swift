import CNcurses
import GridKit

/// Turns the cells `FrameDiff` reports into one buffer of escape sequences for the terminal
/// (taken a chunk at a time by `FrameStream`, or whole): cursor moves only where the next
/// changed cell is not where the last one left the cursor, colours and attributes only when
/// they change, a clear-to-end-of-line for a row's tail of spaces (in their background colour
/// where the terminal has bce), nothing for blank cells on a screen just cleared, and at the
/// end the attributes reset and the (hidden) cursor on the focused cell.
///
/// Two writers under one roof: `PenWriter` (cursor-and-pen writing, which every byte goes
/// through) and `HalfBlockWriter` (pictures in half blocks: held by row, their colours decided,
/// written grouped by colour pair, or as rows made ahead). This type decides which of them a
/// cell goes to, and sends what a row holds back when the row is done.
package struct FrameWriter {
    /// Cursor-and-pen writing.
    var out: PenWriter
    /// The half-block picture writer: how picture cells (upper half blocks) are written, exact
    /// colours or (by default, in 256 colours) a pen colour kept where that costs little.
    package var halfBlocks: HalfBlockWriter

    /// `width` tells the C library's idea of a scalar's width (what the terminal will do);
    /// `charset`, the codeset to write in where the locale is not UTF-8.
    package init(
        capabilities: TerminalCapabilities, colors: ColorMapper, charset: LocaleCharset? = nil,
        width: @escaping (UInt32) -> Int
    ) {
        out = PenWriter(capabilities: capabilities, colors: colors, charset: charset, width: width)
        halfBlocks = HalfBlockWriter(
            blocksAreNarrow: [HalfBlockChoice.upper, HalfBlockChoice.lower, HalfBlockChoice.full].allSatisfy {
                width($0) == 1
            })
    }

    /// Starts a frame of `size`; `cleared` when the screen was cleared just before it.
    package mutating func begin(size: Size, cleared: Bool) {
        out.begin(size: size, cleared: cleared)
        halfBlocks.begin()
    }

    /// Writes one changed cell of `canvas` at (x, y); returns the column the diff goes on from:
    /// past the row when a row of a picture went out as its prepared bytes, else the next one.
    @discardableResult
    package mutating func put(_ cell: CanvasCell, x: Int, y: Int, in canvas: Canvas) -> Int {
        putCell(cell, x: x, y: y, in: canvas)
        return halfBlocks.resumeColumn(after: x, y: y)
    }

    private mutating func putCell(_ cell: CanvasCell, x: Int, y: Int, in canvas: Canvas) {
        let size = out.size
        if !out.caps.bottomRightIsSafe && y == size.height - 1 && x + max(1, Int(cell.width)) >= size.width {
            // Writing the last cell scrolls such a terminal: a wide character that would reach
            // it leaves a space in its first column instead.
            if x < size.width - 1 {
                putCell(CanvasCell(scalar: 32, width: 1, style: cell.style), x: x, y: y, in: canvas)
            }
            return
        }
        if halfBlocks.rows != nil {
            if halfBlocks.skips(x, y) { return }
            if halfBlocks.mayStartPreparedRow(at: x, y), halfBlocks.putPreparedRow(at: x, y, in: canvas, into: &out) {
                return
            }
        }
        if out.screenIsBlank && out.isBlank(cell) { return }
        if out.clearsToEndOfLine {
            if out.blankTail[y] < 0 { out.blankTail[y] = out.tailStart(of: y, in: canvas) }
            if x >= out.blankTail[y] {
                // A row ending in spaces of one colour: one clear for all of them, in that
                // background (terminals with bce) or the default one.
                if out.tailCleared[y] { return }
                out.tailCleared[y] = true
                let (_, bg, _) = out.resolve(cell.style)
                if out.screenIsBlank && bg == -1 { return }
                out.flushBlanks()
                halfBlocks.flush(into: &out)
                out.clearTail(of: y, background: bg)
                return
            }
        }
        if out.erasesCharacters, PenWriter.isSpace(cell), out.isClearable(cell.style) {
            out.holdBlank(cell.style, x: x, y: y)
            return
        }
        out.flushBlanks()
        if cell.text0 == 0x2580, cell.isSingleScalar, !halfBlocks.blocksAreNarrow {
            // Blocks would take two columns (so would U+FFFD, ambiguous too): a space in the
            // picture's lower colour keeps the row in place and the picture recognisable.
            halfBlocks.flush(into: &out)
            out.write(CanvasCell(scalar: 32, width: 1, style: Style(background: cell.style.background)), x: x, y: y)
            return
        }
        if halfBlocks.hold(cell, x: x, y: y, in: canvas, out: &out) { return }
        halfBlocks.flush(into: &out)
        out.write(cell, x: x, y: y)
    }

    /// Sends what a row holds back (blanks, picture cells): the row is done.
    mutating func flushRow() {
        out.flushBlanks()
        halfBlocks.flush(into: &out)
    }

    /// Ends the frame: what rows hold back sent, attributes off, the cursor on `rest` when
    /// given. Returns the bytes.
    package mutating func finish(cursor rest: Point?) -> [UInt8] {
        flushRow()
        return out.finish(cursor: rest)
    }

    /// Whether the terminal can move rows itself (`scroll`).
    package var canScroll: Bool { out.canScroll }

    /// Has the terminal move the rows of `shift` (a list scrolled by a line, a grid by a row of
    /// tiles): cheaper than writing them again. The rows it leaves are blank in the default colours.
    package mutating func scroll(_ shift: RowShift) {
        flushRow()
        out.scroll(shift)
    }

    /// Whether the terminal can move content sideways within a row (`shiftColumns`).
    package var canShiftColumns: Bool { out.canShiftColumns }

    /// Has the terminal move the content of `shift`'s band sideways on each of its rows (a row
    /// of tiles scrolled by a tile), so only the columns let in need sending. `FrameDiff.apply`
    /// makes the same moves to what it remembers.
    package mutating func shiftColumns(_ shift: ColumnShift) {
        flushRow()
        out.shiftColumns(shift)
    }

    // MARK: What tests, the terminal and the prepared rows read and set

    /// The bytes of the frame being written.
    package var bytes: [UInt8] { out.bytes }
    /// The terminal's sequences.
    var caps: TerminalCapabilities { out.caps }
    /// How wide the terminal draws emoji sequences (two columns each unless it said otherwise).
    package var sequenceWidths: EmojiSequenceWidths {
        get { out.sequenceWidths }
        set { out.sequenceWidths = newValue }
    }
    /// Where the terminal's cursor is; nil when unknown.
    var cursor: (x: Int, y: Int)? {
        get { out.cursor }
        set { out.cursor = newValue }
    }
    /// Whether a move named a position while `relocatable` (`PenWriter.namedPosition`).
    var namedPosition: Bool {
        get { out.namedPosition }
        set { out.namedPosition = newValue }
    }
    /// Whether the cursor's column is sure (`PenWriter.columnIsSure`).
    var columnIsSure: Bool {
        get { out.columnIsSure }
        set { out.columnIsSure = newValue }
    }
    /// The colours (-1 default, -2 unknown) and attributes in effect.
    var pen: (fg: Int, bg: Int, attributes: TextAttributes) {
        get { out.pen }
        set { out.pen = newValue }
    }
    /// Cursor moves inside the row only (`PreparedRowBytes`).
    var relocatable: Bool {
        get { out.relocatable }
        set { out.relocatable = newValue }
    }
    /// Whether what the terminal shows of picture cells may be trusted (`HalfBlockWriter`).
    package var skipsShownPictureCells: Bool {
        get { halfBlocks.skipsShownCells }
        set { halfBlocks.skipsShownCells = newValue }
    }
    /// Where rows of pictures made ahead are kept (`HalfBlockWriter.rows`).
    package var pictureRows: PictureRowCache? {
        get { halfBlocks.rows }
        set { halfBlocks.rows = newValue }
    }
    /// Prepared rows written in all, for tests and measurements.
    package var preparedRowsWritten: Int { halfBlocks.preparedRowsWritten }
    /// Whether the block characters take one column.
    var blocksAreNarrow: Bool { halfBlocks.blocksAreNarrow }

    /// Moves the cursor to (x, y) (`PenWriter.move`).
    mutating func move(to x: Int, _ y: Int) { out.move(to: x, y) }
    /// What moving the cursor to (x, y) would cost (`PenWriter.moveBytes`).
    func moveBytes(to x: Int, _ y: Int) -> Int { out.moveBytes(to: x, y) }
}
