import Foundation
import GridKit

/// Sixel, DEC's bitmap format that xterm, foot, mlterm, WezTerm, Windows Terminal and Konsole
/// draw: a palette, then bands six pixels tall, one run-length coded pass per colour.
///
/// The palette is chosen per image by median cut (boxes of colour space split at the median of
/// their longest side), and pixels are mapped to it with Floyd–Steinberg dithering unless
/// turned off. Alpha is laid over black.
public enum SixelEncoder {
    /// Dithering for pictures encoded by `sixel(_:colors:)`: on, unless
    /// `GRIDKIT_SIXEL_DITHER=off` (flat colours, fewer bytes).
    public static let dithersByDefault: Bool = {
        guard let value = getenv("GRIDKIT_SIXEL_DITHER") else { return true }
        return String(cString: value) != "off"
    }()

    /// The DCS sequence for `image` with at most `colors` palette entries, made once per image
    /// and palette size (kept on the image, with its colours: `quantized(_:colors:)`).
    public static func sixel(_ image: TerminalImage, colors: Int) -> [UInt8] {
        image.encoding("sixel-\(colors)") {
            let pixels = quantized(image, colors: colors)
            return encode(pixels, region: Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        }
    }

    /// `image`'s sixel colours with the default dithering, decided once per image and palette
    /// size and kept on the image: the picture's preparation (off the main thread) decides them
    /// with its whole sixel, and a piece cut from it later needs no work of its own.
    package static func quantized(_ image: TerminalImage, colors: Int) -> Quantized {
        let kept = image.encoding("sixel-colours-\(colors)") {
            quantized(image, colors: colors, dither: dithersByDefault).stored
        }
        return Quantized(stored: kept, width: image.width, height: image.height)
    }

    /// The DCS sequence for `image` with at most `colors` palette entries (2…256). Its
    /// background is transparent (P2 = 1), so the bottom band's pixels below the image leave
    /// what is under them alone.
    public static func encode(_ image: TerminalImage, colors: Int = 256, dither: Bool = true) -> [UInt8] {
        let pixels = quantized(image, colors: colors, dither: dither)
        return encode(pixels, region: Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
    }

    /// The DCS sequence for the pixels of `region` (inside the picture) of `pixels`: its own
    /// size, the picture's palette, only the entries the region uses defined. A colour's pass
    /// over a band ends at its last pixel there (the rest of the band stays as it is).
    ///
    /// Pieces of cut tiles are encoded on the main thread, a screenful of them after a scroll:
    /// no text is formatted and no array made per run (that cost 21 ms a Down in xterm's size).
    package static func encode(_ pixels: Quantized, region requested: Rect) -> [UInt8] {
        let region = requested.intersection(Rect(x: 0, y: 0, width: pixels.width, height: pixels.height))
        let w = region.width, h = region.height, palette = pixels.palette, n = palette.count
        guard w > 0, h > 0, n > 0, pixels.indexes.count >= pixels.width * pixels.height else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(64 + n * 16 + w * h / 2)
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func append(decimal value: Int) {
            var v = value, digits = 1
            while v >= 10 { v /= 10; digits *= 10 }
            v = value
            while digits > 0 {
                out.append(UInt8(48 + v / digits))
                v %= digits
                digits /= 10
            }
        }
        append("\u{1B}P0;1;0q\"1;1;")
        append(decimal: w)
        out.append(59) // ;
        append(decimal: h)
        var used = [Bool](repeating: false, count: n)
        pixels.indexes.withUnsafeBufferPointer { all in
            let indexes = all.baseAddress!
            for y in region.minY..<region.maxY {
                for x in region.minX..<region.maxX { used[Int(indexes[y * pixels.width + x])] = true }
            }
        }
        for (i, c) in palette.enumerated() where used[i] {
            out.append(35) // #
            append(decimal: i)
            append(";2;")
            append(decimal: Int(c.0) * 100 / 255)
            out.append(59)
            append(decimal: Int(c.1) * 100 / 255)
            out.append(59)
            append(decimal: Int(c.2) * 100 / 255)
        }
        // Per colour, a band's six rows of bits across the region, and where in the band the
        // colour is (its first and last column; first > last when it is not in the band).
        var bits = [UInt8](repeating: 0, count: n * w)
        var first = [Int](repeating: Int.max, count: n), last = [Int](repeating: -1, count: n)
        func run(_ sixel: UInt8, _ count: Int) {
            if count > 3 {
                out.append(33) // !
                append(decimal: count)
                out.append(sixel)
            } else {
                for _ in 0..<count { out.append(sixel) }
            }
        }
        pixels.indexes.withUnsafeBufferPointer { all in
            bits.withUnsafeMutableBufferPointer { bitBuffer in
                first.withUnsafeMutableBufferPointer { firstBuffer in
                    last.withUnsafeMutableBufferPointer { lastBuffer in
                        let indexes = all.baseAddress!, bits = bitBuffer.baseAddress!
                        let first = firstBuffer.baseAddress!, last = lastBuffer.baseAddress!
                        var band = 0
                        while band < h {
                            let rows = min(6, h - band)
                            for r in 0..<rows {
                                let base = (region.minY + band + r) * pixels.width + region.minX
                                let bit = UInt8(1) << UInt8(r)
                                for x in 0..<w {
                                    let c = Int(indexes[base + x])
                                    bits[c * w + x] |= bit
                                    if x < first[c] { first[c] = x }
                                    if x > last[c] { last[c] = x }
                                }
                            }
                            var passes = 0
                            for c in 0..<n where first[c] <= last[c] {
                                if passes > 0 { out.append(36) } // $: back to the band's start
                                passes += 1
                                out.append(35) // #
                                append(decimal: c)
                                let row = bits + c * w
                                run(63, first[c])
                                var x = first[c]
                                while x <= last[c] {
                                    let v = row[x]
                                    var count = 1
                                    while x + count <= last[c] && row[x + count] == v { count += 1 }
                                    run(63 + v, count)
                                    x += count
                                }
                                for k in first[c]...last[c] { row[k] = 0 }
                                first[c] = Int.max
                                last[c] = -1
                            }
                            band += 6
                            if band < h { out.append(45) } // -: next band
                        }
                    }
                }
            }
        }
        append("\u{1B}\\")
        return out
    }
}
