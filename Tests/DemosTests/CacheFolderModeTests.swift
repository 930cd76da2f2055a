import Foundation
import Testing

@testable import Demos

/// The folders the program makes (the thumbnail cache's) are 0700 and its thumbnails 0600,
/// whatever the umask: under umask 0777 they used to be made 0000 and the cache silently unused.
@Suite struct CacheFolderModeTests {
    /// Runs `body` on a thread of its own whose umask is `mask`. The umask belongs to the
    /// process, shared by every thread, unless a thread unshares its file-system attributes
    /// (Linux's `unshare(CLONE_FS)`): then only that thread's files are made under `mask`, and
    /// the tests running beside this one are not touched.
    static func withUmask(_ mask: mode_t, _ body: @escaping @Sendable () -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        final class Outcome: @unchecked Sendable { var unshared = false }
        let outcome = Outcome()
        let thread = Thread {
            defer { done.signal() }
            // glibc declares unshare only for _GNU_SOURCE, which Swift's Glibc leaves out.
            typealias Unshare = @convention(c) (Int32) -> Int32
            guard let symbol = dlsym(nil, "unshare"), unsafeBitCast(symbol, to: Unshare.self)(0x0000_0200) == 0 else {
                return
            } // CLONE_FS
            outcome.unshared = true
            let old = umask(mask)
            defer { umask(old) }
            body()
        }
        thread.start()
        done.wait()
        try #require(outcome.unshared, "unshare(CLONE_FS): \(String(cString: strerror(errno)))")
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test func cacheFoldersAre0700AndThumbnails0600UnderUmask0777() throws {
        let place = try SharedThumbnailsTests.Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        // The cache's parent is missing too, as $XDG_CACHE_HOME may be on a first run.
        let cache = SharedThumbnails(root: RawPath(place.base + "/home-cache/thumbnails"))
        let original = try #require(cache.original(path))
        let image = RGBAImage(width: 400, height: 300, pixels: SharedThumbnailsTests.solid((20, 200, 20)))
        try Self.withUmask(0o777) {
            cache.store(image, of: original, covering: SharedThumbnailsTests.tile)
            cache.storeFailure("a reason", of: original)
        }
        for folder in [
            "/home-cache", "/home-cache/thumbnails", "/home-cache/thumbnails/normal", "/home-cache/thumbnails/fail",
            "/home-cache/thumbnails/fail/gridkit-1"
        ] {
            #expect(Self.mode(place.base + folder) == 0o700, "\(folder)")
        }
        #expect(Self.mode(place.base + "/home-cache/thumbnails/normal/" + original.name) == 0o600)
        #expect(Self.mode(place.base + "/home-cache/thumbnails/fail/gridkit-1/" + original.name) == 0o600)
        #expect(cache.lookup(original, covering: SharedThumbnailsTests.tile).image != nil, "and the cache is used")
    }
}
