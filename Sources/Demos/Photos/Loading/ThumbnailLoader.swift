import GridKit

/// Turns a photo into a cache entry: decode (or draw) and shrink it, and, where the terminal
/// shows pictures, make and encode the pixel-resolution one too. Runs on pool threads.
package enum ThumbnailLoader {
    /// `graphics` and `cell` (the cell size in pixels) ask for a picture beside the half blocks,
    /// handed to `prepare` (`ScreenContext.prepareImage`) once made.
    package static func load(
        _ item: PhotoItem, columns: Int, rows: Int, graphics: GraphicsMode = .blocks,
        cell: Size = Size(width: 10, height: 20), prepare: ImagePreparer? = nil
    ) -> ThumbnailCache.Entry {
        do {
            let pixels = graphics == .blocks ? (columns, rows * 2) : (columns * cell.width, rows * cell.height)
            let image: RGBAImage
            switch item.source {
            case .file(let path): image = try ImageDecoder.decodeFile(path, minSize: pixels)
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
}
