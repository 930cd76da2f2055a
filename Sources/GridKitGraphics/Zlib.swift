import CZlib

/// zlib (the C library) compression, for picture transfers: kitty's `o=z` and PNG's pixel data.
public enum Zlib {
    /// `bytes` as a zlib stream (RFC 1950). Level 6 is zlib's default balance; pictures of a
    /// few hundred kilobytes compress in a millisecond or two.
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: gk_zlib_bound(bytes.count))
        var written = out.count
        let status = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer {
                gk_zlib_compress(src.baseAddress, src.count, $0.baseAddress, &written, Int32(level))
            }
        }
        precondition(status == 0, "zlib: compress2 failed") // only when out of memory: the bound is zlib's own
        out.removeSubrange(written...)
        return out
    }

    /// The level pictures are sent at (kitty's transfers, iTerm2's PNGs). On thumbnails of
    /// photos level 3 compresses in a half (kitty's raw pixels) to a quarter (PNG's filtered
    /// rows) of the time of the default 6, for 0–3% more bytes; compressing was the largest part
    /// of a decode thread's work per thumbnail.
    package static let picturesLevel = 3

    /// The CRC-32 (PNG's chunk checksum) of `bytes`.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { gk_crc32(0, $0.baseAddress, $0.count) }
    }
}
