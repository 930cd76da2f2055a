import GridKit

/// What each protocol sends for a picture, made ahead of time where the picture is made.
public enum PictureEncoding {
    /// A preparer that encodes pictures for `mode` (`ScreenHost.imagePreparer`): a sixel of
    /// at most `sixelColors` colours, kitty's compressed pixels, or iTerm2's PNG.
    public static func preparer(for mode: GraphicsMode, sixelColors: Int) -> ImagePreparer? {
        switch mode {
        case .blocks: return nil
        case .kitty, .kittyDirect: return { _ = KittyGraphics.payload($0) }
        case .sixel: return { _ = SixelEncoder.sixel($0, colors: sixelColors) }
        case .iterm: return { _ = ITermImage.sequence($0, columns: 1, rows: 1) }
        }
    }

    /// The pixels of `image` that cells `source` of its `cells` grid show, scaled to exactly
    /// `pixels` when given (a sixel is drawn pixel for pixel, so it must be the size of its
    /// cells on this terminal, whatever cell size the picture was made for).
    public static func crop(_ image: TerminalImage, cells: Size, source requested: Rect, pixels: Size? = nil)
        -> TerminalImage
    {
        // Cells outside the picture's grid (a caller's mistake) are cut off, not a crash.
        var source = requested.intersection(Rect(origin: .zero, size: cells))
        if source.isEmpty { source = Rect(x: 0, y: 0, width: max(1, cells.width), height: max(1, cells.height)) }
        let x0 = source.minX * image.width / max(1, cells.width), x1 = source.maxX * image.width / max(1, cells.width)
        let y0 = source.minY * image.height / max(1, cells.height),
            y1 = source.maxY * image.height / max(1, cells.height)
        let cut = image.crop(
            x: x0, y: y0, width: max(1, min(image.width, x1) - x0), height: max(1, min(image.height, y1) - y0))
        guard let pixels, pixels.width > 0, pixels.height > 0, pixels != Size(width: cut.width, height: cut.height)
        else { return cut }
        return scaled(cut, to: pixels)
    }

    /// `image` resized to `size` by nearest neighbour (a small correction: a few pixels a cell).
    package static func scaled(_ image: TerminalImage, to size: Size) -> TerminalImage {
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        image.rgba.withUnsafeBufferPointer { src in
            for y in 0..<size.height {
                let sy = y * image.height / size.height
                for x in 0..<size.width {
                    let s = (sy * image.width + x * image.width / size.width) * 4, d = (y * size.width + x) * 4
                    out[d] = src[s]; out[d + 1] = src[s + 1]; out[d + 2] = src[s + 2]; out[d + 3] = src[s + 3]
                }
            }
        }
        return TerminalImage(width: size.width, height: size.height, rgba: out)
    }
}
