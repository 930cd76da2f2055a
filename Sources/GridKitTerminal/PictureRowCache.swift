import GridKit
import Synchronization

/// The bytes that draw the rows of the terminal's half-block pictures (`PreparedRowBytes`), made
/// ahead where the pictures are made and kept here, by the block they draw
/// (`CellBlock.identity`): the canvas only notes where a block's rows were drawn
/// (`Canvas.blockRows(ofRow:)`), and the writer looks the bytes up here. Bytes the terminal
/// made never travel through the core.
///
/// Made by the cell preparer on decode threads and read by the writer on the main thread, so
/// guarded by a lock. Bounded by `budget`: past it the oldest blocks' rows go (a block that
/// comes back is then written cell by cell, the same screen in about as many bytes).
package final class PictureRowCache: Sendable {
    /// The writer setup every entry is made for.
    package let profile: PreparedRowBytes.Profile
    /// The bytes the entries may come to, as they count them (`PreparedRowBytes.byteCount`).
    package let budget: Int

    private struct Entries {
        var rows: [UInt64: PreparedRowBytes] = [:]
        /// Blocks in the order they came (from `head` on), for letting the oldest go.
        var order: [UInt64] = []
        var head = 0
        var bytes = 0
    }
    private let entries = Mutex(Entries())

    package init(profile: PreparedRowBytes.Profile, budget: Int = 16 << 20) {
        self.profile = profile
        self.budget = budget
    }

    /// Takes in the rows of `block` (its pictures prepared already), to be made by their
    /// `complete()`; returns them.
    @discardableResult
    package func add(_ block: CellBlock) -> PreparedRowBytes {
        let made = PreparedRowBytes(for: block, profile: profile)
        entries.withLock { e in
            if let old = e.rows.updateValue(made, forKey: block.identity) {
                e.bytes -= old.byteCount
            } else {
                e.order.append(block.identity)
            }
            e.bytes += made.byteCount
            while e.bytes > budget, e.head < e.order.count {
                if let gone = e.rows.removeValue(forKey: e.order[e.head]) { e.bytes -= gone.byteCount }
                e.head += 1
            }
            if e.head > 1024, e.head * 2 > e.order.count {
                e.order.removeFirst(e.head)
                e.head = 0
            }
        }
        return made
    }

    /// The rows kept for the block `identity`, if any.
    package func rows(of identity: UInt64) -> PreparedRowBytes? { entries.withLock { $0.rows[identity] } }

    /// The bytes the entries count, for tests and measurements.
    package var byteCount: Int { entries.withLock { $0.bytes } }
}
