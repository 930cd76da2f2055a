import Foundation
import GridKit
import GridKitGraphics
import GridKitTesting
import TestSupport
import Testing

@testable import Demos

/// A cached thumbnail is checked before it is decoded: one whose header claims more pixels than
/// its folder allows, or too many bytes for it, is rejected without a decode, reported, removed,
/// and made again from the picture.
@Suite struct PoisonedThumbnailTests {
    typealias Place = SharedThumbnailsTests.Place

    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        return be(UInt32(data.count)) + Array(type.utf8) + data + be(Zlib.crc32(Array(type.utf8) + data))
    }

    /// A valid PNG of `side`×`side` black pixels (one bit each, so 12000×12000 is 18 MB of
    /// zeros that zlib packs into a few tens of kilobytes), with `original`'s URI and MTime: what
    /// a decode would take whole, 576 MB of RGBA at 12000.
    static func poisoned(side: Int, for original: SharedThumbnails.Original) -> [UInt8] {
        let s = UInt32(side)
        let size = [UInt8(s >> 24), UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF)]
        let rows = [UInt8](repeating: 0, count: side * (1 + (side + 7) / 8))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", size + size + [1, 0, 0, 0, 0])
            + chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array(original.uri.utf8))
            + chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array("\(original.modified)".utf8))
            + chunk("IDAT", Zlib.compress(rows, level: 9)) + chunk("IEND", [])
    }

    /// Writes `bytes` as `original`'s thumbnail in `folder`; returns the file's path.
    @discardableResult
    static func plant(_ bytes: [UInt8], in folder: String, _ place: Place, for original: SharedThumbnails.Original)
        throws -> String
    {
        let dir = place.base + "/cache/thumbnails/" + folder
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/" + original.name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test func aThumbnailClaiming12000PixelsIsRejectedUndecodedAndMadeAgain() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let cache = place.cache
        let original = try #require(cache.original(path))
        let poison = Self.poisoned(side: 12_000, for: original)
        #expect(
            poison.count < CachedThumbnailCheck.byteLimit(.normal),
            "small enough to be read: the header is what gives it away")
        let file = try Self.plant(poison, in: "normal", place, for: original)

        // Rejected by its header, before any decode (a decode would say "does not decode").
        let found = cache.lookup(original, covering: SharedThumbnailsTests.tile)
        #expect(found.image == nil)
        #expect(
            found.rejected == [
                SharedThumbnails.Rejection(file: RawPath(file), reason: "12000×12000 pixels, over the 128 of normal/")
            ])

        // The loader reports it, shows the picture and writes the real thumbnail in its place.
        var reported: [String] = []
        let image = try ThumbnailLoader.pixelsOf(
            path, covering: SharedThumbnailsTests.tile, shared: cache, report: { reported.append($0) })
        #expect(SharedThumbnailsTests.near(SharedThumbnailsTests.colour(image), (220, 20, 20)))
        #expect(reported.count == 1 && reported[0].contains("12000×12000") && reported[0].contains(file), "\(reported)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let header = try #require(CachedThumbnailCheck.headerSize(bytes))
        #expect(header.width == 128 && header.height == 96, "a real thumbnail, 128 pixels at most in normal/")
        #expect(PNGText.entries(bytes)?["Thumb::URI"] == original.uri)
        let again = cache.lookup(original, covering: SharedThumbnailsTests.tile)
        #expect(
            again.rejected.isEmpty
                && again.image.map { SharedThumbnailsTests.near(SharedThumbnailsTests.colour($0), (220, 20, 20)) }
                    == true
        )
    }

    /// Each folder's bound: the header's longer side, and the file's bytes.
    @Test func eachFolderHasItsBounds() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let cache = place.cache
        let original = try #require(cache.original(path))
        // 300 pixels fit x-large/ (512) but not large/ (256).
        try Self.plant(Self.poisoned(side: 300, for: original), in: "large", place, for: original)
        let large = cache.lookup(original, covering: (160, 140))
        #expect(large.image == nil && large.rejected.map(\.reason) == ["300×300 pixels, over the 256 of large/"])
        try FileManager.default.removeItem(atPath: place.base + "/cache/thumbnails/large")
        try Self.plant(Self.poisoned(side: 300, for: original), in: "x-large", place, for: original)
        let xLarge = cache.lookup(original, covering: (160, 140))
        #expect(xLarge.rejected.isEmpty && xLarge.image?.width == 300, "within x-large/'s 512")
        // More bytes than a thumbnail of normal/ can take is not read, whatever it holds.
        let limit = CachedThumbnailCheck.byteLimit(.normal)
        #expect(limit < 1 << 20 && CachedThumbnailCheck.byteLimit(.xxLarge) < 16 << 20)
        let small = Self.poisoned(side: 16, for: original)
        let padded =
            Array(small[..<(small.count - 12)])
            + Self.chunk("tEXt", Array("Pad".utf8) + [0] + [UInt8](repeating: 65, count: limit))
            + Self.chunk("IEND", [])
        try Self.plant(padded, in: "normal", place, for: original)
        let big = cache.lookup(original, covering: SharedThumbnailsTests.tile)
        #expect(big.rejected.count == 1 && big.rejected[0].reason.contains("over the \(limit)"), "\(big.rejected)")
        // A header that is not IHDR, and a PNG of no pixels.
        try Self.plant(
            Array(Self.poisoned(side: 16, for: original).prefix(12)) + Array("IDAT".utf8)
                + [UInt8](repeating: 0, count: 40), in: "normal", place, for: original)
        #expect(
            cache.lookup(original, covering: SharedThumbnailsTests.tile).rejected.map(\.reason) == [
                "not a PNG with a header"
            ])
        try Self.plant(Self.poisoned(side: 0, for: original), in: "normal", place, for: original)
        #expect(
            cache.lookup(original, covering: SharedThumbnailsTests.tile).rejected.map(\.reason) == [
                "a PNG of 0×0 pixels"
            ])
    }
}

/// The photos screen counts a rejected cached thumbnail among what `!` lists.
@MainActor @Suite struct PoisonedThumbnailScreenTests {
    @Test func aRejectedThumbnailIsListedByTheScreen() throws {
        let place = try SharedThumbnailsTests.Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        // A gate of its own, closed before the folder goes: the pool may still be filling the
        // cache with a larger thumbnail when the run ends, and would make the folder again.
        let gate = CacheWriteGate(), pool = DecodePool(threads: 1)
        defer {
            pool.stop()
            gate.finish(within: 10)
        }
        let cache = SharedThumbnails(root: RawPath(place.base + "/cache/thumbnails"), gate: gate)
        let original = try #require(cache.original(path))
        let file = try PoisonedThumbnailTests.plant(
            PoisonedThumbnailTests.poisoned(side: 12_000, for: original), in: "normal", place, for: original)
        let library = PhotoLibrary(sections: [
            (folder: place.photos, items: [PhotoItem(name: "red.jpg", folder: place.photos, source: .file(path))])
        ])
        let screen = PhotosScreen(library: library, pool: pool, shared: cache)
        let host = HeadlessHost(size: Size(width: 80, height: 20))
        // Until the thumbnail is made (bounded; CI machines are loaded).
        host.waitForWork = { mailbox in
            if screen.cache.count > 0 { return false }
            return waitUntil("the thumbnail in the mailbox") { mailbox.hasWork }
        }
        ScreenController(host: host).run(screen)
        #expect(screen.title.contains("1 skipped (! lists)"), "\(screen.title)")
        #expect(screen.exitMessages.count == 1 && screen.exitMessages[0].contains(file))
    }
}
