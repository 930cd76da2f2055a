import Foundation
import GridKitGraphics
import GridKitTesting
import TestSupport
import Testing

@testable import Demos

/// The freedesktop.org shared thumbnail cache, in a folder of its own per test.
@Suite struct SharedThumbnailsTests {
    /// A photo folder and a cache folder, removed at the end.
    final class Place {
        let base = NSTemporaryDirectory() + "gridkit-thumbs-\(getpid())-\(UUID().uuidString.prefix(8))"
        var photos: String { base + "/photos" }
        var cache: SharedThumbnails { SharedThumbnails(root: RawPath(base + "/cache/thumbnails")) }
        init() throws {
            try FileManager.default.createDirectory(atPath: base + "/photos", withIntermediateDirectories: true)
        }
        /// Removes the folders. Each test calls it from a `defer`: Swift may let the place go after
        /// its last use, and a thumbnail written after that (by a load that only holds the cache)
        /// made the folder again, which the run's leftover check found. `deinit` removes too.
        func remove() { try? FileManager.default.removeItem(atPath: base) }
        deinit { remove() }

        /// A 400×300 JPEG of one colour.
        func photo(_ name: String, _ rgb: (UInt8, UInt8, UInt8)) throws -> RawPath {
            let pixels = SharedThumbnailsTests.solid(rgb)
            let jpeg = try #require(ImageEncoder.jpeg(RGBAImage(width: 400, height: 300, pixels: pixels)))
            try Data(jpeg).write(to: URL(fileURLWithPath: photos + "/" + name))
            return RawPath(photos + "/" + name)
        }

