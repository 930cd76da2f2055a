import Demos
import Foundation
import GridKit
import GridKitTerminal
import GridKitTesting

/// The mean weighted squared distance (as `ColorMapper` weighs it) between each pixel of the
/// half-block picture cells of `pixels` and the palette colour its cell is prepared with
/// (`HalfBlockPreparation`, which the frame then writes as it is).
@MainActor
func preparedError(_ pixels: Canvas, tolerance: Int) -> Double {
    let size = pixels.size
    let cells = (0..<size.height).flatMap { y in (0..<size.width).map { pixels[$0, y] } }
    var block = CellBlock(size: size, cells: cells)
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance)?(&block)
    var sum = 0, count = 0
    for (original, prepared) in zip(cells, block.cells) {
        guard original.isHalfBlock, case .rgb(let r1, let g1, let b1) = original.style.foreground.kind,
            case .rgb(let r2, let g2, let b2) = original.style.background.kind,
            case .palette(let top) = prepared.style.foreground.kind,
            case .palette(let bottom) = prepared.style.background.kind
        else { continue }
        sum += weightedDistance((r1, g1, b1), Int(top)) + weightedDistance((r2, g2, b2), Int(bottom))
        count += 2
    }
    return count == 0 ? 0 : Double(sum) / Double(count)
}

/// The palette's weighted squared distance (as `ColorMapper` matches colours) from a pixel to
/// palette entry `entry`.
func weightedDistance(_ pixel: (UInt8, UInt8, UInt8), _ entry: Int) -> Int {
    let (pr, pg, pb) = ColorMapper.rgb(ofPalette: entry)
    let dr = Int(pixel.0) - pr, dg = Int(pixel.1) - pg, db = Int(pixel.2) - pb
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
}

/// The mean CIE 1976 colour difference between each half cell of `pixels`' pictures prepared
/// with `tolerance` and prepared exactly (the nearest entries).
@MainActor
func changeFromExact(_ pixels: Canvas, tolerance: Int) -> Double {
    let size = pixels.size
    let cells = (0..<size.height).flatMap { y in (0..<size.width).map { pixels[$0, y] } }
    var exact = CellBlock(size: size, cells: cells), chosen = exact
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: 0)?(&exact)
    HalfBlockPreparation.preparer(colorMode: .palette256, tolerance: tolerance)?(&chosen)
    var sum = 0.0, count = 0
    for (a, b) in zip(exact.cells, chosen.cells) {
        guard case .palette(let t1) = a.style.foreground.kind, case .palette(let b1) = a.style.background.kind,
            case .palette(let t2) = b.style.foreground.kind, case .palette(let b2) = b.style.background.kind
        else { continue }
        sum += deltaE(Int(t1), Int(t2)) + deltaE(Int(b1), Int(b2))
        count += 2
    }
    return count == 0 ? 0 : sum / Double(count)
}

/// CIE 1976 ΔE between two palette entries (sRGB, D65).
private func deltaE(_ a: Int, _ b: Int) -> Double {
    func lab(_ i: Int) -> (Double, Double, Double) {
        let (r, g, b) = ColorMapper.rgb(ofPalette: i)
        func linear(_ c: Int) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
    let (l1, a1, b1) = lab(a), (l2, a2, b2) = lab(b)
    return ((l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)).squareRoot()
}

/// The top of the grid, where the keys end (Home), its thumbnails' cells in their pixels' own
/// colours (no cells prepared for the terminal): what the colours shown are measured against.
@MainActor
func pixelsAtTheTop(of folder: String, size: Size) -> Canvas {
    let mailbox = Mailbox()
    let screen = PhotosScreen(library: PhotoLibrary.scan([RawPath(folder)]))
    defer { screen.pool.stop() }
    let h = GridHarness(screen: screen, size: size, context: ScreenContext(mailbox: mailbox, colorMode: .palette256))
    h.render()
    var quiet = 0
    while quiet < 20 {
        if mailbox.drain() > 0 { quiet = 0 } else { quiet += 1 }
        usleep(2_000)
    }
    h.render()
    return h.canvas
}
