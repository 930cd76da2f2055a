import Foundation
import GridKit
import GridKitTesting
import Synchronization
import TestSupport
import Testing

@testable import Demos

private func image(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/images/\(name)")
    return [UInt8](try Data(contentsOf: url))
}

/// Red-ish on the left, blue-ish on the right, as every fixture is drawn.
private func expectRedLeftBlueRight(_ img: RGBAImage, _ name: String) {
    let (lr, _, lb, _) = img.pixel(2, img.height / 2)
    let (rr, _, rb, _) = img.pixel(img.width - 3, img.height / 2)
    #expect(lr > 150 && lb < 100, "\(name): left pixel")
    #expect(rb > 150 && rr < 100, "\(name): right pixel")
}

@Suite struct ImageDecoderTests {
    @Test(arguments: ["rgb.png", "palette.png", "rgb16.png", "interlaced.png", "rgb.jpg", "progressive.jpg", "cmyk.jpg"]
    )
    func colourFixturesDecodeWithTheirPixels(_ name: String) throws {
        let img = try ImageDecoder.decode(try image(name))
        #expect(img.width == 64 && img.height == 32, "\(name)")
        expectRedLeftBlueRight(img, name)
    }

    @Test(arguments: ["grey.png", "grey.jpg"])
    func greyFixturesDecodeAsGrey(_ name: String) throws {
        let img = try ImageDecoder.decode(try image(name))
        let (r, g, b, a) = img.pixel(5, 5)
        #expect(abs(Int(r) - Int(g)) < 3 && abs(Int(g) - Int(b)) < 3 && a == 255, "\(name)")
        #expect(img.pixel(5, 5).0 != img.pixel(60, 5).0, "\(name): the halves differ")
    }

    @Test func sixteenBitIsScaledNotGammaShifted() throws {
        // Written as (56000, 7000, 7000) of 65535: about (218, 27, 27) in 8 bits.
        let (r, g, b, _) = try ImageDecoder.decode(try image("rgb16.png")).pixel(2, 2)
        #expect(abs(Int(r) - 218) <= 2 && abs(Int(g) - 27) <= 2 && abs(Int(b) - 27) <= 2, "got \(r), \(g), \(b)")
    }

    @Test func alphaIsKept() throws {
        let img = try ImageDecoder.decode(try image("alpha.png"))
        #expect(img.pixel(3, 3).3 == 128)
    }

    @Test func exifOrientationIsApplied() throws {
        // Stored 64×32 with red left; orientation 6 shows it 32×64 with red on top.
        let img = try ImageDecoder.decode(try image("exif-rotated.jpg"))
        #expect(img.width == 32 && img.height == 64)
        #expect(img.sourceWidth == 32 && img.sourceHeight == 64, "the photo's size as shown")
        #expect(img.pixel(16, 3).0 > 150 && img.pixel(16, 3).2 < 100)
        #expect(img.pixel(16, 60).2 > 150 && img.pixel(16, 60).0 < 100)
    }

    @Test func dctScalingDecodesStraightToThumbnailSize() throws {
        let big = try image("large.jpg")
        let full = try ImageDecoder.decode(big)
        #expect(full.width == 1920 && full.height == 1080)
        let small = try ImageDecoder.decode(big, minSize: (100, 100))
        #expect(small.width == 240 && small.height == 135)
        #expect(small.sourceWidth == 1920)
        let half = try ImageDecoder.decode(big, minSize: (900, 500))
        #expect(half.width == 960)
    }

