/// Finds the cards in vCard bytes and reads of each only what a list shows, sorts and filters
/// by (N, FN, ORG, TEL, EMAIL, CATEGORIES), straight from the bytes into a
/// `ContactStoreBuilder`, leaving every other line unparsed. It agrees with `VCardParser` by
/// construction where it can and by test where it cannot: the same logical lines and BEGIN/END
/// rules; values taken as bytes only when they are plain (valid UTF-8, no escapes, nothing to
/// trim), where the parser's decoding is the identity; categories split and trimmed on the
/// bytes when they are ASCII without escapes, and otherwise by the parser's own functions; and
/// a card with anything else (a PHOTO, which can be invalid; a line without `:`;
/// quoted-printable or CHARSET; folded or escaped values) is read by the full parser instead.
enum VCardScanner {
    /// The card being read: where it started, and where its listed values are in the buffer.
    private struct OpenCard {
        var start = 0
        var line = 0
        var unusual = false
        var n: Range<Int>?
        var fn: Range<Int>?
        var org: Range<Int>?
        var tels: [Range<Int>] = []
        var emails: [Range<Int>] = []
        var categories: [Range<Int>] = []
        /// Scratch space for `summarize`, kept from card to card.
        var parts: [Range<Int>] = [], orgParts: [Range<Int>] = [], phones: [Range<Int>] = [],
            nameParts: [Range<Int>] = []

        mutating func reset(start: Int, line: Int) {
            self.start = start
            self.line = line
            unusual = false
            n = nil; fn = nil; org = nil
            tels.removeAll(keepingCapacity: true)
            emails.removeAll(keepingCapacity: true)
            categories.removeAll(keepingCapacity: true)
        }
    }

    /// Scans `range` of `bytes`, whose first line is line `firstLine` of `file`, adding each
    /// card to `store` with its place (`blob`, `file` numbered as the caller keeps them).
    /// Returns the problems, worded as the full parser words them, and how many physical lines
    /// the range held (so pieces scanned apart can be numbered afterwards).
    static func scan(
        _ bytes: [UInt8], _ range: Range<Int>, firstLine: Int, file: String, fileIndex: Int,
        into store: inout ContactStoreBuilder
    ) -> (problems: [VCardProblem], lines: Int) {
        var lineCount = 0
        var problems: [VCardProblem] = []
        var card = OpenCard(), isOpen = false
        var cache = FoldCache()
        var outside = OutsideLines(file: file)
        bytes.withUnsafeBufferPointer { buffer in
            var lines = LogicalLineCursor(buffer, range: range)
            func finish(end: Int) {
                let cardRange = card.start..<end
                let place = ContactStore.Place(
                    blob: 0, start: UInt32(card.start), length: UInt32(cardRange.count),
                    line: UInt32(card.line), file: UInt32(fileIndex))
                if !card.unusual {
                    switch summarize(&card, buffer, into: &store, cache: &cache) {
                    case .added: store.places.append(place); return
                    case .unusual: break
                    }
                }
                let full = VCardParser.parseCards(bytes[cardRange], firstLine: card.line, file: file)
                problems += full.problems
                if let c = full.contacts.first {
                    store.append(c)
                    store.places.append(place)
                }
            }
            while let l = lines.next() {
                let number = l.number + firstLine - 1
                let head: Head
                if let joined = l.joined {
                    head = joined.withUnsafeBufferPointer { Head($0, 0..<$0.count) }
                } else {
                    head = Head(buffer, l.start..<l.end)
                }
                var kind = head.kind
                var parsed: VCardLine?
                if kind == .blank { continue }
                if kind == .unclear {
                    // Quotes before the colon, or no colon: the full line parser decides.
                    parsed = VCardLine.parse(l.joined?[...] ?? bytes[l.start..<l.end], lineNumber: number)
                    kind = parsed.map { Head.kind(ofName: Array($0.name.utf8)) } ?? .noColon
                }
                if !isOpen && kind != .begin && kind != .end {
                    outside.met(number, into: &problems)
                    continue
                }
                switch kind {
                case .begin, .end:
                    // `BEGIN:VCARD` as written almost everywhere needs no parsing to be sure of.
                    let exact =
                        parsed == nil && l.joined == nil && Head.isVCard(buffer, (l.start + head.colon! + 1)..<l.end)
                    let delimiter =
                        exact
                        ? (kind == .begin ? .begin : .end)
                        : VCardParser.delimiter(
                            parsed ?? VCardLine.parse(l.joined?[...] ?? bytes[l.start..<l.end], lineNumber: number)!)
                    switch delimiter {
                    case .begin?:
                        if isOpen { problems.append(CardBuilder(file: file, startLine: card.line).missingEnd) }
                        card.reset(start: l.start, line: number)
                        isOpen = true
                        outside.cardBegins()
                    case .end?:
                        guard isOpen else {
                            outside.met(number, into: &problems)
                            continue
                        }
                        isOpen = false
                        finish(end: l.end)
                    case nil:
                        // BEGIN:VCALENDAR and the like: nothing the list reads.
                        if !isOpen { outside.met(number, into: &problems) }
                    }
                case .listed:
                    guard isOpen && !card.unusual else { continue }
                    // Quoted-printable, a charset, quotes in the head or a folded value: the
                    // full parser's decoding applies.
                    if head.hasEncodingOrCharset || parsed != nil || l.joined != nil { card.unusual = true; continue }
                    let value = (l.start + head.colon! + 1)..<l.end
                    switch head.listedName {
                    case .n: card.n = value
                    case .fn: card.fn = value
                    case .org: card.org = value
                    case .tel: card.tels.append(value)
                    case .email: card.emails.append(value)
                    case .categories: card.categories.append(value)
                    }
                case .photo, .noColon:
                    if isOpen { card.unusual = true }
                default:
                    break
                }
            }
            lineCount = lines.physicalLines
        }
        if isOpen { problems.append(CardBuilder(file: file, startLine: card.line).missingEnd) }
        return (problems, lineCount)
    }

