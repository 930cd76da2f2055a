/// Fewer colour pairs in a row of a picture prepared ahead (`HalfBlockPreparation`).
///
/// The writer sets each pair of colours once per row and reaches the other cells of that pair
/// with cursor steps (`PictureRun`), so a row costs about one colour sequence per pair it uses.
/// Decided cell by cell (`choose`), a cell keeps a pen colour only where its left neighbour
/// leaves one. Here, after that, a pair few cells use is given up for a pair the row has anyway
/// where the bytes saved are worth the colour given up, at the same tolerance: the sequence that
/// set it (11 to 19 bytes), the steps around cells that now join their neighbours' pair (about
/// 4 bytes each), against how much further the cells' pixels are from the other pair's colours.
/// Pairs are weighed a stretch of `stretch` cells at a time, so a wide picture costs time in
/// proportion to its cells.
extension HalfBlockChoice {
    /// One picture cell of a stretch: its pixels and the colours decided for its two halves.
    package struct MergeCell {
        package var top: Int, bottom: Int
        package let topRGB: SIMD3<Int32>, bottomRGB: SIMD3<Int32>

        package init(top: Int, bottom: Int, topRGB: SIMD3<Int32>, bottomRGB: SIMD3<Int32>) {
            self.top = top
            self.bottom = bottom
            self.topRGB = topRGB
            self.bottomRGB = bottomRGB
        }
    }

    /// Cells weighed together: a tile of the photo grid is 16 cells wide.
    package static let stretch = 32
    /// What a colour sequence is taken to cost (11 bytes for one colour, 19 for both).
    static let pairBytes = 15
    /// What a cursor step around a cell of another pair is taken to cost.
    static let stepBytes = 4

    /// Gives up pairs in each stretch of `cells` (one run of picture cells, left to right)
    /// while a pair's bytes are worth more than the colour its cells give up. Nothing changes
    /// with tolerance 0.
    package func mergePairs(_ cells: inout [MergeCell]) {
        guard tolerance > 0 else { return }
        var start = 0
        while start < cells.count {
            let end = min(cells.count, start + Self.stretch)
            mergePairs(&cells, start..<end)
            start = end
        }
    }

    private func mergePairs(_ cells: inout [MergeCell], _ range: Range<Int>) {
        // The stretch's pairs (either way up), and which pair each cell has.
        var pairs: [(a: Int, b: Int)] = [], of = [Int](repeating: 0, count: range.count)
        for (k, i) in range.enumerated() {
            let c = cells[i], p = (a: min(c.top, c.bottom), b: max(c.top, c.bottom))
            if let j = pairs.firstIndex(where: { $0 == p }) { of[k] = j } else { of[k] = pairs.count; pairs.append(p) }
        }
        let n = pairs.count
        guard n > 1 else { return }
        // The colour a cell gives up taking pair j (the better way up), and where it is now.
        func error(_ c: MergeCell, _ t: Int, _ b: Int) -> Int { distance(c.topRGB, t) + distance(c.bottomRGB, b) }
        func toPair(_ c: MergeCell, _ j: Int) -> Int { min(error(c, pairs[j].a, pairs[j].b), error(c, pairs[j].b, pairs[j].a)) }
        // extra[g * n + h]: the colour pair g's cells give up taking pair h. next[g * n + h]:
        // how many times a cell of g sits beside a cell of h. Kept up to date as pairs merge.
        var extra = [Int](repeating: 0, count: n * n), next = [Int](repeating: 0, count: n * n), size = [Int](repeating: 0, count: n)
        for (k, i) in range.enumerated() {
            let g = of[k], now = error(cells[i], cells[i].top, cells[i].bottom)
            size[g] += 1
            for h in 0..<n where h != g { extra[g * n + h] += toPair(cells[i], h) - now }
            if k > 0, of[k - 1] != g {
                next[g * n + of[k - 1]] += 1
                next[of[k - 1] * n + g] += 1
            }
        }
        // A theme's colours (below 16) only where a pixel is nearest them, as in `choose`.
        let usable = pairs.map { $0.a >= 16 && $0.b >= 16 }
        var alive = [Bool](repeating: true, count: n)
        while true {
            var best = 0, from = -1, to = -1
            for g in 0..<n where alive[g] {
                let solid = pairs[g].a == pairs[g].b
                for h in 0..<n where h != g && alive[h] && usable[h] {
                    // Spaces (a byte) may become blocks (three), or blocks spaces.
                    let glyphs = ((pairs[h].a == pairs[h].b ? Self.spaceBytes : Self.blockBytes) - (solid ? Self.spaceBytes : Self.blockBytes)) * size[g]
                    let saved = (solid ? Self.oneColorBytes : Self.pairBytes) + Self.stepBytes * next[g * n + h] - glyphs
                    let gain = saved * tolerance - extra[g * n + h]
                    if gain > best { (best, from, to) = (gain, g, h) }
                }
            }
            guard from >= 0 else { break }
            // Pair `from`'s cells take pair `to`'s colours.
            for (k, i) in range.enumerated() where of[k] == from {
                let (a, b) = pairs[to], c = cells[i]
                (cells[i].top, cells[i].bottom) = error(c, a, b) <= error(c, b, a) ? (a, b) : (b, a)
                of[k] = to
            }
            alive[from] = false
            size[to] += size[from]
            for y in 0..<n where alive[y] && y != to {
                extra[to * n + y] += extra[from * n + y] - extra[from * n + to]
                next[to * n + y] += next[from * n + y]
                next[y * n + to] += next[y * n + from]
            }
        }
    }
}
