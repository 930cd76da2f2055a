import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// The contacts' groups sidebar: favourites marked in the list and reordered there, and an
/// outline of the cards' groups and of organisations that chooses what the list shows.
@MainActor @Suite struct ContactGroupsTests {
    func contacts() -> ContactsScreen { ContactsScreen(contacts: SampleAddressBook.contacts()) }

    /// The sidebar's rows below the title, trimmed.
    func rows(_ run: ScreenRun) -> [String] {
        run.text.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func favouritesAreMarkedThenReorderedInTheSidebar() {
        let screen = contacts()
        // The sidebar opens on the group the list shows (All contacts): up to the second
        // favourite, pick it up, move it up, drop it.
        let run = ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "f,down,f,g,up,m,up,enter")
        #expect(run.topScreen is ContactGroupsScreen)
        #expect(screen.choices.favourites.count == 2)
        let (first, second) = (screen.choices.favourites[0], screen.choices.favourites[1])
        #expect(first > second, "the second favourite was moved above the first: \(screen.choices.favourites)")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines[2].contains("★ Émile") && lines[3].contains("★ Ada"), "\(lines)")
        #expect(run.text.contains("Groups · 2 favourites"))
    }

    /// Right opens Organisations, Enter on one shows only its contacts in the list; Esc shows all again.
    @Test func anOrganisationChosenInTheOutlineFiltersTheList() {
        let screen = contacts()
        let directory = screen.directory
        let acme = directory.groups(.organisation).first { $0.group == .organisation("Acme Corp") }
        #expect(acme != nil && acme!.count > 1)
        // The sidebar opens on All contacts: past Groups to Organisations, open it, step in (Acme is first).
        let run = ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "g,down,down,right,right,enter")
        #expect(run.topScreen is ContactsScreen, "Enter chose the group and went back to the list")
        #expect(directory.group == .organisation("Acme Corp") && directory.visibleCount == acme!.count)
        #expect(
            run.text.contains("Contacts · 320 · list · Acme Corp"), "\(run.text.split(separator: "\n").first ?? "")")
        ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "esc")
        #expect(directory.group == nil && directory.visibleCount == directory.count)
    }

    /// The cards' categories are a second parent, Groups, before Organisations: opened and
    /// closed like it, and Enter on one shows only the contacts filed under it.
    @Test func aCategoryChosenInTheOutlineFiltersTheList() {
        let screen = contacts()
        let directory = screen.directory
        #expect(
            directory.groups(.category).map(\.group) == [
                .category("Climbing club"), .category("Family"), .category("Work")
            ])
        let family = directory.groups(.category)[1].count
        #expect(family > 1 && family < 320)
        let harness = ScreenHarness(size: Size(width: 80, height: 24))
        let closed = rows(harness.run(screen, keys: "g"))
        #expect(closed.contains { $0.hasPrefix("▸ Groups") && $0.hasSuffix(" 3") }, "\(closed)")
        #expect(
            closed.firstIndex { $0.hasPrefix("▸ Groups") }! < closed.firstIndex { $0.hasPrefix("▸ Organisations") }!)
        #expect(!closed.contains { $0.hasPrefix("Family") })
        let open = rows(harness.run(screen, keys: "g,down,right"))
        let at = open.firstIndex { $0.hasPrefix("▾ Groups") }
        #expect(at != nil, "\(open)")
        if let at {
            #expect(
                zip(open[(at + 1)...], ["Climbing club", "Family", "Work"]).allSatisfy { $0.hasPrefix($1 + " ") },
                "\(open)")
        }
        #expect(open.contains { $0.hasPrefix("Family") && $0.hasSuffix(" \(family)") })
        #expect(
            !rows(harness.run(screen, keys: "g,down,right,left")).contains { $0.hasPrefix("Family") }, "closed again")

        // Open it, step in (Climbing club), down to Family, show it.
        let run = harness.run(screen, keys: "g,down,right,right,down,enter")
        #expect(run.topScreen is ContactsScreen)
        #expect(directory.group == .category("Family") && directory.visibleCount == family)
        #expect(run.text.contains("Contacts · 320 · list · Family"), "\(run.text.split(separator: "\n").first ?? "")")
        for section in directory.sections {
            for index in section.members {
                #expect(
                    directory.categories(ofContact: index).contains("Family"),
                    "\(directory.contact(index).formattedName)")
            }
        }
        // The sidebar opens again where the list is: Groups open, Family ticked and focused.
        let again = harness.run(screen, keys: "g")
        #expect(rows(again).contains { $0.hasPrefix("Family") && $0.hasSuffix("✓") }, "\(rows(again))")
        // Favourites' one row, then All contacts, Groups, Climbing club, Family.
        #expect(again.focusedIndexPath == IndexPath(item: 3, section: 1))
        harness.run(screen, keys: "esc")
        #expect(directory.group == nil && directory.visibleCount == directory.count)
    }

    /// Nobody has a category: no Groups parent, only Organisations.
    @Test func withoutCategoriesThereIsNoGroupsParent() {
        var a = Contact(), b = Contact()
        a.formattedName = "Ada Lovelace"; a.organization = "Engines"
        b.formattedName = "Grace Hopper"
        let lines = rows(
            ScreenHarness(size: Size(width: 80, height: 24)).run(ContactsScreen(contacts: [a, b]), keys: "g"))
        #expect(!lines.contains { $0.contains("Groups") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("▸ Organisations") && $0.hasSuffix(" 2") }, "\(lines)")
    }
}
