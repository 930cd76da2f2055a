/// Prefix sums that stay O(log n) to query and to update: the running main-axis offsets of
/// lines whose thickness changes one at a time as self-sizing cells are measured.
struct FenwickTree {
    private var tree: [Int]
    let count: Int

    /// A tree over `values`, built in O(n).
    init(_ values: [Int]) {
        count = values.count
        tree = [0] + values
        for i in 1...max(1, count) where i <= count {
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
    }

    /// Adds `delta` to element `index`.
    mutating func add(_ delta: Int, at index: Int) {
        var i = index + 1
        while i <= count { tree[i] += delta; i += i & -i }
    }

    /// The sum of the first `n` elements.
    func prefix(_ n: Int) -> Int {
        var i = min(n, count), sum = 0
        while i > 0 { sum += tree[i]; i -= i & -i }
        return sum
    }

    /// The largest n such that prefix(n) <= target (0 when even the first element exceeds it).
    /// Elements must not be negative.
    func count(withPrefixAtMost target: Int) -> Int {
        var position = 0, remaining = target
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining { position = next; remaining -= tree[next] }
            step /= 2
        }
        return position
    }
}
