import Foundation
import GridKit
import GridKitTesting
import Synchronization
import TestSupport
import Testing

@testable import Demos

/// Photos opens on Albums: a row per folder that scrolls sideways under a header, then every
/// photo as a grid.
@MainActor @Suite struct AlbumsTests {
    func albums() -> PhotosScreen {
        PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0), view: .albums)
    }
    let harness = ScreenHarness(size: Size(width: 100, height: 30))

    /// The name after the focus mark.
    func focusedName(_ run: ScreenRun) -> String {
        guard let line = run.text.split(separator: "\n").first(where: { $0.contains("▶") }) else { return "" }
        return String(
            line[line.index(after: line.firstIndex(of: "▶")!)...].prefix { $0 != " " && $0 != "." && $0 != "…" })
    }

    @Test func rowsPerFolderThenAllPhotos() throws {
        let run = harness.run(albums())
        #expect(run.row(1).contains("Gradient") && run.row(1).contains("60 photos · Enter opens"))
        #expect(run.text.contains("Mandelbrot"))
        let grid = try #require(run.gridView)
        #expect(grid.layout.numberOfSections == 6, "five folders, then all photos")
        #expect(grid.layout.numberOfItems(inSection: 5) == 300)
        let end = harness.run(albums(), keys: "end")
        #expect(end.row(1).contains("All photos") && end.row(1).contains("300 photos"), "its header pins at the top")
        #expect(focusedName(end) == "plasma-060")
    }

    /// Right goes along the row and scrolls it, and only it; Down leaves it for the nearest
    /// photo below, in the next row; Up comes back.
    @Test func rowsScrollSidewaysAndUpDownLeaveThem() throws {
        let run = harness.run(albums(), keys: "right*9")
        #expect(focusedName(run) == "gradient-010")
        #expect(!run.row(9).contains("gradient-001"), "the row scrolled")
        #expect(run.row(19).contains("mandelbrot-001"), "the next row did not")
        let down = harness.run(albums(), keys: "right*9, down")
        #expect(focusedName(down).hasPrefix("mandelbrot-0"))
        #expect(down.focusedIndexPath?.section == 1)
        let up = harness.run(albums(), keys: "right*9, down, up")
        #expect(up.focusedIndexPath?.section == 0)
        #expect(up.row(1).contains("Gradient"))
    }

    /// Enter in a row opens that folder as a grid of its own, on the same photo; Esc comes back
    /// to the row as it was.
    @Test func enterOpensTheAlbumAndEscReturns() throws {
        let open = harness.run(albums(), keys: "down, right*3, enter")
        #expect(open.row(0).contains("Photos › Mandelbrot · 60"))
        #expect(focusedName(open) == "mandelbrot-004")
        #expect(open.topScreen is PhotosScreen && open.gridView?.layout is FlowLayout)
        let back = harness.run(albums(), keys: "down, right*3, enter, right, esc")
        #expect(back.row(0).contains("Photos · 300"))
        #expect(back.focusedIndexPath == IndexPath(item: 3, section: 1))
        let viewer = harness.run(albums(), keys: "end, enter")
        #expect(viewer.row(0).contains("plasma-060"), "Enter in all photos views the photo")
    }

    /// A click on a row's header opens its album.
    @Test func clickingARowsHeaderOpensIt() {
        // The third row's header: rows are a header, 8 rows of tile and one of space.
        let click = InputEvent.mouse(MouseEvent(action: .press, position: Point(x: 30, y: 21)))
        let run = harness.run(albums(), events: [click])
        #expect(run.row(0).contains("Photos › Stripes · 60"), "\(run.row(0))")
        let onTile = harness.run(albums(), events: [.mouse(MouseEvent(action: .press, position: Point(x: 20, y: 5)))])
        #expect(
            onTile.row(0).contains("Photos · 300") && focusedName(onTile) == "gradient-002",
            "a click on a tile focuses it")
    }

    /// `a` switches to all photos by folder and back, the focus staying on its photo.
    @Test func aSwitchesViewsKeepingTheFocus() throws {
        let grid = harness.run(albums(), keys: "down, right*4, a")
        #expect(grid.gridView?.layout is FlowLayout)
        #expect(focusedName(grid) == "mandelbrot-005")
        #expect(!grid.text.contains("Enter opens"))
        let back = harness.run(albums(), keys: "down, right*4, a, a")
        #expect(back.gridView?.layout is CompositionalLayout)
        #expect(focusedName(back) == "mandelbrot-005")
        #expect(back.focusedIndexPath == IndexPath(item: 4, section: 1), "back in the row it left")
        let moved = harness.run(albums(), keys: "down, right*4, a, right, a")
        #expect(focusedName(moved) == "mandelbrot-006")
        #expect(moved.focusedIndexPath?.section == 5, "another photo: in all photos")
        let waterfall = harness.run(albums(), keys: "w")
        #expect(waterfall.gridView?.layout is WaterfallLayout, "w goes to the grid's waterfall")
    }

    /// The hint line says what Enter does where the focus is, and what `w` turns to.
    @Test func theHintsFollowTheFocus() {
        #expect(harness.run(albums(), keys: "").text.contains("Enter open album"))
        // Space marks photos here as in the grid, and the hints say so where there is room.
        #expect(ScreenHarness(size: Size(width: 120, height: 30)).run(albums(), keys: "").text.contains("Space mark"))
        let all = harness.run(albums(), keys: "end")
        #expect(
            all.focusedIndexPath?.section == 5 && all.text.contains("Enter view · Space mark"),
            "in all photos Enter views")
        #expect(harness.run(albums(), keys: "a").text.contains("w waterfall"))
        #expect(harness.run(albums(), keys: "w").text.contains("w even grid"))
    }

    /// The sideways wheel scrolls the row under the pointer.
    @Test func theSidewaysWheelScrollsARow() {
        let wheel = InputEvent.mouse(MouseEvent(action: .wheelRight, position: Point(x: 40, y: 5)))
        let run = harness.run(albums(), events: Array(repeating: wheel, count: 4))
        #expect(!run.row(9).contains("gradient-001"), "the first row moved")
        #expect(run.row(19).contains("mandelbrot-001"), "the second did not")
        #expect(run.focusedIndexPath == IndexPath(item: 0, section: 0), "the focus stays")
    }

    /// What Albums draws (placeholders: the pool decodes nothing), at the start and with the
    /// first row scrolled sideways: the rows under their headers, the focus mark, the caption
    /// cut at the row's edge, the next row where it was.
    @Test func snapshots() throws {
        let start = ScreenHarness(size: Size(width: 80, height: 24)).run(albums())
        try Snapshot().verify(text: start.markedText, named: "albums-start")
        let scrolled = ScreenHarness(size: Size(width: 80, height: 24)).run(albums(), keys: "right*7")
        try Snapshot().verify(text: scrolled.markedText, named: "albums-row-scrolled")
    }

    /// The cells on screen that show no thumbnail yet (nor a reason for none).
    static func waiting(_ grid: GridView) -> [GridKit.IndexPath] {
        grid.layout.layoutAttributesForElements(in: grid.visibleRect).filter { $0.kind == .cell }.map(\.indexPath)
            .filter { (grid.cellForItem(at: $0) as? PhotoCell)?.entry == nil }
    }

    /// A photo shown twice (its folder's row and All photos) gets its thumbnail in both, from
    /// one decode.
    @Test func aPhotoInARowAndInAllPhotosGetsItsThumbnailInBoth() {
        let items = SampleAlbum.library(count: 40).sections.flatMap(\.items)
        let pool = DecodePool(threads: 0)
        let screen = PhotosScreen(
            library: PhotoLibrary(sections: [("one", Array(items[0..<8]))]), pool: pool, view: .albums)
        let host = HeadlessHost(size: Size(width: 100, height: 40), events: [.key(.character("z"))])
        let controller = ScreenController(host: host)
        host.afterEachEvent = { _ in pool.runPending() }
        var waiting: [GridKit.IndexPath] = [], both = false
        host.afterPresent = {
            guard let grid = controller.gridView else { return }
            waiting = Self.waiting(grid)
            both =
                grid.cellForItem(at: GridKit.IndexPath(item: 0, section: 0)) != nil
                && grid.cellForItem(at: GridKit.IndexPath(item: 0, section: 1)) != nil
        }
        controller.run(screen)
        #expect(both, "the first photo shows in the row and in All photos")
        #expect(waiting.isEmpty, "every cell on screen has its thumbnail: \(waiting)")
    }

    /// Thumbnails asked for before another folder came in (its row goes in before All photos,
    /// and the index paths asked with now name other places) land on their photos' cells.
    @Test func thumbnailsAskedBeforeAFolderArrivesFindTheirCells() {
        let items = SampleAlbum.library(count: 40).sections.flatMap(\.items)
        let pool = DecodePool(threads: 0)
        // A hold that ran out is noted here and fails the test on its own thread.
        let more = DispatchSemaphore(value: 0), heldTooLong = Mutex(false)
        let screen = PhotosScreen(paths: ["/not-walked"], pool: pool, view: .albums) { _, _, report in
            _ = report(PhotoLibrary.Found(sections: [("f0", Array(items[0..<12]))]))
            if more.wait(timeout: .now() + 30) == .timedOut { heldTooLong.withLock { $0 = true } }
            _ = report(PhotoLibrary.Found(sections: [("f1", [items[12]])]))
        }
        let host = HeadlessHost(size: Size(width: 100, height: 40), events: [.key(.character("z"))])
        let controller = ScreenController(host: host)
        host.afterEachEvent = { event in
            switch event {
            case .key(.character("z")): // the first folder (unless it came already), then All photos on screen
                waitUntil("the first folder in the mailbox or shown") {
                    host.mailbox.hasWork || screen.library.count > 0
                }
                host.enqueue([.key(.end), .key(.character("y"))])
            case .key(.character("y")): // the second folder comes in while the decodes wait
                more.signal()
                waitUntil("the second folder in the mailbox") { host.mailbox.hasWork }
                host.enqueue([.key(.character("x"))])
            case .key(.character("x")): pool.runPending() // now they finish
            default: break
            }
        }
        var waiting: [GridKit.IndexPath] = [], sections = 0
        host.afterPresent = {
            guard let grid = controller.gridView else { return }
            waiting = Self.waiting(grid)
            sections = grid.layout.numberOfSections
        }
        controller.run(screen)
        #expect(!heldTooLong.withLock { $0 }, "the walk waited 30 s for its cue, then went on without it")
        #expect(sections == 3, "two rows, then All photos")
        #expect(waiting.isEmpty, "every cell on screen has its thumbnail: \(waiting)")
    }

    /// A photo's row scrolls away while All photos still shows it: the decode both wait for
    /// goes on (the row's cell leaving does not cancel it).
    @Test func aRowLeavingDoesNotCancelWhatAllPhotosWaitsFor() {
        let items = SampleAlbum.library(count: 40).sections.flatMap(\.items)
        let pool = DecodePool(threads: 0)
        let screen = PhotosScreen(
            library: PhotoLibrary(sections: [("f0", Array(items[0..<12])), ("f1", [items[12]])]), pool: pool,
            view: .albums)
        let host = HeadlessHost(size: Size(width: 100, height: 40), events: [.key(.end), .key(.character("x"))])
        let controller = ScreenController(host: host)
        host.afterEachEvent = { if $0 == .key(.character("x")) { pool.runPending() } }
        var waiting: [GridKit.IndexPath] = [], rowShown = true
        host.afterPresent = {
            guard let grid = controller.gridView else { return }
            waiting = Self.waiting(grid)
            rowShown = grid.cellForItem(at: GridKit.IndexPath(item: 0, section: 0)) != nil
        }
        controller.run(screen)
        #expect(!rowShown, "the first row scrolled away")
        #expect(waiting.isEmpty, "every cell on screen has its thumbnail: \(waiting)")
    }
}
