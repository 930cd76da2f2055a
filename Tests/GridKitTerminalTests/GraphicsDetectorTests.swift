import GridKit
@testable import GridKitTerminal
import Testing

@Suite struct GraphicsDetectorTests {
    func decide(_ replies: String, _ env: [String: String] = [:], passthrough: Bool? = nil) -> GraphicsDetector.Decision {
        GraphicsDetector.decide(replies: Array(replies.utf8), environment: env, tmuxPassthrough: passthrough)
    }

    @Test func repliesChooseTheMode() {
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c").mode == .kitty)
        #expect(decide("\u{1B}[?62;4;22c").mode == .sixel)
        #expect(decide("\u{1B}[?62;22c").mode == .blocks)
        #expect(decide("").mode == .blocks, "a silent terminal gets half blocks")
        #expect(decide("\u{1B}[?64;4c", ["TERM_PROGRAM": "WezTerm"]).mode == .iterm)
        #expect(decide("", ["TERM_PROGRAM": "iTerm.app"]).mode == .iterm)
        #expect(decide("\u{1B}[6;18;9t\u{1B}[?1;2c").cellPixelSize == Size(width: 9, height: 18))
    }

    @Test func insideTmuxOnlyWithPassthrough() {
        let kitty = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c"
        #expect(decide(kitty, ["TMUX": "/tmp/tmux-0/default,1,0"], passthrough: false).mode == .blocks)
        let through = decide(kitty, ["TMUX": "/tmp/tmux-0/default,1,0"], passthrough: true)
        #expect(through.mode == .kitty && through.tmuxPassthrough)
        #expect(GraphicsDetector.wrapForTmux(Array("\u{1B}_Ga\u{1B}\\".utf8)) == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga\u{1B}\u{1B}\\\u{1B}\\".utf8))
    }

    @Test func theSettingIsAModeOrAuto() throws {
        #expect(try GraphicsDetector.requested(nil) == nil)
        #expect(try GraphicsDetector.requested("auto") == nil)
        #expect(try GraphicsDetector.requested("sixel") == .sixel)
        #expect(throws: TerminalError.self) { try GraphicsDetector.requested("png") }
        #expect(GraphicsDetector.deadline <= .milliseconds(100))
    }
}

extension GraphicsDetectorTests {
    @Test func terminalsThatCannotShowPicturesAreNotAsked() {
        #expect(GraphicsDetector.neverAsked.contains("linux") && GraphicsDetector.neverAsked.contains("vt100"))
        #expect(!GraphicsDetector.neverAsked.contains("xterm-256color"))
    }
}
