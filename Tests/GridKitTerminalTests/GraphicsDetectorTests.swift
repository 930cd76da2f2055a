import GridKit
import Testing

@testable import GridKitTerminal

@Suite struct GraphicsDetectorTests {
    func decide(_ replies: String, _ env: [String: String] = [:], passthrough: Bool? = nil) -> GraphicsDetector.Decision
    {
        GraphicsDetector.decide(replies: Array(replies.utf8), environment: env, tmuxPassthrough: passthrough)
    }

    /// Keys typed while the terminal is asked come out of the replies whole and in order; the
    /// replies themselves (control strings, reports) do not.
    @Test func keysTypedAmongTheRepliesAreKept() {
        func typed(_ s: String) -> String { String(decoding: GraphicsDetector.typed(in: Array(s.utf8)), as: UTF8.self) }
        let replies =
            "\u{1B}[3;5R\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?2026;2$y\u{1B}[0n\u{1B}[?62;22c"
        #expect(typed(replies) == "")
        #expect(typed("j\u{1B}[3;5R\u{1B}[Cq" + replies + "\u{1B}[B") == "j\u{1B}[Cq\u{1B}[B")
        #expect(typed("é\u{1B}OA\u{1B}") == "é\u{1B}OA\u{1B}", "SS3 keys and a lone Esc stay")
        #expect(typed("\u{1B}_Gi=31;OK") == "", "a reply cut short is dropped, not typed")
        #expect(typed("\u{1B}[?1;0;256S") == "", "the sixel registers' report")
        #expect(
            typed("\u{1B}P\u{1B}[Aq") == "\u{1B}[Aq", "Alt+P (an unfinished string) ends at the next key, which is kept"
        )
    }

    /// Whether the terminal kept the direct colour it was given, from its DECRQSS reply: xterm
    /// 379's and kitty 0.26's as they answered here (colons, with and without the colour
    /// space's empty field), the semicolon form, and not a palette entry or another colour.
    @Test func theColourReplySaysWhetherDirectColourIsKept() {
        for reply in [
            "\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\", "\u{1B}P1$r48:2:1:2:3m\u{1B}\\", "\u{1B}P1$r0;48;2;1;2;3m\u{1B}\\",
            "\u{1B}P1$r0;1;48:2::1:2:3;4m\u{1B}\\"
        ] {
            #expect(
                GraphicsDetector.directColorKept(in: "\u{1B}[?2026;2$y" + reply + "\u{1B}[?64;1c"),
                "\(reply.debugDescription)")
            #expect(GraphicsDetector.typed(in: Array(reply.utf8)).isEmpty, "the reply is no key")
        }
        for reply in [
            "\u{1B}P1$r0;48;5;16m\u{1B}\\", "\u{1B}P0$r\u{1B}\\", "\u{1B}P1$r0;48:2::1:2:30m\u{1B}\\",
            "\u{1B}P1$r0;148:2::1:2:3m\u{1B}\\", ""
        ] {
            #expect(!GraphicsDetector.directColorKept(in: reply + "\u{1B}[?64;1c"), "\(reply.debugDescription)")
        }
        // The question sets the colour, asks, and resets: nothing on the screen, no colour left.
        let query = String(decoding: GraphicsDetector.colorQuery, as: UTF8.self)
        #expect(query == "\u{1B}[0;48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m")
    }

    @Test func repliesChooseTheMode() {
        // kitty's graphics query answered, but not the one with placeholders: direct placement.
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c").mode == .kittyDirect)
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;22c").mode == .kitty)
        #expect(decide("\u{1B}[?62;4;22c").mode == .sixel)
        #expect(decide("\u{1B}[?62;22c").mode == .blocks)
        #expect(decide("").mode == .blocks, "a silent terminal gets half blocks")
        #expect(decide("\u{1B}[?64;4c", ["TERM_PROGRAM": "WezTerm"]).mode == .iterm)
        #expect(decide("", ["TERM_PROGRAM": "iTerm.app"]).mode == .iterm)
        #expect(decide("\u{1B}[6;18;9t\u{1B}[?1;2c").cellPixelSize == Size(width: 9, height: 18))
    }

    /// Synchronized output where the mode is known and can change (DECRPM 1 set, 2 reset); not
    /// where it is unknown (0), fixed (3, 4) or unanswered. Inside tmux it is tmux that answers
    /// (it is asked directly), with or without passthrough for pictures.
    @Test func synchronizedOutputWhereTheTerminalKnowsTheMode() {
        for (reply, known) in [("1", true), ("2", true), ("0", false), ("3", false), ("4", false)] {
            #expect(decide("\u{1B}[?2026;\(reply)$y\u{1B}[?62;22c").synchronizedOutput == known, "DECRPM \(reply)")
        }
        #expect(!decide("\u{1B}[?62;22c").synchronizedOutput)
        #expect(!decide("\u{1B}[?2027;2$y\u{1B}[?62;22c").synchronizedOutput, "another mode's report")
        #expect(
            decide("\u{1B}[?2026;2$y\u{1B}[?62c", ["TMUX": "/tmp/tmux-0/default,1,0"], passthrough: false)
                .synchronizedOutput)
    }

    @Test func insideTmuxOnlyWithPassthrough() {
        let kitty = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62c"
        #expect(decide(kitty, ["TMUX": "/tmp/tmux-0/default,1,0"], passthrough: false).mode == .blocks)
        let through = decide(kitty, ["TMUX": "/tmp/tmux-0/default,1,0"], passthrough: true)
        #expect(through.mode == .kitty && through.tmuxPassthrough)
        // Only placeholders land in the right place through tmux: sixel and direct placement do not.
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c", ["TMUX": "x"], passthrough: true).mode == .blocks)
        #expect(decide("\u{1B}[?62;4c", ["TMUX": "x"], passthrough: true).mode == .blocks)
        #expect(
            GraphicsDetector.wrapForTmux(Array("\u{1B}_Ga\u{1B}\\".utf8))
                == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga\u{1B}\u{1B}\\\u{1B}\\".utf8))
    }

    /// Wrapped for tmux after what a frame holds already: every ESC doubled, at the start, the
    /// end and side by side, the rest copied as it is (stretches of base64 between).
    @Test func wrappingForTmuxAppendsAndDoublesEveryEscape() {
        let payload =
            Array("\u{1B}\u{1B}_Gf=32;".utf8) + Array(repeating: UInt8(ascii: "A"), count: 5000)
            + Array("\u{1B}\\x\u{1B}".utf8)
        var out = Array("frame".utf8)
        GraphicsDetector.wrapForTmux(payload, into: &out)
        let expected =
            Array("frame\u{1B}Ptmux;\u{1B}\u{1B}\u{1B}\u{1B}_Gf=32;".utf8)
            + Array(repeating: UInt8(ascii: "A"), count: 5000)
            + Array("\u{1B}\u{1B}\\x\u{1B}\u{1B}\u{1B}\\".utf8)
        #expect(out == expected)
        #expect(GraphicsDetector.wrapForTmux([]) == Array("\u{1B}Ptmux;\u{1B}\\".utf8))
    }

    @Test func theSettingIsAModeOrAuto() throws {
        #expect(try GraphicsDetector.requested(nil) == nil)
        #expect(try GraphicsDetector.requested("auto") == nil)
        #expect(try GraphicsDetector.requested("sixel") == .sixel)
        #expect(throws: TerminalError.self) { try GraphicsDetector.requested("png") }
        #expect(GraphicsDetector.deadline <= .milliseconds(100))
    }

    /// `GRIDKIT_QUERY_TIMEOUT` (milliseconds) gives a slow link longer; nonsense keeps the default.
    @Test func theQueryDeadlineCanBeLonger() {
        func deadline(_ value: String?) -> Duration {
            GraphicsDetector.deadline(environment: value.map { ["GRIDKIT_QUERY_TIMEOUT": $0] } ?? [:])
        }
        #expect(deadline(nil) == GraphicsDetector.deadline)
        #expect(deadline("300") == .milliseconds(300))
        for bad in ["", "0", "-5", "fast", "10001"] { #expect(deadline(bad) == GraphicsDetector.deadline, "\(bad)") }
    }
}

