extension RGBAImage {
    /// The image shrunk (never grown) so that its longer side is at most `side`, each new pixel
    /// the mean of the source pixels it covers (a box filter: the right thing for shrinking by
    /// large factors, where sampling would alias). The source size is kept.
    package func scaledToFit(_ side: Int) -> RGBAImage {
        guard side > 0, max(width, height) > side else { return self }
        let scale = Double(side) / Double(max(width, height))
        let w = max(1, Int((Double(width) * scale).rounded())), h = max(1, Int((Double(height) * scale).rounded()))
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = y * height / h, y1 = max(y0 + 1, (y + 1) * height / h)
                for x in 0..<w {
                    let x0 = x * width / w, x1 = max(x0 + 1, (x + 1) * width / w)
                    var sum = (0, 0, 0, 0)
                    for sy in y0..<y1 {
                        var i = (sy * width + x0) * 4
                        for _ in x0..<x1 {
                            sum.0 += Int(src[i]); sum.1 += Int(src[i + 1]); sum.2 += Int(src[i + 2]);
                            sum.3 += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let n = (y1 - y0) * (x1 - x0), o = (y * w + x) * 4
                    out[o] = UInt8(sum.0 / n); out[o + 1] = UInt8(sum.1 / n); out[o + 2] = UInt8(sum.2 / n);
                    out[o + 3] = UInt8(sum.3 / n)
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
    }
}
