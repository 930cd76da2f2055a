import Foundation

/// A thread-safe queue of work for the main thread. Background threads `post`; the host's run
/// loop `drain`s it. `wake` is how the host gets woken (a pipe write for the terminal), so no
/// one polls on a timer.
public final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var work: [() -> Void] = []
    private var wake: (() -> Void)?

    public init() {}

    /// Sets what wakes the main thread when work arrives.
    public func setWaker(_ wake: (() -> Void)?) {
        lock.lock(); self.wake = wake; lock.unlock()
    }

    /// Queues `body` to run on the main thread and wakes it.
    public func post(_ body: @escaping () -> Void) {
        lock.lock()
        let wasEmpty = work.isEmpty
        work.append(body)
        let wake = self.wake
        lock.unlock()
        if wasEmpty { wake?() }
    }

    /// Runs everything queued so far; returns how many items ran.
    @discardableResult
    public func drain() -> Int {
        lock.lock()
        let batch = work
        work.removeAll()
        lock.unlock()
        for body in batch { body() }
        return batch.count
    }

    /// True when work is queued.
    public var hasWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return !work.isEmpty
    }
}
