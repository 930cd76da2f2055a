import GridKit

/// Maps GridKit colours down to what a terminal can show: direct colour, the xterm 256-colour
/// palette, 16 or 8 ANSI colours, or none (where emphasis becomes reverse video).
package struct ColorMapper: Sendable {
    package let mode: ColorMode
    package init(mode: ColorMode) { self.mode = mode }

    /// Marks a direct colour's number (`directFlag | 0xRRGGBB`): above every palette number, so
    /// the darkest blues (0x000001…0x0000FF) are never read as the ANSI colours or palette
    /// entries that share their numbers.
    package static let directFlag = 1 << 24

    /// The xterm defaults for the 16 ANSI colours.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255)
    ]

    /// RGB of a palette entry.
    package static func rgb(ofPalette index: Int) -> (Int, Int, Int) {
        if index < 16 { return ansiRGB[index] }
        if index >= 232 { let v = 8 + (index - 232) * 10; return (v, v, v) }
        let i = index - 16
        return (cubeLevel(i / 36), cubeLevel((i / 6) % 6), cubeLevel(i % 6))
    }

    /// The cube's six levels (0, 95, 135, 175, 215, 255), by arithmetic: this runs for every
    /// cell of a picture, and a table costs a lookup of the table first.
    @inline(__always)
    static func cubeLevel(_ l: Int) -> Int { l == 0 ? 0 : 55 + 40 * l }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The nearest entry of the 6×6×6 cube or the grey ramp (never the user-themable first 16).
    package static func nearestPalette(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let (ri, gi, bi) = (level(r), level(g), level(b))
        let cube = 16 + 36 * ri + 6 * gi + bi
        let mean = (r + g + b) / 3
        let greyIndex = min(23, mean > 238 ? 23 : max(0, (mean - 3) / 10))
        let greyValue = 8 + 10 * greyIndex
        let cubeRGB = (cubeLevel(ri), cubeLevel(gi), cubeLevel(bi))
        return distance(cubeRGB, (r, g, b)) <= distance((greyValue, greyValue, greyValue), (r, g, b))
            ? cube : 232 + greyIndex
    }

    /// The nearest of the first `count` ANSI colours (8 or 16).
    package static func nearestANSI(_ r: Int, _ g: Int, _ b: Int, count: Int) -> Int {
        var best = 0, bestD = Int.max
        for i in 0..<count {
            let d = distance(ansiRGB[i], (r, g, b))
            if d < bestD { best = i; bestD = d }
        }
        return best
    }

    private func components(_ c: Color) -> (Int, Int, Int)? {
        switch c.kind {
        case .default: return nil
        case .ansi(let i): return Self.ansiRGB[Int(i) & 15]
        case .palette(let i): return Self.rgb(ofPalette: Int(i))
        case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
        }
    }

    /// The terminal colour number for `c` (-1 for the terminal default).
    package func index(of c: Color) -> Int {
        if c.isDefault { return -1 }
        switch mode {
        case .monochrome: return -1
        case .direct:
            switch c.kind {
            // The theme's colours and palette entries as they are: the user's palette is kept,
            // and a palette number is shorter than the colour it stands for.
            case .ansi(let i): return Int(i)
            case .palette(let i): return Int(i)
            case .rgb(let r, let g, let b): return Self.directFlag | Int(r) << 16 | Int(g) << 8 | Int(b)
            case .default: return -1
            }
        case .palette256:
            // Read from the colour's bits (kind in the top byte): RGB is what every picture cell is.
            let v = Int(c.rawValue & 0xFF_FFFF)
            switch c.rawValue >> 24 {
            case 3: return Self.nearestPalette(v >> 16, (v >> 8) & 0xFF, v & 0xFF)
            default: return v & 0xFF // an ANSI colour or a palette entry: its number
            }
        case .ansi16, .ansi8:
            let n = mode == .ansi16 ? 16 : 8
            if case .ansi(let i) = c.kind { return Int(i) % n }
            let (r, g, b) = components(c)!
            return Self.nearestANSI(r, g, b, count: n)
        }
    }

    /// The colour pair's (fg, bg) numbers and the attributes to draw `style` with.
    package func resolve(_ style: Style) -> (fg: Int, bg: Int, attributes: TextAttributes) {
        var attrs = style.attributes
        if mode == .monochrome {
            // Without colour, a coloured background is how cells show focus or selection.
            if !style.background.isDefault { attrs.insert(.reverse) }
            return (-1, -1, attrs)
        }
        var fg = index(of: style.foreground)
        if attrs.contains(.bold), fg == 0 {
            // xterm draws bold text in the first eight colours in their bright forms (its
            // `boldColors`, on by default): bold black, however it was named, comes out grey,
            // which a coloured bar (a title, a focused row) all but hides. In 256 colours the
            // palette's own black (16) is not brightened; elsewhere black goes without bold.
            if mode == .palette256 { fg = 16 } else { attrs.remove(.bold) }
        }
        // (After that: bright black in 8 colours is bold black on purpose.)
        if mode == .ansi8, case .ansi(let i) = style.foreground.kind, i >= 8 { attrs.insert(.bold); fg = Int(i) - 8 }
        return (fg, index(of: style.background), attrs)
    }
}