        func files(under folder: String) -> [String] {
            (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isDir)
                    && !isDir.boolValue
            }.sorted()
        }
    }

    static let tile = (width: 16, height: 14)

    /// 400×300 pixels of one colour.
    static func solid(_ rgb: (UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: 400 * 300 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = rgb.0; pixels[i + 1] = rgb.1; pixels[i + 2] = rgb.2
        }
        return pixels
    }

    static func colour(_ image: RGBAImage) -> (Int, Int, Int) {
        let p = image.pixel(image.width / 2, image.height / 2)
        return (Int(p.0), Int(p.1), Int(p.2))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
        abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) < 40
    }

    @Test func md5KnownAnswers() {
        #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(
            MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(
            MD5.hex(Array(repeating: 0x61, count: 1000)) == "cabe45dcc9ae5b66ba86600cca6b8ba8", "more than one block")
    }

    @Test func urisAreEscapedAsGLibWritesThem() {
        let cwd = RawPath("/home/ada")
        #expect(
            SharedThumbnails.uri(SharedThumbnails.absolute("/tmp/a b/ph#oto é.jpg", in: cwd))
                == "file:///tmp/a%20b/ph%23oto%20%C3%A9.jpg")
        #expect(
            SharedThumbnails.uri(SharedThumbnails.absolute("./pics/../x;y[1].png", in: cwd))
                == "file:///home/ada/x%3By%5B1%5D.png")
        #expect(
            SharedThumbnails.uri(SharedThumbnails.absolute(RawPath(bytes: Array("/d/".utf8) + [0xE9]), in: cwd))
                == "file:///d/%E9")
        #expect(SharedThumbnails.uri("/a/!$&'()*+,-.:=@_~") == "file:///a/!$&'()*+,-.:=@_~")
    }

    @Test func flavoursCoverTheTile() {
        #expect(SharedThumbnails.Flavor.covering((16, 14)) == .normal)
        #expect(SharedThumbnails.Flavor.covering((160, 140)) == .large)
        #expect(SharedThumbnails.Flavor.covering((300, 280)) == .xLarge)
        #expect(SharedThumbnails.Flavor.covering((2000, 1000)) == nil)
    }

    /// A decode fills the cache as the standard says; the next load takes the cached one.
    @Test func aDecodeIsStoredAndTheNextLoadUsesIt() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let cache = place.cache
        let first = try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        #expect(Self.near(Self.colour(first), (220, 20, 20)))
        let original = try #require(cache.original(path))
        let file = place.base + "/cache/thumbnails/normal/" + MD5.hex(Array(original.uri.utf8)) + ".png"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let text = try #require(PNGText.entries(bytes))
        #expect(text["Thumb::URI"] == "file://" + place.photos + "/red.jpg")
        #expect(text["Thumb::MTime"] == "\(original.modified)" && text["Thumb::Size"] == "\(original.size)")
        #expect(text["Thumb::Image::Width"] == "400" && text["Thumb::Image::Height"] == "300")
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == 128 && image.height == 96, "the longer side is the flavour's")
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(place.files(under: place.photos) == ["red.jpg"], "nothing written beside the photos")
        #expect(
            place.files(under: place.base + "/cache/thumbnails").allSatisfy {
                $0.hasPrefix("normal/") && $0.hasSuffix(".png")
            })
        // The cached thumbnail is what the next load shows: make it green to tell.
        cache.store(
            RGBAImage(width: 400, height: 300, pixels: Self.solid((20, 200, 20))), of: original, covering: Self.tile)
        let second = try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        #expect(
            Self.near(Self.colour(second), (20, 200, 20)) && second.sourceWidth == 400 && second.sourceHeight == 300)
    }

    /// Quitting waits for a write under way (so no temporary file is left in the cache) and
    /// lets no new one start.
    @Test func quittingFinishesTheWritesUnderWayAndStartsNoMore() throws {
        let gate = CacheWriteGate()
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        final class Flag: @unchecked Sendable { var done = false }
        let flag = Flag()
        Thread.detachNewThread {
            gate.run {
                started.signal()
                release.wait() // a write that takes its time
                flag.done = true
            }
        }
        started.wait()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { release.signal() }
        #expect(gate.finish(within: 10) && flag.done, "finish returns once the write under way is done")
        #expect(!gate.run {}, "a closed gate runs nothing")
        // The cache behind a closed gate still reads and decodes, and writes nothing.
        let place = try Place()
        defer { place.remove() }
        let cache = SharedThumbnails(root: RawPath(place.base + "/cache/thumbnails"), gate: gate)
        let path = try place.photo("green.jpg", (20, 200, 20))
        let image = try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        #expect(Self.near(Self.colour(image), (20, 200, 20)))
        #expect(place.files(under: place.base + "/cache").isEmpty)
    }

    /// A write killed halfway would leave its temporary file: griddemo closes the gate at exit.
    @Test func aQuitWithWritesQueuedLeavesNoTemporaryFile() throws {
        let place = try Place()
        defer { place.remove() }
        let gate = CacheWriteGate()
        let cache = SharedThumbnails(root: RawPath(place.base + "/cache/thumbnails"), gate: gate)
        var paths: [RawPath] = []
        for i in 0..<12 { paths.append(try place.photo("p\(i).jpg", (UInt8(20 * i), 100, 100))) }
        let group = DispatchGroup()
        for path in paths {
            DispatchQueue.global().async(group: group) {
                _ = try? ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
            }
        }
        // Once the first write is under way (or done), with others still to come.
        waitUntil("a thumbnail file in the cache") { !place.files(under: place.base + "/cache/thumbnails").isEmpty }
        gate.finish(within: 10)
        let atExit = place.files(under: place.base + "/cache/thumbnails")
        #expect(
            atExit.allSatisfy { !$0.contains("gridkit-") }, "no temporary file when the program would exit: \(atExit)")
        group.wait()
        #expect(place.files(under: place.base + "/cache/thumbnails") == atExit, "and nothing written after")
    }

    /// A thumbnail whose MTime is not the file's is not used, and is replaced.
    @Test func aStaleThumbnailIsNotUsed() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let cache = place.cache
        let original = try #require(cache.original(path))
        cache.store(
            RGBAImage(width: 400, height: 300, pixels: Self.solid((20, 200, 20))), of: original, covering: Self.tile)
        var times = [
            timeval(tv_sec: original.modified - 100, tv_usec: 0), timeval(tv_sec: original.modified - 100, tv_usec: 0)
        ]
        #expect(utimes(place.photos + "/red.jpg", &times) == 0)
        let image = try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        #expect(Self.near(Self.colour(image), (220, 20, 20)), "decoded again, not the stale green")
        let now = try #require(cache.original(path))
        #expect(
            cache.lookup(now, covering: Self.tile).image.map { Self.near(Self.colour($0), (220, 20, 20)) } == true,
            "replaced by a current one")
    }

    /// How another program may store a thumbnail's text: GLib as `tEXt`, Qt (KDE's
    /// thumbnailers) a text of 40 characters or more as `zTXt`, others as `iTXt`.
    enum TextChunk: String, CaseIterable, Sendable { case tEXt, zTXt, iTXt, iTXtCompressed }

    /// Writes a blue 256×192 thumbnail into `folder` of the cache, as Python with zlib would,
    /// with its text in `kind` chunks.
    static func writeForeign(
        _ place: Place, for original: SharedThumbnails.Original, folder: String = "large", kind: TextChunk = .tEXt,
        uri: String? = nil,
        size: String? = nil
    ) throws {
        let dir = place.base + "/cache/thumbnails/" + folder
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = """
            import struct, sys, zlib
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
            kind = sys.argv[4]
            def text(k, v):
                k, v = k.encode(), v.encode()
                if kind == 'tEXt': return chunk(b'tEXt', k + b'\\x00' + v)
                if kind == 'zTXt': return chunk(b'zTXt', k + b'\\x00\\x00' + zlib.compress(v))
                if kind == 'iTXt': return chunk(b'iTXt', k + b'\\x00\\x00\\x00\\x00\\x00' + v)
                return chunk(b'iTXt', k + b'\\x00\\x01\\x00\\x00\\x00' + zlib.compress(v))
            w, h = 256, 192
            raw = b''.join(b'\\x00' + bytes([30, 60, 230]) * w for _ in range(h))
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            png += text('Thumb::URI', sys.argv[2]) + text('Thumb::MTime', sys.argv[3])
            if len(sys.argv) > 5: png += text('Thumb::Size', sys.argv[5])
            png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
            open(sys.argv[1], 'wb').write(png)
            """
        let file = dir + "/" + MD5.hex(Array(original.uri.utf8)) + ".png"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            ["python3", "-c", script, file, uri ?? original.uri, "\(original.modified)", kind.rawValue]
            + (size.map { [$0] } ?? [])
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    /// A thumbnail another program wrote is used, whichever text chunks it wrote.
    @Test(arguments: TextChunk.allCases)
    func aThumbnailMadeByAnotherProgramIsUsed(kind: TextChunk) throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let original = try #require(place.cache.original(path))
        try Self.writeForeign(place, for: original, kind: kind)
        let image = try ThumbnailLoader.pixelsOf(path, covering: (160, 140), shared: place.cache)
        #expect(Self.near(Self.colour(image), (30, 60, 230)), "the foreign blue thumbnail, not a decode")
    }

    /// A thumbnail is used only when it names the file (its URI) and, when it says, its size;
    /// one in a larger folder than the tile needs is used too.
    @Test func aThumbnailIsUsedOnlyWhenItsURIAndSizeMatch() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        let original = try #require(place.cache.original(path))
        func shown() throws -> (Int, Int, Int) {
            Self.colour(
                try ThumbnailLoader.pixelsOf(
                    path, covering: (160, 140),
                    shared: SharedThumbnails(root: RawPath(place.base + "/cache/thumbnails"))))
        }
        try Self.writeForeign(place, for: original, uri: original.uri + "x")
        #expect(Self.near(try shown(), (220, 20, 20)), "another file's thumbnail: decoded")
        try Self.writeForeign(place, for: original, size: "\(original.size + 1)")
        #expect(Self.near(try shown(), (220, 20, 20)), "another size: decoded")
        try FileManager.default.removeItem(atPath: place.base + "/cache/thumbnails/large")
        try Self.writeForeign(place, for: original, folder: "x-large", size: "\(original.size)")
        #expect(Self.near(try shown(), (30, 60, 230)), "the x-large one covers the tile")
    }

    /// Text chunks read from any file: compressed ones unpack to at most 64 KB (a small chunk
    /// that unpacks into megabytes is left out), and damaged bytes are skipped, never trusted:
    /// whatever bytes are changed, cut or added, what is read is the file's own text or nothing.
    @Test func damagedAndOversizedTextChunksAreSkipped() {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let n = UInt32(data.count), crc = Zlib.crc32(Array(type.utf8) + data)
            func be(_ v: UInt32) -> [UInt8] {
                [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            }
            return be(n) + Array(type.utf8) + data + be(crc)
        }
        let uri = Array("file:///home/someone/Pictures/2026/a long folder name/IMG_0001.jpg".utf8)
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array("1700000000".utf8))
            + chunk("zTXt", Array("Thumb::URI".utf8) + [0, 0] + Zlib.compress(uri))
            + chunk("iTXt", Array("Thumb::Size".utf8) + [0, 1, 0, 0, 0] + Zlib.compress(Array("12345".utf8)))
            + chunk("zTXt", Array("Bomb".utf8) + [0, 0] + Zlib.compress([UInt8](repeating: 0x41, count: 1 << 20)))
            + chunk("IEND", [])
        let text = PNGText.entries(png)
        #expect(text?["Thumb::URI"] == String(decoding: uri, as: UTF8.self))
        #expect(text?["Thumb::MTime"] == "1700000000" && text?["Thumb::Size"] == "12345")
        #expect(text?["Bomb"] == nil, "a megabyte unpacked from a small chunk is not taken")
        var random = SeededGenerator(seed: 0x7e47)
        var misread = false
        for _ in 0..<5000 where !misread {
            var bytes = png
            for _ in 0..<random.int(1...6) {
                let i = random.int(8...(bytes.count - 1))
                switch random.int(0...2) {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(i...)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: i)
                }
                if bytes.count <= 8 { break }
            }
            for (key, value) in PNGText.entries(bytes) ?? [:] where text?[key] != value && !misread {
                Issue.record("read \(key) as \(value.prefix(80).debugDescription) from a damaged file")
                misread = true
            }
        }
        // A text chunk whose checksum fails is left out; the chunks around it are read.
        var damaged = png
        let at = damaged.firstRange(of: Array("1700000000".utf8))!.lowerBound
        damaged[at] = UInt8(ascii: "2")
        let read = PNGText.entries(damaged)
        #expect(read?["Thumb::MTime"] == nil, "a changed digit under an unchanged checksum is not read")
        #expect(read?["Thumb::URI"] == text?["Thumb::URI"] && read?["Thumb::Size"] == "12345")
    }

    /// A cache that cannot be written costs nothing but the cache: the photo still shows.
    @Test func anUnwritableCacheIsIgnored() throws {
        let place = try Place()
        defer { place.remove() }
        let path = try place.photo("red.jpg", (220, 20, 20))
        FileManager.default.createFile(atPath: place.base + "/notafolder", contents: Data("x".utf8))
        let cache = SharedThumbnails(root: RawPath(place.base + "/notafolder/thumbnails"))
        let image = try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        #expect(Self.near(Self.colour(image), (220, 20, 20)))
        #expect(place.files(under: place.photos) == ["red.jpg"])
    }

    /// A picture that cannot be decoded is recorded in fail/gridkit, and the record answers next time.
    @Test func aFailureIsRecordedAndAnswersNextTime() throws {
        let place = try Place()
        defer { place.remove() }
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(
            to: URL(fileURLWithPath: place.photos + "/broken.jpg"))
        let path = RawPath(place.photos + "/broken.jpg")
        let cache = place.cache
        #expect(throws: ImageDecodeError.self) {
            try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        }
        let original = try #require(cache.original(path))
        let entry = place.base + "/cache/thumbnails/fail/gridkit-1/" + MD5.hex(Array(original.uri.utf8)) + ".png"
        let text = try #require(PNGText.entries(try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))))
        #expect(
            text["Thumb::URI"] == original.uri && text["Thumb::MTime"] == "\(original.modified)"
                && text["GridKit::Error"] != nil)
        cache.storeFailure("recorded reason", of: original)
        #expect(throws: ImageDecodeError(message: "recorded reason")) {
            try ThumbnailLoader.pixelsOf(path, covering: Self.tile, shared: cache)
        }
    }

    /// Pictures inside the cache are never thumbnailed.
    @Test func picturesInsideTheCacheAreLeftAlone() throws {
        let place = try Place()
        defer { place.remove() }
        let cache = place.cache
        #expect(cache.original(RawPath(place.photos)) != nil)
        try FileManager.default.createDirectory(
            atPath: place.base + "/cache/thumbnails/normal", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: place.base + "/cache/thumbnails/normal/x.png", contents: Data())
        #expect(cache.original(RawPath(place.base + "/cache/thumbnails/normal/x.png")) == nil)
        // Reached through a link to a cache folder, or a link to the cache's own folder.
        try FileManager.default.createSymbolicLink(
            atPath: place.photos + "/linked", withDestinationPath: place.base + "/cache/thumbnails/normal")
        #expect(cache.original(RawPath(place.photos + "/linked/x.png")) == nil)
        try FileManager.default.createSymbolicLink(
            atPath: place.base + "/alias", withDestinationPath: place.base + "/cache")
        #expect(
            SharedThumbnails(root: RawPath(place.base + "/alias/thumbnails")).original(
                RawPath(place.base + "/cache/thumbnails/normal/x.png")) == nil)
        // A cache that did not exist yet when the screen started (a first run), named through a
        // link: the pictures put in it since are still inside it.
        try FileManager.default.createDirectory(atPath: place.base + "/later", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: place.base + "/later-alias", withDestinationPath: place.base + "/later")
        let early = SharedThumbnails(root: RawPath(place.base + "/later-alias/thumbnails"))
        try FileManager.default.createDirectory(
            atPath: place.base + "/later/thumbnails/normal", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: place.base + "/later/thumbnails/normal/y.png", contents: Data())
        #expect(early.original(RawPath(place.base + "/later/thumbnails/normal/y.png")) == nil)
        #expect(
            SharedThumbnails.resolvedAsFarAsItExists("/no-such-gridkit-folder/a/b") == "/no-such-gridkit-folder/a/b")
    }

    @Test func theEnvironmentChoosesTheCache() {
        #expect(SharedThumbnails.fromEnvironment(["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.root == "/c/thumbnails")
        #expect(SharedThumbnails.fromEnvironment(["HOME": "/h"])?.root == "/h/.cache/thumbnails")
        #expect(
            SharedThumbnails.fromEnvironment(["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.root
                == "/h/.cache/thumbnails")
        #expect(SharedThumbnails.fromEnvironment(["HOME": "/h", "GRIDKIT_NO_THUMBNAIL_CACHE": "1"]) == nil)
        #expect(
            SharedThumbnails.fromEnvironment(["HOME": "/h", "GRIDKIT_NO_THUMBNAIL_CACHE": "0"])?.root
                == "/h/.cache/thumbnails", "0 is not off")
        #expect(
            SharedThumbnails.fromEnvironment(["HOME": "/h", "GRIDKIT_NO_THUMBNAIL_CACHE": ""])?.root
                == "/h/.cache/thumbnails")
    }
}
