import Foundation
import GridKit

/// Colours shared by the demo cells.
enum Palette {
    /// Not bold, as the title bar: bold black is grey in xterm.
    static let focus = Style(foreground: .black, background: .ansi(14))
    static let selected = Style(foreground: .black, background: .yellow)
    static let header = Style(foreground: .ansi(15), background: .ansi(4), attributes: .bold)
    /// A header's detail beside its title: as bright, not bold (dim text on blue is hard to read).
    static let headerDetail = Style(foreground: .ansi(15), background: .ansi(4))
    /// A card on a grey of its own, with its own light text: the terminal's text colour would be
    /// black on a light theme.
    static let card = Style(foreground: .palette(252), background: .palette(236))
    static let dim = Style(foreground: .brightBlack)
    /// A marker in the text's place: cyan on a dark terminal, blue on a light one (cyan on
    /// white is about 2:1).
    static func accent(on tone: BackgroundTone) -> Style {
        Style(foreground: tone == .light ? .blue : .cyan, attributes: .bold)
    }
    static let error = Style(foreground: .red, attributes: .bold)

    /// A stable, pleasant colour for a number (hue walks the colour wheel).
    static func hue(_ n: Int) -> Color {
        let degrees = n.multipliedReportingOverflow(by: 37).partialValue % 360
        return degrees >= 0 ? hues[degrees] : color(atHue: degrees)
    }

    /// The 360 colours `hue` picks from, worked out once: a list draws one per row on every scroll.
    private static let hues = (0..<360).map(color(atHue:))

    private static func color(atHue degrees: Int) -> Color {
        let (r, g, b) = ColorMath.hsv(Double(degrees), 0.6, 0.82)
        return .rgb(UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }

    /// Whether black text on `color` is harder to read than white: its relative luminance
    /// (sRGB) below 0.18, where the two contrasts cross. Only RGB colours are judged; others
    /// count as light.
    static func isDark(_ color: Color) -> Bool {
        guard case .rgb(let r, let g, let b) = color.kind else { return false }
        return 0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)] < 0.18
    }

    /// sRGB channel values made linear, by value.
    private static let linear: [Double] = (0..<256).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Style for a row or card given its state.
    static func body(_ state: CellState) -> Style {
        state.isFocused ? focus : state.isSelected ? selected : .plain
    }
}
