/// Finding sections along the main axis, as every layout with sections stacked one after
/// another does: by binary search over where they end.
enum SectionSearch {
    /// The first section whose end lies after `offset` (`count` when none does).
    static func first(endingAfter offset: Int, count: Int, end: (Int) -> Int) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if end(mid) <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The section nearest `main` that has items, starting from `s`: itself when it has some,
    /// otherwise the closer of the nearest one before and after. Nil when none has items.
    static func nearestWithItems(
        from s: Int, count: Int, main: Int, isEmpty: (Int) -> Bool,
        start: (Int) -> Int, end: (Int) -> Int
    ) -> Int? {
        guard count > 0 else { return nil }
        let s = min(s, count - 1)
        guard isEmpty(s) else { return s }
        var before = s - 1, after = s + 1
        while before >= 0 && isEmpty(before) { before -= 1 }
        while after < count && isEmpty(after) { after += 1 }
        switch (before >= 0, after < count) {
        case (false, false): return nil
        case (true, false): return before
        case (false, true): return after
        case (true, true): return main - end(before) < start(after) - main ? before : after
        }
    }
}
