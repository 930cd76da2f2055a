/// One process as a sample of `/proc` saw it.
package struct ProcessRecord: Hashable, Sendable {
    package var pid: Int32
    package var parent: Int32
    /// The command's name (`/proc/PID/stat`'s, at most 15 bytes, as `top` shows it).
    package var name: String
    /// The command line, arguments joined by spaces; empty for kernel threads.
    package var commandLine: String
    package var uid: UInt32
    package var user: String
    package var state: ProcessState
    /// Per cent of one CPU since the previous sample (0 in the first).
    package var cpuPercent: Double
    /// Resident memory in bytes.
    package var residentBytes: Int
    package var threads: Int
    /// When it started, in clock ticks after boot.
    package var startTicks: UInt64
    /// User plus system time, in clock ticks: the CPU share is worked out from two of these.
    package var cpuTicks: UInt64

    package init(
        pid: Int32, parent: Int32 = 1, name: String, commandLine: String = "", uid: UInt32 = 0, user: String = "root",
        state: ProcessState = .sleeping, cpuPercent: Double = 0, residentBytes: Int = 0, threads: Int = 1,
        startTicks: UInt64 = 0,
        cpuTicks: UInt64 = 0
    ) {
        self.pid = pid; self.parent = parent; self.name = name; self.commandLine = commandLine; self.uid = uid;
        self.user = user
        self.state = state; self.cpuPercent = cpuPercent; self.residentBytes = residentBytes; self.threads = threads
        self.startTicks = startTicks; self.cpuTicks = cpuTicks
    }

    /// What the list shows of it, column by column (the search looks in the same).
    package var cpuText: String { String(format1: cpuPercent) }
    package var memoryText: String { ProcessRecord.bytes(residentBytes) }

    /// `1.5 MB`, `230 KB`, `3.2 GB`: memory as `top`'s users read it.
    package static func bytes(_ n: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(n), unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(n) B" : String(format1: value) + " " + units[unit]
    }
}

/// A process's scheduling state, as the kernel's one letter says it; the list's sections.
package enum ProcessState: String, CaseIterable, Sendable, Comparable {
    case running = "Running"
    case sleeping = "Sleeping"
    case diskWait = "Waiting on disk"
    case stopped = "Stopped"
    case zombie = "Zombie"
    case idle = "Idle"
    case other = "Other"

    /// From `/proc/PID/stat`'s state letter.
    package init(letter: Character) {
        switch letter {
        case "R": self = .running
        case "S": self = .sleeping
        case "D": self = .diskWait
        case "T", "t": self = .stopped
        case "Z", "X": self = .zombie
        case "I": self = .idle
        default: self = .other
        }
    }

    /// The letter `ps` shows.
    package var letter: String {
        switch self {
        case .running: return "R"
        case .sleeping: return "S"
        case .diskWait: return "D"
        case .stopped: return "T"
        case .zombie: return "Z"
        case .idle: return "I"
        case .other: return "?"
        }
    }

    package static func < (a: ProcessState, b: ProcessState) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension String {
    /// One decimal: `12.3`.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
