/// One terminal cell of a `Canvas`. A plain value (no references), so frames copy and
/// compare at memory speed: the grapheme is kept as up to four scalars inline.
public struct CanvasCell: Equatable, Sendable {
    // Scalars of the grapheme; 0 marks the end. Longer graphemes (some ZWJ sequences) keep
    // their first four, which is more than a curses cell can show anyway.
    var s0: UInt32, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
    /// Columns the grapheme takes: 1, 2, or 0 for the right half of a wide character.
    public var width: UInt8
    /// How the grapheme is drawn.
    public var style: Style

    /// A cell for a grapheme given as text (its first four scalars are kept).
    public init(text: String, width: UInt8, style: Style) {
        s0 = 0
        var i = 0
        for u in text.unicodeScalars {
            switch i {
            case 0: s0 = u.value
            case 1: s1 = u.value
            case 2: s2 = u.value
            case 3: s3 = u.value
            default: break
            }
            i += 1
        }
        self.width = width
        self.style = style
    }

    /// A cell holding one scalar.
    package init(scalar: UInt32, width: UInt8, style: Style) {
        s0 = scalar; self.width = width; self.style = style
    }

    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String {
        var out = String.UnicodeScalarView()
        for v in scalarValues { if let u = Unicode.Scalar(v) { out.append(u) } }
        return String(out)
    }

    /// The first scalar of the grapheme (0 for none).
    package var text0: UInt32 { s0 }

    /// True when the grapheme is a single scalar (or none).
    package var isSingleScalar: Bool { s1 == 0 }

    /// The grapheme's scalar values.
    package var scalarValues: [UInt32] {
        if s0 == 0 { return [] }
        if s1 == 0 { return [s0] }
        return [s0, s1, s2, s3].prefix { $0 != 0 }.map { $0 }
    }

    /// A space in the plain style: what a new canvas holds.
    public static let blank = CanvasCell(scalar: 32, width: 1, style: .plain)

    /// Adds two combining marks after the base scalar (kitty placeholders: row and column).
    package mutating func setMarks(_ first: UInt32, _ second: UInt32) { s1 = first; s2 = second }

    /// Field by field, cheapest and most often different first: a frame diff compares thousands.
    @inline(__always)
    public static func == (a: CanvasCell, b: CanvasCell) -> Bool {
        a.s0 == b.s0 && a.style.background == b.style.background && a.style.foreground == b.style.foreground
            && a.width == b.width && a.style.attributes == b.style.attributes && a.s1 == b.s1 && a.s2 == b.s2 && a.s3 == b.s3
    }
}

/// An in-memory grid of terminal cells. Everything GridKit draws lands here; the terminal
/// backend flushes it to the screen and tests read it back as text.
public final class Canvas {
    /// Columns and rows.
    public let size: Size
    package private(set) var cells: [CanvasCell]
    /// The colours the destination can show, so cells can pick shade characters over colour.
    public var colorMode: ColorMode
    /// Where the terminal's (hidden) cursor should rest once this frame is shown: the focused
    /// cell, so screen readers and braille displays follow the focus. Nil leaves it alone.
    public var cursor: Point?
    /// How pictures can be shown on the destination; cells fall back to characters for `.blocks`.
    public var graphicsMode = GraphicsMode.blocks
    /// Images placed this frame, for the destination to draw (sixel, iterm) or send (kitty).
    public private(set) var images: [ImagePlacement] = []

    /// Records an image placement (see `DrawContext.placeImage`).
    package func addImage(_ placement: ImagePlacement) { images.append(placement) }

    /// Forgets the placements that meet `rect` (a grid about to draw its area again), or all.
    public func removeImages(in rect: Rect? = nil) {
        guard let rect else { images.removeAll(); return }
        images.removeAll { $0.rect.intersects(rect) }
    }

    /// A blank canvas.
    public init(size: Size, colorMode: ColorMode = .palette256) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.colorMode = colorMode
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, row `y` (both must be inside the canvas).
    public subscript(x: Int, y: Int) -> CanvasCell {
        cells[y * size.width + x]
    }

    /// Resets every cell to a blank with the given style.
    public func clear(style: Style = .plain) {
        let blank = CanvasCell(scalar: 32, width: 1, style: style)
        for i in cells.indices { cells[i] = blank }
    }

    /// Fills `rect` (clipped to the canvas) with `character` in `style`.
    public func fill(_ rect: Rect, style: Style, character: Character = " ") {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let cell = CanvasCell(text: String(character), width: 1, style: style)
        for y in r.minY..<r.maxY {
            repairWide(x: r.minX, y: y)
            repairWide(x: r.maxX - 1, y: y)
            let row = y * size.width
            for x in r.minX..<r.maxX { cells[row + x] = cell }
        }
    }

