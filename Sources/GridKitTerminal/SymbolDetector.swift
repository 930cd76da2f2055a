import GridKit

/// Chooses the block elements pictures in text may use: `GRIDKIT_SYMBOLS` (`half`, `quadrant`,
/// `sextant` or `auto`) when set, otherwise what the terminal is known to draw.
///
/// Quadrants are in every font that has block elements, so any terminal drawing pictures in
/// text in 256 colours or more gets them. Sextants (Unicode 13) only where the terminal draws
/// them itself rather than from a font that may lack them: kitty, WezTerm, foot and Ghostty
/// draw box and block characters themselves, sextants among them. xterm takes them from its
/// font (DejaVu Sans Mono here has none), and inside tmux the outer terminal is not known.
/// Below 256 colours pictures are drawn in half blocks or shades as before: a finer split has
/// too few colours to show.
package enum SymbolDetector {
    /// `GRIDKIT_SYMBOLS` as symbols: nil for `auto` or unset; an error for anything else.
    package static func requested(_ value: String?) throws -> PictureSymbols? {
        guard let value, !value.isEmpty, value != "auto" else { return nil }
        guard let symbols = PictureSymbols(rawValue: value) else { throw TerminalError.badPictureSymbols(value) }
        return symbols
    }

    /// Terminals (their XTVERSION names, lowercased) that draw sextants themselves.
    static let drawsSextants: Set<String> = ["kitty", "wezterm", "foot", "ghostty"]

    /// The symbols to use: `forced` when given, else as the terminal is known to draw them.
    /// `terminalName` is XTVERSION's (lowercased), when the terminal answered.
    package static func decide(
        forced: PictureSymbols?, colorMode: ColorMode, utf8: Bool, terminalName: String?,
        environment env: [String: String]
    ) -> PictureSymbols {
        guard utf8 else { return .halfBlocks }
        if let forced { return forced }
        guard colorMode >= .palette256 else { return .halfBlocks }
        if !(env["TMUX"] ?? "").isEmpty { return .quadrants }
        let kitty = env["TERM"] == "xterm-kitty" || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty
        if kitty || terminalName.map(drawsSextants.contains) == true { return .sextants }
        return .quadrants
    }
}
