import GridKit
import Testing

@testable import Demos

private func person(_ given: String, _ family: String, org: String = "", phone: String = "", categories: [String] = [])
    -> Contact
{
    var c = Contact()
    c.givenName = given; c.familyName = family; c.formattedName = "\(given) \(family)".trimming(" ")
    c.organization = org
    c.categories = categories
    if !phone.isEmpty { c.phones = [LabeledValue(label: "cell", value: phone)] }
    return c
}

@Suite struct ContactDirectoryTests {
    @Test func sectionsByFamilyNameIgnoringCaseAndAccents() {
        let d = ContactDirectory([
            person("Zed", "ángel"), person("Bo", "Zoë"), person("A", "adams"), person("Only", ""),
            person("小明", "王"), person("Γιώργος", "Παπαδόπουλος"), person("x", "Émile")
        ])
        #expect(d.sections.map(\.letter) == ["A", "E", "O", "Z", "#"])
        #expect(d.sections[0].members.map { d.contact($0).familyName } == ["adams", "ángel"])
        #expect(d.sections[2].members.map { d.contact($0).givenName } == ["Only"]) // no family name: given name
        #expect(d.sections.last!.members.count == 2)
    }

    /// Letters with a stroke and ligatures are filed as an English index files them: Øystein
    /// under O beside Olsen, Łukasz under L, Ærø under A (they came after Z).
    @Test func strokedLettersAndLigaturesAreFiledUnderTheirLetter() {
        let d = ContactDirectory([
            person("A", "Øygard"), person("B", "Olsen"), person("C", "Łukasiewicz"), person("D", "Lee"),
            person("E", "Ærø"), person("F", "Zorn")
        ])
        #expect(d.sections.map(\.letter) == ["A", "L", "O", "Z"])
        #expect(d.sections[2].members.map { d.contact($0).familyName } == ["Olsen", "Øygard"])
        #expect(d.sections[1].members.map { d.contact($0).familyName } == ["Lee", "Łukasiewicz"])
        #expect(Folding.fold("Straße Þór Œuvre") == Array("strasse thor oeuvre".utf8))
    }

    @Test func filterMatchesNameOrganisationEmailAndPhone() {
        let d = ContactDirectory([
            person("Ada", "Lovelace", org: "Engines"), person("Grace", "Hopper", phone: "+1 (555) 010-2030"),
            person("José", "García")
        ])
        d.setFilter("ENGINE")
        #expect(d.visibleCount == 1)
        d.setFilter("garcia")
        #expect(d.visibleCount == 1)
        d.setFilter("555 0102")
        #expect(d.visibleCount == 1)
        d.setFilter("zzz")
        #expect(d.visibleCount == 0)
        #expect(d.sections.isEmpty)
        d.setFilter("")
        #expect(d.visibleCount == 3)
    }

    /// Typed one character at a time and deleted again, plain and phone-like, the filter lets
    /// through exactly the contacts, in display order, whose name, organisation, email or phone
    /// has the query, read contact by contact (the filter reads its store in another order).
    @Test func filterAgreesWithReadingEveryContact() {
        let d = ContactDirectory(SampleAddressBook.contacts(count: 400))
        func expected(_ q: String) -> [Int] {
            let query = Folding.fold(q), digits = query.filter { $0 >= 48 && $0 <= 57 }
            let phoneLike =
                digits.count >= 3 && query.allSatisfy { ($0 >= 48 && $0 <= 57) || " -+()./".utf8.contains($0) }
            guard !query.isEmpty else { return Array(0..<d.count) }
            return (0..<d.count).filter { i in
                // Name, organisation and emails folded, and each phone's digits, apart.
                let c = d.contact(i)
                var text = Folding.fold(
                    ([c.formattedName, c.organization] + c.emails.map(\.value)).joined(separator: "\u{1}"))
                for p in c.phones { text += [1] + p.value.utf8.filter { $0 >= 48 && $0 <= 57 } }
                return text.firstRange(of: query) != nil || (phoneLike && text.firstRange(of: digits) != nil)
            }
        }
        let someone = d.contact(123), phone = someone.phones.first?.value ?? "555 0100"
        let words = [
            String(someone.familyName.prefix(4)).lowercased(), "an", "é", String(phone.filter(\.isNumber).prefix(5))
        ]
        var checked = 0
        for word in words {
            var typed = ""
            for ch in word {
                typed.append(ch)
                d.setFilter(typed)
                #expect(d.sections.flatMap(\.members) == expected(typed), "\(typed)")
                checked += d.visibleCount
            }
            while !typed.isEmpty {
                typed.removeLast()
                d.setFilter(typed)
                #expect(d.sections.flatMap(\.members) == expected(typed), "\(typed)")
            }
        }
        #expect(checked > 50, "the queries let some through")
    }

