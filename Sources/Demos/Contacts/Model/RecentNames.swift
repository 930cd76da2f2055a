import Foundation

/// What was worked out lately for a few names, found again by their bytes: a hundred thousand
/// contacts share a handful of organisations and categories, so most names are found here
/// without a string made and hashed. The names are views into a buffer that must outlive this.
struct RecentNames<Value> {
    private var entries: [(name: UnsafeBufferPointer<UInt8>, value: Value)] = []
    private var next = 0
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    /// What was remembered for the same bytes, if they are among the recent names.
    func value(for name: UnsafeBufferPointer<UInt8>) -> Value? {
        for e in entries where e.name.count == name.count {
            if name.isEmpty || memcmp(e.name.baseAddress!, name.baseAddress!, name.count) == 0 { return e.value }
        }
        return nil
    }

    /// Remembers `value` for `name`, forgetting the oldest name when full.
    mutating func remember(_ name: UnsafeBufferPointer<UInt8>, _ value: Value) {
        if entries.count < capacity {
            entries.append((name, value))
        } else {
            entries[next] = (name, value)
            next = (next + 1) % capacity
        }
    }
}
