import Foundation

/// Collects the properties of one card between BEGIN and END and turns them into a `Contact`.
struct CardBuilder {
    let file: String
    let startLine: Int
    private var contact = Contact()
    /// Lines left out of the card (a line with no `:`, a photo that is not base64): the card is
    /// kept without them, and each is reported.
    private(set) var skipped: [VCardProblem] = []
    private var hasN = false
    /// Apple-style labels: `item1.X-ABLabel:Mobile` names the group's other property.
    private var groupLabels: [String: String] = [:]
    private var pendingLabels: [(group: String, kind: String, index: Int)] = []
    /// Every CATEGORIES line's items, in order: a card may have several lines.
    private var categories: [String] = []

    init(file: String, startLine: Int) {
        self.file = file
        self.startLine = startLine
    }

    /// The problem of a card with nothing to call it by.
    var namelessProblem: VCardProblem {
        VCardProblem(file: file, line: startLine, message: "card has no name (N, FN), organisation, email or phone")
    }

    /// The problem of a card that the file ends (or the next card starts) before END:VCARD.
    var missingEnd: VCardProblem {
        VCardProblem(file: file, line: startLine, message: "card has no END:VCARD; left out")
    }

    /// Leaves line `line` out of the card, saying why.
    mutating func skip(_ line: Int, _ message: String) {
        skipped.append(VCardProblem(file: file, line: line, message: message + "; left out"))
    }

    /// The decoded text of a line's value: quoted-printable and charset applied, not unescaped.
    private func rawText(_ line: VCardLine) -> String {
        let charset = line.parameter("CHARSET")
        if !line.isQuotedPrintable, charset == nil, let text = line.value.validUTF8String { return text }
        let bytes = line.isQuotedPrintable ? VCardText.decodeQuotedPrintable(line.value) : Array(line.value)
        return VCardText.string(bytes, charset: charset)
    }

    private static let ignoredTypes: Set<String> = ["voice", "pref", "internet", "x400", "x-internet"]

    private func label(_ line: VCardLine) -> String {
        let types = line.types.filter { !Self.ignoredTypes.contains($0) && !$0.hasPrefix("x-") }
        return types.first ?? ""
    }

    mutating func add(_ line: VCardLine) {
        let text = rawText(line)
        switch line.name {
        case "N":
            let parts = VCardText.components(text) + Array(repeating: "", count: 5)
            contact.familyName = parts[0]; contact.givenName = parts[1]; contact.additionalNames = parts[2]
            contact.honorificPrefix = parts[3]; contact.honorificSuffix = parts[4]
            hasN = !contact.nameFromParts.isEmpty
        case "FN": contact.formattedName = VCardText.oneLine(VCardText.unescape(text)).trimming(" \t")
        case "ORG": contact.organization = VCardText.components(text).filter { !$0.isEmpty }.joined(separator: ", ")
        case "TITLE": contact.title = VCardText.oneLine(VCardText.unescape(text))
        case "NOTE": contact.note = VCardText.lines(VCardText.unescape(text))
        case "BDAY": contact.birthday = VCardText.oneLine(VCardText.unescape(text))
        case "URL": contact.urls.append(VCardText.oneLine(VCardText.unescape(text)))
        case "CATEGORIES": categories += VCardText.items(text)
        case "TEL":
            var number = VCardText.oneLine(VCardText.unescape(text)).trimming(" \t")
            if number.utf8.count > 4, number.utf8.prefix(4).map({ $0 | 0x20 }).elementsEqual("tel:".utf8) {
                number = String(number.dropFirst(4))
            }
            addLabeled(line, number, kind: "TEL")
        case "EMAIL": addLabeled(line, VCardText.oneLine(VCardText.unescape(text)).trimming(" \t"), kind: "EMAIL")
        case "ADR":
            let p = VCardText.components(text) + Array(repeating: "", count: 7)
            let cityLine = [p[3], [p[4], p[5]].filter { !$0.isEmpty }.joined(separator: " ")].filter { !$0.isEmpty }
                .joined(separator: ", ")
            let formatted = [p[0], p[1], p[2], cityLine, p[6]].filter { !$0.isEmpty }.joined(separator: ", ")
            if !formatted.isEmpty { addLabeled(line, formatted, kind: "ADR") }
        case "PHOTO": addPhoto(line)
        case "X-ABLABEL":
            if let g = line.group { groupLabels[g] = Self.cleanAppleLabel(VCardText.unescape(text)) }
        default: break
        }
    }

