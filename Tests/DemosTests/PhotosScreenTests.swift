@testable import Demos
import GridKit
import GridKitTesting
import Foundation
import Testing

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
            for _ in 0..<6000 where !mailbox.hasWork { usleep(5_000) }
            return mailbox.hasWork
        }
        ScreenController(host: host).run(screen)
        let frame = try #require(host.lastFrame)
        #expect(frame.text.contains("▀"))
        #expect(screen.cache.count > 0)
    }

    @Test func plusAndMinusResizeKeepingFocus() {
        let screen = PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script("right*3, down, +, +"))
        ScreenController(host: host).run(screen)
        #expect(screen.sizeLevel == 3)
        #expect(host.lastFrame!.text.contains("▶gradient-009"))
    }
}