    /// The names the directory shows, in order.
    private func shown(_ d: ContactDirectory) -> [String] {
        d.sections.flatMap(\.members).map { d.contact($0).formattedName }
    }

    @Test func organisationsAreGroupsByNameWithNoneLast() {
        let d = ContactDirectory([
            person("Ada", "Lovelace", org: "Engines"), person("Grace", "Hopper", org: "navy"), person("Alan", "Turing"),
            person("Charles", "Babbage", org: "Engines"), person("Émile", "Zola", org: "Navy")
        ])
        // Organisations are told apart as written: "navy" and "Navy" are two.
        #expect(
            d.groups(.organisation).map(\.group) == [
                .organisation("Engines"), .organisation("navy"), .organisation("Navy"), .organisation("")
            ])
        #expect(d.groups(.organisation).map(\.count) == [2, 1, 1, 1])
        d.setGroup(.organisation("Engines"))
        #expect(shown(d) == ["Charles Babbage", "Ada Lovelace"])
        d.setGroup(.organisation(""))
        #expect(shown(d) == ["Alan Turing"])
        #expect(ContactGroup.organisation("").title == "no organisation")
    }
    /// The cards are read for their groups once per kind, however often the groups are opened.
    @Test func groupsAreReadOncePerKind() {
        let d = ContactDirectory(
            (0..<30).map { person("P\($0)", "Q\($0)", org: "Org \($0 % 4)", categories: ["C\($0 % 3)"]) })
        let first = d.groups(.organisation).map(\.group)
        #expect(d.groups(.organisation).map(\.group) == first)
        #expect(first.count == 4)
        #expect(d.groupScans == 1)
        #expect(d.groups(.category).count == 3)
        #expect(d.groupScans == 2)
    }

    /// Groups read off the directory (the loading thread reads them once the list shows) are
    /// the directory's own, and opening the groups then reads no card.
    @Test func groupsReadElsewhereAreKept() {
        let contacts = (0..<30).map { person("P\($0)", "Q\($0)", org: "Org \($0 % 4)", categories: ["C\($0 % 3)"]) }
        let here = ContactDirectory(contacts), elsewhere = ContactDirectory(contacts)
        let read = elsewhere.groupReader()
        elsewhere.keep(read)
        for kind in ContactGroup.Kind.allCases {
            #expect(elsewhere.groups(kind).map(\.group) == here.groups(kind).map(\.group))
            #expect(elsewhere.groups(kind).map(\.count) == here.groups(kind).map(\.count))
        }
        #expect(elsewhere.groupScans == 0)
        #expect(here.groupScans == 2)
    }

    @Test func categoriesAreGroupsWithCountsSortedAndWithoutCase() {
        let d = ContactDirectory([
            person("Ada", "Lovelace", categories: ["work", "Climbing club"]),
            person("Grace", "Hopper", categories: ["Work"]),
            person("Alan", "Turing"), person("Émile", "Zola", categories: ["Family", "WORK"]),
            person("Zoë", "Ångström", categories: ["Éclairs", "family"])
        ])
        // One group per category whatever its case, spelt as by the first contact in the list
        // (Hopper before Lovelace, Ångström before Zola), sorted as organisations are (É with E).
        #expect(
            d.groups(.category).map(\.group) == [
                .category("Climbing club"), .category("Éclairs"), .category("family"), .category("Work")
            ])
        #expect(d.groups(.category).map(\.count) == [1, 1, 2, 3])
        d.setGroup(.category("Work"))
        #expect(shown(d) == ["Grace Hopper", "Ada Lovelace", "Émile Zola"])
        #expect(d.visibleCount == 3)
        d.setGroup(.category("FAMILY"))
        #expect(shown(d) == ["Zoë Ångström", "Émile Zola"], "compared without case")
        d.setGroup(.category("Nobody's"))
        #expect(d.visibleCount == 0 && d.sections.isEmpty)
        d.setGroup(nil)
        #expect(d.visibleCount == 5)
        #expect(ContactDirectory([person("Alan", "Turing")]).groups(.category).isEmpty)
    }

    /// More groups than the directory remembers by their bytes while counting (see `RecentNames`).
    @Test func manyGroupsAreCountedAndShown() {
        let people = (0..<60).map { i in
            person(
                "P\(i)", "Q\(i)", org: "Org \(i % 11)", categories: [i % 2 == 0 ? "g\(i % 13)" : "G\(i % 13)", "Shared"]
            )
        }
        let d = ContactDirectory(people)
        let categories = d.groups(.category)
        #expect(categories.count == 14)
        #expect(categories.first { $0.group == .category("Shared") }?.count == 60)
        for k in 0..<13 {
            let count = categories.first { $0.group.key == "g\(k)" }?.count
            #expect(count == (0..<60).filter { $0 % 13 == k }.count, "g\(k)")
        }
        // The collation counts: Org 2 before Org 10.
        #expect(d.groups(.organisation).map(\.group) == (0..<11).map { .organisation("Org \($0)") })
        #expect(d.groups(.organisation).map(\.count) == (0..<11).map { k in (0..<60).filter { $0 % 11 == k }.count })
        d.setGroup(.category("G5"))
        #expect(Set(shown(d)) == Set((0..<60).filter { $0 % 13 == 5 }.map { "P\($0) Q\($0)" }))
        d.setGroup(.organisation("Org 10"))
        #expect(Set(shown(d)) == Set((0..<60).filter { $0 % 11 == 10 }.map { "P\($0) Q\($0)" }))
    }

    @Test func aGroupAndTheFilterTogether() {
        let d = ContactDirectory([
            person("Ada", "Lovelace", org: "Engines", categories: ["Work"]),
            person("Grace", "Hopper", categories: ["Work"]),
            person("Ada", "Byron", org: "Engines"), person("Adam", "Smith", categories: ["Work"])
        ])
        d.setGroup(.category("work"))
        d.setFilter("ada")
        #expect(shown(d) == ["Ada Lovelace", "Adam Smith"])
        d.setFilter("adam")
        #expect(shown(d) == ["Adam Smith"])
        d.setFilter("ada") // back a character: what was let through before, still in the group
        #expect(shown(d) == ["Ada Lovelace", "Adam Smith"])
        d.setGroup(.organisation("Engines"))
        #expect(shown(d) == ["Ada Byron", "Ada Lovelace"])
        d.setGroup(nil)
        #expect(shown(d) == ["Ada Byron", "Ada Lovelace", "Adam Smith"])
        d.setFilter("")
        #expect(d.visibleCount == 4)
    }

    @Test func indexPathsAndLetterJumps() {
        let d = ContactDirectory([person("a", "Adams"), person("b", "Brown"), person("c", "Davis")])
        let davis = (0..<d.count).first { d.contact($0).familyName == "Davis" }!
        #expect(d.indexPath(ofContact: davis) == IndexPath(item: 0, section: 2))
        #expect(d.section(forLetter: "b") == 1)
        #expect(d.section(forLetter: "C") == 2) // no C: the next section
        #expect(d.section(forLetter: "z") == nil)
    }
}