extension GraphicsDetectorTests {
    @Test func terminalsThatCannotShowPicturesAreNotAsked() {
        #expect(GraphicsDetector.neverAsked.contains("linux") && GraphicsDetector.neverAsked.contains("vt100"))
        #expect(!GraphicsDetector.neverAsked.contains("xterm-256color"))
    }
}

extension GraphicsDetectorTests {
    /// kitty 0.26 answers the plain graphics query and XTVERSION, not the one with `U=1`.
    @Test func kittyVersionsChoosePlaceholdersOrDirectPlacement() {
        let old = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c"
        #expect(decide(old).mode == .kittyDirect)
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.28.1)\u{1B}\\\u{1B}[?62;c").mode == .kitty)
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c").mode == .kitty)
        #expect(decide("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|ghostty 1.1.2\u{1B}\\\u{1B}[?62;c").mode == .kitty)
        #expect(decide("", ["TERM": "xterm-kitty"]).mode == .kittyDirect, "kitty by name, version unknown")
        #expect(GraphicsDetector.version(in: "\u{1B}P>|XTerm(379)\u{1B}\\")! == ("xterm", [379]))
    }

    @Test func theBackgroundComesFromOSC11OrCOLORFGBG() {
        #expect(decide("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62c").background == .light)
        #expect(decide("\u{1B}]11;rgb:1e1e/1e1e/2020\u{07}\u{1B}[?62c").background == .dark)
        #expect(decide("\u{1B}]11;rgb:ee/ee/dd\u{1B}\\").background == .light)
        #expect(decide("", ["COLORFGBG": "0;15"]).background == .light)
        #expect(decide("", ["COLORFGBG": "15;default;0"]).background == .dark)
        #expect(decide("").background == .dark)
        // The terminal's answer wins over the environment.
        #expect(decide("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", ["COLORFGBG": "0;15"]).background == .dark)
    }

    @Test func sixelUsesTheColourRegistersTheTerminalGives() {
        #expect(decide("\u{1B}[?62;4c").sixelColors == 256)
        #expect(decide("\u{1B}[?62;4c\u{1B}[?1;0;64S\u{1B}[?62;4c").sixelColors == 64)
        #expect(decide("\u{1B}[?62;4c\u{1B}[?1;0;1024S").sixelColors == 256)
    }

    /// The cursor position reports after each emoji sequence give their widths, in order.
    @Test func emojiSequenceWidthsComeFromCursorReports() {
        #expect(
            decide("\u{1B}[12;5R\u{1B}[12;3R\u{1B}[12;3R\u{1B}[?62;4c").sequenceWidths
                == EmojiSequenceWidths(joined: 4, flag: 2, modified: 2))
        #expect(decide("\u{1B}[12;3R\u{1B}[?62;4c").sequenceWidths == nil, "not all answered: assume two columns")
    }
}
