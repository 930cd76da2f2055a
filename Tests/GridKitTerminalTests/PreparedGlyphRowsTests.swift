import GridKit
import GridKitPresenting
import TestSupport
import Testing

@testable import GridKitTerminal

/// Rows of pictures drawn in quadrants and sextants beside half blocks (what the photo grid's
/// thumbnails are made of with finer symbols), in 256 colours and in direct colour, made ahead
/// as bytes (`PreparedRowBytes`): they must show what the same cells written one by one show,
/// and be made only of characters the terminal draws in one column.
@MainActor
@Suite struct PreparedGlyphRowsTests {
    /// The block elements a thumbnail's cells are drawn in here: a half block, a vertical half,
    /// quadrants and sextants.
    private static let glyphs: [UInt32] = [0x2580, 0x258C, 0x2596, 0x259A, 0x259F, 0x1FB0B, 0x1FB1E, 0x1FB34]

    /// A thumbnail with a letterbox row and column of spaces, its other cells block elements in
    /// its own colours, which repeat a few cells on (what the writer groups): palette entries in
    /// 256 colours (as the symbol chooser gives them there), RGB in direct colour.
    private static func thumbnail(
        _ size: Size, seed: UInt64, mode: ColorMode, sextants: Bool = true, letterbox: Bool = true
    ) -> CellBlock {
        var rng = Seeded(seed)
        let tile = Style(background: .palette(235))
        // Each thumbnail's own few colours, as a photo has its own.
        let own: [Color] = (0..<7).map { _ in
            mode == .direct
                ? .rgb(UInt8(rng.next(256)), UInt8(rng.next(256)), UInt8(rng.next(256)))
                : .palette(UInt8(16 + rng.next(216)))
        }
        var cells: [CanvasCell] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                if letterbox && (y == 0 || x == 0) {
                    cells.append(CanvasCell(text: " ", width: 1, style: tile))
                    continue
                }
                // Runs of half blocks between the others, as in a photo (the writer holds
                // those and moves back to them).
                let choices = sextants ? glyphs : glyphs.filter { $0 < 0x1FB00 }
                let scalar = rng.next(2) == 0 ? 0x2580 : choices[rng.next(choices.count)]
                func color(_ k: Int) -> Color { own[(x / 2 + y * 3 + k * 5) % own.count] }
                cells.append(
                    CanvasCell(scalar: scalar, width: 1, style: Style(foreground: color(0), background: color(1))))
            }
        }
        return CellBlock(size: size, cells: cells)
    }

    private static func profile(_ mode: ColorMode, width: (UInt32) -> Int = { _ in 1 }) -> PreparedRowBytes.Profile {
        PreparedRowBytes.Profile(
            capabilities: .ansi, colors: ColorMapper(mode: mode), tolerance: HalfBlockChoice.standardTolerance,
            width: width)!
    }

    /// A grid of three thumbnails across, `offset` rows scrolled, a caption under each.
    private static func drawGrid(on canvas: Canvas, thumbnails: [CellBlock], offset: Int) {
        canvas.clear()
        let context = DrawContext(canvas: canvas, frame: canvas.bounds)
        for (i, block) in thumbnails.enumerated() {
            let origin = Point(x: 1 + (i % 3) * 20, y: (i / 3) * 8 - offset)
            context.draw(block, at: origin)
            _ = canvas.drawText(
                "photo-\(i).jpg", at: Point(x: origin.x, y: origin.y + block.size.height),
                style: Style(foreground: .palette(245)))
        }
    }

    /// What a cell shows: a block element as the colour of each of its 2 × 6 atoms (`▄` in
    /// two colours shows what `▀` in the same two the other way round does), else the cell.
    private static func shows(_ c: MiniTerminal.Cell) -> String {
        let scalars = c.text.unicodeScalars
        if scalars.count == 1, c.attributes.isEmpty, let mask = blockElementMask(of: scalars.first!.value) {
            return (0..<12).map { mask >> $0 & 1 == 1 ? String(c.fg) : String(c.bg) }.joined(separator: ",")
        }
        return "\(c.visible)"
    }

    private static func firstDifference(_ a: MiniTerminal, _ b: MiniTerminal) -> String? {
        for y in 0..<a.height {
            for x in 0..<a.width where shows(a.cells[y][x]) != shows(b.cells[y][x]) {
                return "(\(x), \(y)): \(a.cells[y][x].visible) against \(b.cells[y][x].visible)"
            }
        }
        return nil
    }

    @Test(arguments: [ColorMode.palette256, .direct], [1, 2] as [UInt64])
    func glyphRowsShowWhatTheirCellsShow(mode: ColorMode, seed: UInt64) {
        let cache = PictureRowCache(profile: Self.profile(mode))
        let prepare = HalfBlockPreparation.preparer(
            colorMode: mode, tolerance: HalfBlockChoice.standardTolerance, rowBytes: cache)!
        let thumbnails = (0..<12).map { i -> CellBlock in
            // Every other one without a letterbox: its rows start with a picture's colours.
            var block = Self.thumbnail(
                Size(width: 18, height: 7), seed: seed &* 31 &+ UInt64(i), mode: mode, letterbox: i % 2 == 0)
            prepare(&block)?()
            return block
        }
        #expect(thumbnails.allSatisfy { cache.rows(of: $0.identity)?.rows?.allSatisfy { $0 != nil } == true })
        // Rows that start with a picture's colours have them as their lead (RGB in direct
        // colour), so a pen that has them already is not sent them again.
        let leads = thumbnails.flatMap { cache.rows(of: $0.identity)?.rows ?? [] }.compactMap { $0?.lead }
        #expect(
            leads.contains { $0.count > 0 && (mode == .direct) == ($0.foreground >= ColorMapper.directFlag) },
            "\(leads.prefix(4))")
        // What the cache counts for the rows covers what they come to.
        for block in thumbnails {
            let made = cache.rows(of: block.identity)
            let held = (made?.rowBytes ?? []).reduce(0) { $0 + ($1?.count ?? 0) }
            #expect(held > 0 && held <= made?.byteCount ?? 0, "\(held) bytes held, \(made?.byteCount ?? 0) counted")
        }
        // Moves inside a row are steps from where it starts: the row goes anywhere.
        for bytes in thumbnails.flatMap({ cache.rows(of: $0.identity)?.rowBytes ?? [] }).compactMap({ $0 }) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.firstMatch(of: /\e\[[0-9;]*[HGfd]|\r|\e\[[0-9]*K/) == nil, "\(text.debugDescription)")
        }
        let size = Size(width: 62, height: 20)
        var plain = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: mode)) { _ in 1 }
        var prepared = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: mode)) { _ in 1 }
        prepared.pictureRows = cache
        let offsets = [0, 1, 8, 9, 16, 8, 0]
        let bytes = SideBySidePlayback.play(
            offsets.count, size: size, plain: &plain, prepared: &prepared,
            draw: { canvas, n in Self.drawGrid(on: canvas, thumbnails: thumbnails, offset: offsets[n]) },
            difference: Self.firstDifference)
        #expect(prepared.preparedRowsWritten > 40, "\(prepared.preparedRowsWritten) prepared rows written")
        #expect(
            Double(bytes.prepared) < Double(bytes.plain) * 1.1,
            "\(bytes.prepared) bytes prepared, \(bytes.plain) cell by cell")
    }

    /// Where the terminal draws sextants two columns wide, rows holding one are written cell
    /// by cell (the writer then sends them another way); rows of quadrants are still made.
    @Test func rowsWithGlyphsTheTerminalDrawsWideAreNotMade() {
        let profile = Self.profile(.direct) { $0 >= 0x1FB00 ? 2 : 1 }
        let withSextants = PreparedRowBytes(
            for: Self.thumbnail(Size(width: 12, height: 4), seed: 9, mode: .direct), profile: profile)
        withSextants.complete()
        // A row is made exactly when it holds no sextant.
        let block = Self.thumbnail(Size(width: 12, height: 4), seed: 9, mode: .direct)
        for (y, row) in (withSextants.rows ?? []).enumerated() {
            let hasSextant = block.cells[(y * 12)..<((y + 1) * 12)].contains { $0.text0 >= 0x1FB00 }
            #expect((row == nil) == hasSextant, "row \(y)")
        }
        #expect(withSextants.rows?.contains { $0 == nil } == true)
        let quadrants = PreparedRowBytes(
            for: Self.thumbnail(Size(width: 12, height: 4), seed: 9, mode: .direct, sextants: false), profile: profile)
        quadrants.complete()
        #expect(quadrants.rows?.allSatisfy { $0 != nil } == true)
    }

    /// RGB cells in 256 colours have their colours decided by the pen they meet: not made ahead.
    @Test func rgbCellsIn256ColoursAreNotMade() {
        let rows = PreparedRowBytes(
            for: Self.thumbnail(Size(width: 12, height: 3), seed: 4, mode: .direct), profile: Self.profile(.palette256))
        rows.complete()
        #expect(rows.rows?.dropFirst().allSatisfy { $0 == nil } == true)
        #expect(rows.rows?.first.map { $0 != nil } == true, "the letterbox row (spaces) is made")
    }

    /// A row's leading colours in direct colour are read as `ColorMapper` numbers them, so a
    /// writer whose pen has them already sends only the rest.
    @Test func leadingDirectColoursAreRead() {
        let lead = PreparedRowBytes.leadingColors(Array("\u{1B}[38;2;1;2;3;48;5;17m▀".utf8))
        #expect(lead?.count == 21)
        #expect(lead?.foreground == ColorMapper.directFlag | 0x01_0203)
        #expect(lead?.background == 17)
        #expect(PreparedRowBytes.leadingColors(Array("\u{1B}[38;2;1;2m▀".utf8)) == nil)
    }
}
