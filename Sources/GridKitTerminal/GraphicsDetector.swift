import CNcurses
import Foundation
import GridKit

/// Chooses how pictures are shown: `GRIDKIT_GRAPHICS` (or the app's own choice) when set,
/// otherwise what the terminal says it can do.
///
/// The terminal is asked once, before curses starts, with these queries in one write: kitty's
/// graphics query, the same with Unicode placeholders (`U=1`: kitty before 0.28 does not answer
/// it), the terminal's name and version (XTVERSION), its background colour (OSC 11), the cell
/// size in pixels (`CSI 16 t`) and the primary device attributes (DA1, whose parameter 4 means
/// sixel). Every terminal answers DA1 and answers in order, so its reply ends the wait; a
/// terminal that answers nothing costs at most `deadline` (`GRIDKIT_QUERY_TIMEOUT`, in
/// milliseconds, allows more, for a slow link). A sixel terminal is then asked for
/// 256 colour registers (XTSMGRAPHICS; xterm as a VT340 starts with 16), within the same
/// deadline. Replies that come later are swallowed by the input decoder, never read as keys.
/// First, also when the mode is chosen already, the terminal is asked whether it can hold a
/// frame back until all of it has come (`modeQuery`, synchronized output) and, in a UTF-8
/// locale, how wide it draws emoji sequences (`widthQueries`), directly even inside tmux: what
/// matters is whatever draws the text. With them, where the colours are not set already, goes
/// the question whether it shows direct colour (`colorQuery`; inside tmux, tmux is asked about
/// its client instead), for `ColorDetector`.
public enum GraphicsDetector {
    /// The longest the queries may take, all together, unless `GRIDKIT_QUERY_TIMEOUT` says
    /// otherwise (`deadline(environment:)`).
    package static let deadline: Duration = .milliseconds(100)

    /// `deadline`, or `GRIDKIT_QUERY_TIMEOUT` milliseconds (1 to 10,000) where set: over a slow
    /// link (ssh far away) the answers take longer, and a terminal that answers too late gets
    /// half blocks. A terminal that answers costs only its answer's time either way.
    static func deadline(environment env: [String: String]) -> Duration {
        guard let text = env["GRIDKIT_QUERY_TIMEOUT"], let ms = Int(text), (1...10_000).contains(ms) else {
            return deadline
        }
        return .milliseconds(ms)
    }

    /// The queries, in the order the replies are expected.
    static let queries = Array(
        ("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}_Gi=32,s=1,v=1,a=q,t=d,f=24,U=1;AAAA\u{1B}\\"
            + "\u{1B}[>0q\u{1B}]11;?\u{1B}\\\u{1B}[16t\u{1B}[c").utf8)
    /// Emoji sequences whose width the terminal is asked for, by where its cursor ends up after
    /// each is written at the start of a line (cursor position reports, in order): a ZWJ sequence,
    /// a flag and a skin tone. The line is erased after.
    static let widthQueries = Array(
        ("\r\u{1F469}\u{200D}\u{1F4BB}\u{1B}[6n\r\u{1F1EF}\u{1F1F5}\u{1B}[6n\r\u{1F44D}\u{1F3FD}\u{1B}[6n\r\u{1B}[K")
            .utf8)

    /// Asks whether the terminal knows synchronized output (DECRQM for private mode 2026): shown
    /// only once it is whole, a large frame never shows half old and half new. kitty 0.26
    /// answers that it knows it; xterm 379 that it does not; tmux 3.3 does not answer.
    static let modeQuery = Array("\u{1B}[?2026$p".utf8)

