import Foundation
import GridKit

/// A small, bounded pool of worker threads for decoding. Jobs have a key; a pending job can be
/// cancelled or promoted (what is on screen goes before what is only prefetched). Workers are
/// `BackgroundThread`s: Ctrl-C and resizes reach the thread that reads input, and a crash in a
/// decoder still restores the terminal.
///
/// Sendable by construction, checked by hand: `queue`, `later`, `running` and `stopped` are only
/// read or written while `condition` is locked, jobs are `@Sendable`, and nothing else is mutable.
package final class DecodePool: @unchecked Sendable {
    private struct Job {
        let key: Int
        var urgent: Bool
        /// When it was queued, or promoted to urgent (monotonic nanoseconds).
        var since: UInt64
        let work: @Sendable () -> Void
    }
    private let condition = NSCondition()
    private var queue: [Job] = []
    /// Keys of the jobs being run, for `submit(joiningRunning:)`.
    private var running: Set<Int> = []
    /// The key of work queued by `submitWhenIdle` (no job of `submit` has it).
    private static let idleWork = Int.min
    /// Work that may wait for an idle pool (filling the shared thumbnail cache): taken only when
    /// nothing is queued for the screen.
    private var later: [@Sendable () -> Void] = []
    private var stopped = false
    /// Until when (monotonic nanoseconds) no job starts: see `inputArrived()`.
    private var quietUntil: UInt64 = 0

    /// How long an urgent job waits before a helper takes it (nanoseconds).
    private let helperDelay: UInt64
    /// How long `inputArrived()` holds jobs back.
    package let quietAfterInput: Duration

    /// `threads: 0` runs nothing, which tests use to look at the queue. By default one thread
    /// per core but one (at least one, at most four): a core stays free for the thread that
    /// reads keys and draws and for the terminal reading what it writes. On two cores, two
    /// decoders put a Page Down's frame behind them for a scheduler tick (4 ms) now and then.
    ///
    /// `helpers` threads more (by default one, on the core left free) take only work the workers
    /// have left waiting: a thumbnail on screen after `helperDelay`, one ahead of it after twice
    /// that. On a first visit to large photos one decoder falls behind the keys and the spare
    /// core joins in; thumbnails read from a cache are done before, and the core stays free for
    /// the terminal. `helpers` needs `threads` of at least one.
    ///
    /// `quietAfterInput` is how long `inputArrived()` keeps jobs from starting. The default
    /// (1 ms) covers the key's frame going out and the terminal waking to read it. On two
    /// cores, a decoder woken by the frame's prefetches took the core the terminal was then
    /// woken onto, and the terminal waited behind it for 2-4 ms (to the scheduler's next tick)
    /// while the other core idled. In the library's key script, warm, Downs and Ups over 2 ms
    /// fell from 3-9 a run to 0-1 with it (six interleaved pairs).
    package init(
        threads count: Int = DecodePool.defaultThreads,
        helpers: Int = DecodePool.defaultHelpers,
        helperDelay: Duration = .milliseconds(15),
        quietAfterInput: Duration = .milliseconds(1)
    ) {
        self.helperDelay = Self.nanoseconds(helperDelay)
        self.quietAfterInput = quietAfterInput
        for i in 0..<count {
            // Low priority: when cores are scarce the thread that reads keys and draws goes first;
            // idle cores still decode at full speed. A worker ends when the pool stops.
            BackgroundThread.start(name: "gk-decode-\(i)", lowPriority: true) { [weak self] in
                self?.workLoop()
            }
        }
        for i in 0..<(count > 0 ? helpers : 0) {
            BackgroundThread.start(name: "gk-help-\(i)", lowPriority: true) { [weak self] in
                self?.helpLoop()
            }
        }
    }

    /// One per core but one, at least one and at most four.
    package static var defaultThreads: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1)) }
    /// One where the default workers leave a core free, else none.
    package static var defaultHelpers: Int { ProcessInfo.processInfo.activeProcessorCount > defaultThreads ? 1 : 0 }

    deinit { stop() }

    /// Stops the workers once their current job is done; pending jobs are dropped.
    package func stop() {
        condition.lock(); stopped = true; queue.removeAll(); later.removeAll(); condition.broadcast();
        condition.unlock()
    }

    /// Queues `work` to run when no decode for the screen is waiting.
    /// At most `laterLimit` wait: past it the oldest is dropped (a fill missed is only a
    /// thumbnail made again next time), so scrolling through thousands of photos holds no more.
    package func submitWhenIdle(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        if later.count >= Self.laterLimit { later.removeFirst() }
        later.append(work)
        condition.broadcast()
    }

    static let laterLimit = 256

    /// Queues `work` under `key`; a pending job with that key is promoted instead of repeated.
    /// With `joiningRunning`, a job with that key being run makes it unneeded: for a caller
    /// whose jobs deliver to the same place whoever asked (a prefetch running when its tile
    /// comes on screen).
    package func submit(key: Int, urgent: Bool, joiningRunning: Bool = false, _ work: @escaping @Sendable () -> Void) {
        condition.lock()
        // After `stop()` nothing would ever run it.
        guard !stopped, !(joiningRunning && running.contains(key)) else { condition.unlock(); return }
        if let i = queue.firstIndex(where: { $0.key == key }) {
            if urgent && !queue[i].urgent { queue[i].urgent = true; queue[i].since = Self.now() }
        } else {
            queue.append(Job(key: key, urgent: urgent, since: Self.now(), work: work))
        }
        // Every waiter: a helper woken alone would leave a job too young for it to a worker asleep.
        condition.broadcast()
        condition.unlock()
    }

    /// Drops pending jobs with these keys (running ones finish).
    package func cancel(keys: Set<Int>) {
        condition.lock(); queue.removeAll { keys.contains($0.key) }; condition.unlock()
    }

    /// True once `stop()` was called: no job will start again.
    package var isStopped: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopped
    }

    /// Runs the queued jobs here, in the order the workers would take them (a pool of no
    /// threads, in tests: decodes finish exactly when the test says).
    package func runPending() {
        while true {
            condition.lock()
            guard !queue.isEmpty, !stopped else { condition.unlock(); return }
            let i = queue.firstIndex { $0.urgent } ?? 0
            let job = queue.remove(at: i)
            running.insert(job.key)
            condition.unlock()
            run(job)
        }
    }

    /// Keys of the jobs being run.
    package var runningKeys: Set<Int> {
        condition.lock(); defer { condition.unlock() }
        return running
    }

    /// Keys of jobs not started yet.
    package var pendingKeys: [Int] {
        condition.lock(); defer { condition.unlock() }
        return queue.map(\.key)
    }

    /// A key (or other input) came: no job starts for `quietAfterInput` (running ones finish),
    /// so its frame goes to the terminal first.
    package func inputArrived() {
        let until = Self.now() + Self.nanoseconds(quietAfterInput)
        condition.lock(); quietUntil = max(quietUntil, until); condition.unlock()
    }

    /// Ends a quiet time now (tests see each key's own).
    package func endQuiet() {
        condition.lock(); quietUntil = 0; condition.broadcast(); condition.unlock()
    }

    /// True while `inputArrived()` holds jobs back.
    package var isQuiet: Bool {
        condition.lock(); defer { condition.unlock() }
        return Self.now() < quietUntil
    }

    /// Waits, with `condition` locked, until the quiet time is over (the queue may change meanwhile).
    private func waitForQuietToEnd() {
        let now = Self.now()
        guard now < quietUntil, !stopped else { return }
        _ = condition.wait(until: Date(timeIntervalSinceNow: Double(quietUntil - now) / 1e9))
    }

    private func next() -> Job? {
        condition.lock(); defer { condition.unlock() }
        while (queue.isEmpty && later.isEmpty || Self.now() < quietUntil) && !stopped {
            if queue.isEmpty && later.isEmpty { condition.wait() } else { waitForQuietToEnd() }
        }
        if stopped { return nil }
        if queue.isEmpty { return Job(key: Self.idleWork, urgent: false, since: 0, work: later.removeFirst()) }
        // Urgent jobs first, in the order they came; then prefetches in theirs.
        let i = queue.firstIndex { $0.urgent } ?? 0
        let job = queue.remove(at: i)
        running.insert(job.key)
        return job
    }

    private func workLoop() {
        while let job = next() { run(job) }
    }

    private func run(_ job: Job) {
        job.work()
        guard job.key != Self.idleWork else { return }
        condition.lock(); running.remove(job.key); condition.unlock()
    }

    /// The first urgent job that has waited `helperDelay`, else the first prefetch that has
    /// waited twice that. Until one has, the helper sleeps until the earliest of those times (or
    /// a change to the queue) and looks again: the job it timed may have gone to a worker.
    private func nextForHelper() -> Job? {
        condition.lock(); defer { condition.unlock() }
        while !stopped {
            guard !queue.isEmpty else { condition.wait(); continue }
            let now = Self.now()
            // The queue may have changed while quiet.
            guard now >= quietUntil else { waitForQuietToEnd(); continue }
            var due: Int?, soonest = UInt64.max
            for (i, job) in queue.enumerated() {
                let at = job.since + (job.urgent ? helperDelay : 2 * helperDelay)
                if at <= now, due == nil || (job.urgent && !queue[due!].urgent) { due = i }
                soonest = min(soonest, at)
            }
            if let due {
                let job = queue.remove(at: due)
                running.insert(job.key)
                return job
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(soonest - now) / 1e9))
        }
        return nil
    }

    private func helpLoop() {
        while let job = nextForHelper() { run(job) }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// At most a day (no overflow when added or doubled); a negative duration is none.
    private static func nanoseconds(_ d: Duration) -> UInt64 {
        let (seconds, attoseconds) = d.components
        return UInt64(min(max(0, seconds), 86_400)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
