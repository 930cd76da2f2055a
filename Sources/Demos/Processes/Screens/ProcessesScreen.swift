import Foundation
import GridKit

/// A live process monitor over `/proc`, in the spirit of `top`: processes in sections by state
/// (or by user, `v`) with pinned headers, as table rows sortable by any column (a click on its
/// title, or the keys 1–6), a search bar (`/`), a detail screen (Enter), and `k` to send a signal
/// after an alert asks. It samples again every second, with Swift concurrency: a screen task
/// that sleeps on the screen's clock and reads `/proc` on another thread.
package final class ProcessesScreen: Screen, GridDelegate, SearchResultsUpdating {
    private let source: any ProcessSource
    private let interval: Duration
    private var list = ProcessList()
    private var context: ScreenContext?
    private var grid: GridView?
    private var data: GridDiffableDataSource<String, Int32>?
    /// When the last sample was taken, for CPU shares.
    private var sampledAt = ContinuousClock.now
    /// How many samples have been shown.
    package private(set) var samples = 0
    /// How many rows the last apply showed (the status is read every frame: not sorted again).
    private var shown = 0

    package lazy var searchController: SearchController? = {
        let search = SearchController(placeholder: "name, user, pid or command")
        search.searchResultsUpdater = self
        return search
    }()

    package lazy var tableHeader: TableHeader? = {
        let header = TableHeader(
            columns: ProcessRowCell.tableColumns, sortColumn: list.sortColumn.rawValue, ascending: list.ascending)
        header.sortChanged = { [weak self] header in self?.sort(by: header.sortColumn, ascending: header.ascending) }
        return header
    }()

    /// A monitor of `source`'s processes, sampled every `interval`.
    package init(source: any ProcessSource = ProcessReader(), interval: Duration = .seconds(1)) {
        self.source = source
        self.interval = interval
    }

    package var title: String { "Processes" }
    package var status: String {
        let total = list.byPID.count
        let count = shown == total ? "\(total) processes" : "\(shown) of \(total) processes"
        return "\(count) · by \(list.grouping.rawValue)"
    }
    package var keyHints: [KeyHint] {
        [
            KeyHint("/", "search"), KeyHint("1-6", "sort"), KeyHint("v", "group"), KeyHint("k", "signal"),
            .select("details"), .quit
        ]
    }
    package var keyHelp: [KeyHelp] {
        [
            KeyHelp("/", "search by name, user, pid or command"),
            KeyHelp("1 2 3 4 5 6", "sort by pid, name, user, state, CPU, memory (again: reverse)"),
            KeyHelp("v", "sections by state or by user"),
            KeyHelp("k", "send the process a signal (asks first)")
        ]
    }

    package func makeLayout() -> any GridLayout {
        let layout = FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1))
        layout.headerReferenceSize = Size(width: 0, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(ProcessRowCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        self.context = context
        grid = gridView
        let data = GridDiffableDataSource<String, Int32>(gridView: gridView) { [unowned self] grid, indexPath, pid in
            let cell = grid.dequeue(ProcessRowCell.self, for: indexPath)
            cell.record = list.byPID[pid]
            cell.columns = tableHeader?.columns ?? ProcessRowCell.tableColumns
            return cell
        }
        data.supplementaryViewProvider = { [unowned data] grid, kind, indexPath in
            let header = grid.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
            let sections = data.snapshot()
            header.title = data.sectionIdentifier(for: indexPath.section) ?? ""
            let n = sections.numberOfItems(inSection: header.title)
            header.detail = n == 1 ? "1 process" : "\(n) processes"
            return header
        }
        self.data = data
        // The first sample now, so the first frame has the processes; then one an interval.
        received(source.sample(previous: [:], elapsed: 0))
        let source = self.source, interval = self.interval
        context.task { [weak self] in
            while !Task.isCancelled {
                do { try await context.sleep(for: interval) } catch { return }
                guard let self else { return }
                let previous = list.byPID, elapsed = (ContinuousClock.now - sampledAt).seconds
                // Reading /proc takes milliseconds: off the main actor, so keys are answered meanwhile.
                let records = await Task.detached(priority: .utility) {
                    source.sample(previous: previous, elapsed: elapsed)
                }.value
                if Task.isCancelled { return }
                received(records)
            }
        }
    }

    package func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { data }

    /// A new sample: rows that changed are redrawn in place, new ones come, gone ones go; the
    /// focus stays on its process.
    private func received(_ records: [ProcessRecord]) {
        sampledAt = .now
        samples += 1
        let changed = list.update(records)
        if var header = tableHeader?.columns {
            for record in records { header.fit(ProcessRowCell.values(of: record)) }
            tableHeader?.columns = header
        }
        apply(reconfiguring: changed)
    }

    private func apply(reconfiguring changed: Set<Int32> = []) {
        guard let data, let grid else { return }
        var snapshot = GridSnapshot<String, Int32>()
        let sections = list.sections
        shown = sections.reduce(0) { $0 + $1.pids.count }
        for section in sections {
            snapshot.appendSections([section.title])
            snapshot.appendItems(section.pids, toSection: section.title)
        }
        if !changed.isEmpty {
            // Only rows shown before and after: a new row is configured when it is made.
            let before = Set(data.snapshot().itemIdentifiers), after = Set(snapshot.itemIdentifiers)
            snapshot.reconfigureItems(changed.filter { before.contains($0) && after.contains($0) })
        }
        try? data.apply(snapshot)
        grid.contentUnavailableConfiguration =
            list.query.isEmpty
            ? ContentUnavailableConfiguration(
                image: "∅", text: "No processes", secondaryText: "Nothing could be read from /proc.")
            : .search(list.query)
    }

    private func sort(by column: Int?, ascending: Bool) {
        guard let column = column.flatMap(ProcessList.Column.init(rawValue:)) else { return }
        list.sortColumn = column
        list.ascending = ascending
        apply()
    }

    package func updateSearchResults(for searchController: SearchController) {
        list.query = searchController.searchBar.text
        apply()
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .character(let c) where ("1"..."6").contains(c):
            let column = Int(String(c))! - 1
            // The same column again turns the order round; CPU and memory start with the most.
            if tableHeader?.sortColumn == column {
                tableHeader?.sort(byColumn: column)
            } else {
                tableHeader?.sort(byColumn: column, ascending: column < ProcessList.Column.cpu.rawValue)
            }
        case .character("v"):
            list.grouping = list.grouping == .state ? .user : .state
            apply()
        case .character("k"):
            askToSignal(gridView)
        default:
            return .ignored
        }
        return .handled
    }

    private func focusedRecord(_ gridView: GridView) -> ProcessRecord? {
        gridView.focusedIndexPath.flatMap { data?.itemIdentifier(for: $0) }.flatMap { list.byPID[$0] }
    }

    /// `k`: an alert naming the process and the signals, for a process this user may signal;
    /// a message saying why not otherwise.
    private func askToSignal(_ gridView: GridView) {
        guard let context, let record = focusedRecord(gridView) else { return }
        if record.pid == getpid() {
            context.showMessage("That is this monitor: quit it with q")
            return
        }
        guard source.maySignal(record.pid) else {
            context.showMessage("You may not signal \(record.name) (\(record.pid)): it belongs to \(record.user)")
            return
        }
        let alert = AlertController(
            title: "Signal \(record.name) (\(record.pid))?",
            message: "SIGTERM asks it to stop; SIGKILL ends it at once.")
        for (title, key, signal) in [("Terminate (SIGTERM)", Character("t"), SIGTERM), ("Kill (SIGKILL)", "k", SIGKILL)]
        {
            alert.addAction(
                AlertAction(title: title, style: .destructive, key: key) { [weak self] _ in
                    self?.send(signal, to: record)
                })
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        context.present(alert)
    }

    private func send(_ signal: Int32, to record: ProcessRecord) {
        let name = ProcessSignal.name(signal)
        // The alert may have been answered long after it asked: a process that exited since, its
        // pid perhaps another's now, gets nothing.
        guard let now = source.read(record.pid), now.startTicks == record.startTicks, now.state != .zombie else {
            context?.showMessage("\(record.name) (\(record.pid)) has exited: no signal sent")
            return
        }
        if let problem = source.send(signal, to: record.pid) {
            context?.showMessage("Could not send \(name) to \(record.name) (\(record.pid)): \(problem)")
        } else {
            context?.showMessage("Sent \(name) to \(record.name) (\(record.pid))")
        }
    }

    package func action(forSelectedItemAt indexPath: GridKit.IndexPath, in gridView: GridView) -> ScreenAction {
        gridView.deselectItem(at: indexPath)
        guard let pid = data?.itemIdentifier(for: indexPath), let record = list.byPID[pid] else { return .handled }
        return .push(ProcessDetailScreen(record: record, source: source, interval: interval))
    }
}

extension Duration {
    /// In seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
