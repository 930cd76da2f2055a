/// Rows as columns of text: the widths a row of a given width gives each column, and the drawing
/// of a row's values into them, cut with `…` where they do not fit. The same value draws the
/// header (`TableHeader`) and every row, so they line up.
///
/// ```swift
/// var columns = TableColumns([
///     TableColumn("PID", width: .fixed(7), alignment: .trailing),
///     TableColumn("Name", width: .fraction(1)),
///     TableColumn("CPU %", width: .fit(minimum: 5, maximum: 8), alignment: .trailing),
/// ])
/// columns.draw(["4242", "sleep", "0.0"], in: context, style: .plain)
/// ```
public struct TableColumns: Equatable, Sendable {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// Blank cells between two columns.
    public var spacing: Int
    /// What `.fit` columns have seen: their widths so far.
    private var fitted: [Int]

    /// Columns `spacing` apart.
    public init(_ columns: [TableColumn], spacing: Int = 1) {
        self.columns = columns
        self.spacing = max(0, spacing)
        fitted = columns.map { TextWidth.width(of: $0.title) }
    }

    /// Widens the `.fit` columns to hold `values` (one per column), within their bounds; never
    /// narrows them.
    public mutating func fit(_ values: [String]) {
        for (k, value) in values.enumerated() where k < columns.count {
            guard case .fit(_, let maximum) = columns[k].width, fitted[k] < maximum else { continue }
            fitted[k] = min(maximum, max(fitted[k], TextWidth.width(of: value)))
        }
    }

    /// Each column's width in a row `width` wide. Fixed and fitted columns first; fractions share
    /// what is left. Too narrow a row takes from the fractions, then the fitted columns down to
    /// their minimum, then the last columns.
    package func widths(for width: Int) -> [Int] {
        var widths = columns.indices.map { k -> Int in
            switch columns[k].width {
            case .fixed(let n): return max(0, n)
            case .fit(let minimum, let maximum): return max(minimum, min(maximum, fitted[k]))
            case .fraction: return 0
            }
        }
        let gaps = spacing * max(0, columns.count - 1)
        var left = width - gaps - widths.reduce(0, +)
        let shares = columns.map { if case .fraction(let f) = $0.width { return max(0, f) } else { return 0 } }
        let total = shares.reduce(0, +)
        if left > 0, total > 0 {
            var given = 0
            let last = shares.lastIndex { $0 > 0 }!
            for k in columns.indices where shares[k] > 0 {
                widths[k] = k == last ? left - given : Int(Double(left) * shares[k] / total)
                given += widths[k]
            }
            left = 0
        }
        // Too narrow: fitted columns give back down to their minimum, then the last columns go.
        for k in columns.indices.reversed() where left < 0 {
            if case .fit(let minimum, _) = columns[k].width {
                let give = min(-left, widths[k] - minimum)
                widths[k] -= give
                left += give
            }
        }
        for k in columns.indices.reversed() where left < 0 {
            let give = min(-left, widths[k])
            widths[k] -= give
            left += give
        }
        return widths
    }

    /// The column under `x` (columns from the row's start) in a row `width` wide, or nil (a gap).
    package func column(at x: Int, width: Int) -> Int? {
        var start = 0
        for (k, w) in widths(for: width).enumerated() {
            if x >= start && x < start + w { return k }
            start += w + spacing
        }
        return nil
    }

    /// Draws `values` (one per column; missing ones blank) across `context`'s bounds, each cut
    /// with `…` to its column and placed as the column aligns.
    public func draw(_ values: [String], in context: DrawContext, style: Style) {
        draw(values, in: context, styles: Array(repeating: style, count: values.count))
    }

    /// Draws `values` with a style for each column.
    public func draw(_ values: [String], in context: DrawContext, styles: [Style]) {
        var x = 0
        for (k, w) in widths(for: context.bounds.width).enumerated() {
            defer { x += w + spacing }
            guard k < values.count, w > 0 else { continue }
            let shown = TextWidth.truncate(values[k], toWidth: w)
            let used = TextWidth.width(of: shown)
            let at: Int
            switch columns[k].alignment {
            case .leading, .justified: at = x
            case .trailing: at = x + w - used
            case .center: at = x + (w - used) / 2
            }
            context.text(shown, at: Point(x: at, y: 0), style: k < styles.count ? styles[k] : .plain, maxWidth: w)
        }
    }
}
