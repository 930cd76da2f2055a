import GridKitTesting
import Synchronization
import Testing

@testable import Demos
@testable import GridKit
@testable import griddemo

/// A process table in memory that takes the monitor's signals and sends none: random keys reach
/// the monitor from Home, and `k` twice there is SIGKILL to the focused process.
final class UnsignalledProcesses: ProcessSource {
    let sent = Mutex<[Int32]>([])
    let records: [ProcessRecord] = (0..<40).map { (i: Int) -> ProcessRecord in
        let state: ProcessState = i % 5 == 0 ? .running : .sleeping
        return ProcessRecord(
            pid: Int32(1000 + i), name: "proc\(i)", user: i % 2 == 0 ? "root" : "ann", state: state,
            cpuPercent: Double(i))
    }
    func sample(previous: [Int32: ProcessRecord], elapsed: Double) -> [ProcessRecord] { records }
    func read(_ pid: Int32) -> ProcessRecord? { records.first { $0.pid == pid } }
    func maySignal(_ pid: Int32) -> Bool { true }
    func send(_ signal: Int32, to pid: Int32) -> String? {
        sent.withLock { $0.append(signal) }
        return nil
    }
}

/// Every screen of griddemo under thousands of seeded random keys, clicks and resizes down to
/// 1×1, through the real controller: no crash, and after every event the focus is a valid item
/// of the screen on top, fully visible (or as much of it as fits) whenever the grid has room.
@MainActor @Suite struct RandomKeysTests {
    static let keys: [InputEvent] = InputEvent.script(
        "up, down, left, right, pgup, pgdn, home, end, g, G, h, j, k, l, enter, space, ?, /, v, +, -, w, a, m, z, text:é, bs, tab"
    )

    func randomEvent(_ rng: inout SplitMix, depth: Int, size: Size) -> InputEvent {
        switch rng.next(20) {
        case 0:
            // Down to 1×1, and back up to something roomy.
            let tiny = rng.next(3) == 0
            return .resize(
                Size(
                    width: tiny ? 1 + rng.next(6) : 20 + rng.next(100),
                    height: tiny ? 1 + rng.next(4) : 6 + rng.next(40)))
        case 1:
            let p = Point(x: rng.next(max(1, size.width)), y: rng.next(max(1, size.height)))
            let actions: [MouseAction] = [.press, .release, .wheelUp, .wheelDown]
            return .mouse(MouseEvent(action: actions[rng.next(4)], position: p, clickCount: 1 + rng.next(2)))
        case 2 where depth > 1:
            return .key(.escape) // back, never past the first screen
        default:
            return Self.keys[rng.next(Self.keys.count)]
        }
    }

    func drive(_ screen: any Screen, seed: UInt64, events count: Int) {
        var rng = SplitMix(seed: seed)
        let host = HeadlessHost(size: Size(width: 80, height: 24))
        let controller = ScreenController(host: host)
        var played = 0
        host.afterEachEvent = { event in
            played += 1
            if let grid = controller.gridView, let focus = grid.focusedIndexPath {
                #expect(
                    focus.section < grid.layout.numberOfSections
                        && focus.item < grid.layout.numberOfItems(inSection: focus.section),
                    "seed \(seed), event \(played) (\(event)): focus \(focus) is no item")
                if grid.frame.height >= 3, grid.frame.width >= 3 {
                    #expect(
                        grid.isFullyVisible(focus),
                        "seed \(seed), event \(played) (\(event)): focus \(focus) not in view")
                }
            }
            if played < count { host.enqueue([randomEvent(&rng, depth: controller.screens.count, size: host.size)]) }
        }
        host.enqueue([.key(.down)])
        controller.run(screen)
        #expect(played == count, "seed \(seed): the run ended early, after \(played) events")
    }

    /// Home and every demo it opens, the process monitor on a table of its own: on this machine's
    /// processes this seed's keys sent SIGKILL five times to whatever the monitor's focus was on
    /// (compilers, test runners, terminals, `make`, of every run on the machine).
    @Test func home() { drive(DemoCatalog.home(processes: UnsignalledProcesses()), seed: 1, events: 3_000) }
    @Test func photos() {
        drive(PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 1)), seed: 2, events: 2_000)
    }
    @Test func contactsList() { drive(ContactsScreen(contacts: SampleAddressBook.contacts()), seed: 3, events: 3_000) }
    @Test func contactsCards() {
        drive(ContactsScreen(contacts: SampleAddressBook.contacts(), arrangement: .cards), seed: 4, events: 3_000)
    }
    @Test func numbersGrid() { drive(NumbersScreen(count: 1_000_000, arrangement: .grid), seed: 5, events: 3_000) }
    @Test func numbersList() { drive(NumbersScreen(count: 1_000_000, arrangement: .list), seed: 6, events: 3_000) }
}
