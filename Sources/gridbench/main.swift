// gridbench: in-process figures for GridKit. Times are wall-clock on this machine; compare
// runs made together, and read the ratios more than the absolute numbers.
import Demos
import Dispatch
import Foundation
typealias IndexPath = GridKit.IndexPath
import GridKit
import GridKitTesting

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func ms(_ ns: UInt64) -> String { String(format2(Double(ns) / 1e6)) }
func format2(_ v: Double) -> String {
    let scaled = (v * 1000).rounded() / 1000
    return "\(scaled)"
}
func percentile(_ values: [UInt64], _ p: Double) -> UInt64 {
    let s = values.sorted()
    return s[min(s.count - 1, Int(Double(s.count - 1) * p))]
}
func peakMemoryKB() -> Int {
    guard let f = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = String(cString: line)
        if s.hasPrefix("VmHWM:") { return Int(s.split(separator: " ").dropFirst().first ?? "0") ?? 0 }
    }
    return 0
}
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func row(_ cells: [String]) { print(zip(cells, [34, 14, 14, 14]).map { pad($0, $1) }.joined()) }

/// Numbers with a per-item size from the delegate, so the layout takes its O(n) path.
final class VariedNumbers: Screen {
    let base: NumbersDelegateDataSource
    init(count: Int) { base = NumbersDelegateDataSource(count: count, arrangement: .grid) }
    var title: String { base.title }
    func makeLayout() -> FlowLayout { base.makeLayout() }
    func registerCells(in gridView: GridView) { base.registerCells(in: gridView) }
    func numberOfSections(in gridView: GridView) -> Int { base.numberOfSections(in: gridView) }
    func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { base.gridView(gridView, numberOfItemsInSection: section) }
    func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell { base.gridView(gridView, cellForItemAt: indexPath) }
    func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        base.gridView(gridView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(width: 8 + (indexPath.item * 7) % 9, height: 2 + indexPath.item % 2)
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "write-contacts", let n = Int(arguments[3]) {
    // For the outside measurement: a generated address book of n cards.
    let text = SampleAddressBook.vcardText(count: n)
    guard let f = fopen(arguments[2], "w") else { fputs("gridbench: cannot write \(arguments[2])\n", stderr); exit(1) }
    fputs(text, f)
    fclose(f)
    exit(0)
}

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
        FileManager.default.createFile(atPath: "\(dir)/photo-\(i).jpg", contents: Data(data))
    }
    return dir
}

if arguments.count == 3, arguments[1] == "write-jpegs" {
    print(jpegFolder(width: 1920, height: 1080, count: Int(arguments[2]) ?? 200))
    exit(0)
}

let size = Size(width: 120, height: 40)
print("gridbench — \(size.width)×\(size.height) canvas, release build, times in ms (this machine, 2 cores, shared)")
print("")
row(["reload + first frame", "uniform", "per-item"])
for count in [10_000, 100_000, 1_000_000] {
    var cells: [String] = ["\(count) items"]
    for varied in [false, true] {
        var times: [UInt64] = []
        for _ in 0..<3 {
            let content: DelegateDataSource = varied ? VariedNumbers(count: count) : NumbersDelegateDataSource(count: count, arrangement: .grid)
            let layout = varied ? VariedNumbers(count: count).makeLayout() : NumbersDelegateDataSource(count: count, arrangement: .grid).makeLayout()
            let t0 = now()
            let h = GridHarness(content, layout: layout, size: size)
            h.render()
            times.append(now() - t0)
        }
        cells.append(ms(times.min()!))
    }
    row(cells)
}

