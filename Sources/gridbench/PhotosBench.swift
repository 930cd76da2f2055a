import Demos
import Dispatch
import Foundation
import GridKit
import GridKitGraphics
import GridKitTesting

/// A folder of `count` noisy photo-sized JPEGs (made once, then reused).
func jpegFolder(width: Int, height: Int, count: Int) -> String {
    let dir = "/tmp/gridkit-bench-\(width)x\(height)-\(count)"
    if let files = try? FileManager.default.contentsOfDirectory(atPath: dir), files.count == count { return dir }
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var seed: UInt32 = 12345
    for i in 0..<count {
        var img = SampleAlbum.render(kind: [0, 2, 3][i % 3], seed: i, width: width, height: height)
        // Noise, so the files cost what real photos cost to decode.
        for j in 0..<img.pixels.count where j % 4 != 3 {
            seed = seed &* 1_103_515_245 &+ 12345
            img.pixels[j] = UInt8(clamping: Int(img.pixels[j]) + Int((seed >> 16) & 31) - 16)
        }
        let data = ImageEncoder.jpeg(img, quality: 85)!
        guard FileManager.default.createFile(atPath: "\(dir)/photo-\(i).jpg", contents: Data(data)) else {
            fatalError("gridbench: cannot write \(dir)")
        }
    }
    return dir
}

/// A photo library the size of a real one: `folders` folders of `perFolder` 800×600 JPEGs.
/// Each file is a hard link to one of 40 distinct pictures: decoding costs what it would for
/// distinct files (nothing is keyed by inode), and the disk holds 40 files.
func photoLibrary(folders: Int, perFolder: Int) -> String {
    let root = "/tmp/gridkit-bench-library-\(folders)x\(perFolder)"
    let done = root + "/.complete"
    if FileManager.default.fileExists(atPath: done) { return root }
    try? FileManager.default.removeItem(atPath: root)
    let sources = jpegFolder(width: 800, height: 600, count: 40)
    for f in 0..<folders {
        let folder = root + "/" + String(format: "%02d-folder", f)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<perFolder
        where link("\(sources)/photo-\((f * 7 + i) % 40).jpg", String(format: "%@/IMG_%04d.jpg", folder, i)) != 0 {
            fatalError("gridbench: cannot link into \(folder)")
        }
    }
    FileManager.default.createFile(atPath: done, contents: nil)
    return root
}

/// Thumbnails per second, and key cost while decodes run.
@MainActor
func benchPhotos() {
    let size = benchSize
    row(["photos: thumbnails per second", "1 thread", "pool"])
    for (w, h, n) in [(1920, 1080, 48), (4000, 3000, 12)] {
        let dir = jpegFolder(width: w, height: h, count: n)
        let library = PhotoLibrary.scan([RawPath(dir)])
        let items = library.sections.flatMap(\.items)
        for dct in [true, false] {
            var cells = ["\(w)×\(h), DCT scaling \(dct ? "on" : "off")"]
            let t0 = now()
            for item in items {
                if dct {
                    _ = ThumbnailLoader.load(item, columns: 16, rows: 7)
                } else if case .file(let path) = item.source {
                    _ = Thumbnail(image: try! ImageDecoder.decodeFile(path), columns: 16, rows: 7)
                }
            }
            cells.append(format2(Double(items.count) / (Double(now() - t0) / 1e9)))
            let pool = DecodePool(threads: 2, helpers: 0)
            let done = DispatchSemaphore(value: 0)
            let t1 = now()
            for (k, item) in items.enumerated() {
                pool.submit(key: k, urgent: true) {
                    if dct {
                        _ = ThumbnailLoader.load(item, columns: 16, rows: 7)
                    } else if case .file(let path) = item.source {
                        _ = Thumbnail(image: try! ImageDecoder.decodeFile(path), columns: 16, rows: 7)
                    }
                    done.signal()
                }
            }
            for _ in items { done.wait() }
            cells.append(format2(Double(items.count) / (Double(now() - t1) / 1e9)))
            pool.stop()
            row(cells)
        }
    }

    benchWalk()

    do {
        // The shared thumbnail cache: a first visit decodes and writes, a second reads.
        let dir = jpegFolder(width: 800, height: 600, count: 40)
        let items = PhotoLibrary.scan([RawPath(dir)]).sections.flatMap(\.items)
        let root = "/tmp/gridkit-bench-thumbnail-cache-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shared = SharedThumbnails(root: RawPath(root + "/thumbnails"))
        row(["800×600, 16×7-cell tiles, one thread", "thumbnails/s"])
        for (label, cache) in [
            ("no shared cache", nil), ("shared cache, first visit (writes)", shared),
            ("shared cache, second visit (reads)", shared)
        ] as [(String, SharedThumbnails?)] {
            let t0 = now()
            for item in items { _ = ThumbnailLoader.load(item, columns: 16, rows: 7, shared: cache) }
            row([label, format2(Double(items.count) / (Double(now() - t0) / 1e9))])
        }
    }

    do {
        // Keys while a page of 12-megapixel decodes is under way: the grid must not wait for them.
        let dir = jpegFolder(width: 4000, height: 3000, count: 12)
        let screen = PhotosScreen(library: PhotoLibrary.scan([RawPath(dir)]))
        let mailbox = Mailbox()
        let h = GridHarness(
            screen: screen, size: size, context: ScreenContext(mailbox: mailbox, colorMode: .palette256))
        h.render()
        var samples: [UInt64] = []
        for i in 0..<60 {
            let t0 = now()
            h.gridView.handle(.key(i % 20 < 10 ? .right : .left))
            mailbox.drain()
            h.gridView.render(into: h.canvas)
            samples.append(now() - t0)
        }
        row([
            "keys during 12 MP decodes (ms)", "median " + ms(percentile(samples, 0.5)),
            "p95 " + ms(percentile(samples, 0.95))
        ])
        screen.pool.stop()
    }
}

