/// The picture cells of one row that `FrameWriter` holds back until the row is done, and which
/// of them share colours.
///
/// Written left to right, a picture that brings the same two colours back a few cells on
/// (stripes, rings, a checkerboard, a screenshot's text) pays a colour sequence (11 to 19
/// bytes in 256 colours) at every return, while moving the cursor there with the colours set
/// costs 1 to 5. So after each cell the writer takes the cells further on that its colours
/// draw as they are, then goes back to the first one left. Which colours a cell needs is
/// looked up by key, not searched for: a row of a wide photo is hundreds of cells, and this runs
/// on every frame. (Everything is kept in two arrays of small structs, reused from row to row:
/// the writer's time per key is a few hundredths of a millisecond.)
struct PictureRun {
    /// One held-back cell: its column, the colour numbers of its top and bottom pixels (the
    /// nearest, or those decided), and the pixels' own colours (0xRRGGBB) while those weigh in.
    struct Cell {
        var x: Int32, y: Int32 = 0
        var top: Int32, bottom: Int32
        var topRGB: UInt32 = Self.noRGB, bottomRGB: UInt32 = Self.noRGB
        /// The character: an upper half block (top in the foreground), or in direct colour
        /// another block element of `PictureGlyphs` (`top` its foreground, `bottom` its background).
        var scalar = HalfBlockChoice.upper
        /// The next cell with the same colours, -1 at the end.
        fileprivate var next: Int32 = -1
        fileprivate var done = false

        static let noRGB = UInt32.max

        init(
            x: Int, top: Int, bottom: Int, topRGB: SIMD3<Int32>? = nil, bottomRGB: SIMD3<Int32>? = nil,
            scalar: UInt32 = HalfBlockChoice.upper
        ) {
            self.scalar = scalar
            self.x = Int32(truncatingIfNeeded: x)
            self.top = Int32(truncatingIfNeeded: top)
            self.bottom = Int32(truncatingIfNeeded: bottom)
            if let t = topRGB, let b = bottomRGB {
                self.topRGB = Self.packed(t)
                self.bottomRGB = Self.packed(b)
            }
        }

        /// A cell whose pixels' own colours are known, as 0xRRGGBB.
        init(x: Int, top: Int, bottom: Int, packedTop: UInt32, packedBottom: UInt32) {
            self.x = Int32(truncatingIfNeeded: x)
            self.top = Int32(truncatingIfNeeded: top)
            self.bottom = Int32(truncatingIfNeeded: bottom)
            topRGB = packedTop
            bottomRGB = packedBottom
        }

        /// The pixels' own colours, when known.
        var pixels: (top: SIMD3<Int32>, bottom: SIMD3<Int32>)? {
            guard topRGB != Self.noRGB else { return nil }
            return (Self.unpacked(topRGB), Self.unpacked(bottomRGB))
        }

        private static func packed(_ c: SIMD3<Int32>) -> UInt32 {
            UInt32(c.x & 0xFF) << 16 | UInt32(c.y & 0xFF) << 8 | UInt32(c.z & 0xFF)
        }
        private static func unpacked(_ v: UInt32) -> SIMD3<Int32> {
            SIMD3(Int32(v >> 16), Int32(v >> 8 & 0xFF), Int32(v & 0xFF))
        }
    }

    /// A slot of the table from colours to the first cell with them not yet written.
    private struct Slot {
        var key = 0, first: Int32 = -1, last: Int32 = -1
        var stamp: UInt32 = 0
    }

    /// The row held, -1 when none.
    private(set) var y = -1
    private(set) var cells: [Cell] = []
    /// Open-addressed, emptied by stamping a new generation rather than by clearing it.
    private var slots: [Slot] = []
    private var generation: UInt32 = 0
    /// The first cell not written yet.
    private var firstPending = 0
    /// Which colours below 256 some cell has in both halves (a bit each), and whether a cell
    /// of one colour above has: most rows of a photo have none, and need not look.
    private var solidColors: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var solidDirect = false

    var isEmpty: Bool { cells.isEmpty }

    /// Holds a cell of row `y`, right of those held (the writer flushes a row before the next).
    mutating func append(_ cell: Cell, y: Int) {
        self.y = y
        var cell = cell
        cell.y = Int32(truncatingIfNeeded: y)
        cells.append(cell)
    }

    /// Gives cell `i` the colours decided for it: written exactly from now on.
    mutating func settle(_ i: Int, top: Int, bottom: Int) {
        cells[i].top = Int32(truncatingIfNeeded: top)
        cells[i].bottom = Int32(truncatingIfNeeded: bottom)
        cells[i].topRGB = Cell.noRGB
    }