    private enum Outcome { case added, unusual }

    /// Writes a plain card's list fields into `store`, exactly as `ContactStoreBuilder.append`
    /// would from the parsed contact; `.unusual` (nothing written) when a value is not plain.
    private static func summarize(
        _ card: inout OpenCard, _ b: UnsafeBufferPointer<UInt8>, into store: inout ContactStoreBuilder,
        cache: inout FoldCache
    ) -> Outcome {
        // Every value read must be plain; N and ORG components too.
        if let r = card.n, !isPlain(b, r) { return .unusual }
        if let r = card.fn, !isPlain(b, r) { return .unusual }
        if let r = card.org, !isPlain(b, r) { return .unusual }
        for r in card.tels where !isPlain(b, r) { return .unusual }
        for r in card.emails where !isPlain(b, r) { return .unusual }
        card.parts.removeAll(keepingCapacity: true)
        card.orgParts.removeAll(keepingCapacity: true)
        card.phones.removeAll(keepingCapacity: true)
        card.nameParts.removeAll(keepingCapacity: true)
        if let n = card.n {
            components(b, n, into: &card.parts)
            for p in card.parts where !isPlain(b, p) { return .unusual }
        }
        while card.parts.count < 5 { card.parts.append(0..<0) }
        if let o = card.org {
            components(b, o, into: &card.orgParts)
            card.orgParts.removeAll { $0.isEmpty }
            for p in card.orgParts where !isPlain(b, p) { return .unusual }
        }
        for t in card.tels {
            var r = t
            if r.count > 4, (0..<4).allSatisfy({ b[r.lowerBound + $0] | 0x20 == telScheme[$0] }) {
                // "tel:" then a combining mark would make one Character of the ':': not plain.
                guard b[r.lowerBound + 4] < 0x80 else { return .unusual }
                r = (r.lowerBound + 4)..<r.upperBound
            }
            if !r.isEmpty { card.phones.append(r) }
        }
        card.emails.removeAll { $0.isEmpty }
        // The name: FN, else the parts ("prefix given additional family suffix"), else ORG.
        let parts = card.parts, org = card.orgParts, phones = card.phones, emails = card.emails
        for k in [3, 1, 2, 0, 4] where !parts[k].isEmpty { card.nameParts.append(parts[k]) }
        let fromParts = card.nameParts
        let fn = card.fn.flatMap { $0.isEmpty ? nil : $0 }
        // No name: the full parser names it by its email or phone, or reports it.
        guard fn != nil || !fromParts.isEmpty || !org.isEmpty else { return .unusual }
        func put(_ r: Range<Int>) { store.text += UnsafeBufferPointer(rebasing: b[r]) }
        func putName() {
            if let fn { put(fn) } else if !fromParts.isEmpty { putJoined(fromParts, " ") } else { putJoined(org, ", ") }
        }
        func putJoined(_ rs: [Range<Int>], _ separator: String) {
            for (k, r) in rs.enumerated() { if k > 0 { store.text += separator.utf8 }; put(r) }
        }
        func fold(_ r: Range<Int>) {
            Folding.append(folded: UnsafeBufferPointer(rebasing: b[r]), to: &store.text, cache: &cache)
        }
        func foldJoined(_ rs: [Range<Int>], _ separator: String) {
            for (k, r) in rs.enumerated() { if k > 0 { store.text += separator.utf8 }; fold(r) }
        }
        func foldName() {
            if let fn {
                fold(fn)
            } else if !fromParts.isEmpty {
                foldJoined(fromParts, " ")
            } else {
                foldJoined(org, ", ")
            }
        }
        func end() { store.ends.append(UInt32(store.text.count)) }
        let textStart = store.text.count, endsStart = store.ends.count
        putName(); end()
        putJoined(org, ", "); end()
        if let p = phones.first ?? emails.first { put(p) }
        end()
        if !parts[0].isEmpty { fold(parts[0]) } else if !parts[1].isEmpty { fold(parts[1]) } else { foldName() }
        store.text.append(0)
        fold(parts[1]); store.text.append(32); foldName(); end()
        foldName(); store.text.append(1); foldJoined(org, ", ")
        for e in emails { store.text.append(1); fold(e) }
        for p in phones {
            store.text.append(1)
            for i in p where b[i] >= 48 && b[i] <= 57 { store.text.append(b[i]) }
        }
        end()
        // Categories that are not plain ASCII are decoded as the parser decodes them; a card
        // with one that is not even valid UTF-8 is taken back, for the full parser. Checked
        // last, while splitting, so plain ones are read once.
        if !card.categories.isEmpty && !appendPlainCategories(b, card.categories, to: &store.text) {
            guard let decoded = decodeCategories(b, card.categories) else {
                store.text.removeSubrange(textStart...)
                store.ends.removeSubrange(endsStart...)
                return .unusual
            }
            append(decoded, to: &store.text)
        }
        end()
        return .added
    }

