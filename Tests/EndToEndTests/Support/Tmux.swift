import Foundation
import TestSupport

/// Runs a command in a detached tmux server of its own (its own `-L` socket), so tests can
/// run in parallel and never touch the user's tmux. The server is killed by `close()`.
final class Tmux {
    let socket: String
    let pidFile: String
    /// The program's `XDG_CACHE_HOME` unless the caller gives one: a folder of this session's,
    /// removed by `close()`, so no test writes thumbnails into the user's cache.
    private let cacheHome: String?
    static let deadline: TimeInterval = 30

    /// Starts `arguments` in a `width`×`height` pane. The pane prints BEFORE first and
    /// `EXITED <status>` when the program ends, then stays, so both can be checked.
    init(_ arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "gridkit-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        pidFile = NSTemporaryDirectory() + socket + ".pid"
        var environment = environment
        if environment["XDG_CACHE_HOME"] == nil {
            let home = NSTemporaryDirectory() + socket + "-cache"
            environment["XDG_CACHE_HOME"] = home
            cacheHome = home
        } else {
            cacheHome = nil
        }
        let quoted = arguments.map(Tmux.shellQuote).joined(separator: " ")
        // The caller's NO_COLOR, GRIDKIT_COLORS and COLORTERM (a user's, or the test runner's)
        // must not change what tests see; a test sets them where it means to.
        let env =
            "-u NO_COLOR -u GRIDKIT_COLORS -u COLORTERM "
            + environment.map { "\($0.key)=\(Tmux.shellQuote($0.value))" }.joined(separator: " ")
        // The shell traps INT so Ctrl-C ends only the program, and the pane survives to report.
        // The tty settings' checksum before and after show whether the program restored them.
        let tty = "$(stty -g | cksum | cut -d' ' -f1)"
        let script =
            "trap : INT; echo \"BEFORE \(tty)\"; echo $$ > \(pidFile); env \(env) \(quoted); echo \"EXITED $?\"; echo \"TTY \(tty)\"; sleep 600"
        try Tmux.run(
            captureOutput: false,
            [
                "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                "-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8", "sh", "-c", script
            ])
    }

    deinit { close() }

    /// Ends what the test started: the session (tmux 3.3's kill-server alone can leave it and its
    /// program running), then the server, and waits until the pane's shell and its children are gone.
    func close() {
        let shell = shellPID
        let children = shell.map { (try? spawnAndWait(["pgrep", "-P", "\($0)"]).stdout) ?? "" } ?? ""
        _ = try? Tmux.run(["-L", socket, "kill-session", "-t", "0"])
        _ = try? Tmux.run(["-L", socket, "kill-server"])
        // Each known by its start time too: pids wrap (pid_max is 32768 here) and are handed out
        // again within seconds on a busy machine, and a pid alone would have this wait for, then
        // SIGKILL, whatever took it (another run's compiler, test runner or terminal).
        let pids = ([shell].compactMap { $0 } + children.split(separator: "\n").compactMap { Int32($0) })
        let processes = pids.compactMap { pid in Tmux.startTime(of: pid).map { (pid: pid, start: $0) } }
        func alive(_ p: (pid: Int32, start: String)) -> Bool { Tmux.startTime(of: p.pid) == p.start }
        _ = poll(for: .seconds(5)) { !processes.contains(where: alive) }
        for p in processes where alive(p) { kill(p.pid, SIGKILL) }
        unlink(pidFile)
        if let cacheHome { try? FileManager.default.removeItem(atPath: cacheHome) }
    }

