import CImageCodecs

/// JPEG encoding, for making benchmark folders of real photos-sized files.
package enum ImageEncoder {
    package static func jpeg(_ image: RGBAImage, quality: Int = 85) -> [UInt8]? {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { rgb += image.pixels[i..<(i + 3)] }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard gk_encode_jpeg(rgb, Int32(image.width), Int32(image.height), Int32(quality), &out, &size) == 0, let out
        else { return nil }
        defer { gk_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
