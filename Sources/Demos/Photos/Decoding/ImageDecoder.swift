import CImageCodecs
import Foundation

/// Pixels in RGBA order, row by row.
package struct RGBAImage: Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]
    /// The size of the image in its file, before any decode-time scaling.
    package var sourceWidth: Int
    package var sourceHeight: Int

    package init(width: Int, height: Int, pixels: [UInt8], sourceWidth: Int? = nil, sourceHeight: Int? = nil) {
        self.width = width; self.height = height; self.pixels = pixels
        self.sourceWidth = sourceWidth ?? width; self.sourceHeight = sourceHeight ?? height
    }

    /// The RGBA of one pixel.
    package func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Why an image could not be shown; `message` is short enough for an error tile.
package struct ImageDecodeError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// PNG and JPEG decoding through the C shim.
package enum ImageDecoder {
    /// Bigger images are refused rather than decoded (decompression bombs): 150 megapixels.
    package static let maxPixels = 150_000_000

    /// Decodes PNG or JPEG bytes. With `minSize`, a JPEG is decoded straight to the smallest
    /// DCT scale (1/2, 1/4, 1/8) that is still at least that big. An image of more than
    /// `maxPixels` is refused before its pixels are.
    package static func decode(
        _ data: [UInt8], minSize: (width: Int, height: Int)? = nil, maxPixels: Int = ImageDecoder.maxPixels
    ) throws -> RGBAImage {
        var img = gk_image()
        let status: Int32
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            status = data.withUnsafeBufferPointer { gk_decode_png($0.baseAddress, $0.count, maxPixels, &img) }
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            let (w, h) = minSize ?? (0, 0)
            status = data.withUnsafeBufferPointer {
                gk_decode_jpeg($0.baseAddress, $0.count, Int32(w), Int32(h), maxPixels, &img)
            }
        } else if data.isEmpty {
            throw ImageDecodeError(message: "empty file")
        } else {
            throw ImageDecodeError(message: "not a PNG or JPEG file")
        }
        return try take(&img, status: status)
    }

    /// The image a C decoder filled in, or its error; frees the C buffer either way.
    private static func take(_ img: inout gk_image, status: Int32) throws -> RGBAImage {
        defer { gk_image_free(&img) }
        guard status == 0, let p = img.pixels else {
            let message = withUnsafeBytes(of: img.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ImageDecodeError(message: message.isEmpty ? "cannot decode" : message)
        }
        let count = Int(img.width) * Int(img.height) * 4
        return RGBAImage(
            width: Int(img.width), height: Int(img.height), pixels: Array(UnsafeBufferPointer(start: p, count: count)),
            sourceWidth: Int(img.source_width), sourceHeight: Int(img.source_height))
    }

    /// The thumbnail a camera stores in a JPEG's EXIF block (often 160×120), shown upright by
    /// the main image's orientation (the thumbnail has no EXIF of its own). It is returned only
    /// when its upright size covers `minSize` in both dimensions, so that a caller falls back
    /// to `decode` rather than blowing up a small picture, and when it has the main image's
    /// shape; nil too when there is none or it is damaged. Its `sourceWidth` × `sourceHeight` is the main image's upright size when the
    /// file's frame header gives it (callers take the aspect ratio from it), else its own.
    package static func exifThumbnail(_ bytes: [UInt8], minSize: (width: Int, height: Int)) -> RGBAImage? {
        var info = gk_exif_thumbnail_info()
        guard bytes.withUnsafeBufferPointer({ gk_exif_thumbnail($0.baseAddress, $0.count, &info) }) == 0 else {
            return nil
        }
        let orientation = Int(info.orientation)
        // Too small is known from the thumbnail's frame header, before any decoding.
        let thumbSize = upright(Int(info.thumb_width), Int(info.thumb_height), orientation)
        guard covers(thumbSize, minSize), sameShape(info) else { return nil }
        let start = Int(info.offset)
        let jpeg = Array(bytes[start..<(start + Int(info.length))])
        var img = gk_image()
        let status = jpeg.withUnsafeBufferPointer {
            gk_decode_jpeg_oriented(
                $0.baseAddress, $0.count, Int32(clamping: minSize.width), Int32(clamping: minSize.height), maxPixels,
                Int32(orientation), &img)
        }
        guard let thumbnail = try? take(&img, status: status), covers((thumbnail.width, thumbnail.height), minSize)
        else { return nil }
        let main = upright(Int(info.width), Int(info.height), orientation)
        let source = main.width > 0 && main.height > 0 ? main : thumbSize
        return RGBAImage(
            width: thumbnail.width, height: thumbnail.height, pixels: thumbnail.pixels, sourceWidth: source.width,
            sourceHeight: source.height)
    }

    /// True when the thumbnail has the main image's shape, to a pixel of the thumbnail (or the
    /// main image's size is not known). Cameras store a 4:3 thumbnail with black bars for a 3:2
    /// or 16:9 photo, and an edited photo may keep the thumbnail of the picture before it was
    /// cropped or turned: those are decoded from the photo instead.
    private static func sameShape(_ info: gk_exif_thumbnail_info) -> Bool {
        let mw = Int(info.width), mh = Int(info.height), tw = Int(info.thumb_width), th = Int(info.thumb_height)
        guard mw > 0, mh > 0 else { return true }
        return abs(tw * mh - th * mw) <= max(mw, mh)
    }

    /// A stored size as shown: EXIF orientations 5-8 turn the picture a quarter.
    private static func upright(_ width: Int, _ height: Int, _ orientation: Int) -> (width: Int, height: Int) {
        orientation >= 5 ? (height, width) : (width, height)
    }

    private static func covers(_ size: (width: Int, height: Int), _ minSize: (width: Int, height: Int)) -> Bool {
        size.width >= minSize.width && size.height >= minSize.height
    }

    /// Reads a file (only reads it; see `SafeFile` for what is refused) and decodes it.
    package static func decodeFile(_ path: RawPath, minSize: (width: Int, height: Int)? = nil) throws -> RGBAImage {
        let bytes: [UInt8]
        do { bytes = try SafeFile.read(path, limit: SafeFile.imageLimit) } catch let e as FileReadError {
            throw ImageDecodeError(message: e.message)
        }
        return try decode(bytes, minSize: minSize)
    }
}
