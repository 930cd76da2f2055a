/// Why a terminal session could not start. `message` is the one line printed to the user.
public enum TerminalError: Error, Equatable {
    case notATerminal(stream: String)
    case termUnset
    case unknownTerm(String)
    case noTerminfoDatabase
    /// The terminal cannot place the cursor (no `cup`, or hardcopy or overstriking: `dumb`).
    case cannotAddressCursor(String)
    case openFailed(String)
    /// `GRIDKIT_GRAPHICS` (or `--graphics`) named no mode.
    case badGraphicsMode(String)
    /// `GRIDKIT_COLORS` named no colour mode.
    case badColorMode(String)
    /// `GRIDKIT_SYMBOLS` named no set of picture symbols.
    case badPictureSymbols(String)

    /// One line for the user, without the program name.
    public var message: String {
        switch self {
        case .notATerminal(let stream): return "needs an interactive terminal (\(stream) is not a tty)"
        case .termUnset: return "TERM is not set; set it to your terminal's type (for example TERM=xterm-256color)"
        case .unknownTerm(let t): return "unknown terminal type '\(t)' (TERM); try TERM=xterm-256color"
        case .noTerminfoDatabase: return "no terminfo database found; install ncurses-base"
        case .cannotAddressCursor(let t):
            return
                "the terminal type '\(t)' (TERM) cannot place the cursor; a grid needs one that can, such as TERM=xterm-256color"
        case .openFailed(let t): return "could not open the terminal (TERM=\(t))"
        case .badGraphicsMode(let m):
            return "unknown graphics mode '\(m)'; use auto, kitty, kitty-direct, sixel, iterm or blocks"
        case .badColorMode(let m):
            return "unknown colour mode '\(m)' (GRIDKIT_COLORS); use auto, direct, 256, 16, 8 or none"
        case .badPictureSymbols(let s):
            return "unknown picture symbols '\(s)' (GRIDKIT_SYMBOLS); use auto, half, quadrant or sextant"
        }
    }
}
