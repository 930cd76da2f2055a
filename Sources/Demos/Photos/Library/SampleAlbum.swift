import Foundation

/// A built-in album drawn in memory: gradients, Mandelbrot zooms, stripes and rings. Its
/// pictures go through the same thumbnailing, cache and drawing path as decoded files.
package enum SampleAlbum {
    static let kinds = ["Gradient", "Mandelbrot", "Stripes", "Rings", "Plasma"]

    package static func library(count: Int = 300) -> PhotoLibrary {
        var sections: [(folder: String, items: [PhotoItem])] = []
        for (k, kind) in kinds.enumerated() {
            let items = (0..<count / kinds.count).map { i -> PhotoItem in
                let landscape = (i % 3) != 1
                return PhotoItem(
                    name: "\(kind.lowercased())-\(String(format: "%03d", i + 1)).png", folder: kind,
                    source: .generated(kind: k, seed: i, width: landscape ? 320 : 200, height: landscape ? 200 : 300))
            }
            sections.append((folder: kind, items: items))
        }
        return PhotoLibrary(sections: sections)
    }

    /// Draws one picture.
    package static func render(kind: Int, seed: Int, width: Int, height: Int) -> RGBAImage {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        let hue = Double(seed * 47 % 360)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let (r, g, b): (Double, Double, Double)
                switch kind {
                case 0: (r, g, b) = ColorMath.hsv(hue + 120 * u, 0.4 + 0.6 * v, 0.35 + 0.65 * (1 - v))
                case 1: (r, g, b) = mandelbrot(u, v, seed: seed, hue: hue)
                case 2:
                    let band = Int((u * 8 + v * Double(seed % 5 + 1)) * 2) % 2
                    (r, g, b) = ColorMath.hsv(hue + Double(band) * 150, 0.7, band == 0 ? 0.9 : 0.4)
                case 3:
                    let d = ((u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)).squareRoot()
                    (r, g, b) = ColorMath.hsv(hue + d * 720, 0.8, 0.5 + 0.5 * cos(d * Double(20 + seed % 20)))
                default:
                    let p = sin(u * 10 + Double(seed)) + sin(v * 8 - Double(seed) * 0.7) + sin((u + v) * 6)
                    (r, g, b) = ColorMath.hsv(hue + p * 60, 0.75, 0.6 + p / 8)
                }
                let i = (y * width + x) * 4
                px[i] = UInt8(max(0, min(255, r * 255))); px[i + 1] = UInt8(max(0, min(255, g * 255)));
                px[i + 2] = UInt8(max(0, min(255, b * 255)))
            }
        }
        return RGBAImage(width: width, height: height, pixels: px)
    }

    private static func mandelbrot(_ u: Double, _ v: Double, seed: Int, hue: Double) -> (Double, Double, Double) {
        let zoom = 1.0 / Double(1 + seed % 7)
        let cx = -0.745 + (u - 0.5) * 3 * zoom, cy = 0.11 + (v - 0.5) * 2 * zoom
        var zx = 0.0, zy = 0.0, n = 0
        while n < 48 && zx * zx + zy * zy < 4 { (zx, zy) = (zx * zx - zy * zy + cx, 2 * zx * zy + cy); n += 1 }
        return n == 48 ? (0.02, 0.02, 0.05) : ColorMath.hsv(hue + Double(n) * 9, 0.8, 0.3 + Double(n) / 70)
    }
}
