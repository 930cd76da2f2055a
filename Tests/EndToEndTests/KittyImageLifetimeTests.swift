import Foundation
import Testing

/// kitty keeps an image only while it is placed: a scroll, a clear or a delete that frees data
/// frees every image without a placement. griddemo in kitty's direct-placement mode, with its
/// thumbnails already in the shared cache (so they are drawn in the same frame as the scroll
/// that brings them), must never place an image kitty would have freed.
@Suite struct KittyImageLifetimeTests {
    /// The model sees what kitty does: an image sent, then a scroll, then its placement, is gone.
    @Test func theModelSeesAnImageFreedByAScroll() {
        var kitty = KittyImageModel()
        kitty.feed(Array("\u{1B}_Ga=t,q=2,f=32,i=1,m=0;AAAA\u{1B}\\\u{1B}_Ga=p,q=2,i=1,p=1\u{1B}\\".utf8))
        kitty.feed(
            Array(
                "\u{1B}_Ga=t,q=2,f=32,i=2,m=1;AAAA\u{1B}\\\u{1B}_Gm=0,q=2;AAAA\u{1B}\\\u{1B}[1S\u{1B}_Ga=p,q=2,i=2,p=2\u{1B}\\"
                    .utf8))
        #expect(
            kitty.placements == 1 && kitty.failures.count == 1,
            "image 1 placed survives; image 2 was freed by the scroll")
        kitty.feed(
            Array(
                "\u{1B}_Ga=t,q=2,i=3,m=0;AAAA\u{1B}\\\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=p,q=2,i=3,p=3\u{1B}\\"
                    .utf8))
        #expect(kitty.failures.count == 2, "a delete that frees image 1 frees the unplaced image 3 too")
    }

    @Test func scrollingRepaintingAndTheViewerPlaceOnlyImagesKittyHas() throws {
        let dir = try GraphicsEndToEndTests.jpegFolder(copies: 8)
        let cache = NSTemporaryDirectory() + "gridkit-kitty-cache-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: cache) }
        let env = ["GRIDKIT_GRAPHICS": "kitty-direct", "XDG_CACHE_HOME": cache]
        let args = ["photos", "--view", "grid", dir]
        // A first visit fills the shared thumbnail cache (and scrolls, so every thumbnail is made).
        let first = try GraphicsEndToEndTests().capture(env, wait: "\\e_Ga=p", keys: "pgdn,pgdn,q", args)
        #expect(first.status == 0)
        let r = try GraphicsEndToEndTests().capture(
            env, wait: "\\e_Ga=p", count: 6,
            keys: "down,down,down,down,down,down,pgdn,ctrl-l,up,up,pgup,enter,right,esc,q", args)
        #expect(r.status == 0)
        var kitty = KittyImageModel()
        kitty.feed(r.bytes)
        #expect(kitty.failures.isEmpty, "\(kitty.failures.prefix(5))")
        #expect(kitty.placements >= 40, "tiles were placed as the grid scrolled: \(kitty.placements)")
        #expect(kitty.images.isEmpty, "every image freed at exit")
    }
}
