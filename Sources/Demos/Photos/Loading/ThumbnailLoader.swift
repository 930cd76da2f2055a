import GridKit

/// Turns a photo into a cache entry: decode (or draw) and shrink it, and, where the terminal
/// shows pictures, make and encode the pixel-resolution one too. Runs on pool threads.
package enum ThumbnailLoader {
    /// `graphics` and `cell` (the cell size in pixels) ask for a picture beside the half blocks,
    /// handed to `prepare` (`ScreenContext.prepareImage`) once made. With `shared`, the desktop's
    /// thumbnail cache is read first and filled after a decode (see `SharedThumbnails`).
    package static func load(
        _ item: PhotoItem, columns: Int, rows: Int, graphics: GraphicsMode = .blocks,
        cell: Size = Size(width: 10, height: 20), prepare: ImagePreparer? = nil, shared: SharedThumbnails? = nil
    ) -> ThumbnailCache.Entry {
        do {
            let pixels = graphics == .blocks ? (columns, rows * 2) : (columns * cell.width, rows * cell.height)
            let image: RGBAImage
            switch item.source {
            case .file(let path): image = try pixelsOf(path, covering: pixels, shared: shared)
            case .generated(let kind, let seed, let w, let h): image = SampleAlbum.render(kind: kind, seed: seed, width: w, height: h)
            }
            var thumbnail = Thumbnail(image: image, columns: columns, rows: rows)
            thumbnail.addPicture(from: image, cell: cell, mode: graphics, prepare: prepare)
            return .thumbnail(thumbnail)
        } catch let e as ImageDecodeError {
            return .failure(e.message)
        } catch {
            return .failure("\(error)")
        }
    }

    /// The cheapest pixels of a file that cover `pixels`: the shared cache's thumbnail, a
    /// camera's EXIF thumbnail, or a decode (whose result then goes into the shared cache; a
    /// picture that cannot be decoded is recorded there as a failure).
    static func pixelsOf(_ path: RawPath, covering pixels: (width: Int, height: Int), shared: SharedThumbnails?) throws -> RGBAImage {
        let original = shared?.original(path)
        if let shared, let original {
            if let cached = shared.lookup(original, covering: pixels) { return cached }
            if let reason = shared.failure(of: original) { throw ImageDecodeError(message: reason) }
        }
        let bytes: [UInt8]
        do { bytes = try SafeFile.read(path, limit: SafeFile.imageLimit) } catch let e as FileReadError { throw ImageDecodeError(message: e.message) }
        if let exif = ImageDecoder.exifThumbnail(bytes, minSize: pixels) { return exif }
        let flavor = shared == nil ? nil : SharedThumbnails.Flavor.covering(pixels)
        let side = flavor?.rawValue ?? 0
        do {
            let image = try ImageDecoder.decode(bytes, minSize: (max(pixels.0, side), max(pixels.1, side)))
            if let shared, let original { shared.store(image, of: original, covering: pixels) }
            return image
        } catch let e as ImageDecodeError {
            if let shared, let original { shared.storeFailure(e.message, of: original) }
            throw e
        }
    }
}
