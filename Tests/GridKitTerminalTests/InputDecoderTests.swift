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

// Mouse events as the decoder reports them, for these tests and the mouse tests.
func press(_ x: Int, _ y: Int, button: Int = 1, clicks: Int = 1) -> InputEvent {
    .mouse(MouseEvent(action: .press, position: Point(x: x, y: y), button: button, clickCount: clicks))
}

func release(_ x: Int, _ y: Int, button: Int = 1) -> InputEvent {
    .mouse(MouseEvent(action: .release, position: Point(x: x, y: y), button: button))
}

func wheel(_ action: MouseAction, _ x: Int, _ y: Int) -> InputEvent {
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
}
