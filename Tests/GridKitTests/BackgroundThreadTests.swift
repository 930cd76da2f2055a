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
        for s in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            #expect(blocked.contains(s), "signal \(s) is the main thread's")
        }
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT] {
            #expect(!blocked.contains(s), "fault \(s) must reach its handler")
        }
        #expect(
            BackgroundThread.blockedSignalsOfCurrentThread() == creatorBefore,
            "the creating thread's mask is given back")
    }

    /// `top -H` and perf show the name: a long one is cut to the 15 bytes Linux keeps, not lost
    /// (a 16-byte name was refused and every worker showed as the program).
    @Test func namesTheThreadForTheKernel() throws {
        let seen = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        BackgroundThread.start(name: "gridkit-decode-12") {
            let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.withLock { $0 = comm }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(seen.withLock { $0 } == "gridkit-decode-\n")
        #expect(BackgroundThread.kernelName("gk-decode-0") == "gk-decode-0")
        #expect(
            BackgroundThread.kernelName("abcdefghijklmnäxy") == "abcdefghijklmn", "whole characters, 15 bytes at most")
    }
}
