/// A value with the label it was filed under ("mobile", "work", …).
public struct LabeledValue: Hashable, Sendable {
    public var label: String
    public var value: String
    public init(label: String, value: String) { self.label = label; self.value = value }
}

/// A contact's picture: the image bytes inline, or where to find it.
public enum ContactPhoto: Hashable, Sendable {
    case data([UInt8], mediaType: String)
    case uri(String)
}

/// One person or organisation from an address book.
public struct Contact: Hashable, Sendable {
    public var formattedName = ""
    public var familyName = ""
    public var givenName = ""
    public var additionalNames = ""
    public var honorificPrefix = ""
    public var honorificSuffix = ""
    public var organization = ""
    public var title = ""
    public var phones: [LabeledValue] = []
    public var emails: [LabeledValue] = []
    public var addresses: [LabeledValue] = []
    public var birthday = ""
    public var note = ""
    public var urls: [String] = []
    public var photo: ContactPhoto?
    /// Where the card came from: "file.vcf:12".
    public var source = ""

    public init() {}

    /// The name from its parts: "Dr. Ada B. Lovelace Jr.".
    public var nameFromParts: String {
        [honorificPrefix, givenName, additionalNames, familyName, honorificSuffix]
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The first phone number, else the first email: what a list row shows.
    public var primaryContact: String { phones.first?.value ?? emails.first?.value ?? "" }
}
