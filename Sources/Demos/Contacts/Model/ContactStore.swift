/// What a list row shows of a contact.
package struct ContactRow: Hashable, Sendable {
    package var name: String
    package var organization: String
    /// The first phone number, else the first email.
    package var primaryContact: String
}

/// An address book held the way a database holds a table: per contact only the few strings a
/// list row, the sort and the filter need, back to back in one byte array, and where the card is
/// in the file's bytes, so the whole contact is parsed only when someone looks at it. A
/// hundred thousand `Contact` values with their strings and arrays took several times the file's
/// own size. Contacts made in memory (the built-in sample, tests) are kept as they are.
package final class ContactStore: Sendable {
    /// Where a card is: which bytes, where in them, its first line and its file.
    struct Place: Sendable {
        var blob: UInt32
        var start: UInt32
        var length: UInt32
        var line: UInt32
        var file: UInt32
    }

    /// Bytes cards are in: held here (a folder of small files), or a large file's, read again
    /// when a card is opened so the file is not held in memory for the whole session.
    enum Blob: Sendable {
        case bytes([UInt8])
        case file(RawPath, SafeFile.Identity)
    }

    enum Backing: Sendable {
        case contacts([Contact])
        case cards(blobs: [Blob], places: [Place], files: [String])
    }

    /// The fields, per contact, in this order; `ends` holds where each ends in `text`. The sort
    /// key is the folded family name (given name, else the name, when there is none), a zero
    /// byte, then the folded "given name" + " " + "name": one byte comparison orders by both.
    /// The categories are as the contact has them, each after the first preceded by
    /// `ContactCategories.separator`.
    enum Field: Int, CaseIterable { case name, organization, primary, sortKey, search, categories }
    static let fieldCount = Field.allCases.count

    let text: [UInt8]
    let ends: [UInt32]
    let backing: Backing

    init(text: [UInt8], ends: [UInt32], backing: Backing) {
        self.text = text
        self.ends = ends
        self.backing = backing
    }

    /// Contacts made in memory.
    package convenience init(_ contacts: [Contact]) {
        var b = ContactStoreBuilder()
        for c in contacts { b.append(c) }
        self.init(text: b.text, ends: b.ends, backing: .contacts(contacts))
    }

    package var count: Int { ends.count / Self.fieldCount }

    /// Offsets of one field of contact `i` in `text`.
    func range(_ field: Field, of i: Int) -> Range<Int> {
        let k = i * Self.fieldCount + field.rawValue
        return (k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k])
    }

    func string(_ field: Field, of i: Int) -> String {
        let r = range(field, of: i)
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[r]), as: UTF8.self) }
    }

    /// Contact `i`'s categories.
    func categories(of i: Int) -> [String] {
        let r = range(.categories, of: i)
        guard !r.isEmpty else { return [] }
        return text[r].split(separator: ContactCategories.separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the name, in `text` (this store's, as a buffer), of each group of
    /// `kind` contact `i` is in: its organisation ("" for none), or each of its categories.
    func forEachGroup(
        _ kind: ContactGroup.Kind, of i: Int, in text: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        switch kind {
        case .organisation:
            body(UnsafeBufferPointer(rebasing: text[range(.organization, of: i)]))
        case .category:
            let r = range(.categories, of: i)
            var start = r.lowerBound
            while start < r.upperBound {
                var end = start
                while end < r.upperBound && text[end] != ContactCategories.separator { end += 1 }
                body(UnsafeBufferPointer(rebasing: text[start..<end]))
                start = end + 1
            }
        }
    }

    /// What contact `i`'s list row shows: a long field is cut (`LongValue`), so a row costs
    /// what it shows, not what the card holds.
    package func row(_ i: Int) -> ContactRow {
        ContactRow(
            name: shown(.name, of: i), organization: shown(.organization, of: i), primaryContact: shown(.primary, of: i)
        )
    }

    /// A field as a list shows it: whole, or its start and size when long (the start short
    /// enough that the size shows in the row's column).
    private func shown(_ field: Field, of i: Int) -> String {
        let r = range(field, of: i)
        return text.withUnsafeBufferPointer {
            LongValue.shown(UnsafeBufferPointer(rebasing: $0[r]), keep: LongValue.keptInLists)
        }
    }

    /// The whole of contact `i`, parsed from its card now when it came from a file.
    package func contact(_ i: Int) -> Contact {
        switch backing {
        case .contacts(let all): return all[i]
        case .cards(let blobs, let places, let files):
            let p = places[i]
            let start = Int(p.start), file = files[Int(p.file)]
            let card: ArraySlice<UInt8>
            switch blobs[Int(p.blob)] {
            case .bytes(let bytes): card = bytes[start..<(start + Int(p.length))]
            case .file(let path, let identity):
                do {
                    card = try SafeFile.readPart(path, offset: start, count: Int(p.length), identity: identity)[...]
                } catch {
                    return unreadable(i, because: "\(file): \(error); open it again to see this card")
                }
            }
            let parsed = VCardParser.parseCards(card, firstLine: Int(p.line), file: file)
            // The scan accepted this card with the same rules, so the parse cannot refuse it.
            return parsed.contacts.first ?? unreadable(i, because: "\(file): this card no longer reads")
        }
    }

    /// What the list knows of contact `i`, with why the rest is not there.
    private func unreadable(_ i: Int, because reason: String) -> Contact {
        var c = Contact()
        c.formattedName = string(.name, of: i)
        c.organization = string(.organization, of: i)
        c.categories = categories(of: i)
        c.note = "⚠ " + reason
        return c
    }

    /// Every contact, whole: for tests and small address books.
    package var allContacts: [Contact] { (0..<count).map(contact) }
}

/// Collects contacts into a store's arrays; one per thread, joined at the end.
struct ContactStoreBuilder {
    var text: [UInt8] = []
    var ends: [UInt32] = []
    var places: [ContactStore.Place] = []

    /// Adds what the list needs of `c`: the name, organisation and first phone or email as
    /// shown, the folded sort keys, the folded text the filter searches, and the categories.
    mutating func append(_ c: Contact) {
        append(c.formattedName.utf8)
        append(c.organization.utf8)
        append(c.primaryContact.utf8)
        text += Folding.fold(
            !c.familyName.isEmpty ? c.familyName : !c.givenName.isEmpty ? c.givenName : c.formattedName)
        text.append(0)
        text += Folding.fold(c.givenName + " " + c.formattedName)
        ends.append(UInt32(text.count))
        text += Folding.fold(([c.formattedName, c.organization] + c.emails.map(\.value)).joined(separator: "\u{1}"))
        for p in c.phones { text.append(1); text += p.value.utf8.filter { $0 >= 48 && $0 <= 57 } }
        ends.append(UInt32(text.count))
        // Normalized again: contacts made in memory have not been through the parser.
        for (k, category) in ContactCategories.normalized(c.categories).enumerated() {
            if k > 0 { text.append(ContactCategories.separator) }
            text += category.utf8
        }
        ends.append(UInt32(text.count))
    }

    private mutating func append(_ s: String.UTF8View) {
        text += s
        ends.append(UInt32(text.count))
    }

    /// Makes room for the contents of `others`, so joining them copies each byte once.
    mutating func reserve(_ others: [ContactStoreBuilder]) {
        text.reserveCapacity(text.count + others.reduce(0) { $0 + $1.text.count })
        ends.reserveCapacity(ends.count + others.reduce(0) { $0 + $1.ends.count })
        places.reserveCapacity(places.count + others.reduce(0) { $0 + $1.places.count })
    }

    /// Appends another builder's contacts, whose places count blobs and files from `blobBase`
    /// and `fileBase` here.
    mutating func append(_ other: ContactStoreBuilder, blobBase: Int, fileBase: Int) {
        if text.capacity == 0 && ends.isEmpty && places.isEmpty && blobBase == 0 && fileBase == 0 {
            self = other // the usual first part: taken as it is, not copied
            return
        }
        let base = UInt32(text.count)
        text += other.text
        for e in other.ends { ends.append(e + base) }
        for var p in other.places {
            p.blob += UInt32(blobBase)
            p.file += UInt32(fileBase)
            places.append(p)
        }
    }
}
