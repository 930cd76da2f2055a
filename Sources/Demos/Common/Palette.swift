import GridKit

/// Colours shared by the demo cells.
enum Palette {
    static let focus = Style(foreground: .black, background: .ansi(14), attributes: .bold)
    static let selected = Style(foreground: .black, background: .yellow)
    static let header = Style(foreground: .ansi(15), background: .ansi(4), attributes: .bold)
    static let dim = Style(foreground: .brightBlack)
    static let accent = Style(foreground: .cyan, attributes: .bold)
    static let error = Style(foreground: .red, attributes: .bold)

    /// A stable, pleasant colour for a number (hue walks the colour wheel).
    static func hue(_ n: Int) -> Color {
        let h = Double((n * 37) % 360) / 60, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (1, x, 0)
        case 1: (r, g, b) = (x, 1, 0)
        case 2: (r, g, b) = (0, 1, x)
        case 3: (r, g, b) = (0, x, 1)
        case 4: (r, g, b) = (x, 0, 1)
        default: (r, g, b) = (1, 0, x)
        }
        func c(_ v: Double) -> UInt8 { UInt8(60 + v * 150) }
        return .rgb(c(r), c(g), c(b))
    }

    /// Style for a row or card given its state.
    static func body(_ state: CellState) -> Style {
        state.isFocused ? focus : state.isSelected ? selected : .plain
    }
}
