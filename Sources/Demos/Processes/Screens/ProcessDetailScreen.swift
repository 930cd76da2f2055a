import Foundation
import GridKit

/// One process in full, kept up to date every interval; when it exits (or is a zombie, exited
/// and not yet waited for), the screen says so and keeps what it last saw.
package final class ProcessDetailScreen: Screen, GridDataSource {
    private var record: ProcessRecord
    private let source: any ProcessSource
    private let interval: Duration
    private var grid: GridView?
    /// Set once a sample found the process gone.
    package private(set) var hasExited = false

    package init(record: ProcessRecord, source: any ProcessSource, interval: Duration) {
        self.record = record
        self.source = source
        self.interval = interval
    }

    package var title: String { "\(record.name) · \(record.pid)" }
    package var status: String { hasExited ? "exited" : record.state.rawValue.lowercased() }
    package var keyHints: [KeyHint] { [.moveUpDown, .back, .quit] }

    /// The rows: a label and a value each.
    var rows: [(String, String)] {
        var rows = [
            ("Name", record.name), ("PID", String(record.pid)), ("Parent", String(record.parent)),
            ("User", "\(record.user) (\(record.uid))"),
            ("State", record.state.rawValue), ("CPU", record.cpuText + " %"), ("Memory", record.memoryText),
            ("Threads", String(record.threads)),
            ("Command", record.commandLine.isEmpty ? "[\(record.name)]" : record.commandLine)
        ]
        if hasExited { rows.insert(("", "This process has exited."), at: 0) }
        return rows
    }

    package func makeLayout() -> any GridLayout {
        FlowLayout(
            itemSize: Size(width: FlowLayout.fullLine, height: 1),
            sectionInset: EdgeInsets(top: 1, left: 1, bottom: 0, right: 1))
    }

    package func registerCells(in gridView: GridView) { gridView.register(FieldCell.self) }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: GridKit.IndexPath) -> GridCell {
        let cell = gridView.dequeue(FieldCell.self, for: indexPath)
        (cell.label, cell.value) = rows[indexPath.item]
        cell.isWarning = hasExited && indexPath.item == 0
        return cell
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        let pid = record.pid
        context.every(interval) { [weak self] in
            guard let self, !hasExited else { return }
            // A zombie has exited too: only its parent has not asked how yet.
            if let now = source.read(pid), now.startTicks == record.startTicks, now.state != .zombie {
                let cpu = now.cpuTicks >= record.cpuTicks ? Double(now.cpuTicks - record.cpuTicks) : 0
                var next = now
                next.user = record.user
                next.cpuPercent = cpu / Double(sysconf(Int32(_SC_CLK_TCK))) / max(0.001, interval.seconds) * 100
                record = next
            } else {
                // Gone, or its pid taken by another process since.
                hasExited = true
            }
            gridView.reloadData()
        }
    }
}

/// A label and its value on one row.
final class FieldCell: GridCell {
    var label = "", value = ""
    var isWarning = false

    override func prepareForReuse() { label = ""; value = ""; isWarning = false }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = state.isFocused ? Palette.focus : Style.plain
        context.fill(style: style)
        if isWarning {
            context.text(
                value, at: .zero, style: state.isFocused ? style : Style(foreground: .yellow, attributes: .bold),
                maxWidth: bounds.width)
            return
        }
        context.text(label, at: .zero, style: state.isFocused ? style : Palette.dim, maxWidth: 10)
        context.text(value, at: Point(x: 10, y: 0), style: style, maxWidth: max(0, bounds.width - 10))
    }
}
