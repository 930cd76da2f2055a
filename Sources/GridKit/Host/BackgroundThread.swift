import Foundation

/// Threads for slow work beside the run loop (decoding, reading files) that leave the
/// terminal's signals to the main thread.
///
/// A new thread blocks only the *asynchronous* signals a host handles on its main thread (Ctrl-C,
/// TERM, HUP, resizes, …), so they are never delivered to a worker that would ignore them. The
/// synchronous faults (SEGV, BUS, ILL, FPE, TRAP, ABRT) stay unblocked: a fault blocked on the
/// thread that causes it kills the process without running the host's restore handler, and the
/// user's terminal is left in raw mode on the alternate screen.
public enum BackgroundThread {
    /// The signals a background thread blocks.
    package static let hostSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT,
        SIGTTIN, SIGTTOU, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGCHLD
    ]

    /// Starts `body` on a new detached thread named `name`. With `lowPriority`, the thread runs at
    /// nice 19, so when cores are scarce the thread that reads keys and draws goes first.
    public static func start(name: String, lowPriority: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Start(name: name, lowPriority: lowPriority, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        // The new thread inherits the creator's mask: block first so no signal lands in between.
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for s in hostSignals { sigaddset(&blocked, s) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let rc = pthread_create(
            &thread, &attributes,
            { raw in
                let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
                start.run()
                return nil
            }, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        pthread_attr_destroy(&attributes)
        if rc != 0 {
            // No thread: run the work here rather than lose it.
            Unmanaged<Start>.fromOpaque(context).takeRetainedValue().body()
        }
    }

    /// `name` cut to what Linux keeps for a thread (15 bytes, whole characters).
    package static func kernelName(_ name: String) -> String {
        var cut = ""
        for ch in name {
            guard cut.utf8.count + String(ch).utf8.count <= 15 else { break }
            cut.append(ch)
        }
        return cut
    }

    /// The signals blocked on the calling thread, for tests.
    package static func blockedSignalsOfCurrentThread() -> Set<Int32> {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return Set((1..<32).filter { sigismember(&mask, $0) == 1 })
    }

    private final class Start: Sendable {
        let name: String
        let lowPriority: Bool
        let body: @Sendable () -> Void
        init(name: String, lowPriority: Bool, body: @escaping @Sendable () -> Void) {
            self.name = name; self.lowPriority = lowPriority; self.body = body
        }
        func run() {
            // Exactly the host's signals, whatever the creating thread had blocked: a fault must
            // reach its handler even when the creator (a test runner, say) blocked it.
            var mask = sigset_t()
            sigemptyset(&mask)
            for s in BackgroundThread.hostSignals { sigaddset(&mask, s) }
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            // Shown by debuggers, perf and top -H. Linux keeps 15 bytes and refuses a longer name
            // outright (Foundation's `Thread.name` then leaves the process's name in place);
            // `pthread_setname_np` is not in Swift's Glibc, and this file is what it writes.
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if fd >= 0 {
                let short = BackgroundThread.kernelName(name)
                _ = short.withCString { write(fd, $0, strlen($0)) }
                close(fd)
            }
            // On Linux the nice value belongs to the thread, and 0 means the calling one.
            if lowPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19) }
            body()
        }
    }
}
