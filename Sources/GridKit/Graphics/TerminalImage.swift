import Synchronization

/// How pictures reach the screen.
public enum GraphicsMode: String, Sendable, CaseIterable {
    /// Half-block characters (`▀`, two pixels a cell): every terminal.
    case blocks
    /// The kitty graphics protocol with Unicode placeholders: kitty, Ghostty, WezTerm.
    case kitty
    /// Sixel: xterm (`-ti vt340`), foot, Windows Terminal, Konsole, mlterm, WezTerm.
    case sixel
    /// iTerm2 inline images (OSC 1337): iTerm2, WezTerm.
    case iterm
}

/// A picture to show in terminal cells at pixel resolution: RGBA, row by row. Made once (off
/// the main thread, where it is decoded), shared by every frame that shows it; the terminal
/// keeps what it encoded for it by `id`.
public final class TerminalImage: Sendable {
    private static let nextID = Atomic<Int>(1)

    /// Unique in the process.
    public let id: Int
    /// Pixels.
    public let width: Int, height: Int
    /// 4 bytes a pixel, row by row.
    public let rgba: [UInt8]

    /// What each protocol sends for this image, made once: base64 RGBA (kitty), a sixel DCS
    /// (sixel), base64 PNG (iterm).
    private let payloads = Mutex<[GraphicsMode: [UInt8]]>([:])

    /// An image of `width` × `height` pixels.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "TerminalImage: \(rgba.count) bytes for \(width)×\(height)")
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The encoded image for `mode`, made now if it was not yet. Call it where the image is made
    /// (a decode thread) so the thread that draws only copies bytes.
    @discardableResult
    public func payload(for mode: GraphicsMode) -> [UInt8] {
        if let done = payloads.withLock({ $0[mode] }) { return done }
        let made: [UInt8]
        switch mode {
        case .blocks: made = []
        case .kitty: made = Base64.encode(rgba)
        case .sixel: made = SixelEncoder.encode(self, dither: SixelEncoder.dithersByDefault)
        case .iterm: made = Base64.encode(PNGWriter.png(self))
        }
        payloads.withLock { $0[mode] = made }
        return made
    }
}

/// One image shown in a rectangle of cells this frame.
public struct ImagePlacement: Sendable {
    /// The picture, scaled by the terminal to `rect`.
    public let image: TerminalImage
    /// Cells, in canvas coordinates.
    public let rect: Rect
    /// For kitty placeholders: the number the cells carry in their foreground colour.
    public let kittyNumber: Int
}
