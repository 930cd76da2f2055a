/// A value with the label it was filed under ("mobile", "work", …).
package struct LabeledValue: Hashable, Sendable {
    package var label: String
    package var value: String
    package init(label: String, value: String) { self.label = label; self.value = value }
}

/// A contact's picture: the image bytes inline, or where to find it.
package enum ContactPhoto: Hashable, Sendable {
    case data([UInt8], mediaType: String)
    case uri(String)
}

/// One person or organisation from an address book.
package struct Contact: Hashable, Sendable {
    package var formattedName = ""
    package var familyName = ""
    package var givenName = ""
    package var additionalNames = ""
    package var honorificPrefix = ""
    package var honorificSuffix = ""
    package var organization = ""
    package var title = ""
    package var phones: [LabeledValue] = []
    package var emails: [LabeledValue] = []
    package var addresses: [LabeledValue] = []
    package var birthday = ""
    package var note = ""
    package var urls: [String] = []
    /// The groups the card files the contact under (vCard `CATEGORIES`), as
    /// `ContactCategories.normalized` leaves them.
    package var categories: [String] = []
    package var photo: ContactPhoto?
    /// Where the card came from: "file.vcf:12".
    package var source = ""

    package init() {}

    /// The name from its parts: "Dr. Ada B. Lovelace Jr.".
    package var nameFromParts: String {
        [honorificPrefix, givenName, additionalNames, familyName, honorificSuffix]
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The first phone number, else the first email: what a list row shows.
    package var primaryContact: String { phones.first?.value ?? emails.first?.value ?? "" }
}
