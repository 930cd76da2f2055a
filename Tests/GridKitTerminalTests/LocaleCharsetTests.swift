import GridKit
import GridKitPresenting
import Testing

@testable import GridKitTerminal

@Suite struct LocaleCharsetTests {
    @Test func utf8NeedsNoCharset() {
        #expect(LocaleCharset(codeset: "UTF-8") == nil)
        #expect(LocaleCharset(codeset: "no-such-codeset") == nil)
    }

    @Test func latin1WritesItsOwnLettersAndStandInsForTheRest() throws {
        let latin1 = try #require(LocaleCharset(codeset: "ISO-8859-1"))
        #expect(latin1.encode(0xE9, width: 1) == [0xE9]) // é
        #expect(latin1.encode(0xB7, width: 1) == [0xB7]) // · is Latin-1
        #expect(latin1.encode(0x2500, width: 1) == Array("-".utf8)) // ─
        #expect(latin1.encode(0x2502, width: 1) == Array("|".utf8)) // │
        #expect(latin1.encode(0x250C, width: 1) == Array("+".utf8)) // ┌
        #expect(latin1.encode(0x2192, width: 1) == Array(">".utf8)) // →
        #expect(latin1.encode(0x25B6, width: 1) == Array(">".utf8)) // ▶
        #expect(latin1.encode(0x2026, width: 1) == Array(".".utf8)) // …
        #expect(latin1.encode(0x0142, width: 1) == Array("l".utf8)) // ł, transliterated
        #expect(latin1.encode(0x4E2D, width: 2) == Array("??".utf8)) // 中 keeps its two columns
        #expect(latin1.encode(0x1F469, width: 2) == Array("??".utf8))
        #expect(latin1.decode(0xE9) == 0xE9 && latin1.decode(0x41) == 0x41)
        #expect(latin1.encode(text: "Zoë → ok") == [0x5A, 0x6F, 0xEB, 0x20, 0x3E, 0x20, 0x6F, 0x6B])
    }

    @Test func koi8rIsAnotherSingleByteCodeset() throws {
        let koi8 = try #require(LocaleCharset(codeset: "KOI8-R"))
        #expect(koi8.encode(0x0416, width: 1) == [0xF6]) // Ж
        #expect(koi8.decode(0xF6) == 0x0416)
        #expect(koi8.encode(0xE9, width: 1) == Array("e".utf8)) // é is not KOI8-R: transliterated
    }

    @Test func asciiHasOnlyStandInsAndTransliterations() throws {
        let ascii = try #require(LocaleCharset(codeset: "ANSI_X3.4-1968"))
        #expect(ascii.displayName == "ASCII")
        #expect(ascii.encode(0xE9, width: 1) == Array("e".utf8))
        #expect(ascii.encode(0xB7, width: 1) == Array(".".utf8))
        #expect(ascii.encode(0x2588, width: 1) == Array("#".utf8))
        #expect(ascii.decode(0xE9) == 0xFFFD)
    }

    /// The writer under Latin-1: every character in its columns, nothing that is UTF-8.
    @Test func frameWriterWritesTheCodesetKeepingColumns() throws {
        let latin1 = try #require(LocaleCharset(codeset: "ISO-8859-1"))
        let size = Size(width: 20, height: 1)
        var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .ansi16), charset: latin1) { v in
            (0x4E00...0x9FFF).contains(v) ? 2 : 1
        }
        let canvas = Canvas(size: size)
        canvas.drawText("é─中x→", at: .zero, style: .plain)
        writer.begin(size: size, cleared: true)
        var diff = FrameDiff()
        diff.update(to: canvas) { x, y, cell in writer.put(cell, x: x, y: y, in: canvas) }
        let bytes = writer.finish(cursor: nil)
        let text = bytes.filter { $0 >= 0x20 }
        #expect(text.suffix(6) == [0xE9, 0x2D, 0x3F, 0x3F, 0x78, 0x3E], "\(bytes)")
    }
}

@Suite struct LocaleInputTests {
    /// Typed characters in a Latin-1 terminal are one byte each.
    @Test func latin1KeysAreOneByte() throws {
        var decoder = InputDecoder(charset: try #require(LocaleCharset(codeset: "ISO-8859-1")))
        decoder.feed([0xE9, 0x61, 0xFC])
        #expect(decoder.events(now: t0) == [.key(.character("é")), .key(.character("a")), .key(.character("ü"))])
    }

    /// A double-byte codeset: a lead byte waits for its trail byte, which is not a key itself
    /// even where it is an ASCII letter's byte.
    @Test func doubleByteKeysWaitForTheirSecondByte() throws {
        var decoder = InputDecoder(charset: try #require(LocaleCharset(codeset: "SHIFT_JIS")))
        decoder.feed([0x93]) // 日 is 93 FA; the trail byte comes in the next read
        #expect(decoder.events(now: t0).isEmpty)
        decoder.feed([0xFA, 0x82, 0x60]) // 日, then Ａ (82 60: the trail byte is ASCII `)
        #expect(decoder.events(now: t0) == [.key(.character("日")), .key(.character("Ａ"))])
    }
}
