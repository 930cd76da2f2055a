import Foundation
import GridKit
import Synchronization
import Testing

@Suite struct BackgroundThreadTests {
    @Test func blocksTheHostsSignalsAndNeverTheFaults() {
        let creatorBefore = BackgroundThread.blockedSignalsOfCurrentThread()
        let seen = Mutex<Set<Int32>?>(nil)
        let done = DispatchSemaphore(value: 0)
        BackgroundThread.start(name: "test-mask") {
            seen.withLock { $0 = BackgroundThread.blockedSignalsOfCurrentThread() }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let blocked = seen.withLock { $0 } ?? []
        for s in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { #expect(blocked.contains(s), "signal \(s) is the main thread's") }
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT] { #expect(!blocked.contains(s), "fault \(s) must reach its handler") }
        #expect(BackgroundThread.blockedSignalsOfCurrentThread() == creatorBefore, "the creating thread's mask is given back")
    }
}
