@testable import Demos
import GridKit
import GridKitTesting
import Foundation
import Testing

@Suite struct PhotosScreenTests {
    /// With a pool that runs nothing, the queue shows what the screen asked for.
    @Test func visibleFirstThenPrefetchAndScrolledAwayWorkIsCancelled() {
        let pool = DecodePool(threads: 0)
        let screen = PhotosDelegateDataSource(library: SampleAlbum.library(), pool: pool)
        let host = HeadlessHost(size: Size(width: 80, height: 24))
        ScreenController(host: host).run(screen)
        let first = pool.pendingKeys
        #expect(!first.isEmpty)
        let visible = 8 // two rows of four 16-wide tiles fit in 80×22
        #expect(first.count > visible, "a page ahead is prefetched too")
        let host2 = HeadlessHost(size: Size(width: 80, height: 24), events: [.key(.end)])
        let screen2 = PhotosDelegateDataSource(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        ScreenController(host: host2).run(screen2)
        let after = Set(screen2.pool.pendingKeys)
        let start = Set(first)
        #expect(after.isDisjoint(with: start), "everything asked for at the top was cancelled after End")
        screen2.pool.stop(); pool.stop()
    }

    @Test func thumbnailsArriveThroughTheMailboxAndRedrawTheirCells() throws {
        let screen = PhotosDelegateDataSource(library: SampleAlbum.library(count: 10), pool: DecodePool(threads: 2))
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
        screen.pool.stop()
    }

    @Test func plusAndMinusResizeKeepingFocus() {
        let screen = PhotosDelegateDataSource(library: SampleAlbum.library(), pool: DecodePool(threads: 0))
        let host = HeadlessHost(size: Size(width: 100, height: 30), events: InputEvent.script("right*3, down, +, +"))
        ScreenController(host: host).run(screen)
        #expect(screen.sizeLevel == 3)
        #expect(host.lastFrame!.text.contains("▶gradient-009"))
        screen.pool.stop()
    }
}
