import Synchronization

/// Display widths of text in terminal columns, the way terminals following Unicode's East Asian
/// Width and emoji presentation rules draw it: wide (CJK, emoji) take 2, combining and format
/// characters 0, controls 0 (they are never drawn).
public enum TextWidth {
    // East Asian Wide and Fullwidth blocks that are not emoji (emoji come from scalar properties).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD
    ]

    /// Widths of the Basic Multilingual Plane, filled in as scalars are first seen: Unicode
    /// property look-ups are slow, and a frame asks about the same few characters again and again.
    /// Safe from any thread: the pointer is set once (a `static let`) and never changes, and every
    /// entry is read and written atomically (relaxed: a reader sees 0xFF, "not known yet", or the one
    /// value any writer stores), so `nonisolated(unsafe)` only covers the pointer's own Sendable-ness.
    nonisolated(unsafe) private static let bmpCache: UnsafeMutablePointer<Atomic<UInt8>> = {
        let p = UnsafeMutablePointer<Atomic<UInt8>>.allocate(capacity: 0x10000)
        for i in 0..<0x10000 { (p + i).initialize(to: Atomic(0xFF)) }
        return p
    }()

    /// Width of a single scalar on its own.
    package static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        // Box drawing and block elements: one column each, and what lines and pictures made
        // of half blocks put in their thousands.
        if v >= 0x2500 && v < 0x25A0 { return 1 }
        if v < 0x10000 { return Int(bmpInfo(scalar) & 3) }
        return computeWidth(scalar)
    }

    /// A cache entry: the width in the low two bits, and `joins` when the scalar may belong to
    /// the grapheme before it (see `isOneScalarPerGrapheme`).
    private static let joins: UInt8 = 4

    private static func bmpInfo(_ scalar: Unicode.Scalar) -> UInt8 {
        let v = scalar.value
        let cached = bmpCache[Int(v)].load(ordering: .relaxed)
        if cached != 0xFF { return cached }
        var info = UInt8(computeWidth(scalar))
        if v >= 0x300
            && (info == 0 || (0x1100...0x11FF).contains(v) || (0xA960...0xA97F).contains(v)
                || (0xD7B0...0xD7FF).contains(v)
                || scalar.properties.isGraphemeExtend)
        {
            info |= joins
        }
        bmpCache[Int(v)].store(info, ordering: .relaxed)
        return info
    }

    private static func computeWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0xA0 { return 0 }
        if v == 0xAD { return 1 }
        if (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
        let p = scalar.properties
        switch p.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default: break
        }
        if p.isEmojiPresentation { return 2 }
        if v >= 0x1100 && isWide(v) { return 2 }
        return 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// Width of one grapheme cluster: its base's width, or 2 when it is presented as an emoji
    /// (emoji presentation, a variation selector 16, a ZWJ sequence or a flag).
    public static func width(of grapheme: Character) -> Int {
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return width(of: first) }
        var base = width(of: first)
        if base == 0, first.properties.generalCategory == .control { return 0 }
        for s in scalars.dropFirst() {
            if s.value == 0xFE0F && first.properties.isEmoji { return 2 }
            if s.value == 0x200D && first.properties.isEmoji { return 2 }
            if s.properties.isEmojiPresentation { base = max(base, 2) }
        }
        return base
    }

    /// True when every scalar of `string` is a grapheme of its own, so text can be laid out
    /// scalar by scalar: no combining or zero-width scalars, joiners, variation selectors,
    /// flags, skin tones or Hangul jamo, and no CR LF pair.
    package static func isOneScalarPerGrapheme(_ string: String) -> Bool {
        string.unicodeScalars.allSatisfy(standsAlone)
    }

    /// Whether `string` is one scalar a grapheme (`isOneScalarPerGrapheme`) and at most
    /// `maxWidth` columns wide, read no further than the first scalar past that width: text
    /// cut to a short field costs what shows, not what was typed.
    package static func isOneScalarPerGrapheme(_ string: String, fittingIn maxWidth: Int) -> Bool {
        var used = 0
        for u in string.unicodeScalars {
            guard standsAlone(u) else { return false }
            used += width(of: u)
            if used > maxWidth { return false }
        }
        return true
    }

    /// Whether `u` is a grapheme whatever comes before or after it (see `isOneScalarPerGrapheme`).
    private static func standsAlone(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x300 { return v != 13 }
        if v < 0x10000 { return bmpInfo(u) & joins == 0 }
        if width(of: u) == 0 { return false }
        if (0x1100...0x11FF).contains(v) || (0xA960...0xA97F).contains(v) || (0xD7B0...0xD7FF).contains(v) {
            return false
        }
        if (0x1F1E6...0x1F1FF).contains(v) || (0x1F3FB...0x1F3FF).contains(v) { return false }
        return !u.properties.isGraphemeExtend
    }

    /// Width of a string: the sum of its graphemes' widths.
    public static func width(of string: String) -> Int {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
        var w = 0
        if isOneScalarPerGrapheme(string) {
            // No grapheme breaking needed (box drawing, arrows, accents, CJK).
            for u in string.unicodeScalars { w += width(of: u) }
            return w
        }
        for g in string { w += width(of: g) }
        return w
    }

    /// The string cut to at most `maxWidth` columns, ending in `…` when it was cut.
    /// A wide character that would not fit whole is dropped, never halved.
    public static func truncate(_ string: String, toWidth maxWidth: Int, ellipsis: Bool = true) -> String {
        guard maxWidth > 0 else { return "" }
        // One pass that stops at the first column past the width: a search bar's 4,096
        // characters quoted in a one-line message cost what shows, not what was typed.
        let budget = ellipsis ? maxWidth - 1 : maxWidth
        var used = 0, fits = string.startIndex, i = string.startIndex
        while i < string.endIndex {
            let next = string.index(after: i)
            used += width(of: string[i])
            if used > maxWidth { return ellipsis ? string[..<fits] + "…" : String(string[..<fits]) }
            if used <= budget { fits = next }
            i = next
        }
        return string
    }

    /// The string padded with spaces (or cut) to exactly `width` columns.
    package static func pad(_ string: String, toWidth target: Int) -> String {
        let cut = truncate(string, toWidth: target)
        return cut + String(repeating: " ", count: max(0, target - width(of: cut)))
    }
}