    /// CATEGORIES values decoded by the parser's own functions, or nil when one is not valid
    /// UTF-8 (the parser guesses a charset then).
    private static func decodeCategories(_ b: UnsafeBufferPointer<UInt8>, _ values: [Range<Int>]) -> [String]? {
        var items: [String] = []
        for r in values {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) else { return nil }
            items += VCardText.items(text)
        }
        return ContactCategories.normalized(items)
    }

    /// Appends categories as the store keeps them.
    private static func append(_ categories: [String], to out: inout [UInt8]) {
        for (k, category) in categories.enumerated() {
            if k > 0 { out.append(ContactCategories.separator) }
            out += category.utf8
        }
    }

    /// Appends CATEGORIES values of plain ASCII as the store keeps them, split on commas,
    /// trimmed and told apart on the bytes: what the parser's functions give for such text.
    /// Each is looked for among those already written, pair by pair: a card has a few. False,
    /// with nothing appended, for a value that is not ASCII or has an escape or a control
    /// character (a tab too: the parser turns one inside a category into a space), and for a card
    /// with very many categories: the parser's way, which keeps a set, is for those.
    private static func appendPlainCategories(
        _ b: UnsafeBufferPointer<UInt8>, _ values: [Range<Int>], to out: inout [UInt8]
    ) -> Bool {
        let fieldStart = out.count
        var written = 0
        for r in values {
            var start = r.lowerBound
            while start <= r.upperBound {
                var end = start
                while end < r.upperBound && b[end] != 44 { // 44: comma
                    if b[end] >= 0x7F || b[end] == 92 || b[end] < 0x20 { // 92: backslash; controls are the parser's
                        out.removeSubrange(fieldStart...)
                        return false
                    }
                    end += 1
                }
                var s = start, e = end
                start = end + 1
                while s < e && (b[s] == 32 || b[s] == 9) { s += 1 }
                while e > s && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
                guard s < e, !isWritten(b, s..<e, in: out, from: fieldStart) else { continue }
                if written == 16 {
                    out.removeSubrange(fieldStart...)
                    return false
                }
                if written > 0 { out.append(ContactCategories.separator) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[s..<e]))
                written += 1
            }
        }
        return true
    }

    /// Whether the ASCII category at `r` is among those `out` holds from `fieldStart` on,
    /// letters compared without case.
    private static func isWritten(
        _ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, in out: [UInt8], from fieldStart: Int
    ) -> Bool {
        var k = fieldStart
        while k < out.count {
            var end = k
            while end < out.count && out[end] != ContactCategories.separator { end += 1 }
            if end - k == r.count && (0..<r.count).allSatisfy({ sameLetter(out[k + $0], b[r.lowerBound + $0]) }) {
                return true
            }
            k = end + 1
        }
        return false
    }

    /// Whether two ASCII bytes are equal, letters compared without case.
    private static func sameLetter(_ p: UInt8, _ q: UInt8) -> Bool {
        p == q || (p | 0x20 == q | 0x20 && (97...122).contains(p | 0x20))
    }

    private static let telScheme = Array("tel:".utf8)

    /// `;`-separated parts of a value known to hold no backslash.
    private static func components(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [Range<Int>]) {
        var start = r.lowerBound
        for i in r where b[i] == 59 { out.append(start..<i); start = i + 1 }
        out.append(start..<r.upperBound)
    }

    /// Valid UTF-8 with no backslash and no space or tab at either end: text the parser's
    /// decoding (unescape, trim) leaves as it is.
    private static func isPlain(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard !r.isEmpty else { return true }
        let first = b[r.lowerBound], last = b[r.upperBound - 1]
        if first == 32 || first == 9 || last == 32 || last == 9 { return false }
        var i = r.lowerBound
        while i < r.upperBound {
            let x = b[i]
            if x < 0x80 {
                if x == 92 || x < 0x20 || x == 0x7F { return false } // a backslash or a control: the parser's decoding
                i += 1
                continue
            }
            guard let n = validSequenceLength(b, i, r.upperBound) else { return false }
            i += n
        }
        return true
    }

    /// The length of the valid UTF-8 sequence at `i` (no overlongs, surrogates or values past
    /// U+10FFFF, as Swift's own validation), or nil.
    private static func validSequenceLength(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        let x = b[i]
        func cont(_ k: Int) -> Bool { i + k < end && b[i + k] & 0xC0 == 0x80 }
        switch x {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1) && b[i + 1] >= 0xA0 && cont(2) ? 3 : nil
        case 0xED: return cont(1) && b[i + 1] < 0xA0 && cont(2) ? 3 : nil
        case 0xE1...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xF0: return cont(1) && b[i + 1] >= 0x90 && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1) && b[i + 1] < 0x90 && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }
}

