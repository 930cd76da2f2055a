import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// The contacts' groups sidebar: favourites marked in the list and reordered there, and an
/// outline of organisations that chooses what the list shows.
@MainActor @Suite struct ContactGroupsTests {
    func contacts() -> ContactsScreen { ContactsScreen(contacts: SampleAddressBook.contacts()) }

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
        let acme = directory.organisations().first { $0.name == "Acme Corp" }
        #expect(acme != nil && acme!.count > 1)
        // The sidebar opens on All contacts: down to Organisations, open it, step in (Acme is first).
        let run = ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "g,down,right,right,enter")
        #expect(run.topScreen is ContactsScreen, "Enter chose the group and went back to the list")
        #expect(directory.group == "Acme Corp" && directory.visibleCount == acme!.count)
        #expect(run.text.contains("Contacts · 320 · list · Acme Corp"), "\(run.text.split(separator: "\n").first ?? "")")
        let back = ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "esc")
        _ = back
        #expect(directory.group == nil && directory.visibleCount == directory.count)
    }
}
