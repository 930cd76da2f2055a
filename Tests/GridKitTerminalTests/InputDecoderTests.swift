import GridKit
import Testing

@testable import GridKitTerminal

/// A moment well past zero, so that times before and after it can be written.
let t0: UInt64 = 1_000_000_000
let ms: UInt64 = 1_000_000

extension InputDecoder {
    /// Every event complete at `now`.
    mutating func events(now: UInt64) -> [InputEvent] {
        var out: [InputEvent] = []
        while let e = next(now: now) { out.append(e) }
        return out
    }
}

extension InputDecoder {
    /// Every event, letting escape delays pass (from `start`) until nothing is left; the time after.
    mutating func drain(from start: UInt64) -> (events: [InputEvent], time: UInt64) {
        var out: [InputEvent] = [], time = start
        for _ in 0..<100 where pendingByteCount > 0 {
            time += Self.escapeDelay
            out += events(now: time)
        }
        return (out, time)
    }
}

/// Decodes `bytes` as read at once and then left alone past the escape delay, as the terminal's
/// run loop does; nothing may be left over.
func decodeAll(_ bytes: [UInt8], keys: KeyTable = KeyTable()) -> [InputEvent] {
    var decoder = InputDecoder(keys: keys)
    decoder.feed(bytes)
    var out = decoder.events(now: t0)
    out += decoder.events(now: t0 + InputDecoder.escapeDelay)
    #expect(decoder.pendingByteCount == 0 && decoder.deadline == nil, "everything taken once the delay is over")
    return out
}

func decodeAll(_ s: String, keys: KeyTable = KeyTable()) -> [InputEvent] { decodeAll(Array(s.utf8), keys: keys) }

/// Decodes `bytes` fed in the pieces `cuts` makes, all within the escape delay.
func decodeInPieces(_ bytes: [UInt8], cuts: [Int], keys: KeyTable = KeyTable()) -> [InputEvent] {
    var decoder = InputDecoder(keys: keys)
    var out: [InputEvent] = []
    var start = 0
    for cut in cuts.sorted() + [bytes.count] where cut >= start {
        decoder.feed(bytes[start..<cut])
        out += decoder.events(now: t0)
        start = cut
    }
    out += decoder.drain(from: t0).events
    #expect(decoder.pendingByteCount == 0)
    return out
}

private func press(_ x: Int, _ y: Int, button: Int = 1, clicks: Int = 1) -> InputEvent {
    .mouse(MouseEvent(action: .press, position: Point(x: x, y: y), button: button, clickCount: clicks))
}

private func release(_ x: Int, _ y: Int, button: Int = 1) -> InputEvent {
    .mouse(MouseEvent(action: .release, position: Point(x: x, y: y), button: button))
}

private func wheel(_ action: MouseAction, _ x: Int, _ y: Int) -> InputEvent {
    .mouse(MouseEvent(action: action, position: Point(x: x, y: y)))
}

@Suite struct InputDecoderTests {
    // MARK: Keys

