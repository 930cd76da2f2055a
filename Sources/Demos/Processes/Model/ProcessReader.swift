import Foundation

/// Reads every process from `/proc`: one sample. The CPU share is per process since the previous
/// sample given. Costs a few milliseconds for a few hundred processes: run it off the main actor.
package struct ProcessReader: Sendable {
    /// Where the process table is (a folder laid out as `/proc`, for tests).
    package var root: String
    /// Clock ticks a second (`sysconf(_SC_CLK_TCK)`).
    private let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    package init(root: String = "/proc") { self.root = root }

    /// A sample: every process that could be read (ones that exit while being read are left out),
    /// with CPU shares against `previous` taken `elapsed` seconds before.
    package func sample(previous: [Int32: ProcessRecord] = [:], elapsed: Double = 0) -> [ProcessRecord] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        var users: [UInt32: String] = [:]
        var out: [ProcessRecord] = []
        out.reserveCapacity(names.count)
        for name in names {
            guard let pid = Int32(name), var record = read(pid) else { continue }
            if let user = users[record.uid] {
                record.user = user
            } else {
                record.user = Self.userName(record.uid)
                users[record.uid] = record.user
            }
            if let before = previous[pid], before.startTicks == record.startTicks, elapsed > 0,
                record.cpuTicks >= before.cpuTicks
            {
                record.cpuPercent = Double(record.cpuTicks - before.cpuTicks) / ticksPerSecond / elapsed * 100
            }
            out.append(record)
        }
        return out
    }

    /// One process, or nil when it is gone or unreadable.
    package func read(_ pid: Int32) -> ProcessRecord? {
        let dir = root + "/\(pid)"
        guard let stat = Self.contents(dir + "/stat"), let fields = Self.statFields(stat) else { return nil }
        let status = Self.contents(dir + "/status") ?? ""
        let uid =
            status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(whereSeparator: {
                $0 == "\t" || $0 == " "
            })
            .dropFirst().first.flatMap { UInt32($0) } ?? 0
        let command =
            Self.contents(dir + "/cmdline", limit: 4096).map {
                $0.split(separator: "\u{0}", omittingEmptySubsequences: true).joined(separator: " ")
            } ?? ""
        func field(_ k: Int) -> UInt64 { k < fields.rest.count ? UInt64(fields.rest[k]) ?? 0 : 0 }
        // Fields after the name, from the state (field 3 of proc(5)) on: rest[0] is the state.
        return ProcessRecord(
            pid: pid, parent: Int32(field(1)), name: fields.name, commandLine: command, uid: uid, user: "",
            state: ProcessState(letter: fields.rest.first?.first ?? "?"), residentBytes: Int(field(21)) * pageSize,
            threads: Int(field(17)), startTicks: field(19), cpuTicks: field(11) + field(12))
    }

    /// `/proc/PID/stat` split: the name between the first `(` and the last `)` (a name may hold
    /// spaces and parentheses), then the fields after it.
    package static func statFields(_ stat: String) -> (name: String, rest: [Substring])? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        let rest = stat[stat.index(after: close)...].split(separator: " ")
        return (name, rest)
    }

    /// A small file's text, read whole (the kernel's files say size 0).
    static func contents(_ path: String, limit: Int = 65536) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The login name of `uid`, or the number.
    static func userName(_ uid: UInt32) -> String {
        var entry = passwd(), result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name
        else { return "\(uid)" }
        return String(cString: name)
    }
}
