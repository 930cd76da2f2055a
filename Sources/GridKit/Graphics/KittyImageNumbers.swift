import Synchronization

/// The numbers (1…255) images carry in kitty placeholder cells, reused least recently used
/// first. A terminal holds at most this many of our images; a number handed to a new image
/// makes the terminal replace the old one when it is sent.
public final class KittyImageNumbers: Sendable {
    /// The numbers of this process's canvases.
    public static let shared = KittyImageNumbers()

    private struct State {
        var numberOf: [Int: Int] = [:]       // image id → number
        var imageOf: [Int: Int] = [:]        // number → image id
        var lastUse: [Int: UInt64] = [:]     // number → clock
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())

    /// The number for `image`, giving it the least recently used one when it has none.
    public func number(for image: TerminalImage) -> Int {
        state.withLock { s in
            s.clock += 1
            if let n = s.numberOf[image.id] { s.lastUse[n] = s.clock; return n }
            let n: Int
            if s.imageOf.count < KittyPlaceholders.maxNumber {
                n = s.imageOf.count + 1
            } else {
                n = s.lastUse.min { $0.value < $1.value }!.key
                if let old = s.imageOf[n] { s.numberOf[old] = nil }
            }
            s.numberOf[image.id] = n
            s.imageOf[n] = image.id
            s.lastUse[n] = s.clock
            return n
        }
    }
}
