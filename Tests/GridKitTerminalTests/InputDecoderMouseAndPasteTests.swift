import GridKit
import Testing

@testable import GridKitTerminal

/// Mouse reports and bracketed pastes: input that is not keys.
extension InputDecoderTests {
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
