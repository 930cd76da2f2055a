/// A window onto a `Canvas` for one cell or view: coordinates are local (0, 0 is the top-left
/// of `bounds`) and nothing is drawn outside `clip`, so a cell cannot spill onto its neighbours.
public struct DrawContext {
    /// The canvas drawn into.
    package let canvas: Canvas
    /// Where local (0, 0) is on the canvas.
    package let origin: Point
    /// The part of the canvas this context may touch, in canvas coordinates.
    package let clip: Rect
    /// The local rectangle being drawn.
    public let bounds: Rect

    /// A context drawing into `frame` of `canvas`, clipped to `clip` as well when given.
    public init(canvas: Canvas, frame: Rect, clip: Rect? = nil) {
        self.canvas = canvas
        origin = frame.origin
        self.clip = (clip ?? frame).intersection(frame).intersection(canvas.bounds)
        bounds = Rect(origin: .zero, size: frame.size)
    }

    /// What the destination can show.
    public var colorMode: ColorMode { canvas.colorMode }

    private func toCanvas(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }

    /// Fills a local rectangle.
    public func fill(_ rect: Rect, style: Style, character: Character = " ") {
        canvas.fill(rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip), style: style, character: character)
    }

    /// Fills the whole of `bounds`.
    public func fill(style: Style) { fill(bounds, style: style) }

    /// Draws text at a local point; with `maxWidth`, cut with `…` to fit. Returns columns used.
    @discardableResult
    public func text(_ string: String, at point: Point, style: Style, maxWidth: Int? = nil) -> Int {
        canvas.drawText(string, at: toCanvas(point), style: style, clip: clip, maxWidth: maxWidth)
    }

    /// Draws text centred on row `y` within the bounds, cut to fit.
    public func centeredText(_ string: String, y: Int, style: Style) {
        let cut = TextWidth.truncate(string, toWidth: bounds.width)
        let w = TextWidth.width(of: cut)
        text(cut, at: Point(x: max(0, (bounds.width - w) / 2), y: y), style: style)
    }

    /// Puts one grapheme at a local point.
    public func put(_ grapheme: String, at point: Point, style: Style) {
        let scalars = grapheme.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            put(only, at: point, style: style)
            return
        }
        let w = grapheme.count == 1 ? TextWidth.width(of: grapheme.first!) : TextWidth.width(of: grapheme)
        canvas.put(grapheme, width: w, at: toCanvas(point), style: style, clip: clip)
    }

    /// Puts one character (a single scalar, such as a half block or a shade) at a local point.
    /// The quick way for cells drawn one by one in their thousands, as a picture made of half
    /// blocks is: no string is looked at and no grapheme is broken. A control character or a
    /// combining mark on its own draws nothing.
    package func put(_ scalar: Unicode.Scalar, at point: Point, style: Style) {
        let at = toCanvas(point)
        guard clip.contains(at) else { return }
        let w = scalar.value >= 0x20 && scalar.value < 0x7F ? 1 : TextWidth.width(of: scalar)
        guard w > 0 else { return }
        canvas.put(CanvasCell(scalar: scalar.value, width: UInt8(w), style: style), at: at, clip: clip)
    }

    /// Whether the destination's background is dark or light.
    public var backgroundTone: BackgroundTone { canvas.backgroundTone }

    /// Which characters the destination shows for lines, blocks and shades: a cell that draws
    /// a picture out of half blocks draws it another way for `.ascii`.
    public var glyphSet: GlyphSet { canvas.glyphSet }

    /// Shows `image` over the local rectangle `rect`, scaled to it, when the destination shows
    /// pictures (`canvas.graphicsMode`). Only the part inside this context's clip is shown: a
    /// tile cut by an edge shows the visible part of its picture. What is drawn over its cells
    /// afterwards (a pinned header, an overlay) hides that part of it. Returns false when it
    /// did not place it: draw the picture with characters instead.
    @discardableResult
    public func placeImage(_ image: TerminalImage, in rect: Rect) -> Bool {
        let target = rect.offsetBy(dx: origin.x, dy: origin.y)
        guard canvas.graphicsMode.showsPictures, !target.isEmpty else { return false }
        let shown = target.intersection(clip)
        guard !shown.isEmpty else { return true } // nothing of it is visible: placed, and hidden
        canvas.registerPicture(image, cells: target.size)
        let id = image.id
        for y in shown.minY..<shown.maxY {
            for x in shown.minX..<shown.maxX {
                canvas.put(
                    .picture(image: id, column: x - target.minX, row: y - target.minY), at: Point(x: x, y: y),
                    clip: clip)
            }
        }
        return true
    }

    /// A context for a local sub-rectangle.
    package func subcontext(_ rect: Rect) -> DrawContext {
        DrawContext(canvas: canvas, frame: rect.offsetBy(dx: origin.x, dy: origin.y), clip: clip)
    }
}
