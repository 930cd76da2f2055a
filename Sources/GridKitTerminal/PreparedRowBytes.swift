import GridKit
import Synchronization

/// The bytes that draw each row of a picture in block elements (half blocks, and the quadrants
/// and sextants of finer symbols, in 256 or direct colour), made where the picture is made (a
/// decode thread, `HalfBlockPreparation`) by a writer set up as the terminal's own, and kept
/// by the terminal (`PictureRowCache`).
///
/// A scroll of thumbnails lets in rows that are mostly such picture rows. Written cell by cell,
/// each costs the writer its colour decisions, its grouping of cells by colour pair
/// (`PictureRun`) and its sequences, on the thread that answers the key. Made ahead, a row is
/// a cursor move and a copy: the same screen, in about as many bytes (moves inside the row are
/// relative, so the row goes anywhere on the screen).
package final class PreparedRowBytes: Sendable {
    /// One row: where its bytes are, the colours in effect after them (-2: not known) and
    /// where they leave the cursor, counted from the row's first column. Plain values, no
    /// references: a writer copies rows freely on the path of a key, with no retains.
    package struct Row: Sendable {
        /// The row's bytes in `Made.bytes`, one buffer that holds every row of the block, so
        /// the rows a scroll lets in from one picture share a buffer (one object to keep alive,
        /// read in order) rather than one allocation each.
        package let bytes: Range<Int>
        package let foreground: Int, background: Int
        package let cursorColumn: Int
        /// The colour sequence the bytes start with, if they do: its length and the colours it
        /// sets (-2: not that one). A writer sends instead only the colours its pen lacks (the
        /// tiles of a row let in by a scroll start with the same letterbox background, one
        /// after another).
        package var lead: Lead = (count: 0, foreground: -2, background: -2)
        package typealias Lead = (count: Int, foreground: Int, background: Int)
    }

    /// The writer setup the bytes are for: a writer uses them only if it has this one.
    package let profile: Profile
    /// The block's cells (the block's own array, not a copy), which the rows are made from
    /// (and `Made` hands the writer), and its size.
    package let cells: [CanvasCell]
    package let width: Int, height: Int
    private let result = Mutex<Made?>(nil)

    /// The rows once made, the buffer that holds their bytes, and the block's cells and width
    /// they were made from: all a writer needs, in one object it holds with one retain.
    package final class Made: Sendable {
        /// By row of the block (nil for a row that holds anything but blocks and spaces).
        package let rows: [Row?]
        /// Every made row's bytes, end to end: `Row.bytes` is a row's range here.
        package let bytes: [UInt8]
        /// The block's cells (shared, not copied), which the writer checks the canvas still
        /// holds before it sends a row, and the block's width.
        package let cells: [CanvasCell]
        package let width: Int

        init(rows: [Row?], bytes: [UInt8], cells: [CanvasCell], width: Int) {
            self.rows = rows
            self.bytes = bytes
            self.cells = cells
            self.width = width
        }
    }

    /// The rows of `block`, whose pictures are prepared already, to be made by `complete()`.
    package init(for block: CellBlock, profile: Profile) {
        self.profile = profile
        cells = block.cells
        width = block.size.width
        height = block.size.height
    }

    /// What the rows will hold, as far as can be told when they are made (fixed from then on,
    /// so a cache counts the same when an entry goes as when it came), plus the rows: about 10
    /// bytes a cell in 256 colours (a photo's rows come to 8 to 10: a block, and a colour
    /// sequence every second or third cell), 40 in direct colour (a photo's come to about 33: a
    /// sequence of up to 36 bytes on most cells).
    package var byteCount: Int {
        cells.count * (profile.colors.mode == .direct ? 40 : 10) + height * MemoryLayout<Row?>.stride
    }

    /// The rows and their bytes; nil until `complete()` has made them.
    package var made: Made? { result.withLock { $0 } }

    /// By row of the block (nil for a row that holds anything but blocks and spaces); nil until
    /// `complete()` has made them. For tests: a writer takes `made` once.
    package var rows: [Row?]? { made?.rows }

    /// By row of the block, each row's bytes (nil for a row not made); nil until `complete()`
    /// has made them. For tests and measurements: a writer takes `made` once.
    package var rowBytes: [ArraySlice<UInt8>?]? {
        made.map { made in made.rows.map { $0.map { made.bytes[$0.bytes] } } }
    }

    /// Makes the rows' bytes, once: the work the cell preparer leaves for later, run on a worker
    /// thread once it has nothing more urgent (until then the block is written cell by cell).
    /// Safe from any thread.
    package func complete() {
        guard made == nil else { return }
        let made = Self.make(cells, width: width, height: height, profile: profile)
        result.withLock { if $0 == nil { $0 = made } }
    }

    /// A terminal's way of writing pictures: its sequences, colours and tolerance. Compared by
    /// identity: the terminal makes one, and only its writer takes rows made with it.
    package final class Profile: Sendable {
        let capabilities: TerminalCapabilities
        let colors: ColorMapper
        let tolerance: Int
        /// Which of `PictureGlyphs`' characters the terminal draws in one column, by slot: only
        /// rows of those are made ahead (the writer keeps track of its column through them).
        let narrowGlyphs: [Bool]

        /// Nil where rows could not be written to go anywhere: cursor moves from terminfo in
        /// another form than the ANSI one name positions. `width` is the terminal's idea of a
        /// character's width, asked here once for each picture character.
        package init?(
            capabilities: TerminalCapabilities, colors: ColorMapper, tolerance: Int,
            width: (UInt32) -> Int = { _ in 1 }
        ) {
            guard capabilities.movesAreANSI else { return nil }
            var caps = capabilities
            // Inside a row, only steps: no column named, no clear to the end of a line that
            // goes on past the row.
            caps.moveToColumn = nil
            caps.clearToEndOfLine = nil
            self.capabilities = caps
            self.colors = colors
            self.tolerance = tolerance
            narrowGlyphs = (0..<PictureGlyphs.slots).map { slot in
                width(slot < 32 ? 0x2580 + UInt32(slot) : 0x1FB00 + UInt32(slot - 32)) == 1
            }
        }

        /// Whether a row of bytes may hold `cell`: spaces, and picture cells in block elements
        /// the terminal draws narrow, in colours the writer writes as they are (palette entries
        /// decided ahead in 256 colours, `HalfBlockPreparation`; palette or RGB in direct
        /// colour), one column, no attributes. (Other characters leave the terminal's idea of
        /// the column less than sure, and RGB cells in 256 colours have colours decided by
        /// the pen they meet.)
        @inline(__always)
        func writes(_ cell: CanvasCell) -> Bool {
            guard cell.width == 1, cell.isSingleScalar, cell.style.attributes.isEmpty, !cell.isPicture else {
                return false
            }
            if cell.text0 == 32 { return true }
            guard let slot = PictureGlyphs.slot(of: cell.text0), narrowGlyphs[slot] else { return false }
            // The writer may send the complement instead (the colours swapped): narrow too.
            if let complement = PictureGlyphs.complement(of: cell.text0),
                let other = PictureGlyphs.slot(of: complement),
                !narrowGlyphs[other]
            {
                return false
            }
            let f = cell.style.foreground.rawValue >> 24, b = cell.style.background.rawValue >> 24
            if colors.mode == .direct { return (f == 2 || f == 3) && (b == 2 || b == 3) }
            return f == 2 && b == 2
        }
    }

    /// The rows of a block's `cells` as `profile`'s writer writes them from an unknown pen with
    /// no attributes, the cursor on each row's first column.
    private static func make(_ cells: [CanvasCell], width: Int, height: Int, profile: Profile) -> Made {
        // One column more than the row: the writer keeps knowing where its cursor is after
        // writing the row's last cell, so it can step back from there.
        let canvas = Canvas(size: Size(width: width + 1, height: 1))
        var writer = FrameWriter(capabilities: profile.capabilities, colors: profile.colors) { _ in 1 }
        writer.halfBlocks.tolerance = profile.tolerance
        writer.relocatable = true
        // What the terminal shows where the row goes is not known: every cell is written.
        writer.skipsShownPictureCells = false
        // Each row's place in `storage` and what it leaves; the rows name their places in it.
        var storage: [UInt8] = []
        storage.reserveCapacity(cells.count * (profile.colors.mode == .direct ? 40 : 10))
        var made: [(range: Range<Int>, foreground: Int, background: Int, cursorColumn: Int, lead: Row.Lead?)?] = []
        made.reserveCapacity(height)
        cells.withUnsafeBufferPointer { cells in
            for y in 0..<height {
                let row = UnsafeBufferPointer(rebasing: cells[(y * width)..<((y + 1) * width)])
                guard width > 0, row.allSatisfy(profile.writes) else {
                    made.append(nil)
                    continue
                }
                canvas.putCells(row, y: 0, from: 0)
                writer.begin(size: canvas.size, cleared: false)
                // Each row from an unknown background, the cursor on its first column. The
                // foreground is taken as the default: only spaces would ask for that, and a
                // space shows no foreground, so a row that starts with one (a letterbox) starts
                // with its background alone, not a reset. What it leaves is not known, then.
                writer.pen = (-1, -2, [])
                writer.cursor = (0, 0)
                writer.columnIsSure = true
                writer.namedPosition = false
                for x in 0..<width { writer.put(row[x], x: x, y: 0, in: canvas) }
                writer.flushRow()
                // (A position named would put the row on the screen's first line.)
                guard let end = writer.cursor, writer.pen.attributes.isEmpty, !writer.namedPosition else {
                    made.append(nil)
                    continue
                }
                let foreground = writer.pen.fg == -1 ? -2 : writer.pen.fg
                let lead =
                    profile.capabilities.colorsAreANSI || profile.colors.mode == .direct
                    ? Self.leadingColors(writer.bytes) : nil
                let range = storage.count..<(storage.count + writer.bytes.count)
                made.append((range, foreground, writer.pen.bg, end.x, lead))
                storage += writer.bytes
            }
        }
        let rows = made.map { m in
            m.map { m in
                var row = Row(
                    bytes: m.range, foreground: m.foreground, background: m.background, cursorColumn: m.cursorColumn)
                if let lead = m.lead { row.lead = lead }
                return row
            }
        }
        // (A block with no row made keeps no buffer: its reserved capacity would stay.)
        return Made(rows: rows, bytes: storage.isEmpty ? [] : storage, cells: cells, width: width)
    }

    /// The SGR sequence `bytes` start with when it sets colours and nothing else: 256-colour
    /// entries (`38;5;n`, `48;5;n`) or direct colours (`38;2;r;g;b`, `48;2;r;g;b`, numbered as
    /// `ColorMapper` numbers them). Its length and the colours.
    static func leadingColors(_ bytes: [UInt8]) -> (count: Int, foreground: Int, background: Int)? {
        guard bytes.count > 3, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["),
            let end = bytes.firstIndex(of: UInt8(ascii: "m"))
        else { return nil }
        let numbers = bytes[2..<end].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
            Int(String(decoding: $0, as: UTF8.self))
        }
        var fg = -2, bg = -2, i = 0
        func component(_ k: Int) -> Int? {
            guard k < numbers.count, let n = numbers[k], (0...255).contains(n) else { return nil }
            return n
        }
        while i < numbers.count {
            let which = numbers[i], n: Int
            if i + 2 < numbers.count, numbers[i + 1] == 5, let entry = component(i + 2) {
                n = entry
                i += 3
            } else if i + 4 < numbers.count, numbers[i + 1] == 2, let r = component(i + 2), let g = component(i + 3),
                let b = component(i + 4)
            {
                n = ColorMapper.directFlag | r << 16 | g << 8 | b
                i += 5
            } else {
                return nil
            }
            switch which {
            case 38: fg = n
            case 48: bg = n
            default: return nil
            }
        }
        return fg == -2 && bg == -2 ? nil : (end + 1, fg, bg)
    }
}
