import GridKit

/// Writes a picture as a PNG: RGB where it is opaque (a thumbnail over its matte), else RGBA.
/// For protocols that want a file format (iTerm2).
///
/// Each row is filtered the way that leaves the smallest differences (among Sub, Up and Paeth,
/// by libpng's measure: the sum of their magnitudes, read as signed bytes), and deflated at
/// `Zlib.picturesLevel`. On thumbnails of photos that is as small as Up alone at zlib's default
/// level 6, in about a quarter of the time.
public enum PNGWriter {
    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(Zlib.crc32(body))
    }

    /// The PNG file for `image`.
    public static func png(_ image: TerminalImage) -> [UInt8] {
        let opaque = image.isOpaque
        let pixels = opaque ? image.rgb() : image.rgba
        let w = image.width, h = image.height, bpp = opaque ? 3 : 4
        let raw = filtered(pixels, width: w, height: h, bytesPerPixel: bpp)
        // Bit depth 8; colour type 2 (RGB) or 6 (RGBA).
        let header = be32(UInt32(w)) + be32(UInt32(h)) + [8, opaque ? 2 : 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Zlib.compress(raw, level: Zlib.picturesLevel)) + chunk("IEND", [])
    }

    /// The rows of `pixels`, each led by its filter type and filtered by it: for each row the
    /// filter whose bytes, read as signed, have the least sum of magnitudes (ties: Up, then Sub).
    static func filtered(_ pixels: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8] {
        let stride = width * bpp
        return [UInt8](unsafeUninitializedCapacity: (stride + 1) * height) { out, made in
            pixels.withUnsafeBufferPointer { px in
                // The three candidates of a row, one after another.
                var trial = [UInt8](repeating: 0, count: 3 * stride)
                trial.withUnsafeMutableBufferPointer { trial in
                    for y in 0..<height {
                        let row = px.baseAddress! + y * stride
                        let above = y == 0 ? nil : row - stride
                        var sums = (0, 0, 0)
                        for i in 0..<stride {
                            let x = row[i], a = i >= bpp ? row[i - bpp] : 0
                            let b = above?[i] ?? 0, c = i >= bpp ? above?[i - bpp] ?? 0 : 0
                            let sub = x &- a, up = x &- b, paeth = x &- Self.paeth(a, b, c)
                            trial[i] = sub; trial[stride + i] = up; trial[2 * stride + i] = paeth
                            sums.0 += Int(Int8(bitPattern: sub).magnitude)
                            sums.1 += Int(Int8(bitPattern: up).magnitude)
                            sums.2 += Int(Int8(bitPattern: paeth).magnitude)
                        }
                        // PNG's filter types: 1 Sub, 2 Up, 4 Paeth.
                        let (type, k) =
                            sums.1 <= sums.0 && sums.1 <= sums.2 ? (2, 1) : sums.0 <= sums.2 ? (1, 0) : (4, 2)
                        let start = y * (stride + 1)
                        out[start] = UInt8(type)
                        for i in 0..<stride { out[start + 1 + i] = trial[k * stride + i] }
                    }
                }
            }
            made = (stride + 1) * height
        }
    }

    /// PNG's Paeth predictor: of left, above and upper left, the one nearest left + above - upper left.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}

/// iTerm2's inline images: OSC 1337 with a base64 PNG, sized in cells.
public enum ITermImage {
    /// The OSC sequence that draws `image` into `columns` × `rows` cells at the cursor.
    public static func sequence(_ image: TerminalImage, columns: Int, rows: Int) -> [UInt8] {
        let encoded = image.encoding("iterm") { Base64.encode(PNGWriter.png(image)) }
        let size = encoded.count / 4 * 3 - encoded.suffix(2).filter { $0 == 61 }.count
        return Array(
            "\u{1B}]1337;File=inline=1;size=\(size);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + encoded + [7]
    }
}
