import Glibc
import GridKit

/// Turns a photo into a cache entry: decode (or draw) and shrink it, and, where the terminal
/// shows pictures, make and encode the pixel-resolution one too. Runs on pool threads.
package enum ThumbnailLoader {
    /// `graphics` and `cell` (the cell size in pixels) ask for a picture beside the half blocks,
    /// handed to `prepare` (`ScreenContext.prepareImage`) once made. In half blocks, with
    /// `prepareCells` (`ScreenContext.prepareCells` and the tile's background), the cells are made
    /// for a screen of `colorMode` and prepared for the terminal here too. With `shared`, the desktop's
    /// thumbnail cache is read first and filled after a decode (see `SharedThumbnails`); a fill
    /// that needs a larger decode than the tile goes to `later` when given (an idle pool).
    /// `report` hears of cached thumbnails that were not fit to use, one line each.
    package static func load(
        _ item: PhotoItem, columns: Int, rows: Int, graphics: GraphicsMode = .blocks,
        cell: Size = Size(width: 10, height: 20), prepare: ImagePreparer? = nil,
        prepareCells: (CellPreparer, background: Style)? = nil,
        shared: SharedThumbnails? = nil, later: ((@escaping @Sendable () -> Void) -> Void)? = nil,
        report: (String) -> Void = { _ in },
        symbols: PictureSymbols = .halfBlocks, colorMode: ColorMode = .palette256
    ) -> ThumbnailCache.Entry {
        do {
            let fine = graphics == .blocks && symbols > .halfBlocks
            let pixels =
                graphics == .blocks
                ? (columns * (fine ? 2 : 1), rows * (fine ? 6 : 2)) : (columns * cell.width, rows * cell.height)
            let image: RGBAImage
            switch item.source {
            case .file(let path):
                image = try pixelsOf(path, covering: pixels, shared: shared, later: later, report: report)
            case .generated(let kind, let seed, let w, let h):
                image = SampleAlbum.render(kind: kind, seed: seed, width: w, height: h)
            }
            var thumbnail = Thumbnail(
                image: image, columns: columns, rows: rows, cell: cell, symbols: fine ? symbols : .halfBlocks)
            thumbnail.addPicture(from: image, cell: cell, mode: graphics, prepare: prepare)
            if graphics == .blocks, let (prepareCells, background) = prepareCells {
                thumbnail.addCells(background: background, colorMode: colorMode, prepare: prepareCells)
            }
            return .thumbnail(thumbnail)
        } catch let e as ImageDecodeError {
            return .failure(e.message)
        } catch {
            return .failure("\(error)")
        }
    }

    /// The cheapest pixels of a file that cover `pixels`: the shared cache's thumbnail, a
    /// camera's EXIF thumbnail, or a decode (whose result then goes into the shared cache; a
    /// picture that cannot be decoded is recorded there as a failure). A cached thumbnail
    /// that is not fit to use is removed, told to `report`, and made again by the decode.
    static func pixelsOf(
        _ path: RawPath, covering pixels: (width: Int, height: Int), shared: SharedThumbnails?,
        later: ((@escaping @Sendable () -> Void) -> Void)? = nil, report: (String) -> Void = { _ in }
    ) throws -> RGBAImage {
        let original = shared?.original(path)
        // Only for a picture this user may read (the standard's rule; the walk goes by the mode
        // bits, which an ACL or a network mount may contradict): else the read below says why.
        if let shared, let original, path.withCString({ access($0, R_OK) }) == 0 {
            let found = shared.lookup(original, covering: pixels)
            if !found.rejected.isEmpty {
                shared.discard(found.rejected)
                for r in found.rejected {
                    report("\(path): its cached thumbnail \(r.file) was not used (\(r.reason)); made again")
                }
            }
            if let cached = found.image { return cached }
        }
        let bytes: [UInt8]
        do { bytes = try SafeFile.read(path, limit: SafeFile.imageLimit) } catch let e as FileReadError {
            throw ImageDecodeError(message: e.message)
        }
        // A camera's thumbnail may serve where the picture itself failed (too many pixels).
        if let exif = ImageDecoder.exifThumbnail(bytes, minSize: pixels) { return exif }
        if let shared, let original, let reason = shared.failure(of: original) {
            throw ImageDecodeError(message: reason)
        }
        let flavor = shared == nil ? nil : SharedThumbnails.Flavor.covering(pixels)
        let side = flavor?.rawValue ?? 0
        do {
            // The tile's own decode, as small as covers it; when that is too small for the
            // cache's flavour, a larger one fills the cache later, not while the screen waits.
            let image = try ImageDecoder.decode(
                bytes, minSize: later == nil ? (max(pixels.0, side), max(pixels.1, side)) : pixels)
            if let shared, let original {
                if max(image.width, image.height) >= side || max(image.sourceWidth, image.sourceHeight) <= side {
                    shared.store(image, of: original, covering: pixels)
                } else if let later {
                    // Read again then: holding every file's bytes until the pool is idle would
                    // hold megabytes for a whole screen of photos.
                    later {
                        guard let again = try? SafeFile.read(path, limit: SafeFile.imageLimit),
                            let full = try? ImageDecoder.decode(again, minSize: (side, side))
                        else { return }
                        shared.store(full, of: original, covering: pixels)
                    }
                }
            }
            return image
        } catch let e as ImageDecodeError {
            if let shared, let original { shared.storeFailure(e.message, of: original) }
            throw e
        }
    }
}