    @Test func brokenFilesAreErrorsWithAReason() throws {
        #expect(throws: ImageDecodeError(message: "truncated JPEG (premature end of data)")) {
            try ImageDecoder.decode(try image("truncated.jpg"))
        }
        #expect(throws: ImageDecodeError.self) { try ImageDecoder.decode(try image("truncated.png")) }
        do {
            _ = try ImageDecoder.decode(try image("truncated-header.jpg"))
            Issue.record("a JPEG cut inside its headers decoded")
        } catch let e as ImageDecodeError {
            #expect(e.message.hasPrefix("bad JPEG: "))
        }
        #expect(throws: ImageDecodeError(message: "not a PNG or JPEG file")) {
            try ImageDecoder.decode(try image("not-an-image.png"))
        }
        #expect(throws: ImageDecodeError(message: "empty file")) { try ImageDecoder.decode([]) }
        do {
            _ = try ImageDecoder.decode(try image("garbage.jpg"))
            Issue.record("garbage decoded")
        } catch let e as ImageDecodeError {
            #expect(!e.message.isEmpty)
        }
        #expect(throws: ImageDecodeError(message: "no such file or directory")) {
            try ImageDecoder.decodeFile("/no/such/file.png")
        }
    }

    @Test func decompressionBombIsRefused() throws {
        // A PNG header claiming 100000×100000 pixels.
        var png = try image("rgb.png")
        let dims: [UInt8] = [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0]
        png.replaceSubrange(16..<24, with: dims)
        // Fix the IHDR CRC so libpng reads the header and the size check is what stops it.
        let crc = crc32(png[12..<29])
        png.replaceSubrange(
            29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageDecodeError(message: "image too large (100000x100000)")) { try ImageDecoder.decode(png) }
    }

    private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}

@Suite struct ThumbnailTests {
    @Test func areaAveragingOnKnownPixels() {
        // 4×2: left two columns black/white alternating rows, right two all red.
        let px: [UInt8] = [
            0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255
        ]
        let t = Thumbnail(image: RGBAImage(width: 4, height: 2, pixels: px), columns: 2, rows: 1)
        #expect(t.imageRect.width == 2 && t.imageRect.height == 1)
        #expect(t.pixel(0, t.imageRect.y)! == (128, 128, 128))
        #expect(t.pixel(1, t.imageRect.y)! == (255, 0, 0))
    }

    @Test func aspectRatioIsKeptAndCentred() {
        let wide = RGBAImage(width: 200, height: 50, pixels: Array(repeating: 200, count: 200 * 50 * 4))
        let t = Thumbnail(image: wide, columns: 20, rows: 10)
        #expect(t.imageRect.width == 20 && t.imageRect.height == 5)
        #expect(t.imageRect.y == 7)
        let tall = RGBAImage(width: 50, height: 200, pixels: Array(repeating: 200, count: 50 * 200 * 4))
        let u = Thumbnail(image: tall, columns: 20, rows: 10)
        #expect(u.imageRect.height == 20 && u.imageRect.width == 5 && u.imageRect.x == 7)
    }

    /// In a font whose cells are not twice as tall as wide, a half-cell is not square: a square
    /// photo takes the half-cells that make a square on the screen.
    @Test func aspectRatioFollowsTheCellSize() {
        let square = RGBAImage(width: 120, height: 120, pixels: Array(repeating: 200, count: 120 * 120 * 4))
        // 6 × 13 cells: 20 columns are 120 pixels; 120 pixels are 18.5 half-cells of 6.5.
        let t = Thumbnail(image: square, columns: 20, rows: 12, cell: Size(width: 6, height: 13))
        #expect(t.imageRect.width == 20 && t.imageRect.height == 18, "\(t.imageRect)")
        // 9 × 20 cells (kitty's here): half-cells 9 × 10, so 20 columns (180 pixels) are 18 tall.
        let k = Thumbnail(image: square, columns: 20, rows: 12, cell: Size(width: 9, height: 20))
        #expect(k.imageRect.width == 20 && k.imageRect.height == 18, "\(k.imageRect)")
        // Too tall for the box: the height is kept and the width follows.
        let n = Thumbnail(image: square, columns: 30, rows: 5, cell: Size(width: 6, height: 13))
        #expect(n.imageRect.height == 10 && n.imageRect.width == 11, "\(n.imageRect)")
    }