    private mutating func addLabeled(_ line: VCardLine, _ value: String, kind: String) {
        guard !value.isEmpty else { return }
        let item = LabeledValue(label: label(line), value: value)
        let index: Int
        switch kind {
        case "TEL": contact.phones.append(item); index = contact.phones.count - 1
        case "EMAIL": contact.emails.append(item); index = contact.emails.count - 1
        default: contact.addresses.append(item); index = contact.addresses.count - 1
        }
        if let g = line.group { pendingLabels.append((g, kind, index)) }
    }

    /// `_$!<Mobile>!$_` → `Mobile`.
    static func cleanAppleLabel(_ s: String) -> String {
        if s.hasPrefix("_$!<"), s.hasSuffix(">!$_") { return String(s.dropFirst(4).dropLast(4)) }
        return s
    }

    private mutating func addPhoto(_ line: VCardLine) {
        let raw = line.value.utf8String.trimming(" \t")
        let encoding = line.parameter("ENCODING")?.uppercased()
        if raw.lowercased().hasPrefix("data:") {
            // vCard 4: data:image/jpeg;base64,....
            guard let comma = raw.firstIndex(of: ",") else { return }
            let header = raw[raw.index(raw.startIndex, offsetBy: 5)..<comma]
            let mediaType = header.split(separator: ";").first.map(String.init) ?? ""
            if let data = Data(
                base64Encoded: String(raw[raw.index(after: comma)...]), options: .ignoreUnknownCharacters)
            {
                contact.photo = .data([UInt8](data), mediaType: mediaType)
            }
        } else if encoding == "B" || encoding == "BASE64" {
            let type = (line.parameter("TYPE") ?? line.parameter("MEDIATYPE") ?? "").lowercased()
            guard let data = Data(base64Encoded: raw, options: .ignoreUnknownCharacters), !data.isEmpty else {
                skip(line.lineNumber, "PHOTO is not valid base64")
                return
            }
            contact.photo = .data([UInt8](data), mediaType: type.contains("/") ? type : "image/" + type)
        } else if !raw.isEmpty {
            contact.photo = .uri(raw)
        }
    }

    /// The finished contact (without the lines `skipped`), or the problem that makes the card
    /// unusable: nothing to call it by. `withSource: false` leaves `source` empty, for a summary
    /// that only the list sees.
    func build(withSource: Bool = true) -> Result<Contact, VCardProblem> {
        var c = contact
        if withSource { c.source = "\(file):\(startLine)" }
        c.categories = ContactCategories.normalized(categories)
        for p in pendingLabels {
            guard let label = groupLabels[p.group] else { continue }
            switch p.kind {
            case "TEL": c.phones[p.index].label = label
            case "EMAIL": c.emails[p.index].label = label
            default: c.addresses[p.index].label = label
            }
        }
        if c.formattedName.isEmpty { c.formattedName = c.nameFromParts }
        if c.formattedName.isEmpty, !c.organization.isEmpty { c.formattedName = c.organization }
        // A card with only an address to reach it by (RFC 6350 wants FN, not every program
        // writes one) is listed under that address rather than lost.
        if c.formattedName.isEmpty, !hasN, let reach = c.emails.first ?? c.phones.first {
            c.formattedName = reach.value
        }
        guard !c.formattedName.isEmpty || hasN else { return .failure(namelessProblem) }
        return .success(c)
    }
}
