import GridKit

/// Writes a picture as a PNG: RGB where it is opaque (a thumbnail over its matte), else RGBA,
/// each row filtered by the row above ("Up"), which suits photographs and flat matte alike.
/// For protocols that want a file format (iTerm2).
public enum PNGWriter {
    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(Zlib.crc32(body))
    }

    /// The PNG file for `image`.
    public static func png(_ image: TerminalImage) -> [UInt8] {
        let opaque = image.isOpaque
        let pixels = opaque ? image.rgb() : image.rgba
        let w = image.width, h = image.height, stride = w * (opaque ? 3 : 4)
        let raw = [UInt8](unsafeUninitializedCapacity: (stride + 1) * h) { out, made in
            pixels.withUnsafeBufferPointer { px in
                for y in 0..<h {
                    let row = y * (stride + 1), from = y * stride
                    out[row] = y == 0 ? 0 : 2 // none for the first row, then Up
                    for i in 0..<stride { out[row + 1 + i] = y == 0 ? px[from + i] : px[from + i] &- px[from - stride + i] }
                }
            }
            made = (stride + 1) * h
        }
        // Bit depth 8; colour type 2 (RGB) or 6 (RGBA).
        let header = be32(UInt32(w)) + be32(UInt32(h)) + [8, opaque ? 2 : 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Zlib.compress(raw)) + chunk("IEND", [])
    }
}

/// iTerm2's inline images: OSC 1337 with a base64 PNG, sized in cells.
public enum ITermImage {
    /// The OSC sequence that draws `image` into `columns` × `rows` cells at the cursor.
    public static func sequence(_ image: TerminalImage, columns: Int, rows: Int) -> [UInt8] {
        let encoded = image.encoding("iterm") { Base64.encode(PNGWriter.png(image)) }
        let size = encoded.count / 4 * 3 - encoded.suffix(2).filter { $0 == 61 }.count
        return Array("\u{1B}]1337;File=inline=1;size=\(size);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + encoded + [7]
    }
}
