import GridKit

/// The photo grid: thumbnails by folder. Decoding runs on a bounded pool off the main thread;
/// prefetching starts the next page and cancels what scrolled away; finished thumbnails wake the
/// run loop and redraw only their cell. Enter opens the full view; `+`/`-` resize thumbnails.
public final class PhotosScreen: Screen, GridPrefetching, ExitReporting {
    /// Thumbnail cell sizes; the last row of each is the caption.
    static let sizes = [Size(width: 12, height: 6), Size(width: 16, height: 8), Size(width: 22, height: 11), Size(width: 30, height: 15)]

    let library: PhotoLibrary
    public let pool: DecodePool
    let cache: ThumbnailCache
    private(set) var sizeLevel = 1
    private var inFlight = Set<Int>()
    private var sectionStarts: [Int] = []
    private weak var grid: GridView?
    private var mailbox: Mailbox?

    public init(library: PhotoLibrary, pool: DecodePool = DecodePool(), cacheBudget: Int = 64 << 20) {
        self.library = library
        self.pool = pool
        cache = ThumbnailCache(budget: cacheBudget)
        var start = 0
        for s in library.sections { sectionStarts.append(start); start += s.items.count }
    }

    public var exitMessages: [String] { library.skipped }

    public var title: String {
        var t = "Photos · \(library.count.formatted)"
        if let marked = grid?.indexPathsForSelectedItems.count, marked > 0 { t += " · \(marked) marked" }
        if !library.skipped.isEmpty { t += " · \(library.skipped.count) skipped (listed on exit)" }
        return t
    }
    public var keyHints: String { "↑↓←→ move · Enter view · Space mark · +/- size · ? keys · Esc back · q quit" }
    public var keyHelp: [KeyHelp] {
        [KeyHelp("Enter", "view the photo full size"), KeyHelp("+  -", "bigger or smaller thumbnails")]
    }

    public func makeLayout() -> any GridLayout {
        let layout = FlowLayout(itemSize: Self.sizes[sizeLevel], lineSpacing: 1, interitemSpacing: 2,
                                sectionInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        layout.headerReferenceSize = Size(width: 0, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    public func registerCells(in gridView: GridView) {
        gridView.register(PhotoCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    public func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        mailbox = context.mailbox
        gridView.allowsMultipleSelection = true // Space marks photos
    }

    /// Leaving the photos ends their decoding: the pool's threads stop once their current job is
    /// done, and results still in flight find no screen to go to.
    public func detach(from gridView: GridView) {
        pool.stop()
        inFlight.removeAll()
        mailbox = nil
    }

    func item(at ip: IndexPath) -> PhotoItem { library.sections[ip.section].items[ip.item] }

    /// Cache and pool key: the photo and the thumbnail size.
    func key(_ ip: IndexPath) -> Int { (sectionStarts[ip.section] + ip.item) * Self.sizes.count + sizeLevel }

    // MARK: Data source

    public func numberOfSections(in gridView: GridView) -> Int { library.sections.count }
    public func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { library.sections[section].items.count }

    public func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(PhotoCell.self, for: indexPath)
        cell.name = item(at: indexPath).name
        cell.entry = cache.entry(key(indexPath))
        if cell.entry == nil { request(indexPath, urgent: true) }
        return cell
    }

    public func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        let header = gridView.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
        header.title = library.sections[indexPath.section].folder
        header.detail = "\(library.sections[indexPath.section].items.count) photos"
        return header
    }

    /// A cell that scrolled away before its thumbnail came: its decode is not needed now.
    public func gridView(_ gridView: GridView, didEndDisplaying cell: GridCell, forItemAt indexPath: IndexPath) {
        let k = key(indexPath)
        guard inFlight.contains(k), !cache.contains(k) else { return }
        pool.cancel(keys: [k])
        inFlight.remove(k)
    }

    // MARK: Prefetching

    public func gridView(_ gridView: GridView, prefetchItemsAt indexPaths: [IndexPath]) {
        for ip in indexPaths { request(ip, urgent: false) }
    }

    public func gridView(_ gridView: GridView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        let keys = Set(indexPaths.map(key))
        pool.cancel(keys: keys)
        inFlight.subtract(keys)
    }

    private func request(_ ip: IndexPath, urgent: Bool) {
        let k = key(ip)
        guard !cache.contains(k), let mailbox else { return }
        if inFlight.contains(k) && !urgent { return }
        inFlight.insert(k)
        let photo = item(at: ip), size = Self.sizes[sizeLevel]
        pool.submit(key: k, urgent: urgent) { [weak self] in
            let entry = ThumbnailLoader.load(photo, columns: size.width, rows: size.height - 1)
            mailbox.post { self?.finished(k, ip, entry) }
        }
    }

    private func finished(_ key: Int, _ ip: IndexPath, _ entry: ThumbnailCache.Entry) {
        inFlight.remove(key)
        cache.insert(entry, for: key)
        if key == self.key(ip), let grid, grid.cellForItem(at: ip) != nil { grid.reloadItems(at: [ip]) }
    }

    // MARK: Keys

    public func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        switch event {
        case .key(.character("+")), .key(.character("=")): return resize(by: 1, gridView)
        case .key(.character("-")): return resize(by: -1, gridView)
        case .key(.enter):
            guard let f = gridView.focusedIndexPath else { return .handled }
            let flat = library.sections.flatMap(\.items)
            return .push(PhotoViewerScreen(photos: flat, index: sectionStarts[f.section] + f.item, pool: pool))
        default: return .ignored
        }
    }

    private func resize(by step: Int, _ gridView: GridView) -> ScreenAction {
        let level = max(0, min(Self.sizes.count - 1, sizeLevel + step))
        guard level != sizeLevel else { return .handled }
        pool.cancel(keys: inFlight)
        inFlight.removeAll()
        sizeLevel = level
        gridView.flowLayout?.itemSize = Self.sizes[level]
        gridView.reloadData() // same items: focus stays, and reloadData scrolls it into view
        return .handled
    }

    public func drawOverlay(in canvas: Canvas, gridView: GridView) {
        if library.count == 0 {
            var message = "No photos."
            if let first = library.skipped.first { message += "\n\n" + first }
            canvas.drawCenteredMessage(message, in: gridView.frame)
        }
    }
}
