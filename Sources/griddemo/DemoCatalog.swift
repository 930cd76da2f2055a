import Demos
import GridKit

/// The demos the Home screen offers, with their default (built-in) data.
@MainActor
enum DemoCatalog {
    /// Home's catalog. `processes` is where the process monitor reads the processes and sends
    /// its signals: this machine's, unless a test gives a table of its own. Random keys on the
    /// monitor (`k`, then `k` in the alert) send SIGKILL to the focused process, which on the
    /// machine's table is someone's busiest process.
    static func home(processes: any ProcessSource = ProcessReader()) -> HomeScreen {
        HomeScreen(entries: [
            .init(
                name: "Photos", summary: "300 pictures drawn in memory: albums that scroll sideways, then all of them"
            ) {
                PhotosScreen(library: SampleAlbum.library(), view: .albums)
            },
            .init(
                name: "Contacts",
                summary: "320 sample people, A–Z with sticky headers, list or cards, filter as you type"
            ) {
                ContactsScreen(contacts: SampleAddressBook.contacts())
            },
            .init(name: "Numbers", summary: "1,000,000 numbered tiles in sections of 1,000 with sticky headers") {
                NumbersScreen(count: 1_000_000, arrangement: .grid)
            },
            .init(name: "Processes", summary: "this machine's processes, live: search, sort, details, send a signal") {
                ProcessesScreen(source: processes)
            }
        ])
    }
}
