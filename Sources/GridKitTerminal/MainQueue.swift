import CMainQueue

/// The main dispatch queue, served from the terminal's own `poll`: on Linux the main actor's jobs
/// wait there, and nothing else runs them while the loop sleeps in `poll` on the main thread.
/// libdispatch hands a run loop a descriptor that is readable while the queue has work, and a
/// function that runs it; Foundation's `RunLoop` serves the queue the same way. Both are
/// underscored SPI, wrapped in `CMainQueue` alone.
///
/// On a thread other than the process's main one (a `run` called from an `async` main, whose
/// main thread went to `dispatch_main()`) there is nothing to serve: `fd` is -1, and the main
/// actor is served by dispatch itself once the loop returns.
struct MainQueue {
    /// Readable when jobs are queued; -1 when this thread cannot serve the queue.
    let fd: Int32 = gk_main_queue_fd()

    /// Runs the jobs queued so far (and any they queue that are ready now, in order).
    func drain() {
        guard fd >= 0 else { return }
        gk_main_queue_drain()
    }
}