    /// Puts one grapheme of display width `width` at `point`. A wide grapheme whose right half
    /// would fall outside `clip` becomes a space; halves of wide characters it overwrites are blanked.
    public func put(_ grapheme: String, width: Int, at point: Point, style: Style, clip: Rect? = nil) {
        let clipRect = (clip ?? bounds).intersection(bounds)
        guard width > 0, clipRect.contains(point) else { return }
        put(CanvasCell(text: grapheme, width: UInt8(width), style: style), at: point, clip: clipRect)
    }

    /// `put` for a ready cell; `clip` is already within the canvas and contains `point`.
    func put(_ cell: CanvasCell, at point: Point, clip: Rect) {
        if cell.width == 2 && point.x + 1 >= clip.maxX {
            set(CanvasCell(scalar: 32, width: 1, style: cell.style), x: point.x, y: point.y)
            return
        }
        set(cell, x: point.x, y: point.y)
        if cell.width == 2 {
            set(CanvasCell(scalar: 0, width: 0, style: cell.style), x: point.x + 1, y: point.y)
        }
    }

    private func set(_ cell: CanvasCell, x: Int, y: Int) {
        repairWide(x: x, y: y)
        cells[y * size.width + x] = cell
    }

    /// Before (x, y) is overwritten: blank the other half of any wide character it belongs to.
    private func repairWide(x: Int, y: Int) {
        let i = y * size.width + x
        let old = cells[i]
        if old.width == 0, x > 0, cells[i - 1].width == 2 {
            cells[i - 1] = CanvasCell(scalar: 32, width: 1, style: cells[i - 1].style)
        } else if old.width == 2, x + 1 < size.width {
            cells[i + 1] = CanvasCell(scalar: 32, width: 1, style: cells[i + 1].style)
        }
    }

    /// Draws `text` from `point` rightwards, clipped to `clip`; control characters are skipped.
    /// With `maxWidth`, text longer than that is cut with `…`. Returns the columns advanced.
    @discardableResult
    public func drawText(_ text: String, at point: Point, style: Style, clip: Rect? = nil, maxWidth: Int? = nil) -> Int {
        let clipRect = (clip ?? bounds).intersection(bounds)
        var s = text
        if let maxWidth { s = TextWidth.truncate(text, toWidth: maxWidth) }
        guard point.y >= clipRect.minY, point.y < clipRect.maxY else { return 0 }
        var x = point.x
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for b in s.utf8 {
                if x >= clipRect.maxX { break }
                if x >= clipRect.minX { set(CanvasCell(scalar: UInt32(b), width: 1, style: style), x: x, y: point.y) }
                x += 1
            }
            return x - point.x
        }
        func place(_ cell: CanvasCell) {
            let w = Int(cell.width)
            if x >= clipRect.minX {
                put(cell, at: Point(x: x, y: point.y), clip: clipRect)
            } else if x + w > clipRect.minX {
                // The right half of a wide character sticks into the clip: show a space there.
                put(" ", width: 1, at: Point(x: clipRect.minX, y: point.y), style: style, clip: clipRect)
            }
            x += w
        }
        if TextWidth.isOneScalarPerGrapheme(s) {
            // Box drawing, accents, CJK, most emoji: no grapheme breaking needed.
            for u in s.unicodeScalars {
                let w = TextWidth.width(of: u)
                if w == 0 { continue }
                if x >= clipRect.maxX { break }
                place(CanvasCell(scalar: u.value, width: UInt8(w), style: style))
            }
            return x - point.x
        }
        for g in s {
            let w = TextWidth.width(of: g)
            if w == 0 { continue }
            if x >= clipRect.maxX { break }
            place(CanvasCell(text: String(g), width: UInt8(w), style: style))
        }
        return x - point.x
    }

    /// The text of row `y`, wide characters once, trailing spaces kept.
    public func row(_ y: Int) -> String {
        var out = ""
        for x in 0..<size.width {
            let c = self[x, y]
            if c.width > 0 { out += c.text }
        }
        return out
    }

    /// All rows joined with newlines, trailing spaces removed: what a snapshot stores.
    public var text: String {
        (0..<size.height).map { row($0).replacingTrailingSpaces() }.joined(separator: "\n")
    }

    /// A copy, for keeping a frame to compare with later.
    public func copy() -> Canvas {
        let c = Canvas(size: size, colorMode: colorMode)
        c.cells = cells
        c.images = images
        c.graphicsMode = graphicsMode
        c.cursor = cursor
        return c
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