print("")
row(["per key (handle + render), 1M", "median", "p95", "max"])
for arrangement in NumbersDelegateDataSource.Arrangement.allCases {
    let content = NumbersDelegateDataSource(count: 1_000_000, arrangement: arrangement)
    let h = GridHarness(content, layout: content.makeLayout(), size: size)
    h.render()
    for (label, jump) in [("start", nil), ("middle", IndexPath(item: 500, section: 499)), ("end", IndexPath(item: 0, section: 999))] as [(String, IndexPath?)] {
        if let jump { h.gridView.focusItem(at: jump); h.render() }
        var samples: [UInt64] = []
        let keys: [InputEvent] = Array(repeating: .key(.down), count: 100) + Array(repeating: .key(.up), count: 100)
            + Array(repeating: .key(.pageDown), count: 5) + Array(repeating: .key(.pageUp), count: 5)
        for key in keys {
            let t0 = now()
            h.gridView.handle(key)
            h.gridView.render(into: h.canvas)
            samples.append(now() - t0)
        }
        row(["\(arrangement.rawValue), near the \(label)", ms(percentile(samples, 0.5)), ms(percentile(samples, 0.95)), ms(samples.max()!)])
    }
    print("live cells (\(arrangement.rawValue)): \(h.gridView.liveCellCount), visible: \(h.gridView.indexPathsForVisibleItems.count)")
}
print("")
row(["contacts, 100,000 cards", "ms"])
do {
    let text = Array(SampleAddressBook.vcardText(count: 100_000).utf8)
    let t0 = now()
    let parsed = VCardParser.parse(text, file: "bench.vcf")
    let t1 = now()
    let screen = ContactsDelegateDataSource(contacts: parsed.contacts)
    let t2 = now()
    let host = HeadlessHost(size: size, events: [])
    ScreenController(host: host).run(screen)
    let t3 = now()
    row(["parse \(text.count / 1_000_000) MB", ms(t1 - t0)])
    row(["sort and section", ms(t2 - t1)])
    row(["first frame", ms(t3 - t2)])
    var samples: [UInt64] = []
    let filterHost = HeadlessHost(size: size, events: InputEvent.script("/, text:naka"))
    let s2 = ContactsDelegateDataSource(contacts: parsed.contacts)
    let t4 = now()
    ScreenController(host: filterHost).run(s2)
    samples.append(now() - t4)
    row(["filter, 5 keys typed (total)", ms(samples[0])])
}

print("")
row(["photos: thumbnails per second", "1 thread", "pool"])
for (w, h, n) in [(1920, 1080, 48), (4000, 3000, 12)] {
    let dir = jpegFolder(width: w, height: h, count: n)
    let library = PhotoLibrary.scan([dir])
    let items = library.sections.flatMap(\.items)
    for dct in [true, false] {
        var cells = ["\(w)×\(h), DCT scaling \(dct ? "on" : "off")"]
        let t0 = now()
        for item in items {
            if dct { _ = ThumbnailLoader.load(item, columns: 16, rows: 7) } else if case .file(let path) = item.source {
                _ = Thumbnail(image: try! ImageDecoder.decodeFile(path), columns: 16, rows: 7)
            }
        }
        cells.append(format2(Double(items.count) / (Double(now() - t0) / 1e9)))
        let pool = DecodePool(threads: 2)
        let done = DispatchSemaphore(value: 0)
        let t1 = now()
        for (k, item) in items.enumerated() {
            pool.submit(key: k, urgent: true) {
                if dct { _ = ThumbnailLoader.load(item, columns: 16, rows: 7) } else if case .file(let path) = item.source {
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

do {
    // Keys while a page of 12-megapixel decodes is under way: the grid must not wait for them.
    let dir = jpegFolder(width: 4000, height: 3000, count: 12)
    let screen = PhotosDelegateDataSource(library: PhotoLibrary.scan([dir]))
    let h = GridHarness(screen, layout: screen.makeLayout(), size: size)
    let mailbox = Mailbox()
    screen.attach(to: h.gridView, context: ScreenContext(mailbox: mailbox, colorMode: .palette256))
    h.gridView.reloadData()
    h.render()
    var samples: [UInt64] = []
    for i in 0..<60 {
        let t0 = now()
        h.gridView.handle(.key(i % 20 < 10 ? .right : .left))
        mailbox.drain()
        h.gridView.render(into: h.canvas)
        samples.append(now() - t0)
    }
    row(["keys during 12 MP decodes (ms)", "median " + ms(percentile(samples, 0.5)), "p95 " + ms(percentile(samples, 0.95))])
    screen.pool.stop()
}

print("")
print("peak memory (VmHWM): \(peakMemoryKB() / 1024) MB")
