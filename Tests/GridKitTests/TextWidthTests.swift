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

    /// The one-pass cut agrees with the plain rule (whole when it fits; else the longest start
    /// within one column less, and `…`) on mixed widths, marks and exact fits.
    @Test func truncationMatchesThePlainRule() {
        func plain(_ s: String, _ width: Int, _ ellipsis: Bool) -> String {
            guard width > 0 else { return "" }
            if TextWidth.width(of: s) <= width { return s }
            var out = "", used = 0
            for g in s {
                let w = TextWidth.width(of: g)
                if used + w > (ellipsis ? width - 1 : width) { break }
                out.append(g); used += w
            }
            return ellipsis ? out + "…" : out
        }
        let samples = [
            "", "abcde", "漢a字b漢", "e\u{301}\u{301}xyz", "a\u{200B}b\u{200B}c", "👩‍👩‍👧‍👦🚀ab",
            String(repeating: "漢x", count: 50)
        ]
        for s in samples {
            for width in 0...12 {
                for ellipsis in [true, false] {
                    #expect(
                        TextWidth.truncate(s, toWidth: width, ellipsis: ellipsis) == plain(s, width, ellipsis),
                        "\(s) \(width)")
                }
            }
        }
    }

    /// Text laid out scalar by scalar and cut to a field: it fits when each scalar is a
    /// character of its own and their widths add up to the field at most.
    @Test func oneScalarPerCharacterFittingAField() {
        #expect(TextWidth.isOneScalarPerGrapheme("▶abc", fittingIn: 4))
        #expect(!TextWidth.isOneScalarPerGrapheme("▶abcd", fittingIn: 4))
        #expect(TextWidth.isOneScalarPerGrapheme("界界", fittingIn: 4))
        #expect(!TextWidth.isOneScalarPerGrapheme("界界a", fittingIn: 4))
        #expect(!TextWidth.isOneScalarPerGrapheme("e\u{301}", fittingIn: 4), "a combining accent joins its letter")
        #expect(!TextWidth.isOneScalarPerGrapheme("a\r\n", fittingIn: 4), "CR LF is one character")
        // Wider than the field: it is to be cut, whatever comes after.
        #expect(!TextWidth.isOneScalarPerGrapheme("abcde\u{301}", fittingIn: 4))
        #expect(TextWidth.isOneScalarPerGrapheme("", fittingIn: 0))
    }
}
