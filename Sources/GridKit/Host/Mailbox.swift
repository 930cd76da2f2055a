import Synchronization

/// A thread-safe queue of work for the main thread. Background threads `post`; the host's run
/// loop drains it. `wake` is how the host gets woken (a pipe write for the terminal), so no
/// one polls on a timer.
public final class Mailbox: Sendable {
    /// Work runs on the main actor: it is where every screen and grid lives.
    public typealias Work = @MainActor @Sendable () -> Void

    private struct State {
        var work: [Work] = []
        var wake: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    /// An empty mailbox with no waker yet.
    public init() {}

    /// Sets what wakes the main thread when work arrives.
    package func setWaker(_ wake: (@Sendable () -> Void)?) {
        state.withLock { $0.wake = wake }
    }

    /// Queues `body` to run on the main thread and wakes it. Callable from any thread.
    public func post(_ body: @escaping Work) {
        let wake = state.withLock { s -> (@Sendable () -> Void)? in
            let wasEmpty = s.work.isEmpty
            s.work.append(body)
            return wasEmpty ? s.wake : nil
        }
        wake?()
    }

    /// Runs everything queued so far; returns how many items ran.
    @MainActor @discardableResult
    package func drain() -> Int {
        let batch = takeAll()
        for body in batch { body() }
        return batch.count
    }

    // Not on the main actor: a closure made there checks that it runs on it, and this one runs
    // after every key.
    private nonisolated func takeAll() -> [Work] {
        state.withLock { s -> [Work] in
            defer { s.work.removeAll() }
            return s.work
        }
    }

    /// True when work is queued.
    public var hasWork: Bool { state.withLock { !$0.work.isEmpty } }
}
