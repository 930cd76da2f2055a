import Synchronization

/// How pictures reach the screen.
public enum GraphicsMode: String, Sendable, CaseIterable {
    /// Half-block characters (`▀`, two pixels a cell): every terminal.
    case blocks
    /// The kitty graphics protocol with Unicode placeholders (kitty 0.28 and later, Ghostty):
    /// pictures are text to the terminal, so they scroll, clip and work through tmux.
    case kitty
    /// The kitty graphics protocol placing pictures at the cursor (kitty before 0.28, and any
    /// kitty-protocol terminal without placeholders).
    case kittyDirect = "kitty-direct"
    /// Sixel: xterm (`-ti vt340`), foot, Windows Terminal, Konsole, mlterm, WezTerm.
    case sixel
    /// iTerm2 inline images (OSC 1337): iTerm2, WezTerm.
    case iterm

    /// True for every mode that shows pixels rather than characters.
    package var showsPictures: Bool { self != .blocks }
}

/// Whether the terminal's background is dark or light, for drawing that must not come out as
/// a negative (a grey ramp of shade characters is drawn in the foreground colour).
public enum BackgroundTone: Sendable, Equatable {
    case dark, light
}

/// A picture to show in terminal cells at pixel resolution: RGBA, row by row. Made once (off
/// the main thread, where it is decoded), shared by every frame that shows it.
public final class TerminalImage: Sendable {
    private static let nextID = Atomic<Int>(1)

    /// Unique in the process (and never 0).
    package let id: Int
    /// Pixels.
    public let width: Int, height: Int
    /// 4 bytes a pixel, row by row.
    public let rgba: [UInt8]

    /// What terminal backends made of this image (a sixel, a compressed transfer), by a key of
    /// their own: made once, wherever it was first asked for.
    private let encodings = Mutex<[String: [UInt8]]>([:])

    /// An image of `width` × `height` pixels.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "TerminalImage: \(rgba.count) bytes for \(width)×\(height)")
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The encoding kept under `key`, made by `make` now if there is none yet. Backends call it
    /// where the image is made (a decode thread, through `ScreenContext.prepareImage`) so the
    /// thread that draws only copies bytes.
    package func encoding(_ key: String, make: () -> [UInt8]) -> [UInt8] {
        if let done = encodings.withLock({ $0[key] }) { return done }
        let made = make()
        encodings.withLock { $0[key] = made }
        return made
    }

    /// The RGBA of the pixel rectangle `x, y, width, height` (which must lie inside the image).
    package func crop(x: Int, y: Int, width w: Int, height h: Int) -> TerminalImage {
        precondition(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= width && y + h <= height, "crop outside the image")
        if x == 0 && y == 0 && w == width && h == height { return self }
        var out: [UInt8] = []
        out.reserveCapacity(w * h * 4)
        for row in y..<(y + h) { out += rgba[((row * width + x) * 4)..<((row * width + x + w) * 4)] }
        return TerminalImage(width: w, height: h, rgba: out)
    }
}

/// Work a host does on a picture ahead of time, on the thread that made it (see
/// `ScreenContext.prepareImage`).
public typealias ImagePreparer = @Sendable (TerminalImage) -> Void
