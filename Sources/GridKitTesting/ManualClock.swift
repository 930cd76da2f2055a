import Synchronization

/// A clock that moves only when told (`advance(by:)`): screen work that waits on the context's
/// clock (`ScreenContext.every(_:_:)`, `sleep(for:)`) runs in tests at once, in order, with no
/// real waiting. `ScreenDriver` gives its screens one.
package final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: how far it was moved since it was made.
    package struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock started.
        package var offset: Duration
        /// The instant `duration` later.
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// From this instant to `other`.
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier first.
        package static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }
    private let state = Mutex(State())

    /// A clock at zero.
    package init() {}

    /// Where the clock is.
    package var now: Instant { state.withLock { $0.now } }
    /// Any step at all.
    package var minimumResolution: Duration { .zero }

    /// Waits until the clock is moved to `deadline` or past it; throws `CancellationError` when
    /// the task is cancelled first.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { s -> Bool in
                    if deadline <= s.now || Task.isCancelled { return true }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let sleeper = state.withLock { s -> Sleeper? in
                guard let k = s.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return s.sleepers.remove(at: k)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline anyone waits for, if anyone waits.
    package var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves the clock to `instant` (never back) and wakes everyone whose deadline it reached.
    /// Returns how many woke.
    @discardableResult
    package func move(to instant: Instant) -> Int {
        let woken = state.withLock { s -> [Sleeper] in
            s.now = max(s.now, instant)
            let now = s.now
            let due = s.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            s.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
        return woken.count
    }
}
