extension Thumbnail {
    /// Box-filter downscaling with fractional edges: each target pixel is the mean of the source
    /// area it covers exactly, a source pixel cut by its edge counting for the part inside.
    /// `areaAverage` rounds each target pixel's edges to whole source pixels, which shifts the
    /// samples by up to a source pixel; at 2 × 6 samples a cell from a source a few times larger
    /// (a thumbnail from the desktop's cache) that is a third of a sample, and edges came out
    /// blurred and out of place (picture-quality.py: chafa, which samples exactly, was ahead).
    /// Transparency is blended onto `matte`. Never grows: a target larger than the source
    /// repeats pixels.
    static func exactAreaAverage(_ image: RGBAImage, to tw: Int, _ th: Int, matte: (UInt8, UInt8, UInt8)) -> [UInt8] {
        guard tw > 0, th > 0, image.width > 0, image.height > 0 else { return [] }
        // Per target column (row): the source pixels it covers and the part of each covered.
        func spans(_ source: Int, _ target: Int) -> [(first: Int, weights: [Float])] {
            let scale = Double(source) / Double(target)
            return (0..<target).map { t in
                let a = Double(t) * scale, b = Double(t + 1) * scale
                let first = min(source - 1, Int(a)), last = min(source - 1, max(first, Int((b - 1e-9).rounded(.down))))
                let weights = (first...last).map { s in Float(min(b, Double(s + 1)) - max(a, Double(s))) / Float(scale)
                }
                return (first, weights)
            }
        }
        let columns = spans(image.width, tw), rows = spans(image.height, th)
        // Source rows blended onto the matte, then each narrowed to the target's columns.
        var narrowed = [Float](repeating: 0, count: image.height * tw * 3)
        image.pixels.withUnsafeBufferPointer { src in
            var row = [Float](repeating: 0, count: image.width * 3)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4, a = Float(src[i + 3]) / 255
                    row[x * 3] = Float(src[i]) * a + Float(matte.0) * (1 - a)
                    row[x * 3 + 1] = Float(src[i + 1]) * a + Float(matte.1) * (1 - a)
                    row[x * 3 + 2] = Float(src[i + 2]) * a + Float(matte.2) * (1 - a)
                }
                for (tx, span) in columns.enumerated() {
                    var r: Float = 0, g: Float = 0, b: Float = 0
                    for (k, w) in span.weights.enumerated() {
                        let s = (span.first + k) * 3
                        r += row[s] * w; g += row[s + 1] * w; b += row[s + 2] * w
                    }
                    let o = (y * tw + tx) * 3
                    narrowed[o] = r; narrowed[o + 1] = g; narrowed[o + 2] = b
                }
            }
        }
        var out = [UInt8](repeating: 0, count: tw * th * 3)
        for (ty, span) in rows.enumerated() {
            for tx in 0..<tw {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for (k, w) in span.weights.enumerated() {
                    let s = ((span.first + k) * tw + tx) * 3
                    r += narrowed[s] * w; g += narrowed[s + 1] * w; b += narrowed[s + 2] * w
                }
                let o = (ty * tw + tx) * 3
                out[o] = UInt8(min(255, max(0, r.rounded()))); out[o + 1] = UInt8(min(255, max(0, g.rounded())))
                out[o + 2] = UInt8(min(255, max(0, b.rounded())))
            }
        }
        return out
    }
}
