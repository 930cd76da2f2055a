import GridKit

/// A picture without its alpha, for a PNG of it (iTerm2): a thumbnail is opaque (its photo is
/// drawn over a matte), and as RGB a thumbnail of a photo compresses in three quarters of the
/// time, to a tenth fewer bytes.
extension TerminalImage {
    /// Whether every pixel's alpha is 255.
    var isOpaque: Bool {
        rgba.withUnsafeBufferPointer { px in
            var i = 3
            while i < px.count {
                if px[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The pixels as RGB, 3 bytes each, row by row (the alpha dropped).
    func rgb() -> [UInt8] {
        let count = width * height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, made in
            rgba.withUnsafeBufferPointer { px in
                for i in 0..<count {
                    out[3 * i] = px[4 * i]
                    out[3 * i + 1] = px[4 * i + 1]
                    out[3 * i + 2] = px[4 * i + 2]
                }
            }
            made = count * 3
        }
    }
}
