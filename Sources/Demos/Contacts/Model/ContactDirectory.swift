import Foundation
import Synchronization

import struct GridKit.IndexPath // not Foundation's

/// Contacts sorted and sectioned the way people expect (A–Z by family name, given name when
/// there is none, ignoring case and accents; everything else under `#`), with a filter, and a
/// group (an organisation or a category) shown alone.
package final class ContactDirectory {
    /// The contacts, compactly; `order` puts them in display order.
    package let store: ContactStore
    /// Store index of each contact, in display order.
    private let order: [Int32]
    /// Each displayed contact's section letter, as an ASCII byte (`#` for the rest).
    private let letters: [UInt8]
    /// Whole contacts parsed lately (cards show phones and emails), by display index.
    private var parsed: [Int: Contact] = [:]

    /// The sections shown: a letter and the display indices under it.
    package private(set) var sections: [(letter: String, members: [Int])] = []
    /// The filter; empty shows everyone.
    package private(set) var filter = ""
    /// The group shown alone, or nil for all.
    package private(set) var group: ContactGroup?
    /// Whether each contact, by display index, is in `group` (empty when there is none).
    private var inGroup: [Bool] = []
    /// What the last filter let through, so typing one more character searches only those.
    private var lastMatch: (query: [UInt8], phoneLike: Bool, members: [Int])?
    /// What the queries typed since the filter was empty let through: deleting a character
    /// goes back to one of them without searching again. Bounded: at most `earlierLimit`
    /// queries of at most `earlierQueryLimit` bytes, holding at most twice the contacts between
    /// them (a long paste, or a long session of typing, must not keep a result per prefix).
    private var earlier: [[UInt8]: [Int]] = [:]
    private var earlierMembers = 0
    static let earlierLimit = 64, earlierQueryLimit = 256

    package convenience init(_ contacts: [Contact]) { self.init(store: ContactStore(contacts)) }

    package init(store: ContactStore) {
        self.store = store
        // Sorted on compact keys: the section's rank and the first 7 bytes of the sort key in
        // one integer; only ties compare whole keys (see `ContactStore.Field.sortKey`).
        // Byte order is code point order.
        let n = store.count
        var keys: [(prefix: UInt64, start: UInt32, count: UInt32)] = [], letterOf = [UInt8](repeating: 0, count: n)
        keys.reserveCapacity(n)
        order = store.text.withUnsafeBufferPointer { text in
            for i in 0..<n {
                let r = store.range(.sortKey, of: i)
                let key = UnsafeBufferPointer(rebasing: text[r])
                let letter = Self.letter(key.prefix { $0 != 0 })
                letterOf[i] = letter
                var p = UInt64(letter == 35 ? 26 : letter - 65) << 56
                for j in 0..<min(7, key.count) { p |= UInt64(key[j]) << (48 - 8 * j) }
                keys.append((p, UInt32(r.lowerBound), UInt32(r.count)))
            }
            return keys.withUnsafeBufferPointer { keys in
                Self.sort(SortKeys(keys: keys, text: text.baseAddress!))
            }
        }
        letters = order.map { letterOf[Int($0)] }
        rebuild()
    }

    /// Compact sort keys and the bytes their tails are in. Read-only while sorting, from
    /// buffers that outlive the sort: sharing them between the two sorting threads is safe.
    private struct SortKeys: @unchecked Sendable {
        let keys: UnsafeBufferPointer<(prefix: UInt64, start: UInt32, count: UInt32)>
        let text: UnsafePointer<UInt8>

        func precedes(_ a: Int32, _ b: Int32) -> Bool {
            let ka = keys[Int(a)], kb = keys[Int(b)]
            if ka.prefix != kb.prefix { return ka.prefix < kb.prefix }
            let c = memcmp(text + Int(ka.start), text + Int(kb.start), Int(min(ka.count, kb.count)))
            if c != 0 { return c < 0 }
            return ka.count != kb.count ? ka.count < kb.count : a < b
        }
    }

    /// Display order: halves sorted on two cores, then merged. The order is total (ties fall to
    /// the index), so the result is the same as one sort's.
    private static func sort(_ s: SortKeys) -> [Int32] {
        let n = s.keys.count
        guard n > 20_000 else { return (0..<Int32(n)).sorted(by: s.precedes) }
        let half = n / 2
        let halves = Mutex([[Int32]](repeating: [], count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let sorted = (k == 0 ? 0..<Int32(half) : Int32(half)..<Int32(n)).sorted(by: s.precedes)
            halves.withLock { $0[k] = sorted }
        }
        let (l, r) = halves.withLock { ($0[0], $0[1]) }
        var merged: [Int32] = [], i = 0, j = 0
        merged.reserveCapacity(n)
        while i < l.count && j < r.count {
            if s.precedes(r[j], l[i]) { merged.append(r[j]); j += 1 } else { merged.append(l[i]); i += 1 }
        }
        merged += l[i...]
        merged += r[j...]
        return merged
    }

    /// The section a folded key files under: its first letter if A–Z, otherwise `#`.
    static func letter<C: Collection<UInt8>>(_ key: C) -> UInt8 {
        guard let first = key.first(where: { $0 != 32 }), first >= 97, first <= 122 else { return 35 }
        return first - 32
    }

    /// How many contacts there are, filtered or not.
    package var count: Int { order.count }

    /// Shows only contacts whose name, organisation, email or phone contains `text`.
    package func setFilter(_ text: String) {
        filter = text
        rebuild()
    }

    /// Shows only the contacts of one group, or all (nil).
    package func setGroup(_ group: ContactGroup?) {
        self.group = group
        if let group {
            // Decided once here, not again on every key typed into the filter.
            let kind = group.kind, wanted = group.key
            inGroup = store.text.withUnsafeBufferPointer { text in
                var recent = RecentNames<Bool>()
                return order.map { i in
                    var isMember = false
                    store.forEachGroup(kind, of: Int(i), in: text) { name in
                        guard !isMember else { return }
                        if let known = recent.value(for: name) {
                            isMember = known
                        } else {
                            isMember = kind.key(utf8: name) == wanted
                            recent.remember(name, isMember)
                        }
                    }
                    return isMember
                }
            }
        } else {
            inGroup = []
        }
        lastMatch = nil
        earlier.removeAll()
        earlierMembers = 0
        rebuild()
    }

    /// Every group of `kind` with how many contacts it has, by name as the first contact in
    /// display order spells it (for organisations, "" for those without one last). Made once
    /// per kind: the contacts and their order never change, and reading every card's groups
    /// took 50–90 ms for 100,000 cards each time the groups were opened.
    package func groups(_ kind: ContactGroup.Kind) -> [(group: ContactGroup, count: Int)] {
        if let made = groupsMade[kind] { return made }
        let made = Self.scanGroups(kind, store: store, order: order)
        groupsMade[kind] = made
        groupScans += 1
        return made
    }

    /// The groups of every kind by kind, as `groups(_:)` has them.
    package typealias AllGroups = [ContactGroup.Kind: [(group: ContactGroup, count: Int)]]

    /// Reads the groups of every kind from the cards and their order alone, which never change:
    /// on another thread than the directory's, which then hands them to `keep(_:)`. So the
    /// list shows at once, and the groups are ready before the user asks for them.
    package var groupReader: @Sendable () -> AllGroups {
        let store = store, order = order
        return {
            Dictionary(
                uniqueKeysWithValues: ContactGroup.Kind.allCases.map {
                    ($0, Self.scanGroups($0, store: store, order: order))
                })
        }
    }

    /// Keeps groups read by `groupReader`, for each kind not read here meanwhile.
    package func keep(_ groups: AllGroups) {
        for (kind, made) in groups where groupsMade[kind] == nil { groupsMade[kind] = made }
    }

    /// `groups(_:)` as made, by kind.
    private var groupsMade: AllGroups = [:]
    /// How many times the cards were read for their groups here (for tests).
    package private(set) var groupScans = 0

    private static func scanGroups(_ kind: ContactGroup.Kind, store: ContactStore, order: [Int32]) -> [(
        group: ContactGroup, count: Int
    )] {
        var found: [(name: String, count: Int)] = [], byKey: [String: Int] = [:]
        store.text.withUnsafeBufferPointer { text in
            var recent = RecentNames<Int>()
            for i in order {
                store.forEachGroup(kind, of: Int(i), in: text) { name in
                    if let k = recent.value(for: name) {
                        found[k].count += 1
                        return
                    }
                    let key = kind.key(utf8: name)
                    if let k = byKey[key] {
                        found[k].count += 1
                        recent.remember(name, k)
                    } else {
                        byKey[key] = found.count
                        recent.remember(name, found.count)
                        found.append((String(decoding: name, as: UTF8.self), 1))
                    }
                }
            }
        }
        // Ties in the collation fall to the bytes, so the order does not depend on the hashing.
        return found.sorted { a, b in
            if a.name.isEmpty != b.name.isEmpty { return !a.name.isEmpty }
            let collation = a.name.localizedStandardCompare(b.name)
            return collation != .orderedSame
                ? collation == .orderedAscending : Array(a.name.utf8).lexicographicallyPrecedes(b.name.utf8)
        }.map { (group: ContactGroup(kind, $0.name), count: $0.count) }
    }

    /// The display index's organisation.
    package func organisation(ofContact index: Int) -> String { store.string(.organization, of: Int(order[index])) }

    /// The display index's categories.
    package func categories(ofContact index: Int) -> [String] { store.categories(of: Int(order[index])) }

    private func rebuild() {
        let query = Folding.fold(filter.trimmingCharacters(in: .whitespaces))
        // A query of phone-number characters matches numbers however they are punctuated.
        let digits = query.filter { $0 >= 48 && $0 <= 57 }
        let phoneLike = digits.count >= 3 && query.allSatisfy { ($0 >= 48 && $0 <= 57) || " -+()./".utf8.contains($0) }
        let candidates: [Int]?
        if group == nil, let known = earlier[query] {
            lastMatch = (query, phoneLike, known)
            sections = Self.sections(known, letters)
            return
        }
        if let last = lastMatch, query.starts(with: last.query), last.phoneLike || !phoneLike {
            candidates = last.members // a longer query can only match fewer
        } else {
            candidates = nil
        }
        var members: [Int] = []
        if query.isEmpty {
            members = Array(0..<order.count)
        } else {
            let digits = phoneLike ? digits : nil
            if let candidates, candidates.count < order.count / 4 {
                // Few left to search: reading them where they are costs less than a pass (about
                // 150 ns a contact out of order against 30 ns a contact in a pass, measured).
                members = store.text.withUnsafeBufferPointer { text in
                    candidates.filter { matches(query, digits, Int(order[$0]), in: text) }
                }
            } else {
                let hit = storeHits(query, digits: digits, among: candidates)
                if let candidates {
                    members = candidates.filter { hit[Int(order[$0])] }
                } else {
                    members = (0..<order.count).filter { hit[Int(order[$0])] }
                }
            }
        }
        lastMatch = query.isEmpty ? nil : (query, phoneLike, members)
        if query.isEmpty {
            earlier.removeAll()
            earlierMembers = 0
        } else if query.count <= Self.earlierQueryLimit {
            if earlier.count >= Self.earlierLimit || earlierMembers + members.count > 2 * order.count + 1024 {
                earlier.removeAll()
                earlierMembers = 0
            }
            earlier[query] = members
            earlierMembers += members.count
        }
        if group != nil { members = members.filter { inGroup[$0] } }
        sections = Self.sections(members, letters)
    }

    /// Whether each contact, by store index, has `query` (or `digits`) in its searched text;
    /// when `candidates` (display indices) are given, only those are searched. The store is read
    /// in its own order, front to back as its text lies, and the display order is applied to
    /// the answer: read in display order, each contact cost a cache miss or two, 16 ms for
    /// the first letter on 100,000 cards.
    private func storeHits(_ query: [UInt8], digits: [UInt8]?, among candidates: [Int]?) -> [Bool] {
        let n = store.count
        var wanted: [Bool] = []
        if let candidates {
            wanted = [Bool](repeating: false, count: n)
            for i in candidates { wanted[Int(order[i])] = true }
        }
        return store.text.withUnsafeBufferPointer { text in
            [Bool](unsafeUninitializedCapacity: n) { hit, initialized in
                for j in 0..<n {
                    if !wanted.isEmpty && !wanted[j] {
                        hit[j] = false
                        continue
                    }
                    hit[j] = matches(query, digits, j, in: text)
                }
                initialized = n
            }
        }
    }

    /// Whether store contact `j`'s searched text has `query`, or `digits` when given.
    private func matches(_ query: [UInt8], _ digits: [UInt8]?, _ j: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = store.range(.search, of: j)
        return Self.contains(text, r, query) || (digits.map { Self.contains(text, r, $0) } ?? false)
    }

    /// Display indices grouped by their section letters.
    private static func sections(_ members: [Int], _ letters: [UInt8]) -> [(letter: String, members: [Int])] {
        var bySection: [(letter: String, members: [Int])] = []
        var start = 0
        while start < members.count {
            let l = letters[members[start]]
            var end = start + 1
            while end < members.count && letters[members[end]] == l { end += 1 }
            bySection.append((String(UnicodeScalar(l)), Array(members[start..<end])))
            start = end
        }
        return bySection
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ needle: [UInt8]) -> Bool
    {
        guard needle.count <= range.count else { return false }
        guard !needle.isEmpty else { return true }
        // memchr finds candidates for the first byte (vectorized), memcmp checks the rest.
        return needle.withUnsafeBytes { n in
            let base = haystack.baseAddress!, first = Int32(needle[0])
            var from = range.lowerBound
            let last = range.upperBound - needle.count
            while from <= last {
                guard let hit = memchr(base + from, first, last - from + 1) else { return false }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, n.baseAddress!, n.count) == 0 { return true }
                from = at + 1
            }
            return false
        }
    }

    /// How many contacts the filter lets through.
    package var visibleCount: Int { sections.reduce(0) { $0 + $1.members.count } }

    /// The display index of the contact at `ip`.
    package func contactIndex(at ip: IndexPath) -> Int { sections[ip.section].members[ip.item] }

    /// What the list row at `ip` shows.
    package func row(at ip: IndexPath) -> ContactRow { store.row(Int(order[contactIndex(at: ip)])) }

    /// The whole contact at `ip`.
    package func contact(at ip: IndexPath) -> Contact { contact(contactIndex(at: ip)) }

    /// The whole contact at display index `index`; the last few are remembered, since a card
    /// layout asks for the same ones every frame.
    /// What the list shows of the contact at a display index.
    package func row(ofContact index: Int) -> ContactRow { store.row(Int(order[index])) }

    package func contact(_ index: Int) -> Contact {
        if let c = parsed[index] { return c }
        if parsed.count >= 512 { parsed.removeAll(keepingCapacity: true) }
        let c = store.contact(Int(order[index]))
        parsed[index] = c
        return c
    }

    /// Where a contact is shown now, if the filter lets it through.
    package func indexPath(ofContact index: Int) -> IndexPath? {
        let l = String(UnicodeScalar(letters[index]))
        guard let s = sections.firstIndex(where: { $0.letter == l }),
            let i = sections[s].members.firstIndex(of: index)
        else { return nil }
        return IndexPath(item: i, section: s)
    }

    /// The section for a typed letter (`#` for anything not A–Z).
    package func section(forLetter c: Character) -> Int? {
        let l = c.isLetter && c.isASCII ? c.uppercased() : "#"
        // # is the last section: only itself, never the next letter up.
        return sections.firstIndex { $0.letter == l }
            ?? (l == "#" ? nil : sections.firstIndex { $0.letter > l && $0.letter != "#" })
    }
}
