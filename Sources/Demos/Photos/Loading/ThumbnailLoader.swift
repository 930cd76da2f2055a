import GridKit

/// Turns a photo into a cache entry: decode (or draw) and shrink it. Runs on pool threads.
public enum ThumbnailLoader {
    public static func load(_ item: PhotoItem, columns: Int, rows: Int) -> ThumbnailCache.Entry {
        do {
            let image: RGBAImage
            switch item.source {
            case .file(let path): image = try ImageDecoder.decodeFile(path, minSize: (columns, rows * 2))
            case let .generated(kind, seed, w, h): image = SampleAlbum.render(kind: kind, seed: seed, width: w, height: h)
            }
            return .thumbnail(Thumbnail(image: image, columns: columns, rows: rows))
        } catch let e as ImageDecodeError {
            return .failure(e.message)
        } catch {
            return .failure("\(error)")
        }
    }
}
