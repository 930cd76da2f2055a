/// Finished thumbnails (or the reason there is none), least recently used dropped first once
/// the byte budget is exceeded. Used from the main thread only.
package final class ThumbnailCache {
    package enum Entry {
        /// Boxed: an entry is copied a few times a drawn tile (out of the cache, into the cell,
        /// out of the cell), and a box is one reference where a thumbnail is several.
        indirect case thumbnail(Thumbnail)
        case failure(String)

        var byteCount: Int {
            switch self {
            case .thumbnail(let t): return t.byteCount
            case .failure(let m): return 64 + m.utf8.count
            }
        }
    }

    package let budget: Int
    package private(set) var byteCount = 0
    private var entries: [Int: (entry: Entry, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0

    package init(budget: Int) { self.budget = budget }

    package var count: Int { entries.count }

    /// The entry for `key`, marking it recently used.
    package func entry(_ key: Int) -> Entry? {
        guard let i = entries.index(forKey: key) else { return nil }
        clock += 1
        // The stamp changed in place: the entry is copied once, to be returned, not twice and
        // written back.
        entries.values[i].stamp = clock
        return entries.values[i].entry
    }

    package func contains(_ key: Int) -> Bool { entries[key] != nil }

    package func insert(_ entry: Entry, for key: Int) {
        clock += 1
        if let old = entries[key] { byteCount -= old.entry.byteCount }
        entries[key] = (entry, clock)
        byteCount += entry.byteCount
        evict()
    }

    private func evict() {
        guard byteCount > budget else { return }
        // Drop the oldest quarter in one go, so eviction is not paid on every insert.
        let victims = entries.sorted { $0.value.stamp < $1.value.stamp }
        var i = 0
        while byteCount > budget * 3 / 4 && i < victims.count - 1 {
            byteCount -= victims[i].value.entry.byteCount
            entries[victims[i].key] = nil
            i += 1
        }
    }
}
