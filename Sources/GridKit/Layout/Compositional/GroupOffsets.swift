/// Where each group of a section with estimated heights starts: every group takes `pitch` rows
/// (its estimated height and the spacing after it) until it is measured. The corrections live in
/// a Fenwick tree kept in a dictionary, holding only the nodes measurements touched: a section
/// of a million groups costs nothing until its cells come on screen, and a correction or a
/// look-up costs O(log groups) whatever the count.
struct GroupOffsets {
    let count: Int
    let pitch: Int
    /// Fenwick nodes (1-based) of the corrections; a missing node is 0.
    private var nodes: [Int: Int] = [:]

    init(count: Int, pitch: Int) {
        self.count = max(0, count)
        self.pitch = max(1, pitch)
    }

    /// Where group `n` starts (for `n == count`, the end of the last group and its spacing).
    func start(ofGroup n: Int) -> Int {
        var i = min(max(0, n), count), sum = i * pitch
        while i > 0 { sum += nodes[i] ?? 0; i -= i & -i }
        return sum
    }

    /// Group `n` took `delta` more rows than before.
    mutating func add(_ delta: Int, toGroup n: Int) {
        guard delta != 0, n >= 0, n < count else { return }
        var i = n + 1
        while i <= count {
            let value = (nodes[i] ?? 0) + delta
            nodes[i] = value == 0 ? nil : value
            i += i & -i
        }
    }

    /// The last group starting at or before `offset` (0 when none does). Every group takes at
    /// least a row, so starts only grow.
    func group(startingAtOrBefore offset: Int) -> Int {
        guard count > 0 else { return 0 }
        var position = 0, remaining = max(0, offset), step = 1
        while step <= count / 2 { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count {
                // Node `next` sums the `next & -next` groups ending at it.
                let sum = (next & -next) * pitch + (nodes[next] ?? 0)
                if sum <= remaining { position = next; remaining -= sum }
            }
            step /= 2
        }
        return min(position, count - 1)
    }
}
