import Foundation
import TestSupport
import Testing

/// Direct (24-bit) colour end to end: griddemo's photos (half blocks) in tmux and in a pty,
/// the colour mode decided as a user's terminal would have it decided. tmux keeps a direct
/// colour in its grid as it was written, whatever its clients show, so `capture-pane -e` shows
/// `48;2;r;g;b` exactly where griddemo wrote one.
@Suite struct DirectColourEndToEndTests {
    /// How many half-block picture cells a screen has drawn on a direct-colour background, and
    /// on a background from the 256-colour palette's cube and grey ramp.
    static func pictureBackgrounds(_ escaped: String) -> (direct: Int, palette: Int) {
        let blocks = Tmux.cells(escaped).filter { ["▀", "▄", "█"].contains($0.scalar) }
        return (
            blocks.filter { $0.background == Tmux.direct }.count,
            blocks.filter { (16...255).contains($0.background) }.count
        )
    }

    /// `GRIDKIT_COLORS=direct` with `COLORTERM=truecolor`: every thumbnail cell is drawn in
    /// direct colour, none from the palette.
    @Test func theSettingGivesDirectColourInTmux() throws {
        let t = try Tmux(
            [try griddemo(), "photos"], width: 100, height: 30,
            environment: [
                "TERM": "xterm-256color", "COLORTERM": "truecolor", "GRIDKIT_COLORS": "direct",
                "GRIDKIT_GRAPHICS": "blocks"
            ])
        defer { t.close() }
        try t.waitFor("Photos · 300")
        try t.waitUntil("thumbnails in direct colour") { _ in
            Self.pictureBackgrounds(t.captureWithEscapes()).direct > 200
        }
        let shown = Self.pictureBackgrounds(t.captureWithEscapes())
        #expect(shown.palette == 0, "\(shown)")
        #expect(t.captureWithEscapes().contains(/\e\[[0-9;]*48;2;[0-9]+;[0-9]+;[0-9]+/))
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    /// Inside tmux `COLORTERM` is where the server was started, not the terminal attached now:
    /// with no client to vouch for direct colour (a detached session) or a client without it,
    /// thumbnails stay in 256 colours; with a client tmux says has RGB (a control client given
    /// the feature, as `terminal-features` or a direct `TERM` would give a real one), they
    /// come in direct colour, with no setting.
    @Test(arguments: [Client.none, .plain, .rgb])
    func insideTmuxTheClientDecides(client: Client) throws {
        // griddemo starts once the client is there: it asks tmux about its client at start.
        let t = try Tmux(
            ["sh", "-c", "tmux wait-for gridkit-client && exec \(Tmux.shellQuote(try griddemo())) photos"], width: 100,
            height: 30,
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "GRIDKIT_GRAPHICS": "blocks"])
        defer { t.close() }
        defer {
            if client != .none {
                _ = try? Tmux.run(["-L", t.socket, "detach-client", "-s", "0"])
                waitUntil("the control client to leave once detached", timeout: .seconds(Tmux.deadline)) {
                    ((try? spawnAndWait(["pgrep", "-f", "tmux -L \(t.socket) .*-C attach"]).stdout) ?? "").isEmpty
                }
            }
        }
        if client != .none {
            // A control-mode client in a session of its own, on that pane's tty; not nested, so
            // without TMUX. It leaves when detached (at the end) or when session 0 goes (`close`),
            // and its session ends with it. (Hung up instead, tmux 3.3's client stays, and so
            // does its server.)
            let features = client == .rgb ? "-T RGB " : ""
            try Tmux.run(
                captureOutput: false,
                [
                    "-L", t.socket, "new-session", "-d", "-s", "client",
                    "env -u TMUX tmux -L \(t.socket) \(features)-C attach -t 0"
                ])
            try #require(
                waitUntil("the control client", timeout: .seconds(Tmux.deadline)) {
                    ((try? Tmux.run(["-L", t.socket, "list-clients", "-t", "0", "-F", "attached #{client_termfeatures}"]
                    )) ?? "").contains("attached")
                })
            let said = try Tmux.run(["-L", t.socket, "list-clients", "-t", "0", "-F", "#{client_termfeatures}"])
            #expect(said.contains("RGB") == (client == .rgb), "\(said)")
        }
        try Tmux.run(["-L", t.socket, "wait-for", "-S", "gridkit-client"])
        try t.waitFor("Photos · 300")
        try t.waitUntil("thumbnails") { _ in
            let shown = Self.pictureBackgrounds(t.captureWithEscapes())
            return shown.direct + shown.palette > 200
        }
        let shown = Self.pictureBackgrounds(t.captureWithEscapes())
        if client == .rgb {
            #expect(shown.palette == 0 && shown.direct > 200, "\(shown)")
        } else {
            #expect(shown.direct == 0 && shown.palette > 200, "\(shown)")
        }
        t.send("q")
        try t.waitFor("EXITED 0")
    }

    enum Client: CustomStringConvertible {
        case none, plain, rgb
        var description: String {
            self == .none ? "no client" : self == .plain ? "a client without RGB" : "a client with RGB"
        }
    }

    /// A mistyped setting is a clear error with status 2, before anything is drawn.
    @Test func aBadSettingIsAClearErrorWithStatus2() throws {
        let t = try Tmux([try griddemo(), "photos"], environment: ["GRIDKIT_COLORS": "truecolor"])
        defer { t.close() }
        let screen = try t.waitFor("EXITED 2")
        #expect(
            screen.contains(
                "griddemo: unknown colour mode 'truecolor' (GRIDKIT_COLORS); use auto, direct, 256, 16, 8 or none"))
    }

    /// Outside tmux: a terminal that keeps a direct colour when asked (DECRQSS, answered here
    /// as xterm 379 answers) or announces it (`COLORTERM`) gets its pictures and the
    /// interface's RGB colours as `38;2`/`48;2`; one that says nothing gets the palette.
    @Test(arguments: [Announce.nothing, .answer, .colorterm])
    func outsideTmuxTheTerminalsWordBringsDirectColour(announce: Announce) throws {
        var answers = [(query: "\\e[c", reply: "\\e[?64;1;2;6;9;15;16;17;18;21;22;28c")]
        if announce == .answer { answers.insert((query: "\\eP$qm", reply: "\\eP1$r0;48:2::1:2:3m\\e\\"), at: 0) }
        var env = ["GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_QUERY_TIMEOUT": "5000"]
        if announce == .colorterm { env["COLORTERM"] = "truecolor" }
        let r = try GraphicsEndToEndTests().capture(env, wait: "▀", answers: answers, ["photos", "--view", "grid"])
        #expect(r.status == 0)
        let text = String(decoding: r.bytes, as: UTF8.self)
        // Past the question itself, which sets 1;2;3 as a direct background.
        let frames = text.components(separatedBy: "\u{1B}[?1049h").dropFirst().joined()
        let direct = frames.matches(of: /[34]8;2;[0-9]+;[0-9]+;[0-9]+/).count
        let palette = frames.matches(of: /[34]8;5;(1[6-9]|[2-9][0-9]|1[0-9][0-9]|2[0-3][0-9])[;m]/).count
        if announce == .nothing {
            #expect(direct == 0 && palette > 100, "direct \(direct), palette \(palette)")
        } else {
            #expect(direct > 100, "direct \(direct), palette \(palette)")
        }
    }

    enum Announce: CustomStringConvertible {
        case nothing, answer, colorterm
        var description: String {
            self == .nothing ? "says nothing" : self == .answer ? "answers DECRQSS" : "COLORTERM=truecolor"
        }
    }
}
