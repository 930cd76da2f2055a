import GridKit
import Testing

@testable import Demos

private func person(_ given: String, _ family: String, org: String = "", phone: String = "") -> Contact {
    var c = Contact()
    c.givenName = given; c.familyName = family; c.formattedName = "\(given) \(family)".trimming(" ")
    c.organization = org
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

    @Test func indexPathsAndLetterJumps() {
        let d = ContactDirectory([person("a", "Adams"), person("b", "Brown"), person("c", "Davis")])
        let davis = (0..<d.count).first { d.contact($0).familyName == "Davis" }!
        #expect(d.indexPath(ofContact: davis) == IndexPath(item: 0, section: 2))
        #expect(d.section(forLetter: "b") == 1)
        #expect(d.section(forLetter: "C") == 2) // no C: the next section
        #expect(d.section(forLetter: "z") == nil)
    }
}
