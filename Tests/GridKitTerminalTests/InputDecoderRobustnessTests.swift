import GridKit
import Testing

@testable import GridKitTerminal

/// What is no input, cut short or late: replies and garbage swallowed whole, the escape delay,
/// and random bytes however the reads cut them.
extension InputDecoderTests {
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

    // MARK: Random bytes

    static func garbage(_ random: inout Seeded) -> [UInt8] {
        let alphabet =
            Array("\u{1B}\u{1B}\u{1B}[[O<;;0123456789MmPS~_]\\\u{07}?cAHt".utf8) + [
                0x80, 0xC3, 0xE6, 0xF0, 0x9F, 0xFF, 0x7F, 0x0D
            ]
        return (0..<random.next(60)).map { _ in
            random.next(4) == 0 ? UInt8(random.next(256)) : alphabet[random.next(alphabet.count)]
        }
    }

    @Test func randomBytesNeverCrashNorLoseTheKeyAfterThem() {
        var random = Seeded(42)
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
        var random = Seeded(7)
        let keys = KeyTable { Self.terminfo[$0].map { Array($0.utf8) } }
        for round in 0..<1500 {
            let bytes = Self.garbage(&random) + Array("\u{1B}[Bq".utf8) + Self.garbage(&random)
            let table = round % 2 == 0 ? keys : KeyTable()
            let whole = decodeAll(bytes, keys: table)
            let cuts = (0..<random.next(6)).map { _ in random.next(bytes.count + 1) }
            #expect(decodeInPieces(bytes, cuts: cuts, keys: table) == whole, "\(bytes) cut at \(cuts.sorted())")
        }
    }
}
