import Foundation
import GridKit

/// A fault on a worker thread, for the end-to-end test that proves such a crash still restores
/// the terminal. It needs an environment variable with a value nobody sets by accident.
enum TestFault {
    static let variable = "GRIDDEMO_TEST_FAULT"
    static let value = "segv-in-worker-thread"

    /// When asked for, a background thread dereferences a bad pointer half a second from now,
    /// while the screen is up with mouse reporting on.
    static func armIfAsked() {
        guard ProcessInfo.processInfo.environment[variable] == value else { return }
        BackgroundThread.start(name: "gk-fault") {
            usleep(500_000)
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
        }
    }
}