    /// Holds `extra` too, cells of the same row decided already (written in the colours they
    /// have), each in its place by column: neither list has a column of the other.
    mutating func insertSettled(_ extra: [Cell]) {
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + extra.count)
        var j = 0
        for c in cells {
            while j < extra.count && extra[j].x < c.x {
                merged.append(extra[j])
                j += 1
            }
            merged.append(c)
        }
        merged.append(contentsOf: extra[j...])
        for k in merged.indices { merged[k].y = Int32(truncatingIfNeeded: y) }
        cells = merged
    }

    /// Forgets every cell.
    mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        y = -1
    }

    /// Indexes the cells held by their colours, before they are written.
    mutating func prepare() {
        let n = cells.count
        firstPending = 0
        var capacity = max(64, slots.count)
        while capacity < 2 * n { capacity *= 2 }
        if capacity != slots.count {
            slots = Array(repeating: Slot(), count: capacity)
            generation = 0
        }
        generation &+= 1
        if generation == 0 {
            for i in slots.indices { slots[i].stamp = 0 }
            generation = 1
        }
        solidColors = (0, 0, 0, 0)
        solidDirect = false
        for i in 0..<n {
            if cells[i].top == cells[i].bottom {
                let c = Int(cells[i].top)
                switch c >> 6 {
                case 0: solidColors.0 |= 1 << (c & 63)
                case 1: solidColors.1 |= 1 << (c & 63)
                case 2: solidColors.2 |= 1 << (c & 63)
                case 3: solidColors.3 |= 1 << (c & 63)
                default: solidDirect = true
                }
            }
            let s = slot(Self.key(cells[i].top, cells[i].bottom), adding: true)
            if slots[s].first < 0 {
                slots[s].first = Int32(i)
            } else {
                cells[Int(slots[s].last)].next = Int32(i)
            }
            slots[s].last = Int32(i)
            cells[i].next = -1
            cells[i].done = false
        }
    }

    /// The first cell not yet written, if any.
    mutating func nextPending() -> Int? {
        while firstPending < cells.count && cells[firstPending].done { firstPending += 1 }
        return firstPending < cells.count ? firstPending : nil
    }

    mutating func markDone(_ i: Int) { cells[i].done = true }

    func isPending(_ i: Int) -> Bool { !cells[i].done }

    /// The first cell after cell `k` whose colours are `a` and `b` (in either order; one colour
    /// when they are equal) and not yet written, or -1.
    mutating func firstPending(colors a: Int, _ b: Int, after k: Int) -> Int {
        let s = slot(Self.key(Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: b)), adding: false)
        guard s >= 0 else { return -1 }
        // Cells are written from the left, so those at the head are mostly done: drop them.
        var i = Int(slots[s].first)
        while i >= 0 && cells[i].done { i = Int(cells[i].next) }
        slots[s].first = Int32(i)
        while i >= 0 && (i <= k || cells[i].done) { i = Int(cells[i].next) }
        return i
    }

    /// Whether some cell has colour `c` in both halves.
    func hasSolid(_ c: Int) -> Bool {
        switch c >> 6 {
        case 0: solidColors.0 & 1 << (c & 63) != 0
        case 1: solidColors.1 & 1 << (c & 63) != 0
        case 2: solidColors.2 & 1 << (c & 63) != 0
        case 3: solidColors.3 & 1 << (c & 63) != 0
        default: solidDirect
        }
    }

    /// Whether cell `i`'s colours are `a` and `b`, in either order.
    func has(_ i: Int, colors a: Int, _ b: Int) -> Bool {
        let t = Int(cells[i].top), u = Int(cells[i].bottom)
        return (t == a && u == b) || (t == b && u == a)
    }

    /// The next cell after cell `i` with the same colours and not yet written, or -1.
    func nextPending(sameAs i: Int) -> Int {
        var j = Int(cells[i].next)
        while j >= 0 && cells[j].done { j = Int(cells[j].next) }
        return j
    }

    /// A key for two colours in either order (colour numbers are not negative in a picture cell).
    private static func key(_ a: Int32, _ b: Int32) -> Int {
        let (lo, hi) = a <= b ? (a, b) : (b, a)
        return Int(lo) << 32 | Int(UInt32(bitPattern: hi))
    }

    /// The slot of `key` in this generation: claimed when `adding`, else -1 when absent.
    private mutating func slot(_ key: Int, adding: Bool) -> Int {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while slots[s].stamp == generation {
            if slots[s].key == key { return s }
            s = (s + 1) & mask
        }
        guard adding else { return -1 }
        slots[s] = Slot(key: key, first: -1, last: -1, stamp: generation)
        return s
    }
}
