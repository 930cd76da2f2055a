import GridKit

/// A process as one table row: pid, name, user, state, CPU and memory in the header's columns.
final class ProcessRowCell: GridCell {
    var record: ProcessRecord?
    var columns = TableColumns([])

    override func prepareForReuse() { record = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let record else { return }
        let style = state.isFocused ? Palette.focus : Style.plain
        context.fill(style: style)
        var styles = Array(repeating: style, count: 6)
        if !state.isFocused {
            styles[0] = Palette.dim
            if record.cpuPercent >= 50 { styles[4] = Style(foreground: .red, attributes: .bold) }
            if record.state == .zombie || record.state == .stopped { styles[3] = Style(foreground: .yellow) }
        }
        columns.draw(ProcessRowCell.values(of: record), in: context, styles: styles)
    }

    /// The texts of a row, column by column.
    static func values(of record: ProcessRecord) -> [String] {
        [String(record.pid), record.name, record.user, record.state.letter, record.cpuText, record.memoryText]
    }

    /// The table's columns: pid, name (what is left), user (fitted), state, CPU %, memory.
    static let tableColumns = TableColumns([
        TableColumn("PID", width: .fixed(7), alignment: .trailing),
        TableColumn("Name", width: .fraction(1)),
        TableColumn("User", width: .fit(minimum: 4, maximum: 14)),
        TableColumn("S", width: .fixed(2), alignment: .center),
        TableColumn("CPU%", width: .fixed(6), alignment: .trailing),
        TableColumn("Memory", width: .fixed(9), alignment: .trailing)
    ])
}
