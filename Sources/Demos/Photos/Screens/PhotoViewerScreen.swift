import GridKit

/// One photo, as large as fits, with its name and size; ← → (and Page Up, Page Down) for the
/// previous and next, Home and End for the first and last.
package final class PhotoViewerScreen: Screen, GridDataSource, GridDelegateFlowLayout {
    let photos: [PhotoItem]
    private(set) var index: Int
    /// Told the photo shown (its index in `photos`) whenever it changes: the grid that opened the
    /// viewer keeps its focus on it, so Esc comes back to the last photo seen.
    var onShow: ((Int) -> Void)?
    let pool: DecodePool
    private let cache = ThumbnailCache(budget: 16 << 20)
    private var mailbox: Mailbox?
    /// How the host shows pictures, and its cell in pixels: thumbnails are made to match.
    private var graphics = GraphicsMode.blocks
    private var cellPixels = Size(width: 10, height: 20)
    private var symbols = PictureSymbols.halfBlocks
    private var prepareImage: ImagePreparer?
    private weak var grid: GridView?
    /// Keys of the decodes asked for and not back yet.
    private var requested = Set<Int>()
    /// The way the user last stepped: the photo that way is decoded ahead first.
    private var forward = true

    init(photos: [PhotoItem], index: Int, pool: DecodePool) {
        self.photos = photos
        self.index = index
        self.pool = pool
    }

    package var title: String { "\(photos[index].name) · \((index + 1).formatted) of \(photos.count.formatted)" }
    package var keyHints: [KeyHint] { [KeyHint("← →", "previous/next"), KeyHint("Home End", "first/last"), .back] }
    package var keyHelp: [KeyHelp] {
        [KeyHelp("← →  h l  Space  PgUp PgDn", "previous or next photo"), KeyHelp("Home  End", "first or last photo")]
    }

    package func makeLayout() -> any GridLayout {
        FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 10_000), interitemSpacing: 0)
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(PhotoViewCell.self)
        gridView.showsScrollIndicator = false
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        grid = gridView
        mailbox = context.mailbox
        graphics = context.graphicsMode
        cellPixels = context.cellPixelSize
        symbols = context.pictureSymbols
        prepareImage = context.prepareImage
    }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { 1 }

    package func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        gridView.frame.size
    }

    /// Key: photo and view size, so a resize decodes again at the new size.
    private func key(_ photo: Int, _ size: Size) -> Int { (photo * 4096 + size.width) * 4096 + size.height }

    /// The picture's room: the view less its caption line.
    private func pictureSize(_ gridView: GridView) -> Size {
        Size(width: gridView.frame.width, height: max(1, gridView.frame.height - 1))
    }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(PhotoViewCell.self, for: indexPath)
        let size = pictureSize(gridView)
        cell.caption = photos[index].name
        cell.entry = cache.entry(key(index, size))
        if cell.entry == nil { request(index, size, urgent: true) }
        prefetchNeighbours(gridView)
        return cell
    }

    /// Decodes `photo` at `size` into the cache; the view draws again when it is the one shown.
    /// Asked for again as urgent, a pending decode goes first (one under way is not repeated).
    private func request(_ photo: Int, _ size: Size, urgent: Bool) {
        let k = key(photo, size)
        guard let mailbox, !(requested.contains(k) && !urgent) else { return }
        requested.insert(k)
        let item = photos[photo]
        let graphics = self.graphics, cell = cellPixels, prepare = prepareImage, symbols = self.symbols
        pool.submit(key: -k - 1, urgent: urgent, joiningRunning: true) { [weak self] in
            let entry = ThumbnailLoader.load(
                item, columns: size.width, rows: size.height, graphics: graphics, cell: cell, prepare: prepare,
                symbols: symbols)
            mailbox.post {
                guard let self else { return }
                self.requested.remove(k)
                self.cache.insert(entry, for: k)
                if let grid = self.grid, k == self.key(self.index, self.pictureSize(grid)) {
                    grid.reloadItems(at: [IndexPath(item: 0, section: 0)])
                }
            }
        }
    }

    /// Asks for the photos either side of the one shown (the way the user went first), so the
    /// next Right or Left shows its photo at once. Decodes asked for earlier, of photos neither
    /// shown nor beside it, are given up unless under way: holding → through a folder decodes
    /// the photo it stops at next, not every photo it passed first.
    ///
    /// Not where the terminal paints pictures over its text (sixel, iTerm2): there a photo
    /// ready at the step went out after its caption, and xterm showed the new caption over the
    /// old photo for 0.15–0.3 s while it drew the new one (slower too, the next decode taking
    /// a core from it); the placeholder, which clears the picture at once, is the better sight.
    private func prefetchNeighbours(_ gridView: GridView) {
        guard graphics == .blocks || graphics == .kitty || graphics == .kittyDirect else { return }
        let size = pictureSize(gridView)
        let beside = (forward ? [index + 1, index - 1] : [index - 1, index + 1]).filter { photos.indices.contains($0) }
        // The neighbours are queued again too, in the order wanted now: the one the user stepped
        // towards may have been asked for as the one behind (running ones are left running).
        let stale = requested.subtracting([key(index, size)])
        if !stale.isEmpty {
            pool.cancel(keys: Set(stale.map { -$0 - 1 }))
            requested.subtract(stale)
        }
        for photo in beside where cache.entry(key(photo, size)) == nil { request(photo, size, urgent: false) }
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        pool.inputArrived()
        switch event {
        case .key(.left), .key(.character("h")), .key(.pageUp): show(index - 1, gridView)
        case .key(.right), .key(.character("l")), .key(.character(" ")), .key(.pageDown): show(index + 1, gridView)
        case .key(.home): show(0, gridView)
        case .key(.end): show(photos.count - 1, gridView)
        case .resize: gridView.reloadData()
        default: return .ignored
        }
        return .handled
    }

    private func show(_ photo: Int, _ gridView: GridView) {
        let next = max(0, min(photos.count - 1, photo))
        guard next != index else { return }
        forward = next > index
        index = next
        onShow?(index)
        gridView.reloadData()
    }
}

/// The full view: the picture centred, a caption line with its size under it.
final class PhotoViewCell: GridCell {
    var caption = ""
    var entry: ThumbnailCache.Entry?

    override func prepareForReuse() { caption = ""; entry = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let picture = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 1))
        PhotoArea.draw(entry, in: context, area: picture, matte: .palette(233), placeholder: "decoding…")
        var line = caption
        if case .thumbnail(let t)? = entry { line += " · \(t.sourceSize.width)×\(t.sourceSize.height)" }
        context.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), style: Palette.dim)
        context.text(" " + line, at: Point(x: 0, y: bounds.height - 1), style: Palette.dim, maxWidth: bounds.width)
    }
}
