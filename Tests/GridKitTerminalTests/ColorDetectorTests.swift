import GridKit
import Testing

@testable import GridKitTerminal

/// The environment and what terminfo and the terminal say, to a colour mode: direct colour
/// from terminfo's `RGB`, `COLORTERM` or the terminal's answer (inside tmux only tmux's word
/// about its client), `NO_COLOR`, terminfo's number, and `GRIDKIT_COLORS` over all of them.
@Suite struct ColorDetectorTests {
    /// `xterm-256color` as terminfo has it: 256 colours, no `RGB`.
    func decide(
        _ env: [String: String], forced: ColorMode? = nil, colors: Int = 256, rgb: Bool = false, answered: Bool = false
    ) -> ColorMode {
        ColorDetector.decide(
            environment: env, forced: forced, terminfoColors: colors, terminfoDirect: rgb, answeredDirect: answered)
    }

    static let xterm = ["TERM": "xterm-256color"]
    static let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1234,0"]

    @Test func terminfoAloneGivesItsNumberOfColours() {
        #expect(decide(Self.xterm) == .palette256)
        #expect(decide(["TERM": "xterm"], colors: 8) == .ansi8)
        #expect(decide(["TERM": "rxvt"], colors: 88) == .ansi16)
        #expect(decide(["TERM": "vt100"], colors: 0) == .monochrome)
        #expect(decide(["TERM": "xterm-direct"], colors: 0x100_0000, rgb: true) == .direct)
    }

    @Test(arguments: ["truecolor", "24bit", "TrueColor"])
    func colortermAnnouncesDirectColour(value: String) {
        #expect(decide(Self.xterm.merging(["COLORTERM": value]) { $1 }) == .direct)
        #expect(
            decide(["TERM": "xterm", "COLORTERM": value], colors: 8) == .direct, "TERM=xterm with eight colours too")
    }

    @Test(arguments: ["", "yes", "256color", "rxvt-xpm", "1"])
    func otherColortermValuesAreNotDirect(value: String) {
        #expect(decide(Self.xterm.merging(["COLORTERM": value]) { $1 }) == .palette256)
    }

    @Test func theTerminalsAnswerGivesDirectColour() {
        #expect(decide(Self.xterm, answered: true) == .direct, "xterm, which sets no COLORTERM, answers")
    }

    /// A `TERM` with no colours is the user's word: `COLORTERM` (inherited, say, over a serial
    /// console) does not bring colour back.
    @Test func aTermWithoutColoursStaysMonochrome() {
        #expect(decide(["TERM": "vt220", "COLORTERM": "truecolor"], colors: 0) == .monochrome)
    }

    /// Inside tmux, `COLORTERM` is the environment tmux was started in: only tmux's word that
    /// its client has direct colour counts (passed as the answer).
    @Test func insideTmuxOnlyTmuxsWordCounts() {
        let announced = Self.tmux.merging(["COLORTERM": "truecolor"]) { $1 }
        #expect(decide(announced) == .palette256, "COLORTERM alone")
        #expect(decide(announced, answered: true) == .direct, "tmux says its client has RGB")
        #expect(decide(Self.tmux, answered: true) == .direct, "tmux's word needs no COLORTERM")
        #expect(decide(Self.tmux) == .palette256)
        #expect(
            decide(["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"], colors: 8) == .ansi8,
            "tmux 3.3's default TERM")
        #expect(decide(Self.tmux, rgb: true) == .direct, "TERM=tmux-direct, as the user set it")
    }

    /// GNU screen, or a `TERM` naming tmux with no `TMUX` to ask (ssh or sudo from inside tmux):
    /// neither `COLORTERM` nor an answer read through it.
    @Test(arguments: ["screen-256color", "screen.xterm-256color", "tmux-256color"])
    func insideAMultiplexerThatCannotBeAskedNothingIsTrusted(term: String) {
        #expect(decide(["TERM": term, "COLORTERM": "truecolor"]) == .palette256)
        #expect(decide(["TERM": term], answered: true) == .palette256)
    }

    @Test func noColorMeansMonochromeWhateverTheTerminalSays() {
        let env = Self.xterm.merging(["NO_COLOR": "1", "COLORTERM": "truecolor"]) { $1 }
        #expect(decide(env, answered: true) == .monochrome)
        #expect(decide(env, rgb: true) == .monochrome)
        #expect(decide(Self.xterm.merging(["NO_COLOR": ""]) { $1 }) == .palette256, "set but empty is not set")
    }

    /// `GRIDKIT_COLORS` forces a mode over everything, `NO_COLOR` included (a setting for this
    /// program alone); `auto` or empty detects; anything else is an error.
    @Test func theSettingForcesAMode() throws {
        for (value, mode) in [
            ("direct", ColorMode.direct), ("256", .palette256), ("16", .ansi16), ("8", .ansi8), ("none", .monochrome)
        ] {
            let forced = try ColorDetector.requested(value)
            #expect(forced == mode, "\(value)")
            #expect(
                decide(Self.xterm.merging(["NO_COLOR": "1"]) { $1 }, forced: forced) == mode, "\(value) over NO_COLOR")
            #expect(decide(Self.tmux, forced: forced, colors: 8) == mode, "\(value) inside tmux")
        }
        #expect(try ColorDetector.requested(nil) == nil)
        #expect(try ColorDetector.requested("") == nil)
        #expect(try ColorDetector.requested("auto") == nil)
        for bad in ["truecolor", "24bit", "256color", "Direct", "0", "monochrome"] {
            #expect(throws: TerminalError.badColorMode(bad)) { try ColorDetector.requested(bad) }
        }
        #expect(
            TerminalError.badColorMode("x").message
                == "unknown colour mode 'x' (GRIDKIT_COLORS); use auto, direct, 256, 16, 8 or none")
    }

    /// tmux's `#{client_termfeatures}`, as tmux 3.3 prints it for a client with and without RGB.
    @Test func tmuxClientFeaturesSayWhetherRGBShows() {
        #expect(ColorDetector.tmuxFeaturesHaveRGB("bpaste,ccolour,clipboard,cstyle,focus,RGB,title\n"))
        #expect(ColorDetector.tmuxFeaturesHaveRGB("RGB"))
        #expect(!ColorDetector.tmuxFeaturesHaveRGB("bpaste,ccolour,clipboard,cstyle,focus,title\n"))
        #expect(!ColorDetector.tmuxFeaturesHaveRGB(""), "no client attached")
        #expect(!ColorDetector.tmuxFeaturesHaveRGB("RGBX,XRGB"))
    }
}
