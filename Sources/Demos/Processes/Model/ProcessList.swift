import Foundation

/// The processes as the list shows them: filtered by the search, grouped into sections (by state
/// or by user), sorted within each by a column. Pure: the screen feeds it samples and reads
/// sections back.
package struct ProcessList: Sendable {
    /// How rows are put into sections.
    package enum Grouping: String, Sendable { case state, user }
    /// The columns rows can be sorted by, in the table's order.
    package enum Column: Int, CaseIterable, Sendable {
        case pid, name, user, state, cpu, memory
    }

    package private(set) var byPID: [Int32: ProcessRecord] = [:]
    package var grouping = Grouping.state
    package var sortColumn = Column.cpu
    package var ascending = false
    /// Rows whose name, command line, user or pid contain this (case ignored).
    package var query = "" { didSet { foldedQuery = Array(Self.fold(query).utf8) } }
    private var foldedQuery: [UInt8] = []
    /// Each process's searched text, folded once when a sample brings it: the search runs on
    /// every typed key over every process, and folding there cost ~24 ms a key over 1,000.
    private var haystacks: [Int32: [UInt8]] = [:]

    package init() {}

    /// Takes a new sample; returns the pids whose shown values changed.
    @discardableResult
    package mutating func update(_ records: [ProcessRecord]) -> Set<Int32> {
        var changed = Set<Int32>()
        var next: [Int32: ProcessRecord] = [:], nextHaystacks: [Int32: [UInt8]] = [:]
        next.reserveCapacity(records.count)
        nextHaystacks.reserveCapacity(records.count)
        for record in records {
            let old = byPID[record.pid]
            if let old, old != record { changed.insert(record.pid) }
            next[record.pid] = record
            let searched = old.map {
                $0.name == record.name && $0.user == record.user && $0.commandLine == record.commandLine
            }
            nextHaystacks[record.pid] = searched == true ? haystacks[record.pid] : Self.haystack(record)
        }
        byPID = next
        haystacks = nextHaystacks
        return changed
    }

    /// Whether `record` matches the query.
    package func matches(_ record: ProcessRecord) -> Bool {
        guard !foldedQuery.isEmpty else { return true }
        // Bytes, not characters: both sides are folded the same way, and a byte search is
        // what keeps a key under a millisecond over a thousand command lines.
        let haystack = haystacks[record.pid] ?? Self.haystack(record)
        return Self.contains(haystack, foldedQuery)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                for i in 0...(h.count - n.count) where h[i] == first {
                    if memcmp(h.baseAddress! + i, n.baseAddress!, n.count) == 0 { return true }
                }
                return false
            }
        }
    }

    /// The fields the search looks in, one to a line (a query cannot span two: it is one line).
    private static func haystack(_ record: ProcessRecord) -> [UInt8] {
        Array(fold("\(record.pid)\n\(record.name)\n\(record.user)\n\(record.commandLine)").utf8)
    }

    /// Case and width ignored, as the search promises; the same folding on both sides.
    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// The sections shown: title, then pids in order. Sections with no row are left out.
    package var sections: [(title: String, pids: [Int32])] {
        var groups: [String: [ProcessRecord]] = [:]
        for record in byPID.values where matches(record) {
            groups[grouping == .state ? record.state.rawValue : record.user, default: []].append(record)
        }
        let titles = groups.keys.sorted { a, b in
            if grouping == .state {
                return (ProcessState(rawValue: a) ?? .other) < (ProcessState(rawValue: b) ?? .other)
            }
            return a < b
        }
        return titles.map { ($0, groups[$0]!.sorted(by: inOrder).map(\.pid)) }
    }

    /// The sort: by the column, then by pid, so equal values keep a steady order.
    private func inOrder(_ a: ProcessRecord, _ b: ProcessRecord) -> Bool {
        let order: Bool?
        switch sortColumn {
        case .pid: order = nil
        case .name: order = a.name == b.name ? nil : a.name.localizedStandardCompare(b.name) == .orderedAscending
        case .user: order = a.user == b.user ? nil : a.user < b.user
        case .state: order = a.state == b.state ? nil : a.state < b.state
        case .cpu: order = a.cpuPercent == b.cpuPercent ? nil : a.cpuPercent < b.cpuPercent
        case .memory: order = a.residentBytes == b.residentBytes ? nil : a.residentBytes < b.residentBytes
        }
        return (order ?? (a.pid < b.pid)) == ascending
    }
}
