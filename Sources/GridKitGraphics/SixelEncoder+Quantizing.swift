import GridKit

/// Sixel colours: each pixel mapped to a palette entry (nearest, with Floyd–Steinberg error
/// diffusion unless turned off), decided once per picture and kept for the pieces cut from it.
extension SixelEncoder {
    /// A picture's colours decided once for sixel: its palette and each pixel's entry in it.
    /// A piece cut from it (`encode(_:region:)`) shows exactly the pixels the whole picture
    /// shows there, where a piece quantized on its own would choose its own palette and dither
    /// differently: a tile cut by a header then differs from the same tile scrolled there.
    package struct Quantized: Sendable {
        package let width: Int, height: Int
        package let palette: [(UInt8, UInt8, UInt8)]
        /// Palette entries, a byte a pixel, row by row.
        package let indexes: [UInt8]

        init(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], indexes: [UInt8]) {
            self.width = width; self.height = height; self.palette = palette; self.indexes = indexes
        }

        /// As kept on an image: the palette's size, its colours (three bytes each), the entries.
        var stored: [UInt8] {
            var out: [UInt8] = [UInt8(truncatingIfNeeded: palette.count - 1)]
            out.reserveCapacity(1 + palette.count * 3 + indexes.count)
            for c in palette { out += [c.0, c.1, c.2] }
            return out + indexes
        }

        init(stored: [UInt8], width: Int, height: Int) {
            guard let first = stored.first, width > 0, height > 0 else {
                self.init(width: 0, height: 0, palette: [], indexes: []); return
            }
            let n = Int(first) + 1
            var palette: [(UInt8, UInt8, UInt8)] = []
            palette.reserveCapacity(n)
            for i in 0..<n {
                let at = 1 + i * 3
                palette.append((stored[at], stored[at + 1], stored[at + 2]))
            }
            self.init(width: width, height: height, palette: palette, indexes: Array(stored[(1 + n * 3)...]))
        }
    }

    /// `image`'s palette (at most `colors` entries, median cut) and pixels mapped to it.
    package static func quantized(_ image: TerminalImage, colors: Int, dither: Bool) -> Quantized {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return Quantized(width: 0, height: 0, palette: [], indexes: []) }
        let rgb = opaque(image)
        let palette = medianCut(rgb, count: max(2, min(256, colors)))
        return Quantized(
            width: w, height: h, palette: palette,
            indexes: quantize(rgb, width: w, height: h, palette: palette, dither: dither))
    }

    /// RGB, alpha laid over black.
    static func opaque(_ image: TerminalImage) -> [UInt8] {
        let n = image.width * image.height
        var out = [UInt8](repeating: 0, count: n * 3)
        image.rgba.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { outBuffer in
                guard n > 0, let src = srcBuffer.baseAddress, let out = outBuffer.baseAddress else { return }
                for i in 0..<n {
                    let a = Int(src[i * 4 + 3])
                    out[i * 3] = UInt8(Int(src[i * 4]) * a / 255)
                    out[i * 3 + 1] = UInt8(Int(src[i * 4 + 1]) * a / 255)
                    out[i * 3 + 2] = UInt8(Int(src[i * 4 + 2]) * a / 255)
                }
            }
        }
        return out
    }

    /// Palette indexes for every pixel, nearest colour (by squared distance), with optional
    /// Floyd–Steinberg error diffusion.
    static func quantize(_ rgb: [UInt8], width w: Int, height h: Int, palette: [(UInt8, UInt8, UInt8)], dither: Bool)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: w * h)
        guard w > 0, h > 0, !palette.isEmpty, rgb.count >= w * h * 3 else { return out }
        var cache = [Int16](repeating: -1, count: 1 << 15) // 5 bits a channel
        let colours: [Int] = palette.flatMap { [Int($0.0), Int($0.1), Int($0.2)] }
        let n = palette.count
        var err = [Int](repeating: 0, count: (w + 2) * 3 * 2) // this row and the next
        // Raw pointers: per-pixel loops over arrays ran 50 times slower in a debug build, where
        // the tests run the app.
        rgb.withUnsafeBufferPointer { rgbBuffer in
            colours.withUnsafeBufferPointer { colourBuffer in
                cache.withUnsafeMutableBufferPointer { cacheBuffer in
                    err.withUnsafeMutableBufferPointer { errBuffer in
                        out.withUnsafeMutableBufferPointer { outBuffer in
                            let src = rgbBuffer.baseAddress!, pal = colourBuffer.baseAddress!
                            let cache = cacheBuffer.baseAddress!, err = errBuffer.baseAddress!,
                                out = outBuffer.baseAddress!
                            func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
                                let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                                if cache[key] >= 0 { return Int(cache[key]) }
                                var best = 0, bestD = Int.max, i = 0
                                while i < n {
                                    let dr = r - pal[i * 3], dg = g - pal[i * 3 + 1], db = b - pal[i * 3 + 2]
                                    let d = dr * dr + dg * dg + db * db
                                    if d < bestD { best = i; bestD = d }
                                    i += 1
                                }
                                cache[key] = Int16(best)
                                return best
                            }
                            for y in 0..<h {
                                let cur = (y % 2) * (w + 2) * 3, next = ((y + 1) % 2) * (w + 2) * 3
                                for k in 0..<((w + 2) * 3) { err[next + k] = 0 }
                                var x = 0
                                while x < w {
                                    let p = (y * w + x) * 3
                                    var r = Int(src[p]), g = Int(src[p + 1]), b = Int(src[p + 2])
                                    if dither {
                                        let e = cur + (x + 1) * 3
                                        r = max(0, min(255, r + err[e] / 16))
                                        g = max(0, min(255, g + err[e + 1] / 16))
                                        b = max(0, min(255, b + err[e + 2] / 16))
                                    }
                                    let i = nearest(r, g, b)
                                    out[y * w + x] = UInt8(i)
                                    if dither {
                                        let errors = (r - pal[i * 3], g - pal[i * 3 + 1], b - pal[i * 3 + 2])
                                        for k in 0..<3 {
                                            let e = k == 0 ? errors.0 : k == 1 ? errors.1 : errors.2
                                            err[cur + (x + 2) * 3 + k] += e * 7
                                            err[next + x * 3 + k] += e * 3
                                            err[next + (x + 1) * 3 + k] += e * 5
                                            err[next + (x + 2) * 3 + k] += e
                                        }
                                    }
                                    x += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
