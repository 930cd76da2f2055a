import CNcurses
import Foundation
import GridKit

/// Chooses how pictures are shown: `GRIDKIT_GRAPHICS` (or the app's own choice) when set,
/// otherwise what the terminal says it can do.
///
/// The terminal is asked once, before curses starts, with three queries in one write: kitty's
/// graphics query, the cell size in pixels (`CSI 16 t`) and the primary device attributes (DA1,
/// whose parameter 4 means sixel). Every terminal answers DA1 and answers in order, so its reply
/// ends the wait; a terminal that answers nothing costs at most `deadline`. Replies that come
/// later are swallowed by the input decoder, never read as keys.
public enum GraphicsDetector {
    /// The longest the queries may take, all together.
    public static let deadline: Duration = .milliseconds(100)

    /// The queries, in the order the replies are expected.
    static let queries = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8)

    /// What the replies and the environment add up to.
    public struct Decision: Equatable, Sendable {
        /// How pictures will be shown.
        public var mode: GraphicsMode
        /// One cell in pixels, when the terminal said.
        public var cellPixelSize: Size?
        /// Graphics must go through tmux's passthrough (`ESC P tmux; … ESC \`).
        public var tmuxPassthrough: Bool
    }

    /// `GRIDKIT_GRAPHICS` as a mode: nil for `auto` or unset; an error for anything else.
    public static func requested(_ value: String?) throws -> GraphicsMode? {
        guard let value, !value.isEmpty, value != "auto" else { return nil }
        guard let mode = GraphicsMode(rawValue: value) else {
            throw TerminalError.badGraphicsMode(value)
        }
        return mode
    }

    /// Decides from the terminal's replies (possibly none) and the environment.
    public static func decide(replies: [UInt8], environment env: [String: String], tmuxPassthrough: Bool?) -> Decision {
        let text = String(decoding: replies, as: UTF8.self)
        var cell: Size?
        if let m = text.firstMatch(of: /\e\[6;(\d+);(\d+)t/), let h = Int(m.1), let w = Int(m.2), w > 0, h > 0 {
            cell = Size(width: w, height: h)
        }
        let kittyOK = text.contains("\u{1B}_Gi=31;OK")
        var sixel = false
        if let m = text.firstMatch(of: /\e\[\?([0-9;]*)c/) { sixel = m.1.split(separator: ";").contains("4") }
        let program = env["TERM_PROGRAM"] ?? ""
        let inTmux = !(env["TMUX"] ?? "").isEmpty
        if inTmux && tmuxPassthrough != true { return Decision(mode: .blocks, cellPixelSize: cell, tmuxPassthrough: false) }
        let mode: GraphicsMode
        if program == "WezTerm" || program == "iTerm.app" { mode = .iterm }
        else if kittyOK || (env["TERM"] ?? "") == "xterm-kitty" || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty { mode = .kitty }
        else if sixel { mode = .sixel }
        else { mode = .blocks }
        return Decision(mode: mode, cellPixelSize: cell, tmuxPassthrough: inTmux)
    }

    /// Terminals that show an APC query as text, or cannot show pictures at all: not asked.
    static let neverAsked: Set<String> = ["linux", "vt100", "vt102", "vt220", "dumb", "ansi", "cons25", "sun"]

    /// Asks the terminal (stdin/stdout must be it, before curses starts) and decides.
    static func probe(environment env: [String: String]) -> Decision {
        let inTmux = !(env["TMUX"] ?? "").isEmpty
        let passthrough = inTmux ? tmuxAllowsPassthrough() : nil
        // No answer could change the outcome: half blocks, without costing the deadline.
        if neverAsked.contains(env["TERM"] ?? "") || (inTmux && passthrough != true) {
            return decide(replies: [], environment: env, tmuxPassthrough: passthrough)
        }
        guard gk_query_mode(1) == 0 else { return decide(replies: [], environment: env, tmuxPassthrough: passthrough) }
        defer { _ = gk_query_mode(0) }
        var q = queries
        if inTmux, passthrough == true { q = wrapForTmux(q) }
        _ = q.withUnsafeBufferPointer { gk_write_raw($0.baseAddress, $0.count) }
        let clock = ContinuousClock(), end = clock.now + deadline
        var replies: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while clock.now < end {
            let left = Int((end - clock.now) / .milliseconds(1)) + 1
            let n = buffer.withUnsafeMutableBufferPointer { gk_read_reply($0.baseAddress, $0.count, Int32(left)) }
            if n < 0 { break }
            replies += buffer[0..<Int(n)]
            // DA1 comes last: once it is in, everything is.
            if String(decoding: replies, as: UTF8.self).contains(/\e\[\?[0-9;]*c/) { break }
        }
        return decide(replies: replies, environment: env, tmuxPassthrough: passthrough)
    }

    /// tmux forwards our graphics only with `allow-passthrough` on.
    static func tmuxAllowsPassthrough() -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        let value = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return value.hasPrefix("on") || value.hasPrefix("all")
    }

    /// Bytes for the outer terminal through tmux: inside `ESC P tmux; … ESC \`, ESC doubled.
    public static func wrapForTmux(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        for b in bytes { out.append(b); if b == 27 { out.append(27) } }
        return out + Array("\u{1B}\\".utf8)
    }
}
