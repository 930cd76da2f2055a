import Foundation
import struct GridKit.IndexPath // not Foundation's

/// Contacts sorted and sectioned the way people expect (A–Z by family name, given name when
/// there is none, ignoring case and accents; everything else under `#`), with a filter.
public final class ContactDirectory {
    /// Every contact, in display order.
    public let contacts: [Contact]
    private let letters: [Character]
    /// Every contact's searchable text, folded, one after another; `searchRanges` index it.
    private lazy var searchIndex: (bytes: [UInt8], ranges: [Range<Int>]) = Self.buildSearchIndex(contacts)

    /// The sections shown: a letter and the indices (into `contacts`) under it.
    public private(set) var sections: [(letter: String, members: [Int])] = []
    /// The filter; empty shows everyone.
    public private(set) var filter = ""

    public init(_ unsorted: [Contact]) {
        // Keys are folded UTF-8 bytes: byte order is code point order, and comparing bytes is
        // far cheaper than comparing Strings 1.7 million times for 100,000 contacts.
        var primary: [[UInt8]] = [], secondary: [[UInt8]] = [], letterOf: [Character] = []
        primary.reserveCapacity(unsorted.count); secondary.reserveCapacity(unsorted.count)
        for c in unsorted {
            let key = Folding.fold(!c.familyName.isEmpty ? c.familyName : !c.givenName.isEmpty ? c.givenName : c.formattedName)
            primary.append(key)
            secondary.append(Folding.fold(c.givenName + " " + c.formattedName))
            letterOf.append(Self.letter(key))
        }
        let order = unsorted.indices.sorted { a, b in
            let la = letterOf[a], lb = letterOf[b]
            if la != lb { return la == "#" ? false : lb == "#" ? true : la < lb }
            if primary[a] != primary[b] { return primary[a].lexicographicallyPrecedes(primary[b]) }
            if secondary[a] != secondary[b] { return secondary[a].lexicographicallyPrecedes(secondary[b]) }
            return a < b
        }
        contacts = order.map { unsorted[$0] }
        letters = order.map { letterOf[$0] }
        rebuild()
    }

    /// The section a folded key files under: its first letter if A–Z, otherwise `#`.
    static func letter(_ key: [UInt8]) -> Character {
        guard let first = key.first(where: { $0 != 32 }), first >= 97, first <= 122 else { return "#" }
        return Character(Unicode.Scalar(first - 32))
    }

    private static func buildSearchIndex(_ contacts: [Contact]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var bytes: [UInt8] = [], ranges: [Range<Int>] = []
        ranges.reserveCapacity(contacts.count)
        for c in contacts {
            let start = bytes.count
            bytes += Folding.fold(([c.formattedName, c.organization] + c.emails.map(\.value)).joined(separator: "\u{1}"))
            for p in c.phones { bytes.append(1); bytes += p.value.utf8.filter { $0 >= 48 && $0 <= 57 } }
            ranges.append(start..<bytes.count)
        }
        return (bytes, ranges)
    }

    /// Shows only contacts whose name, organisation, email or phone contains `text`.
    public func setFilter(_ text: String) {
        filter = text
        rebuild()
    }

    private func rebuild() {
        let query = Folding.fold(filter.trimmingCharacters(in: .whitespaces))
        // A query of phone-number characters matches numbers however they are punctuated.
        let digits = query.filter { $0 >= 48 && $0 <= 57 }
        let phoneLike = digits.count >= 3 && query.allSatisfy { ($0 >= 48 && $0 <= 57) || " -+()./".utf8.contains($0) }
        var bySection: [(String, [Int])] = []
        let index = query.isEmpty ? nil : searchIndex
        for i in contacts.indices {
            if let index {
                let r = index.ranges[i]
                guard Self.contains(index.bytes, r, query) || (phoneLike && Self.contains(index.bytes, r, digits)) else { continue }
            }
            let l = String(letters[i])
            if bySection.last?.0 == l { bySection[bySection.count - 1].1.append(i) } else { bySection.append((l, [i])) }
        }
        sections = bySection.map { (letter: $0.0, members: $0.1) }
    }

    private static func contains(_ haystack: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= range.count else { return false }
        guard let first = needle.first else { return true }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                var i = range.lowerBound
                let last = range.upperBound - n.count
                while i <= last {
                    if h[i] == first {
                        var j = 1
                        while j < n.count && h[i + j] == n[j] { j += 1 }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// How many contacts the filter lets through.
    public var visibleCount: Int { sections.reduce(0) { $0 + $1.members.count } }

    public func contactIndex(at ip: IndexPath) -> Int { sections[ip.section].members[ip.item] }
    public func contact(at ip: IndexPath) -> Contact { contacts[contactIndex(at: ip)] }

    /// Where a contact is shown now, if the filter lets it through.
    public func indexPath(ofContact index: Int) -> IndexPath? {
        let l = String(letters[index])
        guard let s = sections.firstIndex(where: { $0.letter == l }),
              let i = sections[s].members.firstIndex(of: index) else { return nil }
        return IndexPath(item: i, section: s)
    }

    /// The section for a typed letter (`#` for anything not A–Z).
    public func section(forLetter c: Character) -> Int? {
        let l = c.isLetter && c.isASCII ? c.uppercased() : "#"
        return sections.firstIndex { $0.letter == l } ?? sections.firstIndex { $0.letter > l && $0.letter != "#" }
    }
}
