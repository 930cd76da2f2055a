// gridbench: in-process figures for GridKit. Times are wall-clock on this machine; compare
// runs made together, and read the ratios more than the absolute numbers.
import Demos
import Dispatch
import Glibc
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
print("peak memory (VmHWM): \(peakMemoryKB() / 1024) MB")
