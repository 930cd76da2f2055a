/// The colours of a whole run of picture cells decided together: the cheapest way through the
/// run, by the same score `HalfBlockChoice` gives one cell (bytes times the tolerance, plus how
/// much further the colours are from the pixels than the nearest entries are), summed over the run.
///
/// `HalfBlockChoice` decides a cell from the cells to its left only. It cannot set a colour early
/// because the next cell needs it too, nor give up a pen colour that a later cell would have
/// kept. Over a row of photos that costs about a tenth more bytes at the same colour error. Here
/// every way the pen can be after each cell is a state, and the cheapest way to reach each is
/// kept (a beam of the `beam` cheapest states, since the states of a long run are many); the
/// run's colours come from following the cheapest end state back to the start.
///
/// The colours a cell may take: the nearest entries of its two pixels and of the next cell's
/// (so a colour can be set one cell early), the entry nearest the two pixels' mean (a cell of one
/// colour, written as a space), and the colours of the pen it meets. Colours below 16 are never taken for a
/// pixel they are not nearest to, as in `HalfBlockChoice`.
package struct HalfBlockRun {
    /// One cell of the run: the nearest palette entries of its two pixels and the pixels' colours.
    package struct Cell: Equatable {
        package var top: Int, bottom: Int
        package var topRGB: SIMD3<Int32>, bottomRGB: SIMD3<Int32>

        package init(top: Int, bottom: Int, topRGB: SIMD3<Int32>, bottomRGB: SIMD3<Int32>) {
            self.top = top
            self.bottom = bottom
            self.topRGB = topRGB
            self.bottomRGB = bottomRGB
        }
    }

    /// How many of the cheapest pen states are carried from cell to cell. On `make bench`'s
    /// folders four does as well as eight (the library: 6,287 bytes a scroll at ×1.057 colour
    /// error, against 6,299 at ×1.061), in three fifths of the time on the decode threads.
    package var beam = 4
    let choice: HalfBlockChoice

    package init(choice: HalfBlockChoice) { self.choice = choice }

    /// A pen state reached after a cell: the pen, its score and bytes so far, and how it was reached.
    private struct State {
        var fg: Int32, bg: Int32
        var score: Int, bytes: Int
        /// The state after the previous cell this one was reached from (-1 at the start).
        var from: Int32
        var written: UInt32, wfg: Int32, wbg: Int32
    }

    /// How to write each cell of `cells`, starting with the pen unknown: the scalar and its
    /// foreground and background numbers (`HalfBlockChoice.halves` gives what each shows). With
    /// tolerance 0 each cell shows its nearest entries, in the fewest bytes.
    package func decide(_ cells: [Cell]) -> [HalfBlockChoice.Written] {
        guard !cells.isEmpty else { return [] }
        let tolerance = choice.tolerance
        // The states after each cell, `beam` at most each, kept for the way back.
        var history: [State] = []
        history.reserveCapacity(cells.count * beam)
        var current = [State(fg: -2, bg: -2, score: 0, bytes: 0, from: -1, written: 0, wfg: 0, wbg: 0)]
        var next: [State] = []
        var table = PenTable()
        var colors: [Int] = [], topExtra: [Int] = [], bottomExtra: [Int] = []
        for (k, cell) in cells.enumerated() {
            // The colours on offer for this cell, and how much each costs in either half; the
            // pen's own two colours are offered with each state below.
            let exactTop = choice.distance(cell.topRGB, cell.top), exactBottom = choice.distance(cell.bottomRGB, cell.bottom)
            colors.removeAll(keepingCapacity: true)
            topExtra.removeAll(keepingCapacity: true)
            bottomExtra.removeAll(keepingCapacity: true)
            func offer(_ c: Int) {
                guard c >= 16 || c == cell.top || c == cell.bottom, !colors.contains(c) else { return }
                colors.append(c)
                topExtra.append(c == cell.top ? 0 : max(0, choice.distance(cell.topRGB, c) - exactTop))
                bottomExtra.append(c == cell.bottom ? 0 : max(0, choice.distance(cell.bottomRGB, c) - exactBottom))
            }
            offer(cell.top)
            offer(cell.bottom)
            if tolerance > 0 {
                if k + 1 < cells.count {
                    offer(cells[k + 1].top)
                    offer(cells[k + 1].bottom)
                }
                let mean = (cell.topRGB &+ cell.bottomRGB) / 2
                offer(ColorMapper.nearestPalette(Int(mean.x), Int(mean.y), Int(mean.z)))
            }
            let offeredToAll = colors.count
            // A colour further from a pixel than both colour sequences are worth is never chosen.
            let limit = tolerance * HalfBlockChoice.bothColorsBytes
            history.append(contentsOf: current)
            next.removeAll(keepingCapacity: true)
            // Pens after a cell, from each state: pairs of at most seven colours, and one kept.
            table.clear(holding: current.count * 56)
            for (si, s) in current.enumerated() {
                let from = Int32(history.count - current.count + si)
                let pen = (fg: Int(s.fg), bg: Int(s.bg))
                if tolerance > 0 {
                    offer(pen.fg)
                    offer(pen.bg)
                }
                defer {
                    colors.removeSubrange(offeredToAll...)
                    topExtra.removeSubrange(offeredToAll...)
                    bottomExtra.removeSubrange(offeredToAll...)
                }
                for (i, tc) in colors.enumerated() {
                    let te = topExtra[i]
                    guard tc == cell.top || te < limit else { continue }
                    for (j, bc) in colors.enumerated() {
                        let be = bottomExtra[j]
                        guard bc == cell.bottom || be < limit else { continue }
                        let extra = te + be
                        func reach(_ written: UInt32, _ fg: Int, _ bg: Int, bytes: Int) {
                            let score = s.score + bytes * tolerance + extra, total = s.bytes + bytes
                            let penAfter = (fg: Int32(truncatingIfNeeded: fg), bg: Int32(truncatingIfNeeded: bg))
                            let state = State(fg: penAfter.fg, bg: penAfter.bg, score: score, bytes: total, from: from, written: written, wfg: Int32(fg), wbg: Int32(bg))
                            let slot = table.slot(penAfter.fg, penAfter.bg)
                            if let at = table.index(slot) {
                                if (score, total) < (next[at].score, next[at].bytes) { next[at] = state }
                            } else {
                                table.set(slot, index: next.count)
                                next.append(state)
                            }
                        }
                        if tc == bc {
                            // A space in that background (the foreground stays), or a full block
                            // over a picture's background.
                            reach(HalfBlockChoice.space, pen.fg, tc, bytes: HalfBlockChoice.spaceBytes + (pen.bg == tc ? 0 : HalfBlockChoice.oneColorBytes))
                            if pen.fg == tc && pen.bg != tc && pen.bg >= 16 { reach(HalfBlockChoice.full, tc, pen.bg, bytes: HalfBlockChoice.blockBytes) }
                        } else {
                            reach(HalfBlockChoice.upper, tc, bc, bytes: HalfBlockChoice.blockBytes + Self.colorBytes(tc, bc, pen))
                            reach(HalfBlockChoice.lower, bc, tc, bytes: HalfBlockChoice.blockBytes + Self.colorBytes(bc, tc, pen))
                        }
                    }
                }
            }
            if next.count > beam {
                next.sort { ($0.score, $0.bytes) < ($1.score, $1.bytes) }
                next.removeSubrange(beam...)
            }
            swap(&current, &next)
        }
        // Back from the cheapest end state.
        var best = current[0]
        for s in current.dropFirst() where (s.score, s.bytes) < (best.score, best.bytes) { best = s }
        var out = [HalfBlockChoice.Written](repeating: (HalfBlockChoice.upper, 0, 0), count: cells.count)
        var s = best
        for k in stride(from: cells.count - 1, through: 0, by: -1) {
            out[k] = (s.written, Int(s.wfg), Int(s.wbg))
            if s.from >= 0 { s = history[Int(s.from)] }
        }
        return out
    }

    /// Bytes of the colour sequence that takes the pen to foreground `fg` and background `bg`.
    private static func colorBytes(_ fg: Int, _ bg: Int, _ pen: (fg: Int, bg: Int)) -> Int {
        switch (fg == pen.fg, bg == pen.bg) {
        case (true, true): 0
        case (false, false): HalfBlockChoice.bothColorsBytes
        default: HalfBlockChoice.oneColorBytes
        }
    }
}

/// The states reached after one cell, by pen: a small open-addressed table, emptied by stamping.
private struct PenTable {
    private var keys: [Int64] = [], indices: [Int32] = [], stamps: [UInt32] = []
    private var mask = -1
    private var generation: UInt32 = 1

    /// Empties the table, with room for `count` pens at half load.
    mutating func clear(holding count: Int) {
        generation &+= 1
        guard mask + 1 < 2 * count else { return }
        var capacity = 64
        while capacity < 2 * count { capacity *= 2 }
        keys = Array(repeating: 0, count: capacity)
        indices = Array(repeating: 0, count: capacity)
        stamps = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The slot of pen (`fg`, `bg`): where it is, or the empty slot where it goes.
    mutating func slot(_ fg: Int32, _ bg: Int32) -> Int {
        let key = Int64(fg) << 32 | Int64(UInt32(bitPattern: bg))
        var s = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while stamps[s] == generation && keys[s] != key { s = (s + 1) & mask }
        keys[s] = key
        return s
    }

    func index(_ slot: Int) -> Int? { stamps[slot] == generation ? Int(indices[slot]) : nil }

    mutating func set(_ slot: Int, index: Int) {
        stamps[slot] = generation
        indices[slot] = Int32(index)
    }
}
