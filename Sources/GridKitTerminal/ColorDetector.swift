import GridKit

/// Chooses the colours a terminal is drawn in: `GRIDKIT_COLORS` when set, otherwise what the
/// environment, terminfo and the terminal itself say.
///
/// Direct (24-bit) colour comes from any one of:
/// - terminfo's `RGB` flag (or 2^24 `colors`), which almost no `TERM` in use carries;
/// - `COLORTERM` set to `truecolor` or `24bit`, how kitty, VTE, Alacritty, WezTerm, iTerm2,
///   Windows Terminal, foot and Ghostty announce it (and what chafa, notcurses and Rich read);
/// - the terminal's answer to the start-up probe: it kept a direct colour when asked what it
///   had set (`GraphicsDetector.colorQuery`), as xterm does, which sets no `COLORTERM`.
///
/// Inside a multiplexer `COLORTERM` describes the terminal the multiplexer was started from,
/// which may not be the one it draws on now, and the multiplexer draws the colours anew for
/// each terminal attached. So inside tmux (`TMUX` set) tmux's own word counts instead: direct
/// colour where tmux says its client has it (`RGB` among `#{client_termfeatures}`, from the
/// client's terminfo, `terminal-features` or `terminal-overrides`; tmux 3.3 does not read
/// `COLORTERM` itself). Under GNU screen, or a `TERM` naming tmux or screen with no `TMUX` to
/// ask (ssh or sudo from inside tmux), neither `COLORTERM` nor an answer is trusted.
///
/// `NO_COLOR` set and not empty gives monochrome; otherwise terminfo's number of colours gives
/// 256, 16, 8 or none, as before. A `TERM` with no colours at all (`vt100`) stays monochrome
/// whatever `COLORTERM` says: it is the user's word for what the terminal takes.
package enum ColorDetector {
    /// `GRIDKIT_COLORS` as a mode: nil for `auto` or unset; an error for anything else.
    package static func requested(_ value: String?) throws -> ColorMode? {
        guard let value, !value.isEmpty, value != "auto" else { return nil }
        switch value {
        case "direct": return .direct
        case "256": return .palette256
        case "16": return .ansi16
        case "8": return .ansi8
        case "none": return .monochrome
        default: throw TerminalError.badColorMode(value)
        }
    }

    /// Whether `COLORTERM` announces direct colour (`truecolor` or `24bit`, any case).
    static func announcesDirect(_ env: [String: String]) -> Bool {
        let value = (env["COLORTERM"] ?? "").lowercased()
        return value == "truecolor" || value == "24bit"
    }

    /// Inside tmux, which can be asked about its client (`TMUX` names its socket).
    static func insideTmux(_ env: [String: String]) -> Bool { !(env["TMUX"] ?? "").isEmpty }

    /// Inside tmux or GNU screen, or on a `TERM` that names one: the colours reach the terminal
    /// only as the multiplexer draws them again, so neither `COLORTERM` nor an answer read
    /// through it says what the terminal shows.
    static func insideMultiplexer(_ env: [String: String]) -> Bool {
        let term = env["TERM"] ?? ""
        return insideTmux(env) || term.hasPrefix("tmux") || term.hasPrefix("screen")
    }

    /// Whether tmux's `#{client_termfeatures}` (features joined by commas) has direct colour.
    static func tmuxFeaturesHaveRGB(_ features: String) -> Bool {
        features.split { $0 == "," || $0.isWhitespace }.contains("RGB")
    }

    /// The colours to draw in. `forced` is `GRIDKIT_COLORS` (`requested`); `terminfoColors` and
    /// `terminfoDirect` are what terminfo says (`colors`, and the `RGB` flag); `answeredDirect`
    /// is the terminal's answer to the probe or, inside tmux, tmux's about its client.
    package static func decide(
        environment env: [String: String], forced: ColorMode?, terminfoColors: Int, terminfoDirect: Bool,
        answeredDirect: Bool
    ) -> ColorMode {
        if let forced { return forced }
        // NO_COLOR (no-color.org): set and not empty means no colour, whatever the terminal can
        // do; bold, underline and reverse video still show focus and structure. A setting for
        // this program alone (GRIDKIT_COLORS, above) overrides it, as the convention asks.
        if !(env["NO_COLOR"] ?? "").isEmpty { return .monochrome }
        if terminfoDirect { return .direct }
        if terminfoColors < 8 { return .monochrome }
        let direct =
            insideTmux(env) ? answeredDirect : !insideMultiplexer(env) && (announcesDirect(env) || answeredDirect)
        if direct { return .direct }
        return terminfoColors >= 256 ? .palette256 : terminfoColors >= 16 ? .ansi16 : .ansi8
    }
}
