import GridKit
import Testing

@Suite struct TextWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect(TextWidth.width(of: "hello") == 5)
        #expect(TextWidth.width(of: "") == 0)
    }

    @Test func cjkAndEmojiAreTwoColumns() {
        #expect(TextWidth.width(of: "漢字") == 4)
        #expect(TextWidth.width(of: "カタカナ") == 8)
        #expect(TextWidth.width(of: "한국") == 4)
        #expect(TextWidth.width(of: "😀") == 2)
        #expect(TextWidth.width(of: "ａ") == 2) // fullwidth Latin
    }

    @Test func variationSelectorsZwjAndFlags() {
        #expect(TextWidth.width(of: "❤") == 1)
        #expect(TextWidth.width(of: "❤️") == 2)
        #expect(TextWidth.width(of: "👨‍👩‍👧") == 2)
        #expect(TextWidth.width(of: "🇯🇵") == 2)
    }

    @Test func combiningZeroWidthAndControls() {
        #expect(TextWidth.width(of: "e\u{301}") == 1)
        #expect(TextWidth.width(of: "a\u{200B}b") == 2)
        #expect(TextWidth.width(of: "a\tb\u{7}") == 2)
        #expect(TextWidth.width(of: "Ελληνικά") == 8)
        #expect(TextWidth.width(of: "مرحبا") == 5)
    }

    @Test func truncationNeverHalvesAWideCharacter() {
        #expect(TextWidth.truncate("hello world", toWidth: 8) == "hello w…")
        #expect(TextWidth.truncate("漢字漢字", toWidth: 6) == "漢字…")
        #expect(TextWidth.truncate("漢字漢字", toWidth: 4) == "漢…")
        #expect(TextWidth.truncate("short", toWidth: 10) == "short")
        #expect(TextWidth.truncate("abc", toWidth: 0) == "")
        #expect(TextWidth.pad("ab", toWidth: 4) == "ab  ")
    }
}
