import Demos
import GridKit
import GridKitTesting
import Testing

@testable import griddemo

/// griddemo's Home screen with the real catalog, the navigation stack and the help screen,
/// through the real controller.
@MainActor @Suite struct HomeNavigationTests {
    func run(_ screen: any Screen, _ script: String, size: Size = Size(width: 90, height: 24)) -> Canvas {
        ScreenHarness(size: size).run(screen, keys: script).frame
    }

    @Test func homeSnapshot() throws {
        try Snapshot().verify(run(DemoCatalog.home(), "down"), named: "home")
    }

    @Test func keysThatChangeNothingDrawNothing() {
        let idle = HeadlessHost(size: Size(width: 90, height: 24), events: InputEvent.script("x, z, up"))
        ScreenController(host: idle).run(DemoCatalog.home())
        #expect(idle.presentCount == 1, "only the first frame: x and z mean nothing, up is at the edge")
        let moving = HeadlessHost(size: Size(width: 90, height: 24), events: InputEvent.script("x, down"))
        ScreenController(host: moving).run(DemoCatalog.home())
        #expect(moving.presentCount == 2)
    }

    @Test func questionMarkShowsKeysAndEscReturns() {
        let help = run(DemoCatalog.home(), "?")
        #expect(help.row(0).contains("Keys · GridKit demos"))
        #expect(help.text.contains("the keys of this screen"))
        #expect(help.text.contains("on this screen"))
        let back = run(DemoCatalog.home(), "?, esc")
        #expect(back.row(0).contains("GridKit demos"))
        let notTwice = run(DemoCatalog.home(), "?, ?, esc")
        #expect(notTwice.row(0).contains("GridKit demos"))
    }

    @Test func enterOpensTheFocusedDemoAndEscComesBackToTheSameFocus() {
        let frame = run(DemoCatalog.home(), "end, up, enter")
        #expect(frame.row(0).contains("Numbers · 1,000,000 items"))
        let back = run(DemoCatalog.home(), "end, up, enter, esc")
        #expect(back.text.contains("▶ Numbers"))
        let processes = run(DemoCatalog.home(), "end, enter")
        #expect(processes.row(0).contains("Processes") && processes.row(0).contains("processes · by state"))
    }

    @Test func doubleClickOpensLikeEnter() {
        // Rows: title, header, inset, Photos (2 rows), spacing, Contacts at row 6.
        let press = MouseEvent(action: .press, position: Point(x: 8, y: 6))
        var double = press
        double.clickCount = 2
        let host = HeadlessHost(size: Size(width: 90, height: 24), events: [.mouse(press), .mouse(double)])
        ScreenController(host: host).run(DemoCatalog.home())
        #expect(host.lastFrame!.row(0).contains("Contacts · 320"))
        let single = HeadlessHost(size: Size(width: 90, height: 24), events: [.mouse(press)])
        ScreenController(host: single).run(DemoCatalog.home())
        #expect(single.lastFrame!.text.contains("▶ Contacts"))
    }

    @Test func qOnTheFirstScreenQuitsBeforeTheRestOfTheScript() {
        let host = HeadlessHost(size: Size(width: 90, height: 24), events: InputEvent.script("q, down"))
        ScreenController(host: host, quitsWhenRootPops: true).run(DemoCatalog.home()) // as griddemo runs it
        #expect(host.lastFrame!.text.contains("▶ Photos"))
        // An app that did not say so stays on its first screen.
        let staying = HeadlessHost(size: Size(width: 90, height: 24), events: InputEvent.script("q, esc, down"))
        ScreenController(host: staying).run(DemoCatalog.home())
        #expect(staying.lastFrame!.text.contains("▶ Contacts"), "q and Esc did nothing at the root; Down moved")
    }

    @Test func tooSmallTerminalShowsTheNoticeAndRecovers() {
        let host = HeadlessHost(size: Size(width: 90, height: 24), events: [.resize(Size(width: 20, height: 5))])
        ScreenController(host: host).run(DemoCatalog.home())
        #expect(host.lastFrame!.text.contains("too small"))
        let grown = HeadlessHost(
            size: Size(width: 90, height: 24),
            events: [.resize(Size(width: 20, height: 5)), .resize(Size(width: 70, height: 20))])
        ScreenController(host: grown).run(DemoCatalog.home())
        #expect(grown.lastFrame!.text.contains("Pick a demo"))
        #expect(grown.lastFrame!.size == Size(width: 70, height: 20))
    }

    @Test func photosSpaceMarksAndTheTitleCounts() {
        let screen = PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        let frame = run(screen, "space, right, right, space")
        #expect(frame.row(0).contains("2 marked"))
    }
}
