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
    /// DCT scale (1/2, 1/4, 1/8) that is still at least that big.
    package static func decode(_ data: [UInt8], minSize: (width: Int, height: Int)? = nil) throws -> RGBAImage {
        var img = gk_image()
        let status: Int32
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            status = data.withUnsafeBufferPointer { gk_decode_png($0.baseAddress, $0.count, maxPixels, &img) }
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            let (w, h) = minSize ?? (0, 0)
            status = data.withUnsafeBufferPointer { gk_decode_jpeg($0.baseAddress, $0.count, Int32(w), Int32(h), maxPixels, &img) }
        } else if data.isEmpty {
            throw ImageDecodeError(message: "empty file")
        } else {
            throw ImageDecodeError(message: "not a PNG or JPEG file")
        }
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

    /// Reads a file (only reads it; see `SafeFile` for what is refused) and decodes it.
    package static func decodeFile(_ path: RawPath, minSize: (width: Int, height: Int)? = nil) throws -> RGBAImage {
        let bytes: [UInt8]
        do { bytes = try SafeFile.read(path, limit: SafeFile.imageLimit) } catch let e as FileReadError {
            throw ImageDecodeError(message: e.message)
        }
        return try decode(bytes, minSize: minSize)
    }
}
