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
    package var query = ""

    package init() {}

    /// Takes a new sample; returns the pids whose shown values changed.
    @discardableResult
    package mutating func update(_ records: [ProcessRecord]) -> Set<Int32> {
        var changed = Set<Int32>()
        var next: [Int32: ProcessRecord] = [:]
        next.reserveCapacity(records.count)
        for record in records {
            if let old = byPID[record.pid], old != record { changed.insert(record.pid) }
            next[record.pid] = record
        }
        byPID = next
        return changed
    }

    /// Whether `record` matches the query.
    package func matches(_ record: ProcessRecord) -> Bool {
        guard !query.isEmpty else { return true }
        if String(record.pid).contains(query) { return true }
        return record.name.localizedCaseInsensitiveContains(query) || record.user.localizedCaseInsensitiveContains(query)
            || record.commandLine.localizedCaseInsensitiveContains(query)
    }

    /// The sections shown: title, then pids in order. Sections with no row are left out.
    package var sections: [(title: String, pids: [Int32])] {
        var groups: [String: [ProcessRecord]] = [:]
        for record in byPID.values where matches(record) {
            groups[grouping == .state ? record.state.rawValue : record.user, default: []].append(record)
        }
        let titles = groups.keys.sorted { a, b in
            if grouping == .state { return (ProcessState(rawValue: a) ?? .other) < (ProcessState(rawValue: b) ?? .other) }
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
