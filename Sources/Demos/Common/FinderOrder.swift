import Foundation

/// The order a file manager lists names in: `localizedStandardCompare`'s (case aside, numbers
/// by value, in the locale's collation), answered without the collator where the answer is
/// certain.
///
/// The comparison costs a few microseconds on Linux (it makes a locale object each time), and
/// sorting the names of a folder compares each with its neighbour at least once: that was a
/// third of a 20,000-photo library's walk. Most names a camera or a phone writes differ first in
/// a number (`IMG_0041.jpg`, `IMG_0042.jpg`). Where two names are the same up to a run of ASCII
/// digits whose values differ, Foundation's comparison on Linux (CoreFoundation's, before it
/// asks ICU) reads both runs as numbers and answers by their values, whatever the locale: so
/// the smaller number goes first here too. Every other pair goes to that comparison, with the
/// options `localizedStandardCompare` passes and the locale taken once. (On Linux
/// `Locale.current` is `en_001` whatever `LANG` says.)
package struct FinderOrder: Sendable {
    private let locale: Locale

    /// The order in `locale` (the user's, by default).
    package init(locale: Locale = .current) { self.locale = locale }

    /// Whether `a` comes before `b`.
    package func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) == .orderedAscending }

    /// How `a` compares with `b`, as `a.localizedStandardCompare(b)` does in this locale.
    package func compare(_ a: String, _ b: String) -> ComparisonResult {
        if let quick = Self.byNumber(a, b) { return quick }
        return a.compare(
            b, options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering], range: nil, locale: locale)
    }

    /// The answer when `a` and `b` are the same up to a run of ASCII digits whose values differ;
    /// nil for any other pair. Runs are at most 18 digits (CoreFoundation reads a run into 64
    /// bits, and a longer one wraps) and end at the end of the name or before an ASCII byte: a
    /// margin kept on purpose, so that no combining mark on a digit reaches this path.
    static func byNumber(_ a: String, _ b: String) -> ComparisonResult? {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in byNumber(x, y) } }
    }

    private static func byNumber(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> ComparisonResult?
    {
        let common = min(x.count, y.count)
        var i = 0
        while i < common && x[i] == y[i] { i += 1 }
        guard i < common, isDigit(x[i]), isDigit(y[i]) else { return nil }
        var start = i
        while start > 0 && isDigit(x[start - 1]) { start -= 1 }
        guard let m = digitRun(x, from: start), let n = digitRun(y, from: start) else { return nil }
        // By value: fewer significant digits is smaller; as many, the first digit that differs.
        if m.count != n.count { return m.count < n.count ? .orderedAscending : .orderedDescending }
        for k in 0..<m.count where x[m.first + k] != y[n.first + k] {
            return x[m.first + k] < y[n.first + k] ? .orderedAscending : .orderedDescending
        }
        return nil // the same number, written with other leading zeros: the collator decides
    }

    /// The digits from `start` on: where the significant ones begin and how many there are; nil
    /// when the run is too long or a non-ASCII byte follows it.
    private static func digitRun(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> (first: Int, count: Int)? {
        var end = start
        while end < s.count && isDigit(s[end]) { end += 1 }
        guard end - start <= 18, end == s.count || s[end] < 0x80 else { return nil }
        var first = start
        while first < end && s[first] == UInt8(ascii: "0") { first += 1 }
        return (first, end - first)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
