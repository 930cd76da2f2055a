@testable import Demos
import Foundation
import Testing

/// Damaged files of every kind: never a crash, always cards or a problem, pixels or an error.
@Suite struct CorruptInputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Deterministic damage: flip, drop or duplicate bytes.
    static func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SplitMix(seed: seed)
        return (0..<count).map { _ in
            var b = bytes
            for _ in 0..<(1 + rng.next(8)) where !b.isEmpty {
                let i = rng.next(b.count)
                switch rng.next(3) {
                case 0: b[i] = UInt8(rng.next(256))
                case 1: b.remove(at: i)
                default: b.insert(b[i], at: i)
                }
            }
            if rng.next(4) == 0 { b = Array(b.prefix(rng.next(b.count + 1))) }
            return b
        }
    }

    @Test func damagedVCardsGiveCardsOrProblemsNeverACrash() throws {
        for name in ["android-export.vcf", "macos-contacts.vcf", "v4-mixed.vcf"] {
            let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            for damaged in Self.mutations(of: bytes, count: 300, seed: 7) {
                let r = VCardParser.parse(damaged, file: name)
                #expect(!r.contacts.isEmpty || !r.problems.isEmpty, "\(name): neither cards nor a problem")
                #expect(r.problems.allSatisfy { $0.file == name && !$0.message.isEmpty })
            }
        }
    }

    @Test func damagedImagesDecodeOrFailWithAReason() throws {
        let dir = Self.fixtures.appendingPathComponent("images")
        for name in ["rgb.png", "palette.png", "interlaced.png", "rgb.jpg", "progressive.jpg", "cmyk.jpg", "exif-rotated.jpg"] {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
            for damaged in Self.mutations(of: bytes, count: 150, seed: 11) {
                do {
                    let img = try ImageDecoder.decode(damaged, minSize: (8, 8))
                    #expect(img.pixels.count == img.width * img.height * 4, "\(name)")
                } catch let e as ImageDecodeError {
                    #expect(!e.message.isEmpty, "\(name)")
                }
            }
        }
    }
}
