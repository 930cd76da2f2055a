import GridKit

/// How a picture cell is written for the pen in effect: which character and which two colours.
/// A picture cell is an upper half block, its top pixel in the foreground and its bottom pixel
/// in the background. It may go out as the lower half block with the colours swapped, and a cell
/// of one colour as a space in that background (one byte, not three) or as a full block.
///
/// Written exactly, a photo changes colour on nearly every cell. That is one or two colour
/// sequences, about 11 bytes for one and 19 for both in 256 colours, against 3 for the block
/// itself. So in 256 colours a cell may keep a colour the pen already has instead of the
/// palette entry nearest its pixel, when that costs little in colour. Each way of writing the
/// cell gets a score: its bytes times `tolerance`, plus how much further its colours are from
/// the pixels than the nearest entries are. The palette's weighted distance measures that.
/// The lowest score wins, and with `tolerance` 0 the colours are exact (and the bytes fewest).
/// Colours below 16 are never chosen for a pixel they are not nearest to, because a user's theme
/// may change them.
package struct HalfBlockChoice {
    /// Weighted squared colour distance a byte saved is worth (0: exact colours only).
    package var tolerance: Int

    /// The writer's default. At 200 a scroll of half-block photos sends about a sixth fewer
    /// bytes, and the colour error grows by about 6% (`make bench` prints both). Side by side
    /// in xterm, gradients look the same; in a small thumbnail of a real photo the finest
    /// texture smooths into flat patches. At 400 bands start to show in gradients, and at 600
    /// a photo's shapes coarsen.
    package static let standardTolerance = 200

    /// The tolerance `GRIDKIT_PICTURE_COLORS` asks for: `exact` (0) or a number, bytes saved
    /// weighed against colour (a larger one sends fewer bytes in coarser colours); nil for
    /// anything else, which leaves the default.
    package static func tolerance(setting: String?) -> Int? {
        guard let setting else { return nil }
        if setting == "exact" { return 0 }
        guard let n = Int(setting), n >= 0, n <= 100_000 else { return nil }
        return n
    }

    /// The palette's colours as 0xRRGGBB, by number: looked up, not worked out, in the distances
    /// that run for nearly every picture cell.
    private let paletteRGB: [UInt32]

    package init(tolerance: Int) {
        self.tolerance = tolerance
        paletteRGB = (0..<256).map { i in
            let (r, g, b) = ColorMapper.rgb(ofPalette: i)
            return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// What the writer puts in a cell: the scalar and its foreground and background numbers.
    package typealias Written = (scalar: UInt32, fg: Int, bg: Int)

    static let upper: UInt32 = 0x2580, lower: UInt32 = 0x2584, full: UInt32 = 0x2588, space: UInt32 = 0x20

    /// The colours a cell's top and bottom halves show, written as `written`.
    @inline(__always)
    static func halves(_ written: Written) -> (top: Int, bottom: Int) {
        switch written.scalar {
        case lower: (written.bg, written.fg)
        case space: (written.bg, written.bg)
        case full: (written.fg, written.fg)
        default: (written.fg, written.bg)
        }
    }
    /// Bytes of one colour sequence and of both in one, in 256 colours (`38;5;n`, `48;5;n`).
    static let oneColorBytes = 11, bothColorsBytes = 19
    /// Bytes of a block in UTF-8, and of a space.
    static let blockBytes = 3, spaceBytes = 1

    /// The cell whose top pixel is palette entry `top` and bottom pixel `bottom`, with the
    /// pixels' own colours `topRGB` and `bottomRGB` when known (RGB cells in 256 colours),
    /// written after a pen of colours `pen` (-1 default, -2 unknown). `pen` is what is in
    /// effect when the cell's colours are set (after any reset the cell's attributes need).
    /// A full block may sit over the pen's background only where that is a picture's colour
    /// (`backgroundUnderBlocks`): a font's block can leave a seam, and a seam in the user's
    /// theme colour, or a header's, would show through the picture.
    package func choose(
        top: Int, bottom: Int, topRGB: SIMD3<Int32>?, bottomRGB: SIMD3<Int32>?, pen: (fg: Int, bg: Int),
        backgroundUnderBlocks: Bool
    ) -> Written {
        // Exactly: an upper half block, or the lower one with the colours swapped where that
        // changes fewer of them. A cell of one colour is a space in that background (the
        // foreground stays as it is), or a full block over the background in effect where only
        // the foreground needs changing.
        let fullBlocks = backgroundUnderBlocks && pen.bg >= 0
        var best: Written, bestBytes: Int
        if top == bottom {
            (best, bestBytes) = Self.oneColor(top, pen: pen, fullBlocks: fullBlocks)
        } else {
            let asIs = Self.changes(top, bottom, pen), swapped = Self.changes(bottom, top, pen)
            best = swapped < asIs ? (Self.lower, bottom, top) : (Self.upper, top, bottom)
            bestBytes = Self.blockBytes + Self.bytes(min(asIs, swapped))
        }
        guard bestBytes > Self.spaceBytes, tolerance > 0, let t = topRGB, let b = bottomRGB else { return best }
        // Keeping a pen colour for the top, the bottom or both halves, or one colour for both
        // halves (the top's or the bottom's) where the pixels are close. Candidates by number:
        // 0 the nearest entry, 1 the pen's foreground, 2 its background, 3 the other half's
        // nearest entry; each with how much further it is from the pixel than the nearest.
        let exactTop = distance(t, top), exactBottom = distance(b, bottom)
        var bestScore = bestBytes * tolerance
        func candidate(_ k: Int, nearest: Int, other: Int, pixel: SIMD3<Int32>, exact: Int) -> (color: Int, extra: Int)?
        {
            let c = k == 0 ? nearest : k == 1 ? pen.fg : k == 2 ? pen.bg : other
            if k == 0 { return (c, 0) }
            guard c >= 16, c != nearest, k != 2 || c != pen.fg, k != 3 || (c != pen.fg && c != pen.bg) else {
                return nil
            }
            return (c, max(0, distance(pixel, c) - exact))
        }
        func offer(_ tc: Int, _ te: Int, _ bc: Int, _ be: Int) {
            let extra = te + be
            guard bc >= 0, extra > 0, extra < bestScore else { return }
            if tc == bc {
                let (written, bytes) = Self.oneColor(tc, pen: pen, fullBlocks: fullBlocks)
                let score = bytes * tolerance + extra
                if score < bestScore { bestScore = score; best = written }
                return
            }
            let upper = (Self.blockBytes + Self.bytes(Self.changes(tc, bc, pen))) * tolerance + extra
            if upper < bestScore { bestScore = upper; best = (Self.upper, tc, bc) }
            let lower = (Self.blockBytes + Self.bytes(Self.changes(bc, tc, pen))) * tolerance + extra
            if lower < bestScore { bestScore = lower; best = (Self.lower, bc, tc) }
        }
        // The bottom's candidates once (-1: none); each of the top's against all of them.
        // (Plain locals, no arrays: this runs for nearly every cell of a picture.)
        let none = (color: -1, extra: 0)
        let b1 = candidate(1, nearest: bottom, other: top, pixel: b, exact: exactBottom) ?? none
        let b2 = candidate(2, nearest: bottom, other: top, pixel: b, exact: exactBottom) ?? none
        let b3 = candidate(3, nearest: bottom, other: top, pixel: b, exact: exactBottom) ?? none
        for i in 0..<4 {
            guard let (tc, te) = candidate(i, nearest: top, other: bottom, pixel: t, exact: exactTop), te < bestScore
            else { continue }
            offer(tc, te, bottom, 0)
            offer(tc, te, b1.color, b1.extra)
            offer(tc, te, b2.color, b2.extra)
            offer(tc, te, b3.color, b3.extra)
        }
        return best
    }

    /// A cell of colour `c` and its bytes: a space in that background, which leaves the
    /// foreground as it is, or (`fullBlocks`) a full block in that foreground where the
    /// background would change and the foreground already is `c`. Either looks like the two
    /// halves in `c`; a space also has no seam, and a terminal that raises the contrast of a
    /// foreground close to its background (iTerm2, Windows Terminal) has nothing to raise.
    private static func oneColor(_ c: Int, pen: (fg: Int, bg: Int), fullBlocks: Bool) -> (Written, Int) {
        if fullBlocks && pen.fg == c && pen.bg != c { return ((full, c, pen.bg), blockBytes) }
        return ((space, pen.fg, c), spaceBytes + (pen.bg == c ? 0 : oneColorBytes))
    }

    /// How many of the pen's two colours change for foreground `fg` and background `bg`.
    private static func changes(_ fg: Int, _ bg: Int, _ pen: (fg: Int, bg: Int)) -> Int {
        (fg == pen.fg ? 0 : 1) + (bg == pen.bg ? 0 : 1)
    }

    private static func bytes(_ changes: Int) -> Int {
        changes == 0 ? 0 : changes == 1 ? oneColorBytes : bothColorsBytes
    }

    /// The palette's weighted squared distance (as `ColorMapper` matches colours) from a pixel
    /// to palette entry `index`.
    @inline(__always)
    private func distance(_ pixel: SIMD3<Int32>, _ index: Int) -> Int {
        let v = paletteRGB[index & 255]
        let dr = Int(pixel.x) - Int(v >> 16), dg = Int(pixel.y) - Int(v >> 8 & 0xFF), db = Int(pixel.z) - Int(v & 0xFF)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
