import GridKit

/// What a terminal shows after the writer's bytes, for picture cells: the colours of each
/// half-block cell's two halves, read back from the SGR, cursor, scroll and block sequences the
/// writer sends in 256 colours. Compared with the canvas's pixels, it measures the colour error
/// a tolerance costs.
struct ShownColors {
    let size: Size
    /// Per cell: the top and bottom palette entries shown (-1 where not a picture cell).
    var top: [Int], bottom: [Int]
    var x = 0, y = 0, fg = -1, bg = -1
    var region = 0..<0

    init(size: Size) {
        self.size = size
        top = Array(repeating: -1, count: size.width * size.height)
        bottom = top
        region = 0..<size.height
    }

    mutating func read(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
                var j = i + 2
                while j < bytes.count, bytes[j] < 0x40 { j += 1 }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(
                    separator: ";", omittingEmptySubsequences: false
                ).map { Int($0) ?? 0 }
                control(bytes[j], params)
                i = j + 1
                continue
            }
            if bytes[i] == 0x1B {
                i += i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "(") ? 3 : 2 // a charset or other short escape
                continue
            }
            if bytes[i] == 0x08 || bytes[i] == 0x0D {
                x = bytes[i] == 0x0D ? 0 : max(0, x - 1)
                i += 1
                continue
            }
            // One UTF-8 character: its scalar decides what the cell shows.
            var n = 1
            if bytes[i] >= 0xF0 { n = 4 } else if bytes[i] >= 0xE0 { n = 3 } else if bytes[i] >= 0xC0 { n = 2 }
            let scalar =
                String(decoding: bytes[i..<min(bytes.count, i + n)], as: UTF8.self).unicodeScalars.first?.value ?? 0
            if x < size.width && y < size.height {
                let k = y * size.width + x
                switch scalar {
                case 0x2580: (top[k], bottom[k]) = (fg, bg)
                case 0x2584: (top[k], bottom[k]) = (bg, fg)
                case 0x2588: (top[k], bottom[k]) = (fg, fg)
                case 0x20: (top[k], bottom[k]) = (bg, bg) // a picture cell of one colour
                default: (top[k], bottom[k]) = (-1, -1)
                }
            }
            x += 1
            i += n
        }
    }

    private mutating func control(_ final: UInt8, _ p: [Int]) {
        switch final {
        case UInt8(ascii: "H"): y = max(0, (p.first ?? 1) - 1); x = max(0, (p.count > 1 ? p[1] : 1) - 1)
        case UInt8(ascii: "G"): x = max(0, (p.first ?? 1) - 1)
        case UInt8(ascii: "C"): x = min(size.width - 1, x + max(1, p.first ?? 1))
        case UInt8(ascii: "D"): x = max(0, x - max(1, p.first ?? 1))
        case UInt8(ascii: "A"): y = max(0, y - max(1, p.first ?? 1))
        case UInt8(ascii: "B"): y = min(size.height - 1, y + max(1, p.first ?? 1))
        case UInt8(ascii: "r"): region = max(0, (p.first ?? 1) - 1)..<(p.count > 1 ? p[1] : size.height)
        case UInt8(ascii: "K"):
            for c in x..<size.width where y < size.height {
                top[y * size.width + c] = -1; bottom[y * size.width + c] = -1
            }
        case UInt8(ascii: "X"):
            for c in x..<min(size.width, x + max(1, p.first ?? 1)) where y < size.height {
                top[y * size.width + c] = -1; bottom[y * size.width + c] = -1
            }
        case UInt8(ascii: "S"): scroll(by: p.first ?? 1)
        case UInt8(ascii: "T"): scroll(by: -(p.first ?? 1))
        case UInt8(ascii: "m"):
            var k = 0
            if p.isEmpty || p == [0] { fg = -1; bg = -1 }
            while k < p.count {
                if p[k] == 38, k + 2 < p.count { fg = p[k + 2]; k += 3; continue }
                if p[k] == 48, k + 2 < p.count { bg = p[k + 2]; k += 3; continue }
                if p[k] == 0 || p[k] == 39 { fg = -1 }
                if p[k] == 0 || p[k] == 49 { bg = -1 }
                k += 1
            }
        default: break
        }
    }

    private mutating func scroll(by n: Int) {
        let w = size.width
        let rows = Array(region)
        let order = n > 0 ? rows : rows.reversed()
        for r in order {
            let from = r + n
            for c in 0..<w {
                let inside = region.contains(from)
                top[r * w + c] = inside ? top[from * w + c] : -1
                bottom[r * w + c] = inside ? bottom[from * w + c] : -1
            }
        }
    }

    /// The mean weighted squared distance between each picture pixel of `canvas` and what is shown.
    func error(against canvas: Canvas) -> Double {
        var sum = 0, count = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = canvas[x, y], k = y * size.width + x
                guard cell.text == "▀", case .rgb(let r1, let g1, let b1) = cell.style.foreground.kind,
                    case .rgb(let r2, let g2, let b2) = cell.style.background.kind, top[k] >= 16, bottom[k] >= 16
                else { continue }
                sum += weightedDistance((r1, g1, b1), top[k]) + weightedDistance((r2, g2, b2), bottom[k])
                count += 2
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }
}
