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
        let (r, g, b) = ColorMath.hsv(Double((n * 37) % 360), 0.6, 0.82)
        return .rgb(UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }

    /// Style for a row or card given its state.
    static func body(_ state: CellState) -> Style {
        state.isFocused ? focus : state.isSelected ? selected : .plain
    }
}
