import Foundation

/// Contacts sorted and sectioned the way people expect (A–Z by family name, given name when
/// there is none, ignoring case and accents; everything else under `#`), with a filter.
public final class ContactDirectory {
    /// Every contact, in display order.
    public let contacts: [Contact]
    private let letters: [Character]
    private lazy var searchTexts: [String] = contacts.map(Self.searchText)

    /// The sections shown: a letter and the indices (into `contacts`) under it.
    public private(set) var sections: [(letter: String, members: [Int])] = []
    /// The filter; empty shows everyone.
    public private(set) var filter = ""

    public init(_ unsorted: [Contact]) {
        let keyed = unsorted.map { c -> (Contact, String, String) in
            let primary = !c.familyName.isEmpty ? c.familyName : !c.givenName.isEmpty ? c.givenName : c.formattedName
            return (c, Self.fold(primary), Self.fold(c.givenName + " " + c.formattedName))
        }
        let sorted = keyed.enumerated().sorted { a, b in
            let la = Self.letter(a.element.1), lb = Self.letter(b.element.1)
            if la != lb { return la == "#" ? false : lb == "#" ? true : la < lb }
            if a.element.1 != b.element.1 { return a.element.1 < b.element.1 }
            if a.element.2 != b.element.2 { return a.element.2 < b.element.2 }
            return a.offset < b.offset
        }
        contacts = sorted.map { $0.element.0 }
        letters = sorted.map { Self.letter($0.element.1) }
        rebuild()
    }

    /// Lower-cased, accents removed: "Ángel" → "angel".
    static func fold(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The section a folded key files under.
    static func letter(_ key: String) -> Character {
        guard let first = key.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return "#" }
        return ("a"..."z").contains(first) ? Character(String(first).uppercased()) : "#"
    }

    private static func searchText(_ c: Contact) -> String {
        fold(([c.formattedName, c.organization] + c.emails.map(\.value)).joined(separator: "\u{1}"))
            + "\u{1}" + c.phones.map { $0.value.filter(\.isNumber) }.joined(separator: "\u{1}")
    }

    /// Shows only contacts whose name, organisation, email or phone contains `text`.
    public func setFilter(_ text: String) {
        filter = text
        rebuild()
    }

    private func rebuild() {
        let query = Self.fold(filter.trimmingCharacters(in: .whitespaces))
        // A query of phone-number characters matches numbers however they are punctuated.
        let digits = query.filter(\.isNumber)
        let phoneLike = digits.count >= 3 && query.allSatisfy { $0.isNumber || " -+()./".contains($0) }
        var bySection: [(String, [Int])] = []
        for i in contacts.indices {
            if !query.isEmpty {
                let text = searchTexts[i]
                guard text.contains(query) || (phoneLike && text.contains(digits)) else { continue }
            }
            let l = String(letters[i])
            if bySection.last?.0 == l { bySection[bySection.count - 1].1.append(i) } else { bySection.append((l, [i])) }
        }
        sections = bySection.map { (letter: $0.0, members: $0.1) }
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