    @Test func plainBytesAreTheirKeys() {
        #expect(
            decodeAll("\r\n\u{7F}\u{8}\t") == [
                .key(.enter), .key(.enter), .key(.backspace), .key(.backspace), .key(.tab)
            ])
        #expect(decodeAll("\u{1}\u{3}\u{1A}") == [.key(.control("a")), .key(.control("c")), .key(.control("z"))])
        #expect(decodeAll("a Z~") == [.char("a"), .char(" "), .char("Z"), .char("~")])
        #expect(decodeAll([0, 0x1C, 0x1F]) == [], "control bytes with no key mean nothing")
    }

    @Test func everyNavigationKeyInEveryForm() {
        let forms: [(String, Key)] = [
            ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left), ("[H", .home), ("[F", .end),
            ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left), ("OH", .home), ("OF", .end),
            ("[1~", .home), ("[7~", .home), ("[4~", .end), ("[8~", .end), ("[3~", .delete),
            ("[5~", .pageUp), ("[6~", .pageDown), ("[Z", .backTab),
            ("OP", .function(1)), ("OQ", .function(2)), ("OR", .function(3)), ("OS", .function(4)),
            ("[1P", .function(1))
        ]
        for (form, key) in forms {
            #expect(decodeAll("\u{1B}" + form) == [.key(key)], "ESC \(form)")
            #expect(decodeAll("\u{1B}" + form + "q") == [.key(key), .char("q")], "ESC \(form) then q")
        }
        let all = forms.map { "\u{1B}" + $0.0 }.joined()
        #expect(decodeAll(all) == forms.map { .key($0.1) }, "all in one read")
    }

    @Test func modifiedAndNumberedKeysAreTheirKeys() {
        #expect(decodeAll("\u{1B}[1;5C") == [.key(.right)], "Ctrl+Right")
        #expect(decodeAll("\u{1B}[1;3A") == [.key(.up)], "Alt+Up")
        #expect(
            decodeAll("\u{1B}[1;2B\u{1B}[1;6D\u{1B}[1;5H\u{1B}[1;2F") == [
                .key(.down), .key(.left), .key(.home), .key(.end)
            ])
        #expect(decodeAll("\u{1B}[3;5~\u{1B}[5;3~\u{1B}[6;2~") == [.key(.delete), .key(.pageUp), .key(.pageDown)])
        #expect(decodeAll("\u{1B}[5~\u{1B}[6~") == [.key(.pageUp), .key(.pageDown)])
        #expect(decodeAll("\u{1B}[1~\u{1B}[4~\u{1B}[3~") == [.key(.home), .key(.end), .key(.delete)])
        #expect(decodeAll("\u{1B}OA\u{1B}OH") == [.key(.up), .key(.home)])
        #expect(decodeAll("\u{1B}OP\u{1B}OS") == [.key(.function(1)), .key(.function(4))])
        #expect(decodeAll("\u{1B}[Z") == [.key(.backTab)])
        #expect(decodeAll("\u{1B}[1;5P") == [], "a modified F1 is not one we have without terminfo")
    }

    // MARK: Esc and Alt

    @Test func aLoneEscIsEsc() {
        #expect(decodeAll("\u{1B}") == [.key(.escape)])
        #expect(decodeAll("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
        #expect(decodeAll("\u{1B}\u{1B}\u{1B}") == [.key(.escape), .key(.escape), .key(.escape)])
    }

    @Test func escThenACharacterIsAlt() {
        #expect(decodeAll("\u{1B}x") == [.key(.alt("x"))])
        #expect(decodeAll("\u{1B}q") == [.key(.alt("q"))], "Alt+q is not q, and not Esc then q")
        #expect(decodeAll("\u{1B}é") == [.key(.alt("é"))])
        #expect(decodeAll("\u{1B}漢") == [.key(.alt("漢"))])
        #expect(decodeAll("a\u{1B}bc") == [.char("a"), .key(.alt("b")), .char("c")])
        #expect(decodeAll("\u{1B}O") == [.key(.alt("O"))], "ESC O and nothing after it")
        #expect(decodeAll("\u{1B}O1") == [.key(.alt("O")), .char("1")])
        #expect(decodeAll("\u{1B}P") == [.key(.alt("P"))], "an introducer with nothing after it")
    }

    @Test func altWithAControlOrADecodedKeyIsThatKey() {
        #expect(decodeAll("\u{1B}\r") == [.key(.enter)], "Alt+Enter")
        #expect(decodeAll("\u{1B}\t") == [.key(.tab)])
        #expect(decodeAll("\u{1B}\u{7F}") == [.key(.backspace)])
        #expect(decodeAll("\u{1B}\u{1}") == [.key(.control("a"))])
        #expect(decodeAll("\u{1B}\u{1B}[D") == [.key(.left)], "Alt+Left as some terminals send it")
        #expect(decodeAll("\u{1B}\u{1B}[1;5C") == [.key(.right)])
        #expect(decodeAll("\u{1B}\u{1B}OB") == [.key(.down)])
        #expect(decodeAll("\u{1B}\u{1B}[<0;2;3M") == [press(1, 2)], "Alt+click is a click")
        #expect(decodeAll("\u{1B}\u{1B}[99~") == [.key(.escape)], "Esc, then a sequence we do not know")
        #expect(decodeAll("\u{1B}\u{1B}x") == [.key(.escape), .key(.alt("x"))])
    }

    // MARK: Characters

    @Test func utf8CharactersOfEveryLength() {
        #expect(decodeAll("é漢😀") == [.char("é"), .char("漢"), .char("😀")])
        // A stray continuation byte and a cut sequence are replaced, not lost in.
        #expect(decodeAll([0x80, 0x61, 0xE6, 0x62]) == [.char("\u{FFFD}"), .char("a"), .char("\u{FFFD}"), .char("b")])
        #expect(decodeAll([0xF8, 0x61, 0xFF]) == [.char("\u{FFFD}"), .char("a"), .char("\u{FFFD}")])
        #expect(
            decodeAll([0xE6, 0xBC]) == [.char("\u{FFFD}"), .char("\u{FFFD}")], "cut short at the end, after the delay")
        #expect(decodeAll([0xED, 0xA0, 0x80, 0x61]) == [.char("a")], "a surrogate is no character")
        #expect(decodeAll([0xC2, 0x85, 0x61]) == [.char("a")], "a C1 control means nothing")
    }

    @Test func utf8SplitAcrossReadsIsOneCharacter() {
        let bytes = Array("é漢😀x".utf8)
        for cut in 1..<bytes.count {
            #expect(
                decodeInPieces(bytes, cuts: [cut]) == [.char("é"), .char("漢"), .char("😀"), .char("x")], "cut at \(cut)")
        }
        #expect(
            decodeInPieces(bytes, cuts: Array(1..<bytes.count)) == [.char("é"), .char("漢"), .char("😀"), .char("x")],
            "a byte a read")
        let alt = Array("\u{1B}😀".utf8)
        for cut in 1..<alt.count { #expect(decodeInPieces(alt, cuts: [cut]) == [.key(.alt("😀"))]) }
    }

    // MARK: Mouse

    @Test func sgrMouseReports() {
        // Left press at column 10, row 5 (1-based on the wire), its release, the other buttons.
        #expect(decodeAll("\u{1B}[<0;10;5M\u{1B}[<0;10;5m") == [press(9, 4), release(9, 4)])
        #expect(
            decodeAll("\u{1B}[<1;1;1M\u{1B}[<2;3;4M\u{1B}[<2;3;4m") == [
                press(0, 0, button: 2), press(2, 3, button: 3), release(2, 3, button: 3)
            ])
        #expect(decodeAll("\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [wheel(.wheelUp, 2, 3), wheel(.wheelDown, 2, 3)])
        #expect(
            decodeAll("\u{1B}[<66;1;1M\u{1B}[<67;1;1M") == [wheel(.wheelLeft, 0, 0), wheel(.wheelRight, 0, 0)],
            "the horizontal wheel")
        #expect(
            decodeAll("\u{1B}[<68;1;1M\u{1B}[<69;1;1M") == [wheel(.wheelLeft, 0, 0), wheel(.wheelRight, 0, 0)],
            "Shift turns the wheel sideways")
        #expect(
            decodeAll("\u{1B}[<66;1;1M\u{1B}[<66;1;1m\u{1B}[<67;1;1M\u{1B}[<67;1;1m") == [
                wheel(.wheelLeft, 0, 0), wheel(.wheelRight, 0, 0)
            ], "xterm's releases of the sideways buttons are not turns")
        #expect(
            decodeAll("\u{1B}[<80;1;1M\u{1B}[<81;1;1M") == [wheel(.wheelUp, 0, 0), wheel(.wheelDown, 0, 0)],
            "Ctrl does not")
        #expect(decodeAll("\u{1B}[<35;5;5M\u{1B}[<32;5;5M") == [], "motion is not reported")
        #expect(decodeAll("\u{1B}[<0;500;300M") == [press(499, 299)], "past column 223, where X10 stops")
        #expect(decodeAll("\u{1B}[<16;2;2M") == [press(1, 1)], "Ctrl+click is a click")
        // Not a report: swallowed whole, what follows kept.
        #expect(decodeAll("\u{1B}[<0;1Mq") == [.char("q")])
        #expect(decodeAll("\u{1B}[<0;1;2;3Mq") == [.char("q")])
        #expect(decodeAll("\u{1B}[<0;1;2Xq") == [.char("q")])
    }

    @Test func x10MouseReports() {
        // Right press at (0, 0), release (X10 does not say which button), wheel up and down.
        let bytes: [UInt8] = [
            27, 0x5B, 0x4D, 32 + 2, 33, 33, 27, 0x5B, 0x4D, 32 + 3, 33, 33,
            27, 0x5B, 0x4D, 32 + 64, 40, 41, 27, 0x5B, 0x4D, 32 + 65, 40, 41,
            27, 0x5B, 0x4D, 32 + 66, 40, 41, 27, 0x5B, 0x4D, 32 + 64 + 4 + 1, 40, 41
        ]
        #expect(
            decodeAll(bytes) == [
                press(0, 0, button: 3), release(0, 0), wheel(.wheelUp, 7, 8), wheel(.wheelDown, 7, 8),
                wheel(.wheelLeft, 7, 8), wheel(.wheelRight, 7, 8)
            ])
        // Coordinates past 94 are bytes of 0x80 and more, read raw, not as UTF-8.
        #expect(decodeAll([27, 0x5B, 0x4D, 32, 33 + 200, 33 + 150, 0x71]) == [press(200, 150), .char("q")])
        #expect(decodeAll([27, 0x5B, 0x4D, 32 + 32, 40, 40]) == [], "motion")
        #expect(decodeAll([27, 0x5B, 0x4D, 32, 40]) == [], "cut short: dropped")
    }

    @Test func aSecondPressSoonAtTheSameCellIsADoubleClick() {
        var decoder = InputDecoder()
        let click = Array("\u{1B}[<0;5;5M\u{1B}[<0;5;5m".utf8)
        decoder.feed(click)
        #expect(decoder.events(now: t0) == [press(4, 4), release(4, 4)])
        decoder.feed(click)
        #expect(decoder.events(now: t0 + 200 * ms) == [press(4, 4, clicks: 2), release(4, 4)])
        decoder.feed(click)
        #expect(decoder.events(now: t0 + 300 * ms) == [press(4, 4), release(4, 4)], "a third press starts again")
        decoder.feed(Array("\u{1B}[<0;6;5M".utf8))
        #expect(decoder.events(now: t0 + 350 * ms) == [press(5, 4)], "another cell")
        decoder.feed(Array("\u{1B}[<0;6;5M".utf8))
        #expect(decoder.events(now: t0 + 800 * ms) == [press(5, 4)], "too late")
        decoder.feed([27, 0x5B, 0x4D, 32, 38, 38])
        #expect(decoder.events(now: t0 + 900 * ms) == [press(5, 5)])
        decoder.feed([27, 0x5B, 0x4D, 32, 38, 38])
        #expect(decoder.events(now: t0 + 950 * ms) == [press(5, 5, clicks: 2)], "X10 too")
    }

    @Test func mouseReportsSplitAcrossReads() {
        let sgr = Array("\u{1B}[<0;10;5M".utf8)
        let x10: [UInt8] = [27, 0x5B, 0x4D, 32 + 2, 33 + 4, 33 + 7]
        for cut in 1..<sgr.count { #expect(decodeInPieces(sgr, cuts: [cut]) == [press(9, 4)], "SGR cut at \(cut)") }
        for cut in 1..<x10.count {
            #expect(decodeInPieces(x10, cuts: [cut]) == [press(4, 7, button: 3)], "X10 cut at \(cut)")
        }
    }

    // MARK: Replies and garbage

    @Test func unknownSequencesAreSwallowedWhole() {
        #expect(decodeAll("\u{1B}[99~") == [])
        #expect(decodeAll("\u{1B}[99~q") == [.char("q")])
        #expect(decodeAll("\u{1B}[?1;2c") == [], "a device attributes reply is no key")
        #expect(decodeAll("\u{1B}[200~") == [])
        #expect(decodeAll("\u{1B}Oz") == [])
        #expect(decodeAll("\u{1B}[99999999999999999999~q") == [.char("q")], "a number too big for any key")
    }

    @Test func lateRepliesToQueriesAreSwallowed() {
        let replies: [(String, String)] = [
            ("\u{1B}_Gi=31;OK\u{1B}\\", "kitty's answer (APC)"),
            ("\u{1B}_Gi=32;ENOENT:no such image\u{1B}\\", "kitty's refusal"),
            ("\u{1B}P>|xterm(390)\u{1B}\\", "XTVERSION (DCS)"),
            ("\u{1B}P>|WezTerm 20240203\u{1B}\\", "XTVERSION with a space"),
            ("\u{1B}]11;rgb:0000/0000/0000\u{07}", "a colour reply (OSC, BEL)"),
            ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "a colour reply (OSC, ST)"),
            ("\u{1B}[?62;4c", "DA1"),
            ("\u{1B}[?1;0;256S", "sixel colour registers (XTSMGRAPHICS)"),
            ("\u{1B}[6;20;10t", "cell size"),
            ("\u{1B}[4;480;800t", "window size in pixels")
        ]
        for (reply, what) in replies {
            #expect(decodeAll(reply) == [], "\(what)")
            #expect(decodeAll(reply + "q") == [.char("q")], "\(what), then q")
            #expect(decodeAll("j" + reply + "\u{1B}[B") == [.char("j"), .key(.down)], "\(what), between keys")
            let bytes = Array((reply + "k").utf8)
            for cut in 1..<bytes.count {
                #expect(decodeInPieces(bytes, cuts: [cut]) == [.char("k")], "\(what), cut at \(cut)")
            }
        }
        #expect(decodeAll(replies.map(\.0).joined() + "k") == [.char("k")], "all of them at once")
    }

    @Test func aSequenceCutShortOrInterruptedLosesNothingAfterIt() {
        #expect(decodeAll("\u{1B}[1;") == [])
        #expect(decodeAll("\u{1B}[") == [])
        // A key begins in the middle: it is kept.
        #expect(decodeAll("\u{1B}[1\u{1B}[B") == [.key(.down)])
        // A control byte or a character cannot be part of a sequence: the sequence ends, the
        // byte is decoded.
        #expect(decodeAll("\u{1B}[1\u{09}") == [.key(.tab)])
        #expect(decodeAll("\u{1B}[1é") == [.char("é")])
        #expect(decodeAll("\u{1B}[1\u{7F}") == [.key(.backspace)])
        // A string interrupted by a key sequence ends there.
        #expect(decodeAll("\u{1B}P>|xter\u{1B}[Aq") == [.key(.up), .char("q")])
        // Garbage longer than any sequence ends without swallowing the rest.
        // A long reply (xterm as a VT420 answers DA1 with 32 parameter bytes) is swallowed whole.
        #expect(decodeAll("\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28cq") == [.char("q")])
        #expect(decodeAll("\u{1B}[" + String(repeating: "1", count: 40) + "~q") == [.char("q")])
        let long = "\u{1B}[" + String(repeating: "1", count: InputDecoder.maxSequenceLength + 10) + "~q"
        #expect(decodeAll(long).last == .char("q"))
        let longString = "\u{1B}P" + String(repeating: "x", count: InputDecoder.maxStringLength) + "q"
        #expect(decodeAll(longString) == [.char("q")])
        let unterminated = "\u{1B}]" + String(repeating: "x", count: 100)
        #expect(decodeAll(unterminated) == [], "cut short: dropped once the delay is over")
    }

    // MARK: The escape delay

    @Test func theRestOfASequenceWithinTheDelayCompletesIt() {
        var decoder = InputDecoder()
        decoder.feed([27])
        #expect(decoder.events(now: t0) == [])
        #expect(decoder.deadline == t0 + InputDecoder.escapeDelay)
        #expect(decoder.events(now: t0 + 10 * ms) == [], "still waiting")
        decoder.feed(Array("[A".utf8))
        #expect(decoder.events(now: t0 + 20 * ms) == [.key(.up)])
        #expect(decoder.deadline == nil)
        // Alt too: ESC, then x within the delay.
        decoder.feed([27])
        #expect(decoder.events(now: t0 + 30 * ms) == [])
        decoder.feed(Array("x".utf8))
        #expect(decoder.events(now: t0 + 40 * ms) == [.key(.alt("x"))])
    }

    @Test func aLoneEscAfterTheDelayIsEsc() {
        var decoder = InputDecoder()
        decoder.feed([27])
        #expect(decoder.events(now: t0) == [])
        #expect(decoder.events(now: t0 + InputDecoder.escapeDelay - 1) == [])
        #expect(decoder.events(now: t0 + InputDecoder.escapeDelay) == [.key(.escape)])
        #expect(decoder.deadline == nil)
        // What comes later is typing of its own.
        decoder.feed(Array("[A".utf8))
        #expect(decoder.events(now: t0 + 100 * ms) == [.char("["), .char("A")])
        decoder.feed([27])
        #expect(decoder.events(now: t0 + 200 * ms) == [])
        #expect(decoder.events(now: t0 + 300 * ms) == [.key(.escape)])
        decoder.feed(Array("x".utf8))
        #expect(decoder.events(now: t0 + 300 * ms) == [.char("x")], "not Alt+x")
    }

    @Test func theDelayCountsFromTheFirstBytesOfTheSequence() {
        var decoder = InputDecoder()
        decoder.feed([27])
        #expect(decoder.events(now: t0) == [])
        decoder.feed(Array("[1".utf8))
        #expect(decoder.events(now: t0 + 20 * ms) == [])
        #expect(decoder.deadline == t0 + InputDecoder.escapeDelay, "more of it does not push the deadline back")
        #expect(decoder.events(now: t0 + InputDecoder.escapeDelay) == [], "cut short: dropped")
        #expect(decoder.pendingByteCount == 0 && decoder.deadline == nil)
        // Keys before an unfinished sequence are not held back by it.
        decoder.feed(Array("ab\u{1B}".utf8))
        #expect(decoder.events(now: t0 + 100 * ms) == [.char("a"), .char("b")])
        #expect(decoder.events(now: t0 + 200 * ms) == [.key(.escape)])
    }

    @Test func escEscAtTheEndOfARead() {
        var decoder = InputDecoder()
        decoder.feed([27, 27])
        #expect(decoder.events(now: t0) == [])
        decoder.feed(Array("[B".utf8))
        #expect(decoder.events(now: t0 + 5 * ms) == [.key(.down)], "Alt+Down split after the second ESC")
        decoder.feed([27, 27])
        #expect(decoder.events(now: t0 + 10 * ms) == [])
        #expect(decoder.events(now: t0 + 50 * ms) == [.key(.escape), .key(.escape)])
    }

    // MARK: Terminfo's keys

    /// Key strings as xterm's, rxvt's and the Linux console's terminfo entries give them.
    static let terminfo: [String: String] = [
        "kcuu1": "\u{1B}OA", "kcud1": "\u{1B}OB", "kbs": "\u{7F}", "kent": "\u{1B}OM",
        "kf1": "\u{1B}[[A", "kf5": "\u{1B}[15~", "kf12": "\u{1B}[24~", "kf13": "\u{1B}[1;2P", "kf20": "\u{1B}[34~",
        "kf21": "\u{1B}[23$", "ka1": "\u{1B}Ow", "kc1": "\u{1B}Oq"
    ]

    @Test func terminfoKeysAreKnownWhereTheGenericReadingFallsShort() {
        let keys = KeyTable { Self.terminfo[$0].map { Array($0.utf8) } }
        #expect(
            keys.exact.count == 7,
            "kent, kf5, kf12, kf13, kf20, ka1, kc1: not kcuu1 nor kcud1, which the reading gives itself")
        #expect(keys.prefixed.map(\.key) == [.function(1), .function(21)], "shapes that are not one CSI")
        #expect(!keys.overridesGeneric)
        #expect(
            decodeAll("\u{1B}OM\u{1B}[15~\u{1B}[24~\u{1B}[1;2P\u{1B}[34~", keys: keys)
                == [.key(.enter), .key(.function(5)), .key(.function(12)), .key(.function(13)), .key(.function(20))])
        #expect(decodeAll("\u{1B}[[A\u{1B}[23$q", keys: keys) == [.key(.function(1)), .key(.function(21)), .char("q")])
        #expect(
            decodeAll("\u{1B}Ow\u{1B}Oq\u{1B}OA\u{1B}[B", keys: keys) == [
                .key(.home), .key(.end), .key(.up), .key(.down)
            ])
        #expect(decodeAll("\u{1B}[[B", keys: keys) == [.char("B")], "not F1: ESC [ [ read as a sequence we do not know")
        #expect(decodeAll("\u{1B}\u{1B}[15~", keys: keys) == [.key(.function(5))], "Alt+F5")
        let bytes = Array("\u{1B}[[A\u{1B}[1;2P\u{1B}[23$".utf8)
        for cut in 1..<bytes.count {
            #expect(
                decodeInPieces(bytes, cuts: [cut], keys: keys) == [
                    .key(.function(1)), .key(.function(13)), .key(.function(21))
                ], "cut at \(cut)")
        }
    }

    @Test func terminfoWinsWhereItSaysOtherwise() {
        // The first of two capabilities with the same string wins; one the generic reading
        // decodes to another key is looked up before it.
        let keys = KeyTable([
            (Array("\u{1B}[1~".utf8), .end), (Array("\u{1B}[1~".utf8), .home), (Array("\u{1B}[A".utf8), .up)
        ])
        #expect(keys.overridesGeneric && keys.exact.count == 1)
        #expect(decodeAll("\u{1B}[1~\u{1B}[A\u{1B}[4~", keys: keys) == [.key(.end), .key(.up), .key(.end)])
    }

    // MARK: Random bytes

    /// SplitMix64: the same bytes on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Bytes biased to what sequences are made of.
    static func garbage(_ random: inout Random) -> [UInt8] {
        let alphabet =
            Array("\u{1B}\u{1B}\u{1B}[[O<;;0123456789MmPS~_]\\\u{07}?cAHt".utf8) + [
                0x80, 0xC3, 0xE6, 0xF0, 0x9F, 0xFF, 0x7F, 0x0D
            ]
        return (0..<random.below(60)).map { _ in
            random.below(4) == 0 ? UInt8(random.below(256)) : alphabet[random.below(alphabet.count)]
        }
    }

    @Test func randomBytesNeverCrashNorLoseTheKeyAfterThem() {
        var random = Random(state: 42)
        let keys = KeyTable { Self.terminfo[$0].map { Array($0.utf8) } }
        for round in 0..<3000 {
            let bytes = Self.garbage(&random)
            var decoder = InputDecoder(keys: round % 2 == 0 ? keys : KeyTable())
            decoder.feed(bytes)
            _ = decoder.events(now: t0)
            _ = decoder.events(now: t0 + InputDecoder.escapeDelay)
            #expect(decoder.pendingByteCount == 0, "garbage \(bytes) is all taken after the delay")
            // The user's next key, read later: itself, whatever came before.
            decoder.feed(Array("q".utf8))
            #expect(decoder.events(now: t0 + 100 * ms) == [.char("q")], "q after \(bytes)")
            decoder.feed(Array("\u{1B}[B".utf8))
            #expect(decoder.events(now: t0 + 200 * ms) == [.key(.down)], "Down after \(bytes)")
            // Or read in pieces, the key's own read after a pause.
            var pieces = InputDecoder(keys: round % 2 == 0 ? keys : KeyTable())
            var time = t0
            for piece in [bytes.prefix(bytes.count / 2), bytes.dropFirst(bytes.count / 2)] {
                pieces.feed(piece)
                _ = pieces.events(now: time)
                time += 10 * ms
            }
            time = pieces.drain(from: time).time + 100 * ms
            pieces.feed(Array("q".utf8))
            #expect(pieces.events(now: time) == [.char("q")], "q after \(bytes) in two reads")
        }
    }

    @Test func randomBytesDecodeTheSameHoweverTheReadsCutThem() {
        var random = Random(state: 7)
        let keys = KeyTable { Self.terminfo[$0].map { Array($0.utf8) } }
        for round in 0..<1500 {
            let bytes = Self.garbage(&random) + Array("\u{1B}[Bq".utf8) + Self.garbage(&random)
            let table = round % 2 == 0 ? keys : KeyTable()
            let whole = decodeAll(bytes, keys: table)
            let cuts = (0..<random.below(6)).map { _ in random.below(bytes.count + 1) }
            #expect(decodeInPieces(bytes, cuts: cuts, keys: table) == whole, "\(bytes) cut at \(cuts.sorted())")
        }
    }
}

