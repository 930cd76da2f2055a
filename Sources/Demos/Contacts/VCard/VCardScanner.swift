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
}
