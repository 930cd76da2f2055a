import GridKit
import Testing

@testable import GridKitTerminal

@Suite struct ColorMapperTests {
    @Test func rgbToNearestPaletteEntry() {
        #expect(ColorMapper.nearestPalette(255, 0, 0) == 196)
        #expect(ColorMapper.nearestPalette(0, 0, 0) == 16)
        #expect(ColorMapper.nearestPalette(255, 255, 255) == 231)
        #expect(ColorMapper.nearestPalette(128, 128, 128) == 244) // grey ramp beats the cube here
        #expect(ColorMapper.nearestPalette(95, 135, 175) == 67) // exact cube entry
    }

    @Test func paletteEntriesRoundTrip() {
        for i in 16..<256 {
            let (r, g, b) = ColorMapper.rgb(ofPalette: i)
            let back = ColorMapper.nearestPalette(r, g, b)
            #expect(ColorMapper.rgb(ofPalette: back) == ColorMapper.rgb(ofPalette: i), "entry \(i)")
        }
    }

    @Test func eachModeMapsDown() {
        let red = Color.rgb(250, 10, 10)
        #expect(ColorMapper(mode: .direct).index(of: red) == ColorMapper.directFlag | 250 << 16 | 10 << 8 | 10)
        #expect(ColorMapper(mode: .palette256).index(of: red) == 196)
        #expect(ColorMapper(mode: .ansi16).index(of: red) == 9)
        #expect(ColorMapper(mode: .ansi8).index(of: red) == 1)
        #expect(ColorMapper(mode: .ansi16).index(of: .palette(21)) == 4) // 0,0,255 is nearer 0,0,238 than 92,92,255
        #expect(ColorMapper(mode: .palette256).index(of: .default) == -1)
        #expect(ColorMapper(mode: .palette256).index(of: .ansi(3)) == 3)
    }

    /// In direct colour an RGB colour is numbered above every palette entry (the darkest blues
    /// are not the ANSI colours of the same numbers), and the theme's colours and palette
    /// entries stay what they are.
    @Test func directColourKeepsNamedColoursAndMarksRGB() {
        let direct = ColorMapper(mode: .direct)
        #expect(direct.index(of: .rgb(0, 0, 5)) == ColorMapper.directFlag | 5)
        #expect(direct.index(of: .rgb(0, 0, 0)) == ColorMapper.directFlag)
        #expect(direct.index(of: .ansi(12)) == 12)
        #expect(direct.index(of: .palette(67)) == 67)
        #expect(direct.index(of: .default) == -1)
    }

    @Test func eightColoursTurnBrightIntoBold() {
        let r = ColorMapper(mode: .ansi8).resolve(Style(foreground: .ansi(14)))
        #expect(r.fg == 6)
        #expect(r.attributes.contains(.bold))
    }

    @Test func monochromeShowsColouredBackgroundsAsReverse() {
        let m = ColorMapper(mode: .monochrome)
        let focus = m.resolve(Style(foreground: .black, background: .cyan))
        #expect(focus.fg == -1 && focus.bg == -1 && focus.attributes.contains(.reverse))
        #expect(!m.resolve(Style(foreground: .red)).attributes.contains(.reverse))
    }

    /// Bold black would be grey in xterm (bold brightens the first eight colours): in 256 colours
    /// it is the palette's own black, elsewhere black without bold. Other bold text is as asked.
    @Test func boldBlackStaysBlack() {
        let boldBlack = Style(foreground: .black, background: .cyan, attributes: .bold)
        let p = ColorMapper(mode: .palette256).resolve(boldBlack)
        #expect(p.fg == 16 && p.bg == 6 && p.attributes == .bold)
        for mode in [ColorMode.ansi16, .ansi8, .direct] {
            let r = ColorMapper(mode: mode).resolve(boldBlack)
            #expect(r.fg == 0 && r.attributes.isEmpty, "\(mode): \(r)")
        }
        #expect(
            ColorMapper(mode: .palette256).resolve(Style(foreground: .black)).fg == 0,
            "black without bold is the theme's")
        // Black by other names too.
        #expect(ColorMapper(mode: .palette256).resolve(Style(foreground: .palette(0), attributes: .bold)).fg == 16)
        let rgbBlack = ColorMapper(mode: .ansi16).resolve(Style(foreground: .rgb(0, 0, 0), attributes: .bold))
        #expect(rgbBlack.fg == 0 && rgbBlack.attributes.isEmpty)
        // Bright black in 8 colours is bold black on purpose.
        let brightBlack = ColorMapper(mode: .ansi8).resolve(Style(foreground: .brightBlack))
        #expect(brightBlack.fg == 0 && brightBlack.attributes == .bold)
        let boldRed = ColorMapper(mode: .ansi16).resolve(Style(foreground: .red, attributes: .bold))
        #expect(boldRed.fg == 1 && boldRed.attributes == .bold)
    }
}