@Suite struct BracketedPasteTests {
    @Test func aPasteIsOneEventNotKeys() {
        let events = decodeAll("a\u{1B}[200~hello\r\nq?\u{1B}[A\u{1B}[201~b")
        #expect(events == [.char("a"), .paste("hello\r\nq?\u{1B}[A"), .char("b")])
    }

    @Test func aPasteSplitAnywhereAcrossReadsIsWhole() {
        let bytes = Array("\u{1B}[200~añ😀\u{1B}x\u{1B}[201~z".utf8)
        for cut in 1..<bytes.count {
            let events = decodeInPieces(bytes, cuts: [cut])
            #expect(events == [.paste("añ😀\u{1B}x"), .char("z")], "cut at \(cut)")
        }
    }

    @Test func aMegabytePasteReadInPiecesIsOneEventKeptToTheLimit() {
        var decoder = InputDecoder()
        decoder.feed(Array("\u{1B}[200~".utf8))
        var out = decoder.events(now: t0)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: InputDecoder.readSize)
        for _ in 0..<(2 * InputDecoder.maxPaste / chunk.count) {
            decoder.feed(chunk)
            out += decoder.events(now: t0)
            #expect(decoder.pendingByteCount == 0, "what is pasted is taken as it comes, not held")
        }
        decoder.feed(Array("\u{1B}[201~".utf8))
        out += decoder.events(now: t0)
        #expect(out.count == 1)
        guard case .paste(let text)? = out.first else { Issue.record("no paste"); return }
        #expect(text.utf8.count == InputDecoder.maxPaste)
    }
}
