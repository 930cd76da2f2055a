/// A sixel picture's palette: median cut over a sample of its pixels.
extension SixelEncoder {
    /// Up to `count` colours that represent `rgb` well: median cut over (a sample of) its pixels.
    package static func medianCut(_ rgb: [UInt8], count: Int) -> [(UInt8, UInt8, UInt8)] {
        let pixels = rgb.count / 3
        let step = max(1, pixels / 65_536) // a sample is enough to choose a palette
        var samples: [UInt32] = []
        samples.reserveCapacity(pixels / step + 1)
        var i = 0
        while i < pixels {
            samples.append(UInt32(rgb[i * 3]) << 16 | UInt32(rgb[i * 3 + 1]) << 8 | UInt32(rgb[i * 3 + 2])); i += step
        }
        func channel(_ v: UInt32, _ c: Int) -> UInt32 { (v >> UInt32(16 - 8 * c)) & 0xFF }
        // A box is a range of `samples`, with its widest channel worked out once when it is
        // made: looking again at every box for each of up to 255 splits made a picture's
        // palette cost 255 passes over its pixels (a second a tile in a debug build).
        struct Box {
            var range: Range<Int>
            var channel = 0
            var spread: UInt32 = 0
        }
        func measured(_ range: Range<Int>) -> Box {
            var box = Box(range: range)
            guard range.count > 1 else { return box }
            var lo: (UInt32, UInt32, UInt32) = (255, 255, 255), hi: (UInt32, UInt32, UInt32) = (0, 0, 0)
            samples.withUnsafeBufferPointer { all in
                let base = all.baseAddress!
                for i in range {
                    let v = base[i], r = v >> 16 & 0xFF, g = v >> 8 & 0xFF, b = v & 0xFF
                    lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                    hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
                }
            }
            // The first channel with the largest spread, as the split below expects.
            for (c, spread) in [hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2].enumerated() where spread > box.spread {
                box.channel = c
                box.spread = spread
            }
            return box
        }
        var boxes = [measured(0..<samples.count)]
        while boxes.count < count {
            // Split the box with the widest spread (the first of equals); stop when none can be split.
            var pick = -1, pickSpread: UInt32 = 0
            for (k, b) in boxes.enumerated() where b.spread > pickSpread {
                pick = k
                pickSpread = b.spread
            }
            guard pick >= 0 else { break }
            let box = boxes[pick]
            sortByChannel(&samples, box.range, shift: UInt32(16 - 8 * box.channel))
            let mid = box.range.lowerBound + box.range.count / 2
            boxes[pick] = measured(box.range.lowerBound..<mid)
            boxes.append(measured(mid..<box.range.upperBound))
        }
        return boxes.map { box in
            var r = 0, g = 0, b = 0
            for v in samples[box.range] { r += Int(channel(v, 0)); g += Int(channel(v, 1)); b += Int(channel(v, 2)) }
            let n = max(1, box.range.count)
            return (UInt8(r / n), UInt8(g / n), UInt8(b / n))
        }
    }

    /// Sorts `samples[range]` by one 8-bit channel, keeping the order of equal values (what a
    /// stable sort does, in one counting pass instead of comparisons).
    package static func sortByChannel(_ samples: inout [UInt32], _ range: Range<Int>, shift: UInt32) {
        guard range.count > 1 else { return }
        var counts = [Int](repeating: 0, count: 257)
        var sorted = [UInt32](repeating: 0, count: range.count)
        samples.withUnsafeMutableBufferPointer { all in
            counts.withUnsafeMutableBufferPointer { countBuffer in
                sorted.withUnsafeMutableBufferPointer { sortedBuffer in
                    let base = all.baseAddress!, counts = countBuffer.baseAddress!, out = sortedBuffer.baseAddress!
                    for i in range { counts[Int(base[i] >> shift & 0xFF) + 1] += 1 }
                    for v in 0..<256 { counts[v + 1] += counts[v] }
                    for i in range {
                        let v = Int(base[i] >> shift & 0xFF)
                        out[counts[v]] = base[i]
                        counts[v] += 1
                    }
                    for k in 0..<range.count { base[range.lowerBound + k] = out[k] }
                }
            }
        }
    }
}