    @Test func halfBlocksCarryTopAndBottomPixels() throws {
        let px: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255] // 1×2: red over blue
        let t = Thumbnail(image: RGBAImage(width: 1, height: 2, pixels: px), columns: 1, rows: 1)
        let canvas = Canvas(size: Size(width: 1, height: 1))
        t.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: .plain)
        #expect(canvas[0, 0].text == "▀")
        #expect(canvas[0, 0].style.foreground == .rgb(255, 0, 0))
        #expect(canvas[0, 0].style.background == .rgb(0, 0, 255))
        let mono = Canvas(size: Size(width: 1, height: 1), colorMode: .ansi8)
        t.draw(in: DrawContext(canvas: mono, frame: mono.bounds), at: .zero, background: .plain)
        #expect(["░", "▒"].contains(mono[0, 0].text))
    }

    /// Shades are drawn in the terminal's foreground colour: dark on a light terminal, so there
    /// the ramp runs the other way and a white picture stays white, a black one black.
    @Test func theGreyRampFollowsTheBackground() {
        func shade(_ v: UInt8, _ tone: BackgroundTone) -> String {
            let t = Thumbnail(
                image: RGBAImage(width: 1, height: 2, pixels: [v, v, v, 255, v, v, v, 255]), columns: 1, rows: 1)
            let canvas = Canvas(size: Size(width: 1, height: 1), colorMode: .ansi8)
            canvas.backgroundTone = tone
            t.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: .plain)
            return canvas[0, 0].text
        }
        #expect(shade(255, .dark) == "█" && shade(0, .dark) == " ")
        #expect(shade(255, .light) == " " && shade(0, .light) == "█", "positive on a light background")
        #expect(shade(200, .light) == "░" && shade(60, .light) == "▓")
    }

    /// Where the terminal has no block characters (a locale that is not UTF-8): a space in the
    /// mean colour of the cell's two pixels, or without colour an ASCII ramp that follows the
    /// background as the shades do.
    @Test func withoutBlockCharactersColouredSpacesOrAnASCIIRamp() {
        let px: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255] // red over blue
        let t = Thumbnail(image: RGBAImage(width: 1, height: 2, pixels: px), columns: 1, rows: 1)
        let canvas = Canvas(size: Size(width: 1, height: 1))
        canvas.glyphSet = .ascii
        t.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: .plain)
        #expect(canvas[0, 0].text == " " && canvas[0, 0].style.background == .rgb(127, 0, 127))
        func shade(_ v: UInt8, _ tone: BackgroundTone) -> String {
            let t = Thumbnail(
                image: RGBAImage(width: 1, height: 2, pixels: [v, v, v, 255, v, v, v, 255]), columns: 1, rows: 1)
            let mono = Canvas(size: Size(width: 1, height: 1), colorMode: .monochrome)
            mono.glyphSet = .ascii
            mono.backgroundTone = tone
            t.draw(in: DrawContext(canvas: mono, frame: mono.bounds), at: .zero, background: .plain)
            return mono[0, 0].text
        }
        #expect(shade(255, .dark) == "@" && shade(0, .dark) == " " && shade(128, .dark) == "+")
        #expect(shade(255, .light) == " " && shade(0, .light) == "@", "positive on a light background")
    }

    @Test func thumbnailSnapshotOfAFixture() throws {
        let img = try ImageDecoder.decode(try image("exif-rotated.jpg"))
        let t = Thumbnail(image: img, columns: 8, rows: 4)
        let canvas = Canvas(size: Size(width: 8, height: 4))
        t.draw(in: DrawContext(canvas: canvas, frame: canvas.bounds), at: .zero, background: .plain)
        // Colour per cell as R/B initials of top and bottom pixels: the picture is red over blue.
        var rows: [String] = []
        for y in 0..<4 {
            rows.append(
                (0..<8).map { x -> String in
                    let c = canvas[x, y]
                    guard c.text == "▀" else { return ".." }
                    func tag(_ color: Color) -> String {
                        guard case .rgb(let r, _, let b) = color.kind else { return "-" }
                        return r > b ? "R" : "B"
                    }
                    return tag(c.style.foreground) + tag(c.style.background)
                }.joined(separator: " "))
        }
        try Snapshot().verify(text: rows.joined(separator: "\n") + "\n", named: "thumbnail-exif-rotated")
    }
}