    /// True when the replies say the terminal knows synchronized output (DECRPM: set or reset,
    /// so it can be set and reset).
    static func synchronizedOutput(in text: String) -> Bool {
        guard let m = text.firstMatch(of: /\e\[\?2026;(\d+)\$y/) else { return false }
        return m.1 == "1" || m.1 == "2"
    }

    /// The widths from the cursor position reports to `widthQueries` (the first three in the
    /// replies), or nil when they are not all there.
    static func sequenceWidths(in text: String) -> EmojiSequenceWidths? {
        let columns = text.matches(of: /\e\[\d+;(\d+)R/).compactMap { Int($0.1) }
        guard columns.count >= 3 else { return nil }
        return EmojiSequenceWidths(joined: columns[0] - 1, flag: columns[1] - 1, modified: columns[2] - 1)
    }

    /// Asks a sixel terminal for 256 colour registers (it answers with what it gives), then DA1
    /// to end the wait.
    static let registerQuery = Array("\u{1B}[?1;3;256S\u{1B}[c".utf8)

    /// Asks whether the terminal keeps a direct colour: sets one as the background (1, 2, 3, a
    /// colour no palette has), asks which attributes are set (DECRQSS for SGR) and resets them.
    /// A terminal that shows direct colour says it has that colour (xterm 379
    /// `48:2::1:2:3`, kitty 0.26 `48:2:1:2:3`); one that maps it to its palette says which
    /// entry (`48;5;16`); most others say nothing. It writes nothing on the screen.
    static let colorQuery = Array("\u{1B}[0;48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m".utf8)

    /// True when a DECRQSS reply to `colorQuery` (`ESC P 1 $ r … m`) holds the colour asked,
    /// with colons or semicolons, with or without the colour space's empty field.
    static func directColorKept(in text: String) -> Bool {
        text.contains(/\eP1\$r(?:[0-9:;]*;)?48(?::2::|:2:|;2;)1[:;]2[:;]3(?:;[0-9:;]*)?m/)
    }

    /// What the replies and the environment add up to.
    package struct Decision: Equatable, Sendable {
        /// How pictures will be shown.
        package var mode: GraphicsMode
        /// One cell in pixels, when the terminal said.
        package var cellPixelSize: Size?
        /// Graphics must go through tmux's passthrough (`ESC P tmux; … ESC \`).
        package var tmuxPassthrough: Bool
        /// Whether the background is dark or light.
        package var background: BackgroundTone = .dark
        /// The colours a sixel may use.
        package var sixelColors: Int = 256
        /// How wide the terminal draws emoji sequences, when it was asked.
        package var sequenceWidths: EmojiSequenceWidths?
        /// What the user typed while the terminal was being asked, in order: the app reads it
        /// first, so keys pressed before the first frame are not lost.
        package var typeahead: [UInt8] = []
        /// The terminal shows a frame only once it is whole when asked to (private mode 2026):
        /// a large frame (a page of pictures) never shows half old, half new.
        package var synchronizedOutput = false
        /// Direct (24-bit) colour shows: the terminal kept one when asked (`colorQuery`) or,
        /// inside tmux, tmux says its client has it. False when not asked (see
        /// `ColorDetector`, which decides).
        package var directColor = false
        /// The terminal's name from its XTVERSION reply (lowercased), when it answered.
        package var terminalName: String?
    }

    /// `GRIDKIT_GRAPHICS` as a mode: nil for `auto` or unset; an error for anything else.
    public static func requested(_ value: String?) throws -> GraphicsMode? {
        guard let value, !value.isEmpty, value != "auto" else { return nil }
        guard let mode = GraphicsMode(rawValue: value) else {
            throw TerminalError.badGraphicsMode(value)
        }
        return mode
    }

    /// The terminal's name and version from its XTVERSION reply (`kitty(0.26.5)`, `XTerm(379)`,
    /// `ghostty 1.1.2`), lowercased name.
    static func version(in text: String) -> (name: String, version: [Int])? {
        guard let m = text.firstMatch(of: /\eP>\|([A-Za-z-]+)[ (]?([0-9.]*)/) else { return nil }
        return (m.1.lowercased(), m.2.split(separator: ".").compactMap { Int($0) })
    }

    /// Whether the terminal shows kitty's Unicode placeholders: kitty 0.28 and later, Ghostty,
    /// or any terminal that answered the query carrying `U=1`.
    static func supportsPlaceholders(_ text: String) -> Bool {
        if text.contains("\u{1B}_Gi=32;OK") { return true }
        guard let v = version(in: text) else { return false }
        switch v.name {
        case "kitty": return v.version.lexicographicallyPrecedes([0, 28]) == false
        case "ghostty": return true
        default: return false
        }
    }

    /// The background from an OSC 11 reply (`rgb:RRRR/GGGG/BBBB`), else from `COLORFGBG`
    /// (`fg;bg`, bg 7 or 15 meaning light), else dark.
    static func background(in text: String, environment env: [String: String]) -> BackgroundTone {
        if let m = text.firstMatch(of: /\e\]11;rgb:([0-9a-fA-F]{1,4})\/([0-9a-fA-F]{1,4})\/([0-9a-fA-F]{1,4})/) {
            func unit(_ s: Substring) -> Double { Double(Int(s, radix: 16) ?? 0) / Double((1 << (4 * s.count)) - 1) }
            let luminance = 0.299 * unit(m.1) + 0.587 * unit(m.2) + 0.114 * unit(m.3)
            return luminance > 0.5 ? .light : .dark
        }
        if let last = env["COLORFGBG"]?.split(separator: ";").last, let bg = Int(last) {
            return bg == 7 || bg == 15 ? .light : .dark
        }
        return .dark
    }

    /// Decides from the terminal's replies (possibly none) and the environment.
    package static func decide(replies: [UInt8], environment env: [String: String], tmuxPassthrough: Bool?) -> Decision
    {
        let text = String(decoding: replies, as: UTF8.self)
        var cell: Size?
        if let m = text.firstMatch(of: /\e\[6;(\d+);(\d+)t/), let h = Int(m.1), let w = Int(m.2), w > 0, h > 0 {
            cell = Size(width: w, height: h)
        }
        var decision = Decision(
            mode: .blocks, cellPixelSize: cell, tmuxPassthrough: false,
            background: background(in: text, environment: env))
        if let m = text.firstMatch(of: /\e\[\?1;0;(\d+)S/), let n = Int(m.1), n >= 2 {
            decision.sixelColors = min(256, n)
        }
        decision.sequenceWidths = sequenceWidths(in: text)
        decision.terminalName = version(in: text)?.name
        decision.synchronizedOutput = synchronizedOutput(in: text)
        let kittyOK = text.contains("\u{1B}_Gi=31;OK")
        var sixel = false
        if let m = text.firstMatch(of: /\e\[\?([0-9;]*)c/) { sixel = m.1.split(separator: ";").contains("4") }
        let program = env["TERM_PROGRAM"] ?? ""
        let inTmux = !(env["TMUX"] ?? "").isEmpty
        if inTmux && tmuxPassthrough != true { return decision }
        let kittyLike = kittyOK || (env["TERM"] ?? "") == "xterm-kitty" || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty
        // Through tmux only placeholders land where they belong: they are text tmux places. A
        // picture drawn at the outer terminal's cursor (sixel, iTerm2, direct placement) would
        // land wherever tmux left it, and stay when tmux skips clearing blank cells.
        if supportsPlaceholders(text) {
            decision.mode = .kitty
        } else if inTmux {
            decision.mode = .blocks
        } else if program == "WezTerm" || program == "iTerm.app" {
            decision.mode = .iterm
        } else if kittyLike {
            decision.mode = .kittyDirect
        } else if sixel {
            decision.mode = .sixel
        }
        decision.tmuxPassthrough = inTmux && decision.mode != .blocks
        return decision
    }

    /// Terminals that show an APC query as text, or cannot show pictures at all: not asked.
    static let neverAsked: Set<String> = ["linux", "vt100", "vt102", "vt220", "dumb", "ansi", "cons25", "sun"]

    /// Asks the terminal (stdin/stdout must be it, before curses starts) and decides; with
    /// `forced`, a mode chosen already, asks only about synchronized output and how wide it draws
    /// emoji sequences. `utf8` false (the locale is not UTF-8, so no sequence is ever sent) asks
    /// no widths. `asksColors` also asks whether direct colour shows (`Decision.directColor`):
    /// outside a multiplexer the terminal (`colorQuery`, with the widths: no longer a wait),
    /// inside tmux tmux itself, about its client (in the process that asks about passthrough).
    static func probe(
        environment env: [String: String], forced: GraphicsMode? = nil, utf8: Bool = true, asksColors: Bool = false
    ) -> Decision {
        let inTmux = !(env["TMUX"] ?? "").isEmpty
        let tmux = inTmux ? askTmux(passthrough: forced == nil, clientFeatures: asksColors) : nil
        let passthrough = inTmux && forced == nil ? tmux?.passthrough ?? false : nil
        let colorQuery = asksColors && !ColorDetector.insideMultiplexer(env) ? Self.colorQuery : []
        func finished(_ decision: Decision, _ replies: [UInt8]) -> Decision {
            var d = decision
            d.directColor =
                tmux?.clientHasRGB
                ?? (!colorQuery.isEmpty && directColorKept(in: String(decoding: replies, as: UTF8.self)))
            return d
        }
        func forcedDecision(_ replies: [UInt8]) -> Decision {
            let text = String(decoding: replies, as: UTF8.self)
            var d = Decision(
                mode: forced ?? .blocks, cellPixelSize: nil, tmuxPassthrough: inTmux && forced != .blocks,
                background: background(in: text, environment: env))
            d.terminalName = version(in: text)?.name
            d.sequenceWidths = sequenceWidths(in: text)
            d.synchronizedOutput = synchronizedOutput(in: text)
            d.typeahead = typed(in: replies)
            return finished(d, replies)
        }
        let widthQueries = utf8 ? Self.widthQueries : []
        if neverAsked.contains(env["TERM"] ?? "") {
            return forced == nil
                ? finished(decide(replies: [], environment: env, tmuxPassthrough: passthrough), []) : forcedDecision([])
        }
        guard gk_query_mode(1) == 0 else {
            return forced == nil
                ? finished(decide(replies: [], environment: env, tmuxPassthrough: passthrough), []) : forcedDecision([])
        }
        defer { _ = gk_query_mode(0) }
        let clock = ContinuousClock(), end = clock.now + deadline(environment: env)
        func ask(_ query: [UInt8], wrapped: Bool = true) -> [UInt8] {
            var q = query
            if wrapped, inTmux, passthrough == true { q = wrapForTmux(q) }
            _ = q.withUnsafeBufferPointer { gk_write_raw($0.baseAddress, $0.count) }
            var replies: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while clock.now < end {
                let left = Int((end - clock.now) / .milliseconds(1)) + 1
                let n = buffer.withUnsafeMutableBufferPointer {
                    gk_read_input(STDIN_FILENO, $0.baseAddress, $0.count, Int32(left))
                }
                if n < 0 { break }
                replies += buffer[0..<Int(n)]
                // DA1 comes last: once it is in, everything is.
                if String(decoding: replies, as: UTF8.self).contains(/\e\[\?[0-9;]*c/) { break }
            }
            return replies
        }
        // The widths are those of whatever the text goes to: tmux's own grid inside tmux, so
        // they are asked of it directly, never through passthrough; so is whether it holds
        // frames back. No other answer could change a chosen mode, or half blocks in tmux
        // without passthrough. The colour question goes with them, after the line is erased.
        let widths = ask(Self.modeQuery + widthQueries + colorQuery + Array("\u{1B}[c".utf8), wrapped: false)
        if forced != nil { return forcedDecision(widths) }
        var replies = widths
        if !inTmux || passthrough == true {
            replies += ask(queries)
            if decide(replies: replies, environment: env, tmuxPassthrough: passthrough).mode == .sixel {
                replies += ask(registerQuery)
            }
        }
        var d = decide(replies: replies, environment: env, tmuxPassthrough: passthrough)
        d.typeahead = typed(in: replies)
        return finished(d, replies)
    }

    /// The bytes among the replies that are not replies: keys typed while the terminal was being
    /// asked. Replies are the answers the queries ask for: control strings (`ESC P`, `ESC ]`,
    /// `ESC _` up to their terminator, or the next ESC) and CSI reports ending in `c` (device
    /// attributes), `R` (cursor position), `t` (sizes), `n` (status), `y` (modes) or, after
    /// `?`, `S` (sixel colour registers). A key that reads as one
    /// of those (Ctrl+F3 is `ESC [ 1 ; 5 R` in some terminals) is lost; any other key is kept.
    static func typed(in replies: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        let n = replies.count
        while i < n {
            guard replies[i] == 0x1B, i + 1 < n else { out.append(replies[i]); i += 1; continue }
            let kind = replies[i + 1]
            if kind == 0x50 || kind == 0x5D || kind == 0x5F { // P ] _: a string up to ST or BEL
                // As the input decoder reads one: any other ESC ends it too (Alt+P typed, then
                // a key), and starts what follows.
                var j = i + 2
                while j < n, replies[j] != 0x07, replies[j] != 0x1B { j += 1 }
                i = j >= n ? n : replies[j] == 0x07 ? j + 1 : j + 1 < n && replies[j + 1] == 0x5C ? j + 2 : j
                continue
            }
            if kind == 0x5B { // CSI: parameters and intermediates, then a final byte
                var j = i + 2
                while j < n, (0x20...0x3F).contains(replies[j]) { j += 1 }
                let isPrivate = i + 2 < n && replies[i + 2] == UInt8(ascii: "?")
                if j < n,
                    [UInt8(ascii: "c"), UInt8(ascii: "R"), UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "y")]
                        .contains(replies[j])
                        || (isPrivate && replies[j] == UInt8(ascii: "S")) // the sixel colour registers' report
                {
                    i = j + 1
                    continue
                }
            }
            out.append(replies[i])
            i += 1
        }
        return out
    }

    /// What tmux says: whether it forwards our graphics (`allow-passthrough` on), and whether
    /// the client it draws on shows direct colour (`RGB` among `#{client_termfeatures}`; tmux
    /// 3.2 and later). One tmux process for both (about 4 ms each here), asked only what is
    /// wanted. With several clients attached tmux answers for the one it thinks best (the
    /// latest used); it draws the colours anew for each. None attached (a detached session)
    /// has no features.
    static func askTmux(passthrough: Bool, clientFeatures: Bool) -> (passthrough: Bool, clientHasRGB: Bool?)? {
        guard passthrough || clientFeatures else { return nil }
        // The features first: a tmux without the option (before 3.3) stops at the failed
        // `show`, and the features still come out.
        var arguments = ["tmux"]
        if clientFeatures { arguments += ["display", "-p", "#{client_termfeatures}"] }
        if passthrough { arguments += (clientFeatures ? [";"] : []) + ["show", "-gv", "allow-passthrough"] }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? p.run()) != nil else { return (false, clientFeatures ? false : nil) }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let features = clientFeatures ? lines.popFirst().map(String.init) ?? "" : nil
        let allowed = passthrough ? lines.first.map { $0.hasPrefix("on") || $0.hasPrefix("all") } ?? false : false
        return (allowed, features.map(ColorDetector.tmuxFeaturesHaveRGB))
    }

    /// Bytes for the outer terminal through tmux: inside `ESC P tmux; … ESC \`, ESC doubled.
    package static func wrapForTmux(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        wrapForTmux(bytes, into: &out)
        return out
    }

    /// `wrapForTmux(bytes)` appended to `out`, copied a stretch at a time: a picture is hundreds
    /// of kilobytes of base64 with an ESC only at each chunk's start and end.
    static func wrapForTmux(_ bytes: [UInt8], into out: inout [UInt8]) {
        // Room for the wrapped bytes ahead (two ESCs a chunk of 4096), grown by doubling: a
        // frame's pictures are wrapped one after another into the same buffer.
        let needed = out.count + bytes.count + bytes.count / 1024 + 16
        if needed > out.capacity { out.reserveCapacity(max(needed, 2 * out.capacity)) }
        out += Array("\u{1B}Ptmux;".utf8)
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var start = 0
            while start < all.count, let hit = memchr(base + start, 27, all.count - start) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                out.append(contentsOf: UnsafeBufferPointer(rebasing: all[start...i]))
                out.append(27)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: all[start...]))
        }
        out += Array("\u{1B}\\".utf8)
    }
}
