import CNcurses
import Foundation
import GridKit

/// Signals that reach the loop through the wake-up pipe (a resize, a suspend and the continue
/// that follows it, a quit) and taking the screen again after them, as vim and less do.
extension Terminal {
    enum Wake { case nothing, resized, suspend, resume, quit }

    /// Takes the screen again (after a suspend, Ctrl-L, or a SIGCONT from outside): the program's
    /// modes, the size as it is now, and a frame that forgets what it thought was on screen.
    func repaintEverything(_ handler: (InputEvent?) -> Bool) -> Bool {
        holdFrame() // resuming clears the screen: the repainted frame ends the update
        gk_resume()
        cursorShown = false
        _ = gk_write_raw(Self.pasteOn, Self.pasteOn.count)
        if !fullReset.isEmpty { _ = gk_write_raw(fullReset, fullReset.count) }
        _ = gk_resize()
        size = currentSize()
        diff.invalidate()
        pictures.forgetScreen()
        let goOn = handler(.resize(size))
        releaseFrame()
        return goOn
    }

    /// Reads the wake-up pipe: posted work, a resize (SIGWINCH), or a quit signal.
    func drainWakePipe() -> Wake {
        var wake = Wake.nothing
        while true {
            let n = read(wakeRead, wakeBuffer, 64)
            if n <= 0 { return wake }
            for byte in UnsafeBufferPointer(start: wakeBuffer, count: n) where byte != Terminal.wakeByte {
                if Int32(byte) == SIGWINCH { if wake == .nothing { wake = .resized }; continue }
                if Int32(byte) == SIGTSTP { wake = .suspend; continue }
                if Int32(byte) == SIGCONT {
                    if continuedBySuspend { continuedBySuspend = false } else if wake != .suspend { wake = .resume }
                    continue
                }
                exitSignal = Int32(byte)
                return .quit
            }
            // A short read emptied the pipe: what comes later wakes poll again (no second read
            // that finds it empty, a syscall for every batch of thumbnails landed).
            if n < 64 { return wake }
        }
    }
}
