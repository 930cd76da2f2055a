/// What a thumbnail in the shared cache must be before it is decoded. Any program can write
/// there, so a file in `normal/` may claim 12000×12000 pixels in a few hundred kilobytes of
/// valid zlib: decoded as it says, one would take over a gigabyte. The standard sets each
/// folder's size (the longer side: 128 pixels in `normal/` up to 1024 in `xx-large/`), so a
/// file is read only up to a size that folder's thumbnails can reach, its PNG header (IHDR) must
/// fit the folder, and the decode is refused past the folder's pixels. `Thumb::Image::Width` and
/// `Height` are the original picture's size, not the thumbnail's: they are not compared here.
enum CachedThumbnailCheck {
    /// The most bytes a thumbnail of `flavor` is read to: 8 bytes a pixel (16-bit RGBA stored
    /// uncompressed) and 256 KB for text chunks (a URI of a long path, a colour profile) — 384 KB
    /// in `normal/`, 8.25 MB in `xx-large/`.
    static func byteLimit(_ flavor: SharedThumbnails.Flavor) -> Int {
        flavor.rawValue * flavor.rawValue * 8 + (256 << 10)
    }

    /// The most pixels a thumbnail of `flavor` is decoded to.
    static func pixelLimit(_ flavor: SharedThumbnails.Flavor) -> Int { flavor.rawValue * flavor.rawValue }

    /// Why `bytes` cannot be a thumbnail of `flavor` (not a PNG, or an IHDR of no size or
    /// larger than the folder's), or nil when its header fits.
    static func problem(_ bytes: [UInt8], _ flavor: SharedThumbnails.Flavor) -> String? {
        guard let (width, height) = headerSize(bytes) else { return "not a PNG with a header" }
        guard width > 0, height > 0 else { return "a PNG of \(width)×\(height) pixels" }
        guard max(width, height) <= flavor.rawValue else {
            return "\(width)×\(height) pixels, over the \(flavor.rawValue) of \(flavor.folder)/"
        }
        return nil
    }

    /// Width and height from a PNG's first chunk, which the format requires to be IHDR.
    static func headerSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // The signature, then length 13 and "IHDR", then width and height (big-endian).
        guard bytes.count >= 24, bytes.starts(with: signature),
            bytes[8..<16].elementsEqual([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        else {
            return nil
        }
        func word(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        return (word(16), word(20))
    }
}