    /// When process `pid` started (field 22 of /proc/<pid>/stat, in clock ticks since boot), or
    /// nil when there is no such process: with the pid, it names one process.
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: the state (field 3), so the start time (field 22) is the 20th.
        return fields.count > 19 ? String(fields[19]) : nil
    }

    static func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux. Starting a server must not capture output: the server daemon inherits the
    /// pipe and would keep it open for its whole life.
    @discardableResult
    static func run(captureOutput: Bool = true, _ args: [String]) throws -> String {
        try spawnAndWait(["tmux"] + args, captureOutput: captureOutput).stdout
    }

    /// True when the tty settings after the program ended equal those before it started
    /// (needs the program to have exited: call after waiting for `EXITED`).
    func ttyRestored() throws -> Bool {
        let text = try waitFor("TTY ")
        func value(after tag: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix(tag) }.map {
                String($0.dropFirst(tag.count)).trimmingCharacters(in: .whitespaces)
            }
        }
        guard let before = value(after: "BEFORE "), let after = value(after: "TTY ") else { return false }
        return !before.isEmpty && before == after
    }

    /// True when the pane shows a picture in half blocks. The writer sends a picture cell as the
    /// upper, lower or full block or, in one colour, as a space in that background (a picture of
    /// flat colours may have no block at all). The interface's own backgrounds are the theme's 16
    /// colours and the grey ramp (mattes, placeholders), so a space counts only in a colour of
    /// the 6×6×6 cube or a direct one: a picture of flat greys shows as no picture here.
    /// Quadrants, vertical halves and sextants count too (`GRIDKIT_SYMBOLS`).
    func showsPicture() -> Bool {
        Tmux.cells(captureWithEscapes()).contains { cell in
            Tmux.isBlock(cell.scalar)
                || (cell.scalar == " " && ((16...231).contains(cell.background) || cell.background == Tmux.direct))
        }
    }

    /// A block element a picture cell may be drawn with: half, full, quadrant or sextant.
    static func isBlock(_ s: Unicode.Scalar) -> Bool {
        ["▀", "▄", "█", "▌", "▐"].contains(s) || (0x2596...0x259F).contains(s.value)
            || (0x1FB00...0x1FB3B).contains(s.value)
    }

    /// Where a screen (`captureWithEscapes`) has picture cells, each shown as `▀`. Which of its
    /// forms a picture cell takes (`showsPicture`) depends on the colours written before it, so
    /// two screens that show the same are compared this way. A space in any colour but the
    /// default background counts as a picture cell.
    static func pictureShape(_ escaped: String) -> String {
        var out = String.UnicodeScalarView()
        for cell in cells(escaped) {
            out.append(isBlock(cell.scalar) || (cell.scalar == " " && cell.background != -1) ? "▀" : cell.scalar)
        }
        // Plain spaces at the ends of lines: tmux keeps them (`-N`) only where something was
        // written, so whether they are there depends on what came before too.
        return String(out).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// What a screen (`captureWithEscapes`) shows, cell by cell, whatever sequences drew it:
    /// a picture cell (a half or full block, or a space) as the colours of its two halves, any
    /// other character with its colours and attributes. Plain spaces at the ends of lines are
    /// left out (tmux keeps them only where something was written).
    static func shown(_ escaped: String) -> [[String]] {
        var lines: [[String]] = [[]]
        for c in styled(escaped) {
            if c.scalar == "\n" { lines.append([]); continue }
            let (s, fg, bg) = (c.scalar, c.foreground, c.background)
            let block: (Int, Int)? =
                !c.attributes.isEmpty
                ? nil
                : s == "▀" ? (fg, bg) : s == "▄" ? (bg, fg) : s == "█" ? (fg, fg) : s == " " ? (bg, bg) : nil
            lines[lines.count - 1].append(
                block.map { "\($0.0)/\($0.1)" } ?? "\(s) \(fg) \(bg) \(c.attributes.sorted())")
        }
        return lines.map { line in Array(line.reversed().drop { $0 == "-1/-1" }.reversed()) }
    }

    /// A background colour set directly (`48;2;r;g;b`), in `cells`.
    static let direct = 1 << 24

    /// Each character of a screen (`captureWithEscapes`, newlines included) with the background
    /// it is drawn on: -1 the default, 0–255 a palette entry, `direct` an RGB colour.
    static func cells(_ escaped: String) -> [(scalar: Unicode.Scalar, background: Int)] {
        styled(escaped).map { ($0.scalar, $0.background >= direct ? direct : $0.background) }
    }

    /// Each character of a screen (`captureWithEscapes`, newlines included) with the colours
    /// (-1 the default, 0–255 a palette entry, `direct` plus the RGB value for a direct colour)
    /// and the other SGR attributes it is drawn with.
    private static func styled(_ escaped: String) -> [(
        scalar: Unicode.Scalar, foreground: Int, background: Int, attributes: Set<Int>
    )] {
        var out: [(scalar: Unicode.Scalar, foreground: Int, background: Int, attributes: Set<Int>)] = []
        var fg = -1, bg = -1, attributes: Set<Int> = []
        let scalars = Array(escaped.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2, text = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) {
                    text.unicodeScalars.append(scalars[j]); j += 1
                }
                if j < scalars.count, scalars[j] == "m" {
                    let p =
                        text.isEmpty
                        ? [0] : text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var k = 0
                    while k < p.count {
                        switch p[k] {
                        case 38, 48:
                            let isDirect = k + 1 < p.count && p[k + 1] == 2
                            let value =
                                isDirect
                                ? (k + 4 < p.count ? direct + (p[k + 2] << 16 | p[k + 3] << 8 | p[k + 4]) : -1)
                                : (k + 2 < p.count ? p[k + 2] : -1)
                            if p[k] == 38 { fg = value } else { bg = value }
                            k += isDirect ? 5 : 3 // 2;r;g;b or 5;n
                            continue
                        case 0: fg = -1; bg = -1; attributes = []
                        case 39: fg = -1
                        case 49: bg = -1
                        case 30...37: fg = p[k] - 30
                        case 90...97: fg = p[k] - 82
                        case 40...47: bg = p[k] - 40
                        case 100...107: bg = p[k] - 92
                        case 22: attributes.remove(1); attributes.remove(2)
                        case 23, 24, 27: attributes.remove(p[k] - 20)
                        default: attributes.insert(p[k])
                        }
                        k += 1
                    }
                }
                i = j + 1
                continue
            }
            out.append((scalars[i], fg, bg, attributes))
            i += 1
        }
        return out
    }

    /// The pane's text with its colours and attributes as escape sequences.
    /// (`-N`: spaces at the end of a line too, which may be a picture's cells in their colour.)
    func captureWithEscapes() -> String {
        (try? Tmux.run(["-L", socket, "capture-pane", "-e", "-N", "-p", "-t", "0"])) ?? ""
    }

    /// The pane's text now.
    func capture() -> String { (try? Tmux.run(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? "" }

    /// A tmux format value for the pane, such as `#{alternate_on}`.
    func format(_ f: String) -> String {
        ((try? Tmux.run(["-L", socket, "display-message", "-p", "-t", "0", f])) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Sends tmux key names (`Down`, `Enter`, `q`, `C-c`, …) one at a time.
    func send(_ keys: String...) {
        for k in keys { _ = try? Tmux.run(["-L", socket, "send-keys", "-t", "0", k]) }
    }

    /// Sends raw bytes, given in hex (`"1b", "5b"`), as a terminal would.
    func sendBytes(_ hex: [String]) {
        _ = try? Tmux.run(["-L", socket, "send-keys", "-t", "0", "-H"] + hex)
    }

    /// Sends literal text.
    func type(_ text: String) { _ = try? Tmux.run(["-L", socket, "send-keys", "-t", "0", "-l", text]) }

    /// Sends mouse input as an xterm (X10-encoded) terminal would: `button` 0 is a left press,
    /// 3 a release, 64/65 the wheel; `x`, `y` are 0-based cell coordinates.
    func mouse(button: Int, x: Int, y: Int) {
        let seq =
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x)))
            + String(UnicodeScalar(UInt8(33 + y)))
        type(seq)
    }

    /// A left click: press and release.
    func click(x: Int, y: Int) {
        mouse(button: 0, x: x, y: y)
        mouse(button: 3, x: x, y: y)
    }

    func resize(width: Int, height: Int) {
        _ = try? Tmux.run(["-L", socket, "resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the shell that runs the program (the program is its child).
    var shellPID: Int32? {
        (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Sends a signal (`TERM`, `HUP`, `SEGV`, …) to the program running in the pane.
    func signalProgram(_ name: String, program: String) throws {
        guard let shell = shellPID else { throw E2EError.timeout(what: "the pane's shell pid", screen: capture()) }
        try spawnAndWait(["pkill", "-\(name)", "-P", "\(shell)", program])
    }

    /// Polls the screen until `predicate` holds; throws with the last screen when time runs out.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = Tmux.deadline, _ predicate: (String) -> Bool) throws
        -> String
    {
        var screen = ""
        // Its own error rather than a recorded issue: it shows the last screen.
        guard
            poll(
                for: .seconds(timeout),
                {
                    screen = capture()
                    return predicate(screen)
                })
        else { throw E2EError.timeout(what: what, screen: screen) }
        return screen
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = Tmux.deadline) throws -> String {
        try waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }
}

enum E2EError: Error, CustomStringConvertible {
    case timeout(what: String, screen: String)
    case missingBinary(String)
    var description: String {
        switch self {
        case .timeout(let what, let screen): return "timed out waiting for \(what); screen was:\n\(screen)"
        case .missingBinary(let name): return "\(name) not built: run the tests with `make test`"
        }
    }
}

/// The path of a built executable: from the environment (`make test` sets it) or the debug build.
func binary(_ name: String, env: String) throws -> String {
    if let path = ProcessInfo.processInfo.environment[env], FileManager.default.isExecutableFile(atPath: path) {
        return path
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    for dir in [".build/debug", ".build/release", "Examples/FruitGrid/.build/debug"] {
        let path = root.appendingPathComponent(dir).appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw E2EError.missingBinary(name)
}

func griddemo() throws -> String { try binary("griddemo", env: "GRIDDEMO") }
