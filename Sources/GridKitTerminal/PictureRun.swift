/// The picture cells of one row that `FrameWriter` holds back until the row is done, and which
/// of them share colours.
///
/// Written left to right, a picture that brings the same two colours back a few cells on
/// (stripes, rings, a checkerboard, a screenshot's text) pays a colour sequence (11 to 19
/// bytes in 256 colours) at every return, while moving the cursor there with the colours set
/// costs 1 to 5. So after each cell the writer takes the cells further on that its colours
/// draw as they are, then goes back to the first one left. Which colours a cell needs is
/// looked up by key, not searched for: a row of a wide photo is hundreds of cells, and this runs
/// on every frame.
struct PictureRun {
    /// One held-back cell: its column, the nearest colour numbers of its top and bottom pixels,
    /// and the pixels' own colours where known (what a kept pen colour is weighed against).
    struct Cell {
        var x: Int
        var top: Int, bottom: Int
        var topRGB: SIMD3<Int32>?, bottomRGB: SIMD3<Int32>?
    }

    /// The row held, -1 when none.
    private(set) var y = -1
    private(set) var cells: [Cell] = []
    /// Cells written so far.
    private var done: [Bool] = []
    /// The next cell with the same key, -1 at the end.
    private var nextSame: [Int32] = []
    /// Per key, the first cell with it not yet written (an open-addressed table, emptied by
    /// stamping a new generation rather than by clearing it).
    private var slotKey: [Int] = [], slotFirst: [Int32] = [], slotLast: [Int32] = [], slotStamp: [UInt32] = []
    private var generation: UInt32 = 0
    /// The first cell not written yet.
    private var firstPending = 0

    var isEmpty: Bool { cells.isEmpty }

    /// Holds a cell of row `y` (after those held, further right).
    mutating func append(_ cell: Cell, y: Int) {
        self.y = y
        cells.append(cell)
    }

    /// Gives cell `i` the colours decided for it: written exactly from now on.
    mutating func settle(_ i: Int, top: Int, bottom: Int) {
        cells[i].top = top
        cells[i].bottom = bottom
        cells[i].topRGB = nil
        cells[i].bottomRGB = nil
    }

    /// Forgets every cell.
    mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        y = -1
    }

    /// Indexes the cells held by key, before they are written.
    mutating func prepare() {
        let n = cells.count
        done.removeAll(keepingCapacity: true)
        done.append(contentsOf: repeatElement(false, count: n))
        nextSame.removeAll(keepingCapacity: true)
        nextSame.append(contentsOf: repeatElement(-1, count: n))
        firstPending = 0
        var capacity = max(64, slotKey.count)
        while capacity < 2 * n { capacity *= 2 }
        if capacity != slotKey.count {
            slotKey = Array(repeating: 0, count: capacity)
            slotFirst = Array(repeating: -1, count: capacity)
            slotLast = slotFirst
            slotStamp = Array(repeating: 0, count: capacity)
            generation = 0
        }
        generation &+= 1
        if generation == 0 {
            for i in slotStamp.indices { slotStamp[i] = 0 }
            generation = 1
        }
        for i in 0..<n {
            let s = slot(Self.key(cells[i].top, cells[i].bottom), adding: true)
            if slotFirst[s] < 0 {
                slotFirst[s] = Int32(i)
            } else {
                nextSame[Int(slotLast[s])] = Int32(i)
            }
            slotLast[s] = Int32(i)
        }
    }

    /// The first cell not yet written, if any.
    mutating func nextPending() -> Int? {
        while firstPending < cells.count && done[firstPending] { firstPending += 1 }
        return firstPending < cells.count ? firstPending : nil
    }

    mutating func markDone(_ i: Int) { done[i] = true }

    func isPending(_ i: Int) -> Bool { !done[i] }

    /// The first cell after cell `k` whose colours are `a` and `b` (in either order; one colour
    /// when they are equal) and not yet written, or -1.
    mutating func firstPending(colors a: Int, _ b: Int, after k: Int) -> Int {
        let s = slot(Self.key(a, b), adding: false)
        guard s >= 0 else { return -1 }
        // Cells are written from the left, so those at the head are mostly done: drop them.
        var i = Int(slotFirst[s])
        while i >= 0 && done[i] { i = Int(nextSame[i]) }
        slotFirst[s] = Int32(i)
        while i >= 0 && (i <= k || done[i]) { i = Int(nextSame[i]) }
        return i
    }

    /// The next cell after cell `i` with the same colours and not yet written, or -1.
    func nextPending(sameAs i: Int) -> Int {
        var j = Int(nextSame[i])
        while j >= 0 && done[j] { j = Int(nextSame[j]) }
        return j
    }

    /// A key for two colours in either order (colour numbers are below 2³², and not negative
    /// in a picture cell).
    private static func key(_ a: Int, _ b: Int) -> Int {
        let (lo, hi) = a <= b ? (a, b) : (b, a)
        return lo << 32 | hi
    }

    /// The slot of `key` in this generation: claimed when `adding`, else -1 when absent.
    private mutating func slot(_ key: Int, adding: Bool) -> Int {
        let mask = slotKey.count - 1
        var s = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while slotStamp[s] == generation {
            if slotKey[s] == key { return s }
            s = (s + 1) & mask
        }
        guard adding else { return -1 }
        slotStamp[s] = generation
        slotKey[s] = key
        slotFirst[s] = -1
        slotLast[s] = -1
        return s
    }
}