@Suite struct ThumbnailCacheTests {
    @Test func staysWithinItsByteBudgetDroppingLeastRecentlyUsed() {
        let cache = ThumbnailCache(budget: 10_000)
        let img = RGBAImage(width: 10, height: 10, pixels: Array(repeating: 9, count: 400))
        let thumb = Thumbnail(image: img, columns: 10, rows: 5) // 364 bytes
        for k in 0..<200 {
            cache.insert(.thumbnail(thumb), for: k)
            if k == 10 { _ = cache.entry(0) } // keep 0 fresh
            _ = cache.entry(0)
            #expect(cache.byteCount <= 10_000)
        }
        #expect(cache.contains(0))
        #expect(!cache.contains(1))
        #expect(cache.contains(199))
    }
}

@Suite struct DecodePoolTests {
    @Test func urgentJobsRunBeforePrefetchesAndCancelledOnesNever() throws {
        let pool = DecodePool(threads: 1, helpers: 0)
        let gate = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0),
            started = DispatchSemaphore(value: 0)
        let order = Mutex<[Int]>([])
        pool.submit(key: 0, urgent: true) {
            started.signal(); gate.wait()
        } // holds the only worker
        started.wait()
        for k in 1...3 {
            pool.submit(key: k, urgent: false) {
                order.withLock { $0.append(k) }; done.signal()
            }
        }
        pool.submit(key: 4, urgent: true) {
            order.withLock { $0.append(4) }; done.signal()
        }
        pool.submit(key: 2, urgent: true) {} // promotes 2, does not add a second job
        pool.cancel(keys: [3])
        #expect(pool.pendingKeys == [1, 2, 4])
        gate.signal()
        for _ in 0..<3 { done.wait() }
        #expect(order.withLock { $0 } == [2, 4, 1])
        pool.stop()
    }

    /// A thumbnail asked for while its prefetch is being decoded is not decoded again: the
    /// running job's result answers (a tile drawn twice, a sixel picture sent twice, before).
    @Test func aJobAskedForWhileItRunsIsNotRunAgain() throws {
        let pool = DecodePool(threads: 1, helpers: 0)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0),
            done = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        pool.submit(key: 7, urgent: false) {
            runs.withLock { $0 += 1 }; started.signal(); gate.wait(); done.signal()
        }
        started.wait()
        pool.submit(key: 7, urgent: true, joiningRunning: true) {
            runs.withLock { $0 += 1 }; done.signal()
        }
        #expect(pool.pendingKeys.isEmpty && pool.runningKeys == [7], "not queued again while it runs")
        gate.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        // Once it has finished, the key may be asked for again (a thumbnail evicted, say).
        waitUntil("the job to leave the running keys") { pool.runningKeys.isEmpty }
        pool.submit(key: 7, urgent: true, joiningRunning: true) {
            runs.withLock { $0 += 1 }; done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "run again after it finished")
        #expect(runs.withLock { $0 } == 2)
    }

    /// Without `joiningRunning` (the viewer, whose result goes to the screen that asked) a key
    /// is run again, also while it runs; and any key, negative ones too, may run again later.
    @Test func otherJobsWithARunningKeyStillRun() throws {
        let pool = DecodePool(threads: 1, helpers: 0)
        defer { pool.stop() }
        let done = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        for _ in 0..<2 {
            pool.submit(key: -42, urgent: true) {
                runs.withLock { $0 += 1 }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 30) == .success)
            waitUntil("the job to leave the running keys") { pool.runningKeys.isEmpty }
        }
        #expect(runs.withLock { $0 } == 2 && pool.runningKeys.isEmpty)
    }

    /// While the only worker is busy, the helper takes what has waited: the urgent job first
    /// (after the delay), then the prefetch (after twice the delay).
    @Test func aHelperTakesJobsThatHaveWaited() throws {
        // Half a second: the order holds unless the test thread stalls that long between submits.
        let pool = DecodePool(threads: 1, helpers: 1, helperDelay: .milliseconds(500))
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0),
            done = DispatchSemaphore(value: 0)
        let order = Mutex<[Int]>([])
        pool.submit(key: 0, urgent: true) {
            started.signal(); gate.wait()
        }
        started.wait() // the worker is held
        pool.submit(key: 1, urgent: false) {
            order.withLock { $0.append(1) }; done.signal()
        }
        pool.submit(key: 2, urgent: true) {
            order.withLock { $0.append(2) }; done.signal()
        }
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 30) == .success, "the helper ran it") }
        #expect(order.withLock { $0 } == [2, 1])
        gate.signal()
    }

    /// An urgent job younger than the delay stays for the workers, and so does a prefetch
    /// younger than twice the delay; a prefetch promoted counts its age from the promotion.
    @Test func aHelperLeavesYoungJobs() throws {
        let pool = DecodePool(threads: 1, helpers: 1, helperDelay: .seconds(1))
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        pool.submit(key: 0, urgent: true) {
            started.signal(); gate.wait()
        }
        started.wait()
        pool.submit(key: 1, urgent: false) {}
        // Past the delay an urgent job would have waited, but not twice it.
        holdsThroughout("a prefetch waits twice the delay", for: .milliseconds(1_200)) { pool.pendingKeys == [1] }
        pool.submit(key: 1, urgent: true) {} // promoted now: young again
        pool.submit(key: 2, urgent: true) {}
        holdsThroughout("urgent jobs younger than the delay wait", for: .milliseconds(100)) {
            pool.pendingKeys == [1, 2]
        }
        gate.signal()
    }

    /// An idle worker is woken for a new job even though the helper waits on the same condition
    /// (woken alone, the helper would leave the job, too young for it, to a worker asleep).
    @Test func anIdleWorkerTakesANewJobAtOnce() throws {
        let others = PoolThreads.now()
        let pool = DecodePool(threads: 1, helpers: 1, helperDelay: .seconds(3_600))
        defer { pool.stop() }
        let done = DispatchSemaphore(value: 0)
        PoolThreads.waitAsleep(others: others)
        for k in 0..<20 {
            pool.submit(key: k, urgent: k.isMultiple(of: 2)) { done.signal() }
            #expect(done.wait(timeout: .now() + 30) == .success, "job \(k) ran")
        }
    }

    /// While quiet (a key's frame going out), no worker or helper starts a job, however urgent
    /// or old; once it is over, the job runs.
    @Test func nothingStartsWhileAKeysFrameGoesOut() throws {
        let others = PoolThreads.now()
        let pool = DecodePool(threads: 1, helpers: 1, helperDelay: .zero, quietAfterInput: .seconds(1))
        defer { pool.stop() }
        #expect(!pool.isQuiet)
        let done = DispatchSemaphore(value: 0)
        PoolThreads.waitAsleep(others: others)
        pool.inputArrived()
        #expect(pool.isQuiet)
        pool.submit(key: 1, urgent: true) { done.signal() }
        pool.submitWhenIdle { done.signal() }
        // Well inside the second: a loaded machine only makes the quiet look longer.
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut, "nothing ran while quiet")
        #expect(pool.pendingKeys == [1])
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 30) == .success, "both ran after it") }
        #expect(!pool.isQuiet)
    }
}

