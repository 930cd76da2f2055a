import Foundation
import GridKit
import GridKitTesting
import TestSupport
import Testing

@testable import Demos

@MainActor @Suite struct PhotosScreenTests {
    /// The pool's queue at the end of the keys, before leaving the screen stops the pool.
    func pendingAfter(_ keys: String) -> [Int] {
        let screen = PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        var pending: [Int] = []
        ScreenHarness(size: Size(width: 80, height: 24)).host(running: screen, keys: keys) { _ in
            pending = screen.pool.pendingKeys
            return false
        }
        return pending
    }

    /// With a pool that runs nothing, the queue shows what the screen asked for.
    @Test func visibleFirstThenPrefetchAndScrolledAwayWorkIsCancelled() {
        let first = pendingAfter("")
        #expect(!first.isEmpty)
        let visible = 8 // two rows of four 16-wide tiles fit in 80×22
        #expect(first.count > visible, "a page ahead is prefetched too")
        let after = Set(pendingAfter("end"))
        #expect(!after.isEmpty)
        #expect(after.isDisjoint(with: Set(first)), "everything asked for at the top was cancelled after End")
    }

    @Test func leavingThePhotosStopsTheirDecoding() {
        let screen = PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        ScreenHarness(size: Size(width: 80, height: 24)).run(screen, keys: "down")
        #expect(screen.pool.isStopped)
        #expect(screen.pool.pendingKeys.isEmpty)
    }

    @Test func thumbnailsArriveThroughTheMailboxAndRedrawTheirCells() throws {
        let screen = PhotosScreen(library: SampleAlbum.library(count: 10), pool: DecodePool(threads: 2))
        let host = HeadlessHost(size: Size(width: 60, height: 20))
        // Wait (bounded) for decodes to post back, then let the controller draw them.
        host.waitForWork = { mailbox in
            // Until a drawn thumbnail shows; generous, as CI machines are loaded.
            if host.lastFrame?.text.contains("▀") == true { return false }
            return waitUntil("a decoded thumbnail in the mailbox") { mailbox.hasWork }
        }
        ScreenController(host: host).run(screen)
        let frame = try #require(host.lastFrame)
        #expect(frame.text.contains("▀"))
        #expect(screen.cache.count > 0)
    }

    /// Space marks a photo, and its caption says so (•) also under the focus, whose colour
    /// would otherwise hide the mark's: before, a marked photo under the focus looked unmarked.
    @Test func aMarkedPhotoIsMarkedAlsoUnderTheFocus() {
        let harness = ScreenHarness(size: Size(width: 80, height: 24))
        func captions(_ keys: String) -> (marked: Int, focusedAndMarked: Int, selected: Int) {
            let screen = PhotosScreen(library: SampleAlbum.library(count: 20), pool: DecodePool(threads: 0))
            let run = harness.run(screen, keys: keys)
            let text = run.text
            return (
                text.filter { $0 == "•" }.count, text.components(separatedBy: "▶•").count - 1,
                run.selectedIndexPaths.count
            )
        }
        let one = captions("space")
        #expect(one.selected == 1 && one.marked == 1 && one.focusedAndMarked == 1, "\(one)")
        let moved = captions("space, right")
        #expect(moved.selected == 1 && moved.marked == 1 && moved.focusedAndMarked == 0, "\(moved)")
        let unmarked = captions("space, right, left, space")
        #expect(unmarked.selected == 0 && unmarked.marked == 0, "\(unmarked)")
    }

