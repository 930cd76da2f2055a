import Foundation

/// A built-in address book of a few hundred people, generated deterministically as vCard 3.0
/// text and read by the same parser as real files: names in several scripts, very long names,
/// cards with fields missing, and some filed under groups (Family, Work, Climbing club).
package enum SampleAddressBook {
    static let given = [
        "Ada", "Ángel", "Björn", "Chloé", "Dmitri", "Émile", "Fatima", "Grace", "Hiro", "Ingrid", "José",
        "Kwame", "Léa", "Mateo", "Nadia", "Olúwadámiláre", "Priya", "Quentin", "Rosa", "Søren", "Tomás",
        "Uma", "Valentina", "Wei", "Xavier", "Yuki", "Zoë"
    ]
    static let family = [
        "Abara", "Bauer", "Castillo", "Dąbrowski", "Eriksen", "Fernández", "García", "Hoffmann", "Ivanova",
        "Jensen", "Kowalski", "López", "Müller", "Nakamura", "Okafor", "Pereira", "Quispe", "Rossi", "Schmidt",
        "Tanaka", "Ueda", "Vargas", "Weber", "Xu", "Yılmaz", "Zieliński", "Öztürk", "van der Berg", "de la Cruz"
    ]
    /// Names in other scripts: (family, given).
    static let international: [(String, String)] = [
        ("王", "小明"), ("李", "娜"), ("张", "伟"), ("山田", "太郎"), ("佐藤", "花子"), ("鈴木", "一郎"),
        ("Παπαδόπουλος", "Γιώργος"), ("Νικολάου", "Ελένη"), ("العلي", "محمد"), ("حداد", "ليلى"),
        ("Иванов", "Сергей"), ("김", "민준")
    ]
    static let companies = [
        "Acme Corp", "Globex", "Initech", "Umbrella Research", "Stark Industries", "Wayne Enterprises",
        "株式会社サンプル", "Cyberdyne Systems", "Soylent", "Tyrell Corporation"
    ]
    static let titles = [
        "Engineer", "Designer", "Director of Operations", "Nurse", "Teacher", "Chef", "Pilot", "Researcher"
    ]
    static let cities = ["Lisbon", "Osaka", "Nairobi", "Toronto", "Kraków", "Bogotá", "Athens", "Cairo"]

    /// The sample as vCard text. `realistic` adds the lines phone and desktop exports carry on
    /// every card (PRODID, UID, REV, and CATEGORIES as Google's export writes it), so a
    /// generated benchmark file has the size of a real one (100,000 cards: about 34 MB).
    package static func vcardText(count: Int = 320, realistic: Bool = false) -> String {
        var rng = SplitMix(seed: 20_261_129)
        var out = ""
        for i in 0..<count {
            let (fam, giv): (String, String)
            if i % 9 == 4 {
                (fam, giv) = international[rng.next(international.count)]
            } else {
                (fam, giv) = (family[rng.next(family.count)], given[rng.next(given.count)])
            }
            var longFamily = fam
            if i % 37 == 11 {
                longFamily =
                    fam + "-" + family[rng.next(family.count)] + " y " + family[rng.next(family.count)]
                    + "-Montgomery-Wolfeschlegelsteinhausen"
            }
            out += "BEGIN:VCARD\r\nVERSION:3.0\r\n"
            if realistic {
                // Made from the card's number, not the generator, so the people are the same.
                let h = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
                let uid = String(h, radix: 16).padding(toLength: 16, withPad: "0", startingAt: 0)
                out +=
                    "PRODID:-//Apple Inc.//iPhone OS 17.5//EN\r\nUID:\(uid.prefix(8))-\(uid.dropFirst(8).prefix(4))-4\(uid.suffix(3))-a\(uid.prefix(3))-\(uid.suffix(12))\r\n"
                out +=
                    "REV:2026-\(10 + i % 3)-\(10 + i % 19)T\(10 + i % 14):\(10 + i % 50):00Z\r\nCATEGORIES:myContacts,\(i % 3 == 0 ? "Work" : "Friends")\r\n"
            }
            out += "N:\(escape(longFamily));\(escape(giv));;;\r\n"
            if i % 5 != 0 { out += "FN:\(escape(giv)) \(escape(longFamily))\r\n" } // FN left out: derived from N
            if i % 3 != 2 { out += "ORG:\(escape(companies[rng.next(companies.count)]))\r\n" }
            if i % 4 == 1 { out += "TITLE:\(titles[rng.next(titles.count)])\r\n" }
            if i % 6 != 5 {
                out +=
                    "TEL;TYPE=CELL:+\(1 + rng.next(98)) \(100 + rng.next(900)) \(1000 + rng.next(9000)) \(100 + rng.next(900))\r\n"
            }
            if i % 7 == 3 { out += "TEL;TYPE=WORK,VOICE:+44 20 \(7000 + rng.next(2999)) \(1000 + rng.next(8999))\r\n" }
            // Some people have a home line and a fax too (numbers made without the generator, so
            // everyone else stays as they were): their cards are taller.
            if i % 17 == 8 {
                out += "TEL;TYPE=HOME:+1 555 01\(10 + i % 90)\r\nTEL;TYPE=FAX:+1 555 02\(10 + i % 90)\r\n"
            }
            if i % 4 != 3 {
                let user = (giv + "." + fam).folding(options: .diacriticInsensitive, locale: nil).lowercased().filter {
                    $0.isASCII && ($0.isLetter || $0 == ".")
                }
                out += "EMAIL;TYPE=INTERNET,HOME:\(user.isEmpty || user == "." ? "contact\(i)" : user)@example.com\r\n"
            }
            if i % 8 == 2 {
                out +=
                    "ADR;TYPE=HOME:;;\(1 + rng.next(200)) Main Street;\(cities[rng.next(cities.count)]);;\(10000 + rng.next(89999));\r\n"
            }
            if i % 10 == 6 { out += "BDAY:19\(50 + rng.next(49))-0\(1 + rng.next(9))-1\(rng.next(9))\r\n" }
            if i % 11 == 7 {
                out +=
                    "NOTE:Met at the conference\\, table \(rng.next(40)).\\nLikes tea; dislikes meetings before 10.\r\n"
            }
            if i % 13 == 5 { out += "URL:https://example.com/people/\(i)\r\n" }
            // Made from the card's number, not the generator, so the people are the same.
            let groups = [(i % 6 == 1, "Work"), (i % 23 == 5, "Family"), (i % 17 == 3, "Climbing club")].filter(\.0)
                .map(\.1)
            if !groups.isEmpty { out += "CATEGORIES:\(groups.joined(separator: ","))\r\n" }
            out += "END:VCARD\r\n"
        }
        return out
    }

    /// The sample as contacts.
    package static func contacts(count: Int = 320) -> [Contact] {
        VCardParser.parse(Array(vcardText(count: count).utf8), file: "sample").contacts
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(
            of: ";", with: "\\;")
    }
}

/// A small deterministic random generator, so the sample is the same on every run.
/// SplitMix64: a small seeded generator, so generated data is the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
