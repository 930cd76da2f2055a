import CNcurses
import GridKit
@testable import GridKitTerminal
import Testing

/// Raw shim events for a string of bytes as curses hands them over when it did not recognise
/// a sequence: one GK_CHAR per byte.
private func chars(_ s: String) -> [gk_event] {
    s.unicodeScalars.map { u in
        var e = gk_event()
        e.kind = Int32(GK_CHAR)
        e.ch = u.value
        return e
    }
}

private func key(_ kind: Int32) -> gk_event {
    var e = gk_event()
    e.kind = kind
    return e
}

/// Decodes everything in `input`, as the terminal's run loop does.
private func decodeAll(_ input: [gk_event]) -> [InputEvent] {
    var queue = input[...]
    var decoder = InputDecoder()
    let read = { () -> gk_event? in queue.popFirst() }
    var out: [InputEvent] = []
    while let e = decoder.nextRaw(read) {
        if let event = decoder.decode(e, read: read, size: { Size(width: 80, height: 24) }, now: 0) { out.append(event) }
    }
    return out
}

@Suite struct InputDecoderTests {
    @Test func aLoneEscIsEsc() {
        #expect(decodeAll(chars("\u{1B}")) == [.key(.escape)])
        #expect(decodeAll(chars("\u{1B}\u{1B}")) == [.key(.escape), .key(.escape)])
    }

    @Test func escThenACharacterIsAlt() {
        #expect(decodeAll(chars("\u{1B}x")) == [.key(.alt("x"))])
        #expect(decodeAll(chars("\u{1B}q")) == [.key(.alt("q"))], "Alt+q is not q, and not Esc then q")
        #expect(decodeAll(chars("\u{1B}é")) == [.key(.alt("é"))])
        #expect(decodeAll(chars("a\u{1B}bc")) == [.char("a"), .key(.alt("b")), .char("c")])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        #expect(decodeAll(chars("\u{1B}[99~")) == [])
        #expect(decodeAll(chars("\u{1B}[99~q")) == [.char("q")])
        #expect(decodeAll(chars("\u{1B}[?1;2c")) == [], "a device attributes reply is no key")
        #expect(decodeAll(chars("\u{1B}[200~")) == [])
        #expect(decodeAll(chars("\u{1B}Oz")) == [])
    }

    @Test func lateRepliesToQueriesAreSwallowed() {
        #expect(decodeAll(chars("\u{1B}_Gi=31;OK\u{1B}\\q")) == [.char("q")], "kitty's answer (APC)")
        #expect(decodeAll(chars("\u{1B}P>|xterm(390)\u{1B}\\j")) == [.char("j")], "XTVERSION (DCS)")
        #expect(decodeAll(chars("\u{1B}]11;rgb:0000/0000/0000\u{07}k")) == [.char("k")], "a colour reply (OSC, BEL)")
        #expect(decodeAll(chars("\u{1B}[6;20;10t\u{1B}[?62;4c")) == [], "cell size and DA1 (CSI)")
    }

    @Test func modifiedAndNumberedKeysAreTheirKeys() {
        #expect(decodeAll(chars("\u{1B}[1;5C")) == [.key(.right)], "Ctrl+Right")
        #expect(decodeAll(chars("\u{1B}[1;3A")) == [.key(.up)], "Alt+Up")
        #expect(decodeAll(chars("\u{1B}[5~\u{1B}[6~")) == [.key(.pageUp), .key(.pageDown)])
        #expect(decodeAll(chars("\u{1B}[1~\u{1B}[4~\u{1B}[3~")) == [.key(.home), .key(.end), .key(.delete)])
        #expect(decodeAll(chars("\u{1B}OA\u{1B}OH")) == [.key(.up), .key(.home)])
        #expect(decodeAll(chars("\u{1B}OP\u{1B}OS")) == [.key(.function(1)), .key(.function(4))])
        #expect(decodeAll(chars("\u{1B}[Z")) == [.key(.backTab)])
    }

    @Test func aSequenceCutShortOrInterruptedLosesNothingAfterIt() {
        #expect(decodeAll(chars("\u{1B}[1;")) == [])
        // A key curses decoded arrives in the middle: it is kept.
        #expect(decodeAll(chars("\u{1B}[1") + [key(Int32(GK_DOWN))]) == [.key(.down)])
        // A control byte cannot be part of a sequence: the sequence ends, the byte is decoded.
        #expect(decodeAll(chars("\u{1B}[1\u{09}")) == [.key(.tab)])
        // Garbage longer than any sequence ends without swallowing the rest.
        let long = "\u{1B}[" + String(repeating: "1", count: 40) + "~q"
        #expect(decodeAll(chars(long)).last == .char("q"))
    }

    @Test func altWithADecodedKeyIsThatKey() {
        #expect(decodeAll(chars("\u{1B}") + [key(Int32(GK_LEFT))]) == [.key(.left)])
        #expect(decodeAll(chars("\u{1B}") + [key(Int32(GK_ENTER))]) == [.key(.enter)], "Alt+Enter")
    }
}
