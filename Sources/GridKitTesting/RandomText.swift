/// Random text of the kinds that trouble a terminal program's text handling, for fuzzing what
/// takes text (pastes into fields and filters): the same seed gives the same text everywhere.
///
/// It comes in runs of one kind each: ASCII words and punctuation; CJK and kana (two columns);
/// emoji clusters (ZWJ families and professions, skin tones, flags of two letters and of tags,
/// keycaps, variation selectors); letters with stacks of combining marks, now and then hundreds
/// on one letter (one character, however long); right-to-left text with bidi controls;
/// zero-width and format characters; C0 and C1 controls and DEL (NUL and ESC among them); and
/// line breaks (LF, CR LF, CR) and tabs.
package enum RandomText {
    /// About `utf8Count` bytes of text (it stops at the first run that reaches it).
    package static func make(utf8Count: Int, using rng: inout SeededGenerator) -> String {
        var out = ""
        out.reserveCapacity(utf8Count + 256)
        while out.utf8.count < utf8Count {
            switch rng.int(0...99) {
            case 0..<30: out += ascii(&rng)
            case 30..<45: out += cjk(&rng)
            case 45..<62: out += emoji(&rng)
            case 62..<72: out += marked(&rng)
            case 72..<78: out += rightToLeft(&rng)
            case 78..<84: out += formats(&rng)
            case 84..<93: out += controls(&rng)
            default: out += lineBreaks(&rng)
            }
        }
        return out
    }

    private static func scalar(_ v: UInt32) -> String { String(Unicode.Scalar(v)!) }
    private static func pick(_ range: ClosedRange<UInt32>, _ rng: inout SeededGenerator) -> String {
        scalar(UInt32(rng.int(Int(range.lowerBound)...Int(range.upperBound))))
    }

    private static func ascii(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...40) { s += pick(0x20...0x7E, &rng) }
        return s
    }

    private static func cjk(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...20) {
            s += rng.int(0...3) == 0 ? pick(0x3041...0x3096, &rng) : pick(0x4E00...0x9FFF, &rng)
        }
        return s
    }

    private static let people: [UInt32] = [0x1F468, 0x1F469, 0x1F467, 0x1F466, 0x1F9D1, 0x1F476]
    private static let objects: [UInt32] = [0x1F4BB, 0x1F52C, 0x1F680, 0x1F373, 0x2764, 0x1F48B, 0x1F308, 0x1F525]

    private static func emoji(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...6) {
            switch rng.int(0...6) {
            case 0:
                // A family or any chain of people joined by ZWJs, skin tones here and there.
                let n = rng.int(2...6)
                s += (0..<n).map { _ in
                    scalar(people[rng.int(0...people.count - 1)])
                        + (rng.int(0...2) == 0 ? pick(0x1F3FB...0x1F3FF, &rng) : "")
                }.joined(separator: "\u{200D}")
            case 1:
                s +=
                    scalar(people[rng.int(0...people.count - 1)]) + "\u{200D}"
                    + scalar(objects[rng.int(0...objects.count - 1)])
            case 2: s += pick(0x1F1E6...0x1F1FF, &rng) + pick(0x1F1E6...0x1F1FF, &rng) // a flag, real or not
            case 3:
                // A flag of tags: a black flag, tag letters, the cancel tag.
                s += "🏴"
                for _ in 0..<rng.int(2...8) { s += pick(0xE0061...0xE007A, &rng) }
                s += "\u{E007F}"
            case 4: s += pick(0x30...0x39, &rng) + "\u{FE0F}\u{20E3}" // a keycap
            case 5: s += pick(0x1F600...0x1F64F, &rng) + (rng.int(0...1) == 0 ? pick(0x1F3FB...0x1F3FF, &rng) : "")
            default: s += pick(0x2600...0x26FF, &rng) + (rng.int(0...1) == 0 ? "\u{FE0F}" : "\u{FE0E}")
            }
        }
        return s
    }

    private static func marked(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...5) {
            s += pick(0x61...0x7A, &rng)
            // Mostly a few marks; one run in twenty piles hundreds on one letter.
            let marks = rng.int(0...19) == 0 ? rng.int(100...400) : rng.int(1...4)
            for _ in 0..<marks { s += pick(0x300...0x36F, &rng) }
        }
        return s
    }

    private static func rightToLeft(_ rng: inout SeededGenerator) -> String {
        var s = rng.int(0...1) == 0 ? "\u{202E}" : "\u{2067}"
        for _ in 0..<rng.int(1...20) {
            s += rng.int(0...1) == 0 ? pick(0x5D0...0x5EA, &rng) : pick(0x627...0x64A, &rng)
        }
        return s + (rng.int(0...1) == 0 ? "\u{202C}" : "")
    }

    private static let formatScalars: [UInt32] = [
        0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x180E, 0xFE0F, 0x034F, 0x1160, 0xFFFD
    ]

    private static func formats(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...8) { s += scalar(formatScalars[rng.int(0...formatScalars.count - 1)]) }
        return s
    }

    private static func controls(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<rng.int(1...8) {
            switch rng.int(0...3) {
            case 0: s += "\u{1B}" + (rng.int(0...1) == 0 ? "[201~" : "[2J") // an escape, even a paste's end
            case 1: s += pick(0x80...0x9F, &rng)
            case 2: s += "\u{7F}"
            default: s += pick(0x00...0x1F, &rng)
            }
        }
        return s
    }

    private static func lineBreaks(_ rng: inout SeededGenerator) -> String {
        ["\n", "\r\n", "\r", "\t", "\n\n\n"][rng.int(0...4)]
    }
}
