import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// Photos opens on Albums: a row per folder that scrolls sideways under a header, then every
/// photo as a grid.
@MainActor @Suite struct AlbumsTests {
    func albums() -> PhotosScreen { PhotosScreen(library: SampleAlbum.library(), pool: DecodePool(threads: 0), view: .albums) }
    let harness = ScreenHarness(size: Size(width: 100, height: 30))

    /// The name after the focus mark.
    func focusedName(_ run: ScreenRun) -> String {
        guard let line = run.text.split(separator: "\n").first(where: { $0.contains("▶") }) else { return "" }
        return String(line[line.index(after: line.firstIndex(of: "▶")!)...].prefix { $0 != " " && $0 != "." && $0 != "…" })
    }

    @Test func rowsPerFolderThenAllPhotos() throws {
        let run = harness.run(albums())
        #expect(run.row(1).contains("Gradient") && run.row(1).contains("60 photos · Enter opens"))
        #expect(run.text.contains("Mandelbrot"))
        let grid = try #require(run.gridView)
        #expect(grid.layout.numberOfSections == 6, "five folders, then all photos")
        #expect(grid.layout.numberOfItems(inSection: 5) == 300)
        let end = harness.run(albums(), keys: "end")
        #expect(end.row(1).contains("All photos") && end.row(1).contains("300 photos"), "its header pins at the top")
        #expect(focusedName(end) == "plasma-060")
    }

    /// Right goes along the row and scrolls it, and only it; Down leaves it for the nearest
    /// photo below, in the next row; Up comes back.
    @Test func rowsScrollSidewaysAndUpDownLeaveThem() throws {
        let run = harness.run(albums(), keys: "right*9")
        #expect(focusedName(run) == "gradient-010")
        #expect(!run.row(9).contains("gradient-001"), "the row scrolled")
        #expect(run.row(19).contains("mandelbrot-001"), "the next row did not")
        let down = harness.run(albums(), keys: "right*9, down")
        #expect(focusedName(down).hasPrefix("mandelbrot-0"))
        #expect(down.focusedIndexPath?.section == 1)
        let up = harness.run(albums(), keys: "right*9, down, up")
        #expect(up.focusedIndexPath?.section == 0)
        #expect(up.row(1).contains("Gradient"))
    }

    /// Enter in a row opens that folder as a grid of its own, on the same photo; Esc comes back
    /// to the row as it was.
    @Test func enterOpensTheAlbumAndEscReturns() throws {
        let open = harness.run(albums(), keys: "down, right*3, enter")
        #expect(open.row(0).contains("Photos › Mandelbrot · 60"))
        #expect(focusedName(open) == "mandelbrot-004")
        #expect(open.topScreen is PhotosScreen && open.gridView?.layout is FlowLayout)
        let back = harness.run(albums(), keys: "down, right*3, enter, right, esc")
        #expect(back.row(0).contains("Photos · 300"))
        #expect(back.focusedIndexPath == IndexPath(item: 3, section: 1))
        let viewer = harness.run(albums(), keys: "end, enter")
        #expect(viewer.row(0).contains("plasma-060"), "Enter in all photos views the photo")
    }

    /// A click on a row's header opens its album.
    @Test func clickingARowsHeaderOpensIt() {
        // The third row's header: rows are a header, 8 rows of tile and one of space.
        let click = InputEvent.mouse(MouseEvent(action: .press, position: Point(x: 30, y: 21)))
        let run = harness.run(albums(), events: [click])
        #expect(run.row(0).contains("Photos › Stripes · 60"), "\(run.row(0))")
        let onTile = harness.run(albums(), events: [.mouse(MouseEvent(action: .press, position: Point(x: 20, y: 5)))])
        #expect(onTile.row(0).contains("Photos · 300") && focusedName(onTile) == "gradient-002", "a click on a tile focuses it")
    }

    /// `a` switches to all photos by folder and back, the focus staying on its photo.
    @Test func aSwitchesViewsKeepingTheFocus() throws {
        let grid = harness.run(albums(), keys: "down, right*4, a")
        #expect(grid.gridView?.layout is FlowLayout)
        #expect(focusedName(grid) == "mandelbrot-005")
        #expect(!grid.text.contains("Enter opens"))
        let back = harness.run(albums(), keys: "down, right*4, a, a")
        #expect(back.gridView?.layout is CompositionalLayout)
        #expect(focusedName(back) == "mandelbrot-005")
        #expect(back.focusedIndexPath?.section == 5, "in all photos")
        let waterfall = harness.run(albums(), keys: "w")
        #expect(waterfall.gridView?.layout is WaterfallLayout, "w goes to the grid's waterfall")
    }

    /// The sideways wheel scrolls the row under the pointer.
    @Test func theSidewaysWheelScrollsARow() {
        let wheel = InputEvent.mouse(MouseEvent(action: .wheelRight, position: Point(x: 40, y: 5)))
        let run = harness.run(albums(), events: Array(repeating: wheel, count: 4))
        #expect(!run.row(9).contains("gradient-001"), "the first row moved")
        #expect(run.row(19).contains("mandelbrot-001"), "the second did not")
        #expect(run.focusedIndexPath == IndexPath(item: 0, section: 0), "the focus stays")
    }

    /// What Albums draws (placeholders: the pool decodes nothing), at the start and with the
    /// first row scrolled sideways: the rows under their headers, the focus mark, the caption
    /// cut at the row's edge, the next row where it was.
    @Test func snapshots() throws {
        let start = ScreenHarness(size: Size(width: 80, height: 24)).run(albums())
        try Snapshot().verify(text: start.markedText, named: "albums-start")
        let scrolled = ScreenHarness(size: Size(width: 80, height: 24)).run(albums(), keys: "right*7")
        try Snapshot().verify(text: scrolled.markedText, named: "albums-row-scrolled")
    }
}
