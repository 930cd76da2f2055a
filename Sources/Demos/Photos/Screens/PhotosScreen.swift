import GridKit

/// The photos: Albums (a sideways row per folder, then all the photos) or the grid by folder.
/// Decoding runs on a bounded pool off the main thread; prefetching starts the next page and
/// cancels what scrolled away; finished thumbnails wake the run loop and redraw only their cell.
/// Enter opens a row's folder, or a photo full size; `a` switches Albums and the grid; `+`/`-`
/// resize thumbnails; `w` switches the grid and a waterfall where every picture keeps its
/// aspect ratio.
package final class PhotosScreen: Screen, GridPrefetching, WaterfallLayoutDelegate, ExitReporting {
    /// Thumbnail cell sizes; the last row of each is the caption.
    static let sizes = [
        Size(width: 12, height: 6), Size(width: 16, height: 8), Size(width: 22, height: 11), Size(width: 30, height: 15)
    ]

    private(set) var library: PhotoLibrary
    /// Paths still to be walked (`init(paths:)`): the walk starts when the screen is attached.
    private var pendingPaths: [RawPath]?
    /// True while the walk runs: the title says so, and the count grows.
    private(set) var isScanning = false
    /// Set when the screen goes: the walk stops at its next folder.
    private let stopScan = StopFlag()
    /// How the paths are walked: `PhotoLibrary.scan`, or a stand-in in tests that hands out
    /// folders when the test says.
    package typealias Scanner =
        @Sendable (_ paths: [RawPath], _ stop: StopFlag, _ report: (PhotoLibrary.Found) -> Bool) -> Void
    private var scanner: Scanner = { paths, stop, report in
        PhotoLibrary.scan(paths, every: .milliseconds(50), stop: { stop.isSet }, report: report)
    }
    package let pool: DecodePool
    /// Thumbnails made, by `key`: an album opened from Albums shares its screen's, so what the
    /// row and All photos showed shows at once in the album.
    let cache: ThumbnailCache
    /// Where this library's photos start among those of the screen whose cache it shares (an
    /// album's folder among all photos): the cache knows a photo by that index.
    let photoBase: Int
    private(set) var sizeLevel = 1
    /// Columns of pictures at their own aspect ratio instead of a grid of equal tiles.
    private(set) var isWaterfall = false
    /// Albums or the grid. In Albums, sections `0..<folders` are the rows and the one after is
    /// "All photos"; the grid has a section per folder.
    private(set) var view: PhotosView
    /// The photo (flat index) focused when the screen first shows.
    private var initialFocus: Int?
    /// The folder shown, for an album opened from Albums.
    private var albumName: String?
    /// Width over height of photos whose size is known (files once decoded), by flat index.
    var aspects: [Int: Double] = [:]
    var relayoutPosted = false
    /// The grid's data source once attached; the methods below answer the same from the library.
    private var contents: GridDiffableDataSource<Int, Int>?
    var inFlight = Set<Int>()
    /// Where each folder's photos start among all photos.
    private(set) var sectionStarts: [Int] = []
    private(set) weak var grid: GridView?
    /// The first screen (q quits) or one opened from another, as an album is (q goes back).
    private var isRoot = true
    /// Where the focus was when Albums was left for the grid (`a`), and on which photo.
    private var leftAlbums: (photo: Int, place: IndexPath)?
    private(set) var mailbox: Mailbox?
    /// How the host shows pictures, and its cell in pixels: thumbnails are made to match.
    private(set) var graphics = GraphicsMode.blocks
    private(set) var cellPixels = Size(width: 10, height: 20)
    /// The block elements the host's text pictures may use.
    private(set) var symbols = PictureSymbols.halfBlocks
    private(set) var prepareImage: ImagePreparer?
    private(set) var prepareCells: CellPreparer?
    /// The screen's colour mode, which the cells made ahead are drawn for.
    private(set) var colorMode = ColorMode.palette256

    /// The desktop's shared thumbnail cache, when it is used.
    let shared: SharedThumbnails?
    /// Cached thumbnails that were not fit to use (made again instead): shared with the albums
    /// opened from this screen, so quitting lists those met there too.
    let cacheProblems: CacheProblems

    /// `cache` and `photoBase`: another screen's thumbnails, where this library's photos start
    /// among that screen's (an album opened from it); by default a cache of `cacheBudget` bytes.
    package init(
        library: PhotoLibrary, pool: DecodePool = DecodePool(), cacheBudget: Int = 64 << 20,
        shared: SharedThumbnails? = nil,
        view: PhotosView = .grid, focus: Int? = nil, cache: ThumbnailCache? = nil, photoBase: Int = 0,
        cacheProblems: CacheProblems = CacheProblems()
    ) {
        self.library = library
        self.shared = shared
        self.cacheProblems = cacheProblems
        self.pool = pool
        self.view = view
        initialFocus = focus
        self.cache = cache ?? ThumbnailCache(budget: cacheBudget)
        self.photoBase = photoBase
        var start = 0
        for s in library.sections { sectionStarts.append(start); start += s.items.count }
    }

    /// The photos under `paths`, walked on a thread of their own once the screen shows: folders
    /// join the grid as they are found (focus and scroll stay put), and the title counts them.
    package convenience init(
        paths: [RawPath], pool: DecodePool = DecodePool(), cacheBudget: Int = 64 << 20, shared: SharedThumbnails? = nil,
        view: PhotosView = .grid, scanner: Scanner? = nil
    ) {
        self.init(library: PhotoLibrary(), pool: pool, cacheBudget: cacheBudget, shared: shared, view: view)
        if let scanner { self.scanner = scanner }
        pendingPaths = paths
        isScanning = true
    }

    package var exitMessages: [String] { problems }

    /// The files skipped, then the cached thumbnails not used: what `!` lists.
    var problems: [String] { library.skipped + cacheProblems.lines }

    /// What the title was made from, and what it says: every frame asks for it, and a key that
    /// only moves the focus changes none of it. (Compared in place: a copy of the memo, strings
    /// and all, cost more than the compare.)
    private struct TitleFacts: Equatable {
        var album: String?
        var count: Int, marked: Int, problems: Int
        var scanning: Bool
    }
    private var titleFacts: TitleFacts?
    private var madeTitle = ""

    package var title: String {
        let count = library.count, marked = grid?.indexPathsForSelectedItems.count ?? 0
        let problems = library.skipped.count + cacheProblems.lines.count
        let facts = TitleFacts(album: albumName, count: count, marked: marked, problems: problems, scanning: isScanning)
        if titleFacts == facts { return madeTitle }
        var t = albumName.map { "Photos › \($0) · \(count.formatted)" } ?? "Photos · \(count.formatted)"
        if isScanning { t += " · looking…" }
        if marked > 0 { t += " · \(marked) marked" }
        if problems > 0 { t += " · \(problems.formatted) skipped (! lists)" }
        titleFacts = facts
        madeTitle = t
        return t
    }
    /// The keys for where the focus is: Enter opens an album from its row, a photo elsewhere.
    package var keyHints: [KeyHint] {
        if view == .albums {
            let enter: KeyHint = grid?.focusedIndexPath.map(isInRow) ?? true ? .select("open album") : .select("view")
            return [
                .move, enter, Self.markHint, KeyHint("a", "all by folder"), Self.sizeHint, .help, isRoot ? .quit : .back
            ]
        }
        // The same few lists every frame: made once.
        return Self.gridHints[(isWaterfall ? 1 : 0) + (isRoot ? 0 : 2)]
    }
    /// The grid's key hints: even grid or waterfall, at the root or not.
    private static let gridHints: [[KeyHint]] = [false, true].flatMap { nested in
        [false, true].map { waterfall in
            [
                .move, .select("view"), markHint, KeyHint("a", "albums"), sizeHint,
                KeyHint("w", waterfall ? "even grid" : "waterfall"), .help, nested ? .back : .quit
            ]
        }
    }
    private static let markHint = KeyHint([.toggleMark], "mark")
    private static let sizeHint = KeyHint("+/-", "size")
    package var keyHelp: [KeyHelp] {
        [
            KeyHelp("Enter", "in an album's row: open the album; elsewhere: view the photo full size"),
            KeyHelp("a", "albums (a row per folder, then all photos) or all photos by folder"),
            KeyHelp("+  -", "bigger or smaller thumbnails"),
            KeyHelp("w", "grid or waterfall (each picture at its own aspect ratio)"),
            KeyHelp("!", "the files skipped, and why (also listed on exit)")
        ]
    }

    package func makeLayout() -> any GridLayout {
        if view == .albums {
            return AlbumsLayout.make(tile: Self.sizes[sizeLevel]) { [weak self] in self?.library.sections.count ?? 0 }
        }
        let inset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        if isWaterfall {
            let layout = WaterfallLayout(columns: 1, columnSpacing: 2, itemSpacing: 1, sectionInset: inset)
            layout.minimumColumnWidth = Self.sizes[sizeLevel].width
            layout.extraRowsForAspectRatio = 1 // the caption
            layout.headerHeight = 1
            layout.sectionHeadersPinToVisibleBounds = true
            return layout
        }
        let layout = FlowLayout(
            itemSize: Self.sizes[sizeLevel], lineSpacing: 1, interitemSpacing: 2, sectionInset: inset)
        layout.headerReferenceSize = Size(width: 0, height: 1)
        layout.sectionHeadersPinToVisibleBounds = true
        return layout
    }

    /// A picture's width over its height: known for generated ones, learnt from the first decode
    /// for files (4:3 until then).
    package func gridView(_ gridView: GridView, layout: WaterfallLayout, aspectRatioForItemAt indexPath: IndexPath)
        -> Double?
    {
        let flat = flat(indexPath)
        if let known = aspects[flat] { return known }
        if case .generated(_, _, let w, let h) = item(at: indexPath).source, w > 0, h > 0 {
            return Double(w) / Double(h)
        }
        return 4.0 / 3.0
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(PhotoCell.self)
        gridView.register(SectionHeaderCell.self, forSupplementaryViewOfKind: .header)
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        isRoot = context.isRoot
        mailbox = context.mailbox
        graphics = context.graphicsMode
        cellPixels = context.cellPixelSize
        symbols = context.pictureSymbols
        prepareImage = context.prepareImage
        prepareCells = context.prepareCells
        colorMode = context.colorMode
        gridView.allowsMultipleSelection = true // Space marks photos
        // Folders and photos by identity: a later rescan applies a new snapshot and marks and
        // focus stay on their photos.
        let contents = GridDiffableDataSource<Int, Int>(gridView: gridView) { [weak self] grid, ip, _ in
            self?.cell(in: grid, at: ip) ?? GridCell()
        }
        contents.supplementaryViewProvider = { [weak self] grid, kind, ip in
            self?.header(in: grid, ofKind: kind, at: ip)
        }
        self.contents = contents
        showSections(from: 0)
        if let photo = initialFocus {
            initialFocus = nil
            gridView.focusItem(at: indexPath(ofPhoto: photo))
        }
        if let paths = pendingPaths {
            pendingPaths = nil
            startScan(paths, mailbox: context.mailbox)
        }
    }

    /// "All photos" in Albums; its photos are `~flat`, apart from the same photos in the rows.
    private static let allPhotos = -1

    /// Adds sections `first...` of the library to the grid (sections by their index: two
    /// folders may show alike; photos by their flat index). In Albums the folders go in before
    /// "All photos" and their photos join it too.
    private func showSections(from first: Int) {
        guard let contents, first < library.sections.count else { return }
        var snapshot = contents.snapshot()
        let folders = Array(first..<library.sections.count)
        if view == .albums {
            // One insert and one append for the batch: each looks its anchor up.
            if snapshot.indexOfSection(Self.allPhotos) == nil { snapshot.appendSections([Self.allPhotos]) }
            snapshot.insertSections(folders, beforeSection: Self.allPhotos)
            snapshot.appendItems(Array(sectionStarts[first]..<library.count).map { ~$0 }, toSection: Self.allPhotos)
        } else {
            snapshot.appendSections(folders)
        }
        for s in folders {
            snapshot.appendItems(
                Array(sectionStarts[s]..<(sectionStarts[s] + library.sections[s].items.count)), toSection: s)
        }
        try? contents.apply(snapshot) // indexes are unique
    }

    /// Walks `paths` off the main thread; what it finds joins the grid a batch at a time (at
    /// most every 50 ms, so a deep tree costs a few updates, not one per folder).
    private func startScan(_ paths: [RawPath], mailbox: Mailbox) {
        let stop = stopScan, scan = scanner
        BackgroundThread.start(name: "gk-photo-walk", lowPriority: true) { [weak self] in
            scan(paths, stop) { found in
                guard !stop.isSet else { return false }
                mailbox.post { self?.add(found) }
                return true
            }
            mailbox.post { self?.scanFinished() }
        }
    }

    private func add(_ found: PhotoLibrary.Found) {
        let first = library.sections.count
        var start = library.count
        library.append(found)
        for s in first..<library.sections.count {
            sectionStarts.append(start)
            start += library.sections[s].items.count
        }
        showSections(from: first) // a batch update: the grid and the title are drawn again
    }

    private func scanFinished() {
        isScanning = false
        grid?.setNeedsDisplay()
    }

    /// Leaving the photos ends their decoding: the pool's threads stop once their current job is
    /// done, and results still in flight find no screen to go to.
    package func detach(from gridView: GridView) {
        stopScan.set()
        pool.stop()
        inFlight.removeAll()
        mailbox = nil
    }

    /// The name of the focused photo (for tests and the status).
    package var focusedName: String? { grid?.focusedIndexPath.map { item(at: $0).name } }

    // MARK: Content

    /// The diffable data source made in `attach`: the counts are its snapshot's.
    package func makeDataSource(for gridView: GridView) -> (any GridDataSource)? { contents }

    private func cell(in gridView: GridView, at indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(PhotoCell.self, for: indexPath)
        cell.name = item(at: indexPath).name
        // No decode asked for here: the grid asks for cells ahead of the screen too (cell
        // prefetching), where the prefetch has asked already; one coming on screen without its
        // thumbnail asks, urgently, in `willDisplay`.
        cell.entry = cache.entry(key(indexPath))
        return cell
    }

    private func header(in gridView: GridView, ofKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        let header = gridView.dequeueSupplementary(SectionHeaderCell.self, ofKind: kind, for: indexPath)
        if indexPath.section >= library.sections.count {
            header.title = "All photos"
            header.detail = "\(library.count.formatted) photos"
            return header
        }
        header.title = library.sections[indexPath.section].folder
        header.detail = "\(library.sections[indexPath.section].items.count.formatted) photos"
        if view == .albums { header.detail += " · Enter opens" }
        return header
    }

    // MARK: Keys

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        pool.inputArrived()
        switch event {
        case .key(.character("!")) where !problems.isEmpty: return .push(MessagesScreen("Skipped", messages: problems))
        case .key(.character("+")), .key(.character("=")): return resize(by: 1, gridView)
        case .key(.character("-")): return resize(by: -1, gridView)
        case .key(.character("w")):
            if view == .albums { show(.grid, in: gridView) }
            isWaterfall.toggle()
            pool.cancel(keys: inFlight)
            inFlight.removeAll()
            gridView.layout = makeLayout() // a new layout reloads; the focus stays on its photo
            return .handled
        case .key(.character("a")):
            show(view == .albums ? .grid : .albums, in: gridView)
            return .handled
        case .key(.enter):
            guard let f = gridView.focusedIndexPath else { return .handled }
            if isInRow(f) { return .push(album(f.section, focus: f.item)) }
            let viewer = PhotoViewerScreen(photos: library.sections.flatMap(\.items), index: flat(f), pool: pool)
            viewer.onShow = { [weak self, weak gridView] photo in
                guard let self, let gridView else { return }
                gridView.focusItem(at: indexPath(ofPhoto: photo))
            }
            return .push(viewer)
        case .mouse(let m) where m.action == .press && view == .albums:
            // A click on a row's header opens its album, as Enter in the row does.
            guard let header = gridView.supplementaryElement(at: m.position),
                header.indexPath.section < library.sections.count
            else {
                return .ignored
            }
            return .push(album(header.indexPath.section, focus: 0))
        default: return .ignored
        }
    }

    /// One folder's photos as a grid of their own, focused on `focus`.
    private func album(_ section: Int, focus: Int) -> PhotosScreen {
        let folder = library.sections[section]
        let screen = PhotosScreen(
            library: PhotoLibrary(sections: [folder]), shared: shared, view: .grid, focus: focus, cache: cache,
            photoBase: sectionStarts[section],
            cacheProblems: cacheProblems)
        screen.sizeLevel = sizeLevel
        screen.albumName = folder.folder
        return screen
    }

    /// Switches Albums and the grid, keeping the focused photo focused.
    private func show(_ newView: PhotosView, in gridView: GridView) {
        guard newView != view, let contents else { return }
        let focused = gridView.focusedIndexPath.map(flat)
        // Albums remembers where its focus was (a row, or all photos): coming back to the same
        // photo, it is there again.
        let back = newView == .albums ? leftAlbums.flatMap { $0.photo == focused ? $0.place : nil } : nil
        leftAlbums = view == .albums ? gridView.focusedIndexPath.map { (focused ?? -1, $0) } : nil
        pool.cancel(keys: inFlight)
        inFlight.removeAll()
        // The sections change meaning: empty the grid while its index paths still mean what
        // they meant (cells leaving are told with them), then fill it anew.
        try? contents.apply(GridSnapshot())
        isWaterfall = false
        view = newView
        showSections(from: 0)
        gridView.layout = makeLayout()
        if let place = back {
            gridView.focusItem(at: place)
        } else if let focused {
            gridView.focusItem(at: indexPath(ofPhoto: focused))
        }
    }

    private func resize(by step: Int, _ gridView: GridView) -> ScreenAction {
        let level = max(0, min(Self.sizes.count - 1, sizeLevel + step))
        guard level != sizeLevel else { return .handled }
        pool.cancel(keys: inFlight)
        inFlight.removeAll()
        sizeLevel = level
        gridView.layout = makeLayout() // same items: focus stays, and the reload scrolls it into view
        return .handled
    }

    package func drawOverlay(in canvas: Canvas, gridView: GridView) {
        if library.count == 0 {
            var message = isScanning ? "Looking for photos…" : "No photos."
            if let first = library.skipped.first { message += "\n\n" + first }
            canvas.drawCenteredMessage(message, in: gridView.frame)
        }
    }
}
