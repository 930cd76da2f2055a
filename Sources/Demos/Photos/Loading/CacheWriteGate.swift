import Foundation

/// The thumbnail-cache writes under way, so quitting can let them finish. A write killed between
/// creating its temporary file and renaming it would leave that file in the desktop's cache for
/// good. So before the program exits it closes the gate: no write starts after that, and it
/// waits a moment for those that started.
///
/// Sendable by construction, checked by hand: `running` and `closed` are only read or written
/// while `state` is locked.
package final class CacheWriteGate: @unchecked Sendable {
    /// The process's gate: every `SharedThumbnails` writes through it unless given another.
    package static let shared = CacheWriteGate()

    private let state = NSCondition()
    private var running = 0
    private var closed = false

    package init() {}

    /// Runs `write` unless the gate is closed; false when it did not run.
    @discardableResult
    package func run(_ write: () -> Void) -> Bool {
        state.lock()
        guard !closed else {
            state.unlock()
            return false
        }
        running += 1
        state.unlock()
        write()
        state.lock()
        running -= 1
        state.broadcast()
        state.unlock()
        return true
    }

    /// Closes the gate and waits up to `seconds` for the writes under way; true when none is left.
    @discardableResult
    package func finish(within seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        state.lock()
        defer { state.unlock() }
        closed = true
        while running > 0 { if !state.wait(until: deadline) { break } }
        return running == 0
    }
}