    /// The viewer steps with ← →, Page Up and Page Down, Home and End, counts in groups of
    /// thousands, and Esc comes back to the grid on the last photo seen.
    @Test func theViewerStepsAndEscComesBackToTheLastPhotoSeen() {
        func run(_ keys: String, count: Int = 300) -> String {
            let screen = PhotosScreen(library: SampleAlbum.library(count: count), pool: DecodePool(threads: 0))
            let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script(keys))
            ScreenController(host: host).run(screen)
            return host.lastFrame?.text ?? ""
        }
        #expect(run("right*2, enter, right*3, pgdn").contains("gradient-007.png · 7 of 300"))
        #expect(run("right*2, enter, right*3, pgdn, pgup, left").contains("gradient-005.png · 5 of 300"))
        #expect(run("enter, end").contains("· 300 of 300"))
        #expect(run("enter, end, home").contains("gradient-001.png · 1 of 300"))
        #expect(run("enter, end", count: 3000).contains("· 3,000 of 3,000"))
        let back = run("right*2, enter, right*3, pgdn, esc")
        #expect(
            back.contains("▶gradient-007") && !back.contains("▶gradient-003"), "the grid's focus follows the viewer")
    }

    /// The viewer decodes the photos beside the one shown ahead, the way the user steps first,
    /// and gives up what it asked for photos it has left behind (a photo passed while holding →
    /// is not decoded before the one it stops at).
    @Test func theViewerDecodesItsNeighboursAheadAndDropsWhatItPassed() {
        func viewerQueue(_ keys: String) -> [Int] {
            let screen = PhotosScreen(library: SampleAlbum.library(count: 40), pool: DecodePool(threads: 0))
            var photos: [Int] = []
            ScreenHarness(size: Size(width: 100, height: 30)).host(running: screen, keys: keys) { _ in
                // The viewer's decodes have negative keys; the photo is in the key's top bits.
                photos = screen.pool.pendingKeys.filter { $0 < 0 }.map { (-$0 - 1) >> 24 }
                return false
            }
            return photos
        }
        // The shown photo first (urgent), then the one after it, then the one before.
        #expect(viewerQueue("right*2, enter") == [2, 3, 1])
        #expect(viewerQueue("right*2, enter, right*5") == [7, 8, 6], "what it passed is no longer queued")
        #expect(viewerQueue("right*9, enter, left*3") == [6, 5, 7], "going back: the one before first")
        #expect(viewerQueue("enter") == [0, 1], "the first photo has no photo before it")
    }

    /// Where pictures are painted over the text (sixel), the viewer does not decode ahead: a
    /// photo ready at the step showed under the old photo's caption while xterm drew it.
    @Test func theViewerDoesNotDecodeAheadWhereThePictureIsPaintedAfterItsCaption() {
        let screen = PhotosScreen(library: SampleAlbum.library(count: 40), pool: DecodePool(threads: 0))
        var photos: [Int] = []
        let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script("right*2, enter, right"))
        host.graphicsMode = .sixel
        host.afterEachEvent = { _ in photos = screen.pool.pendingKeys.filter { $0 < 0 }.map { (-$0 - 1) >> 24 } }
        ScreenController(host: host).run(screen)
        #expect(photos == [2, 3], "the photos shown, and nothing beside them")
    }

    /// Each key holds the decoders back while its frame goes out, in the grid and in the viewer.
    @Test func aKeyHoldsTheDecodersBackWhileItsFrameGoesOut() {
        let pool = DecodePool(threads: 0, quietAfterInput: .seconds(3_600))
        let screen = PhotosScreen(library: SampleAlbum.library(count: 40), pool: pool)
        var quiet: [Bool] = []
        let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script("down, enter, right"))
        host.afterEachEvent = { _ in
            quiet.append(pool.isQuiet)
            pool.endQuiet()
        }
        #expect(!pool.isQuiet)
        ScreenController(host: host).run(screen)
        #expect(quiet == [true, true, true])
    }

    /// An album opened from Albums shows at once the thumbnails its row and All photos
    /// showed: it shares its screen's thumbnails instead of decoding them again.
    @Test func anAlbumShowsTheThumbnailsItsRowShowedAtOnce() throws {
        let screen = PhotosScreen(library: SampleAlbum.library(count: 40), pool: DecodePool(threads: 2), view: .albums)
        let first = HeadlessHost(size: Size(width: 100, height: 30))
        // Until the first screen's thumbnails are made (bounded; CI machines are loaded).
        first.waitForWork = { mailbox in
            if screen.cache.count >= 8 { return false }
            return waitUntil("the first screen's thumbnails in the mailbox (\(screen.cache.count) of 8 made)") {
                mailbox.hasWork
            }
        }
        ScreenController(host: first).run(screen)
        try #require(screen.cache.count >= 8)
        // Again (its decoding stopped when the run ended, its thumbnails kept), and into the
        // first row's album: the frame Enter draws has the pictures, before any decode lands.
        let second = HeadlessHost(size: Size(width: 100, height: 30), events: [.key(.enter)])
        var album: Canvas?
        second.afterEachEvent = { _ in album = second.lastFrame }
        ScreenController(host: second).run(screen)
        let text = try #require(album).text
        #expect(text.contains("gradient-001") && !text.contains("All photos"), "the album is on screen")
        #expect(text.filter { $0 == "▀" }.count > 100, "its first tiles drawn from the shared thumbnails:\n\(text)")
    }

    @Test func plusAndMinusResizeKeepingFocus() {
        let screen = PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script("right*3, down, +, +"))
        ScreenController(host: host).run(screen)
        #expect(screen.sizeLevel == 3)
        #expect(host.lastFrame!.text.contains("▶gradient-009"))
    }

    /// The work a terminal's cell preparer leaves for later (it makes the rows' bytes there): a
    /// prefetched thumbnail brings it done, as a Page Down writes it the moment it comes on
    /// screen; one the screen waits for comes at once and leaves it for an idle worker.
    @Test func prefetchedThumbnailsComeWithTheirRowsMade() throws {
        final class Done: @unchecked Sendable {
            private let lock = NSLock()
            private var blocks: Set<UInt64> = []
            func finish(_ block: UInt64) { _ = lock.withLock { blocks.insert(block) } }
            func isDone(_ block: UInt64) -> Bool { lock.withLock { blocks.contains(block) } }
        }
        let done = Done()
        let pool = DecodePool(threads: 0)
        let screen = PhotosScreen(library: SampleAlbum.library(count: 60), pool: pool)
        let mailbox = Mailbox()
        let context = ScreenContext(
            mailbox: mailbox, colorMode: .palette256,
            prepareCells: { block in
                let identity = block.identity
                return { done.finish(identity) }
            })
        let h = GridHarness(screen: screen, size: Size(width: 80, height: 24), context: context)
        h.render()
        let grid = h.gridView
        let shown = grid.indexPathsForVisibleItems
        pool.runPending()
        _ = mailbox.drain()
        func block(_ ip: GridKit.IndexPath) -> UInt64? {
            guard case .thumbnail(let t) = screen.cache.entry(screen.key(ip)), t.finishCells != nil else { return nil }
            return t.cells?.block.identity
        }
        let ahead = (0..<60).map { GridKit.IndexPath(item: $0, section: 0) }.filter {
            !shown.contains($0) && block($0) != nil
        }
        #expect(!shown.isEmpty && !ahead.isEmpty, "\(shown.count) shown, \(ahead.count) prefetched")
        #expect(
            shown.allSatisfy { block($0).map(done.isDone) == false },
            "the thumbnails on screen leave their rows for later")
        #expect(ahead.allSatisfy { block($0).map(done.isDone) == true }, "the prefetched ones come with them made")
    }

    /// A tile made ahead of the screen (cell prefetching) before its thumbnail came shows the
    /// thumbnail once it scrolls on screen: the arrival has the grid ask for it again.
    @Test func aTileMadeAheadShowsTheThumbnailThatCameMeanwhile() throws {
        let pool = DecodePool(threads: 0)
        let screen = PhotosScreen(library: SampleAlbum.library(count: 60), pool: pool)
        let mailbox = Mailbox()
        let context = ScreenContext(mailbox: mailbox, colorMode: .palette256)
        let h = GridHarness(screen: screen, size: Size(width: 80, height: 24), context: context)
        let grid = h.gridView
        grid.prefetchesAfterFrame = true
        h.render()
        grid.prefetchAfterFrame()
        let ahead = try #require(grid.prefetchedCells.keys.min())
        #expect((grid.prefetchedCells[ahead] as? PhotoCell)?.entry == nil, "made before its thumbnail came")
        pool.runPending()
        _ = mailbox.drain()
        for _ in 0..<12 where grid.cellForItem(at: ahead) == nil {
            h.press([.key(.down)])
            grid.prefetchAfterFrame()
        }
        let shown = try #require(grid.cellForItem(at: ahead) as? PhotoCell)
        #expect(shown.entry != nil, "the thumbnail shows, not the placeholder")
    }
}