/// What the scanner needs to know of a line before (or instead of) parsing it.
private struct Head {
    enum Kind { case blank, unclear, noColon, begin, end, listed, photo, other }
    enum Listed { case n, fn, org, tel, email, categories }

    var kind: Kind = .other
    /// Offset of the first `:` from the line's start, when the head is clear.
    var colon: Int?
    /// Which listed property, for `.listed`.
    var listedName = Listed.n
    /// Whether the parameters mention QUOTED-PRINTABLE or CHARSET, which change the value's text.
    var hasEncodingOrCharset = false

    init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound && (b[i] == 32 || b[i] == 9) { i += 1 }
        if i == range.upperBound { kind = .blank; return }
        // The name ends at the first ';' or ':'; a quote before the colon needs the full parser.
        var nameEnd = -1, c = i
        while c < range.upperBound {
            let x = b[c]
            if x == 58 { break } // :
            if x == 34 { kind = .unclear; return } // "
            if x == 59 && nameEnd < 0 { nameEnd = c } // ;
            c += 1
        }
        if c == range.upperBound { kind = .unclear; return }
        colon = c - range.lowerBound
        if nameEnd < 0 { nameEnd = c }
        var s = i, e = nameEnd
        while e > s && (b[e - 1] == 32 || b[e - 1] == 9) { e -= 1 }
        var k = e
        while k > s { if b[k - 1] == 46 { s = k; break }; k -= 1 } // after the group's '.'
        let name = UnsafeBufferPointer(rebasing: b[s..<e])
        (kind, listedName) = Self.classify(name)
        if kind == .listed {
            if nameEnd < c {
                hasEncodingOrCharset =
                    b.contains(uppercaseWord: Self.quotedPrintable, in: nameEnd..<c)
                    || b.contains(uppercaseWord: Self.charset, in: nameEnd..<c)
            }
        }
    }

    /// The kind of a property name, compared without regard to case.
    static func kind<C: Collection<UInt8>>(ofName name: C) -> Kind { classify(name).0 }

    static func classify<C: Collection<UInt8>>(_ name: C) -> (Kind, Listed) {
        func equals(_ word: StaticString) -> Bool {
            guard name.count == word.utf8CodeUnitCount else { return false }
            var p = word.utf8Start
            for x in name {
                if (x >= 97 && x <= 122 ? x - 32 : x) != p.pointee { return false }
                p += 1
            }
            return true
        }
        switch name.count {
        case 1: if equals("N") { return (.listed, .n) }
        case 2: if equals("FN") { return (.listed, .fn) }
        case 3:
            if equals("ORG") { return (.listed, .org) }
            if equals("TEL") { return (.listed, .tel) }
            if equals("END") { return (.end, .n) }
        case 5:
            if equals("EMAIL") { return (.listed, .email) }
            if equals("BEGIN") { return (.begin, .n) }
            if equals("PHOTO") { return (.photo, .n) }
        case 10: if equals("CATEGORIES") { return (.listed, .categories) }
        default: break
        }
        return (.other, .n)
    }

    /// Whether `range` holds exactly `VCARD`, any case.
    static func isVCard(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count == 5 else { return false }
        var k = range.lowerBound
        for c in "VCARD".utf8 {
            if b[k] & 0xDF != c { return false }
            k += 1
        }
        return true
    }

    private static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8), charset = Array("CHARSET".utf8)
}
