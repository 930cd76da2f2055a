import Foundation

/// Runs a command in a detached tmux server of its own (its own `-L` socket), so tests can
/// run in parallel and never touch the user's tmux. The server is killed by `close()`.
final class Tmux {
    let socket: String
    let pidFile: String
    static let deadline: TimeInterval = 30

    /// Starts `arguments` in a `width`×`height` pane. The pane prints BEFORE first and
    /// `EXITED <status>` when the program ends, then stays, so both can be checked.
    init(_ arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "gridkit-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        pidFile = NSTemporaryDirectory() + socket + ".pid"
        let quoted = arguments.map(Tmux.shellQuote).joined(separator: " ")
        // The caller's NO_COLOR (a user's, or the test runner's) must not change what tests see.
        let env = "-u NO_COLOR " + environment.map { "\($0.key)=\(Tmux.shellQuote($0.value))" }.joined(separator: " ")
        // The shell traps INT so Ctrl-C ends only the program, and the pane survives to report.
        // The tty settings' checksum before and after show whether the program restored them.
        let tty = "$(stty -g | cksum | cut -d' ' -f1)"
        let script = "trap : INT; echo \"BEFORE \(tty)\"; echo $$ > \(pidFile); env \(env) \(quoted); echo \"EXITED $?\"; echo \"TTY \(tty)\"; sleep 600"
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
        let pids = ([shell].compactMap { $0 } + children.split(separator: "\n").compactMap { Int32($0) })
        let end = Date().addingTimeInterval(5)
        while pids.contains(where: { kill($0, 0) == 0 }), Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        unlink(pidFile)
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
            text.split(separator: "\n").first { $0.hasPrefix(tag) }.map { String($0.dropFirst(tag.count)).trimmingCharacters(in: .whitespaces) }
        }
        guard let before = value(after: "BEFORE "), let after = value(after: "TTY ") else { return false }
        return !before.isEmpty && before == after
    }

    /// The pane's text with its colours and attributes as escape sequences.
    /// True when a screen shows a picture in half blocks: the writer sends each picture cell as
    /// the upper or the lower half block, whichever changes fewer colours.
    static func showsPicture(_ screen: String) -> Bool { screen.contains("▀") || screen.contains("▄") }

    func captureWithEscapes() -> String { (try? Tmux.run(["-L", socket, "capture-pane", "-e", "-p", "-t", "0"])) ?? "" }

    /// The pane's text now.
    func capture() -> String { (try? Tmux.run(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? "" }

    /// A tmux format value for the pane, such as `#{alternate_on}`.
    func format(_ f: String) -> String {
        ((try? Tmux.run(["-L", socket, "display-message", "-p", "-t", "0", f])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
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
        let seq = "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
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
        (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Sends a signal (`TERM`, `HUP`, `SEGV`, …) to the program running in the pane.
    func signalProgram(_ name: String, program: String) throws {
        guard let shell = shellPID else { throw E2EError.timeout(what: "the pane's shell pid", screen: capture()) }
        try spawnAndWait(["pkill", "-\(name)", "-P", "\(shell)", program])
    }

    /// Polls the screen until `predicate` holds; throws with the last screen when time runs out.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = Tmux.deadline, _ predicate: (String) -> Bool) throws -> String {
        let end = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            if Date() > end { throw E2EError.timeout(what: what, screen: screen) }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
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
    if let path = ProcessInfo.processInfo.environment[env], FileManager.default.isExecutableFile(atPath: path) { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    for dir in [".build/debug", ".build/release", "Examples/FruitGrid/.build/debug"] {
        let path = root.appendingPathComponent(dir).appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw E2EError.missingBinary(name)
}

func griddemo() throws -> String { try binary("griddemo", env: "GRIDDEMO") }
