import Foundation

/// Finding a current thumbnail of a picture in the cache, checked before it is decoded (see
/// `CachedThumbnailCheck`).
extension SharedThumbnails {
    /// A cached thumbnail that was not used because it cannot be a thumbnail of its folder:
    /// the loader removes it, makes one in its place and reports it.
    package struct Rejection: Sendable, Equatable {
        /// The file in the cache.
        package let file: RawPath
        /// Why it was not used.
        package let reason: String
    }

    /// What the cache holds for a picture: a thumbnail that covers what was asked, if any, and
    /// the files found bad on the way.
    package struct Lookup: Sendable {
        package var image: RGBAImage?
        package var rejected: [Rejection] = []
    }

    /// A thumbnail of `original` that covers `pixels`, from the smallest flavour that has one
    /// that is current; its source size is the picture's (`Thumb::Image::Width`/`Height`).
    /// A file too large for its folder, whose header claims more pixels than the folder's, or
    /// that does not decode within them, is rejected without being decoded past that.
    package func lookup(_ original: Original, covering pixels: (width: Int, height: Int)) -> Lookup {
        var result = Lookup()
        guard let first = Flavor.covering(pixels) else { return result }
        for flavor in Flavor.allCases where flavor.rawValue >= first.rawValue {
            let file = root.appending(RawPath(flavor.folder)).appending(RawPath(original.name))
            let limit = CachedThumbnailCheck.byteLimit(flavor)
            func reject(_ reason: String) { result.rejected.append(Rejection(file: file, reason: reason)) }
            guard let bytes = try? SafeFile.read(file, limit: limit) else {
                if let size = Self.regularFileSize(file), size > limit {
                    reject("\(size) bytes, over the \(limit) a thumbnail in \(flavor.folder)/ can take")
                }
                continue
            }
            if let problem = CachedThumbnailCheck.problem(bytes, flavor) {
                reject(problem)
                continue
            }
            guard let text = PNGText.entries(bytes), Self.describes(text, original) else { continue }
            let image: RGBAImage
            do { image = try ImageDecoder.decode(bytes, maxPixels: CachedThumbnailCheck.pixelLimit(flavor)) } catch {
                reject("does not decode: \(error)")
                continue
            }
            if let found = Self.fitted(image, text, covering: pixels) {
                result.image = found
                return result
            }
        }
        return result
    }

    /// A decoded thumbnail with its picture's size, when it covers `pixels`: fitted into the box
    /// (keeping its shape), it must shrink or stay, to be as sharp as a decode would be. The
    /// whole picture always covers.
    private static func fitted(
        _ decoded: RGBAImage, _ text: [String: String], covering pixels: (width: Int, height: Int)
    ) -> RGBAImage? {
        var image = decoded
        let w = text["Thumb::Image::Width"].flatMap(Int.init), h = text["Thumb::Image::Height"].flatMap(Int.init)
        let whole = w == image.width && h == image.height
        guard whole || image.width >= pixels.width || image.height >= pixels.height else { return nil }
        // The picture's size, when it is believable: any program may have written these, and
        // a waterfall turns the shape into rows.
        if let w, let h, (1...(1 << 20)).contains(w), (1...(1 << 20)).contains(h),
            abs(Double(w) * Double(image.height) - Double(h) * Double(image.width)) <= Double(max(w, h)) * 2
        {
            image.sourceWidth = w
            image.sourceHeight = h
        }
        return image
    }

    /// Removes rejected thumbnails, so that the one made next takes their place (or, for a
    /// picture small enough to be its own thumbnail, so that they are not read again). The link
    /// itself, never what it points to: `unlink` does not follow links.
    package func discard(_ rejected: [Rejection]) {
        gate.run { for r in rejected { _ = r.file.withCString { unlink($0) } } }
    }

    /// The size of the regular file at `file` (not followed if a link), or nil.
    private static func regularFileSize(_ file: RawPath) -> Int? {
        var info = stat()
        guard file.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
