/// Writes RGBA as a PNG with stored (uncompressed) deflate blocks: a valid PNG any decoder
/// reads, made without zlib. For protocols that want a file format (iTerm2 inline images).
public enum PNGWriter {
    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// The PNG file for `image`.
    public static func png(_ image: TerminalImage) -> [UInt8] {
        let w = image.width, h = image.height
        var raw = [UInt8]()
        raw.reserveCapacity((w * 4 + 1) * h)
        for y in 0..<h {
            raw.append(0) // filter: none
            raw += image.rgba[(y * w * 4)..<((y + 1) * w * 4)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += be32(b << 16 | a)
        let header = be32(UInt32(w)) + be32(UInt32(h)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}

/// iTerm2's inline images: OSC 1337 with a base64 file, sized in cells.
public enum ITermImage {
    /// The OSC sequence that draws `image` into `columns` × `rows` cells at the cursor.
    public static func sequence(_ image: TerminalImage, columns: Int, rows: Int) -> [UInt8] {
        let encoded = image.payload(for: .iterm)
        let size = encoded.count / 4 * 3 - encoded.suffix(2).filter { $0 == 61 }.count
        return Array("\u{1B}]1337;File=inline=1;size=\(size);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + encoded + [7]
    }
}
