import CNcurses
import Foundation
import GridKit

/// The run loop: sleeps in `poll()` on the tty, the wake-up pipe and the main dispatch queue,
/// decodes what the tty gave, and hands each event to the screen.
extension Terminal {
    /// Monotonic nanoseconds, from the C library directly (Dispatch's clock goes through more code, once per key).
    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Sleeps in `poll()` on the tty, the wake-up pipe and the main dispatch queue; no timers, no
    /// busy waiting. Input is read in one `read` for all that is waiting (`gk_read_input`) and
    /// decoded by `InputDecoder`; a sequence left unfinished by a read is waited for no longer
    /// than its escape delay. The main actor's jobs (`Task {}` on it, `Task.sleep` ending,
    /// `await MainActor.run`, `DispatchQueue.main.async`) run between events, each batch
    /// followed by a frame.
    package func run(_ handler: (InputEvent?) -> Bool) {
        while isOpen {
            let now = Self.now()
            while let event = decoder.next(now: now) {
                // Ctrl-L repaints everything, as in every full-screen program.
                if event == .key(.control("l")) {
                    FrameSteps.discard() // its frame is a repaint's, with the terminal's set-up
                    if !repaintEverything(handler) { return }
                    continue
                }
                if !handler(event) { return }
            }
            // A read that gave no event (a reply swallowed, a sequence not yet whole) or events
            // that drew nothing: no frame answers it.
            FrameSteps.discard()
            // The pipe is read only when poll said so (and once at the start): a key costs one
            // read of the terminal, not a second read that finds the pipe empty.
            let wake = wakePipeReadable ? drainWakePipe() : .nothing
            wakePipeReadable = false
            switch wake {
            case .quit: return
            case .resized:
                guard gk_resize() != 0 else { break }
                size = currentSize()
                diff.invalidate()
                if !handler(.resize(size)) { return }
            case .suspend:
                // Job control as vim and less do it: the terminal goes back to the shell, and on
                // `fg` (or any SIGCONT) the screen is taken again at whatever size it has now.
                _ = gk_write_raw(Self.pasteOff, Self.pasteOff.count) // the shell's own again
                _ = gk_suspend()
                continuedBySuspend = true // the SIGCONT that woke us is this repaint's
                if !repaintEverything(handler) { return }
            case .resume:
                if !repaintEverything(handler) { return }
            case .nothing: break
            }
            if mailbox.drain() > 0, !handler(nil) { return }
            if mainQueueReadable {
                mainQueueReadable = false
                mainQueue.drain()
                if !handler(nil) { return }
            }
            var timeout: Int32 = -1
            if let deadline = decoder.deadline {
                let t = Self.now()
                timeout = t >= deadline ? 0 : Int32((deadline - t + 999_999) / 1_000_000)
            }
            let fds = pollSet
            fds[0] = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            fds[2] = pollfd(fd: mainQueue.fd, events: Int16(POLLIN), revents: 0)
            let r = poll(fds, mainQueue.fd >= 0 ? 3 : 2, timeout)
            if r < 0 && errno != EINTR { return }
            // Interrupted (a signal's byte may be in the pipe) or told so: read it next time round.
            wakePipeReadable = r < 0 || fds[1].revents != 0
            mainQueueReadable = mainQueue.fd >= 0 && fds[2].revents != 0
            if fds[0].revents & Int16(POLLIN) != 0 {
                // Known to be readable: read at once, with no second poll.
                if decoder.read(from: STDIN_FILENO) < 0 { exitSignal = SIGHUP; return }
                FrameSteps.mark(.read)
            } else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                exitSignal = SIGHUP
                return
            }
        }
    }

    func currentSize() -> Size { Size(width: Int(gk_cols()), height: Int(gk_rows())) }
}
