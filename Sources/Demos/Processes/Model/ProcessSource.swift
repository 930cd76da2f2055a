import Foundation

/// Where the monitor's processes come from and where its signals go: the system's (`/proc`
/// and `kill`), or a fixed table in tests.
package protocol ProcessSource: Sendable {
    /// Every process now, CPU shares against `previous`, sampled `elapsed` seconds before.
    func sample(previous: [Int32: ProcessRecord], elapsed: Double) -> [ProcessRecord]
    /// One process now, or nil when it has exited.
    func read(_ pid: Int32) -> ProcessRecord?
    /// Whether this user may send `pid` a signal.
    func maySignal(_ pid: Int32) -> Bool
    /// Sends `signal`; nil when it went, else why not.
    func send(_ signal: Int32, to pid: Int32) -> String?
}

extension ProcessReader: ProcessSource {
    package func maySignal(_ pid: Int32) -> Bool { pid > 0 && kill(pid, 0) == 0 }

    package func send(_ signal: Int32, to pid: Int32) -> String? {
        guard pid > 0 else { return "no such process" }
        return kill(pid, signal) == 0 ? nil : String(cString: strerror(errno))
    }
}

/// The signals the monitor offers, by name.
package enum ProcessSignal {
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: return "SIGTERM"
        case SIGKILL: return "SIGKILL"
        case SIGINT: return "SIGINT"
        case SIGSTOP: return "SIGSTOP"
        case SIGCONT: return "SIGCONT"
        default: return "signal \(signal)"
        }
    }
}