/// A new pool's worker and helper threads, found by name in /proc: the tests above want them
/// asleep on the pool's condition before they submit, and the kernel says when they are.
enum PoolThreads {
    /// This process's decode and helper threads now (other tests' pools run in parallel).
    static func now() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(
            tasks.filter { tid in
                let name = (try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8)) ?? ""
                return name.hasPrefix("gk-decode-") || name.hasPrefix("gk-help-")
            })
    }

    /// Waits until the pool threads started since `others` (a worker and a helper: they name
    /// themselves once running) are asleep, or fails the test. The set is taken once both are
    /// there, so a pool another test starts later is not waited for; a thread of the set that
    /// has ended was not this pool's (its threads live as long as it does).
    static func waitAsleep(others: Set<String>) {
        var mine: Set<String> = []
        waitUntil("the new pool's worker and helper threads to start") {
            mine = now().subtracting(others)
            return mine.count >= 2
        }
        waitUntil("the new pool's threads \(mine.sorted()) to be asleep on its condition") {
            mine.allSatisfy { isAsleep($0) || !FileManager.default.fileExists(atPath: "/proc/self/task/\($0)") }
        }
    }

    /// The thread's state in /proc/self/task/<tid>/stat is S: asleep, waiting for something.
    static func isAsleep(_ tid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "S"
    }
}