/// Per graphics mode: the picture bytes for one screenful of thumbnails (15 tiles of 16×7 cells
/// at 10×20 pixels a cell) and thumbnails made per second on one thread (decode, scale, encode).
/// Half blocks are text that curses sends: their bytes are in the ptybench figures, not here.
@MainActor
func benchGraphics() {
    row(["graphics, 15 tiles 16×7, 10×20 px", "bytes/screen", "thumbs/s", ""])
    let photos = SampleAlbum.library().sections[0].items.prefix(15)
    for mode in GraphicsMode.allCases {
        let t0 = now()
        var bytes = 0
        for photo in photos {
            guard
                case .thumbnail(let t) = ThumbnailLoader.load(
                    photo, columns: 16, rows: 7, graphics: mode, cell: Size(width: 10, height: 20))
            else { continue }
            switch mode {
            case .blocks: break
            case .kitty: bytes += KittyGraphics.transmit(t.picture!, number: 1, placeholderColumns: 16, rows: 7).count
            case .kittyDirect: bytes += KittyGraphics.transmit(t.picture!, number: 1).count
            case .sixel: bytes += SixelEncoder.sixel(t.picture!, colors: 256).count
            case .iterm: bytes += ITermImage.sequence(t.picture!, columns: 16, rows: 7).count
            }
        }
        let seconds = Double(now() - t0) / 1e9
        row([mode.rawValue, mode == .blocks ? "(text)" : "\(bytes)", format2(Double(photos.count) / seconds), ""])
    }
    print("")
    benchSymbols()
}

/// The chooser of pictures in text (`DrawContext.drawSymbols`, on the decode threads): time a
/// cell per colour mode and symbol set, on the five kinds of sample picture at a thumbnail's
/// size (16 × 7 cells, sampled 2 × 6 a cell). Its cost comes before a thumbnail's first paint.
func benchSymbols() {
    row(["pictures in symbols, 16×7 cells", "µs a cell", "", ""])
    let columns = 16, rows = 7
    let pictures: [[UInt8]] = (0..<5).map { kind in
        let image = SampleAlbum.render(kind: kind, seed: kind, width: columns * 2, height: rows * 6)
        var rgb: [UInt8] = []
        for i in 0..<(image.width * image.height) { rgb += image.pixels[(i * 4)..<(i * 4 + 3)] }
        return rgb
    }
    for mode in [ColorMode.palette256, .direct] {
        for symbols in [PictureSymbols.quadrants, .sextants] {
            let canvas = Canvas(size: Size(width: columns, height: rows), colorMode: mode)
            let context = DrawContext(canvas: canvas, frame: canvas.bounds)
            var samples: [UInt64] = []
            for _ in 0..<9 {
                let t0 = now()
                for _ in 0..<4 {
                    for rgb in pictures {
                        context.drawSymbols(
                            rgb: rgb, size: Size(width: columns * 2, height: rows * 6), at: .zero, matte: .default,
                            symbols: symbols)
                    }
                }
                samples.append(now() - t0)
            }
            let cells = Double(4 * pictures.count * columns * rows)
            row([
                "\(mode == .direct ? "direct" : "256 colours"), \(symbols.rawValue)",
                format2(Double(percentile(samples, 0.5)) / 1e3 / cells), ""
            ])
        }
    }
}

/// The folder walk of a real library's size, off the main thread in the app (`gridbench walk`
/// runs it alone). Its names are all `IMG_0000.jpg` and on, which sort without the collator
/// (`FinderOrder`): names that differ in their letters first cost more.
func benchWalk() {
    let root = photoLibrary(folders: 20, perFolder: 1000)
    var samples: [UInt64] = []
    var count = 0
    for _ in 0..<3 {
        let t0 = now()
        count = PhotoLibrary.scan([RawPath(root)]).count
        samples.append(now() - t0)
    }
    row(["walk of 20 folders × 1,000 photos (\(count) found)", "median " + ms(percentile(samples, 0.5))])
}
