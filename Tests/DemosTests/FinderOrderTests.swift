import Foundation
import GridKitTesting
import Testing

@testable import Demos

/// Names sort as `localizedStandardCompare` sorts them, in any locale, whether the quick answer
/// (numbers that differ after the same start) or the collator gives it.
@Suite struct FinderOrderTests {
    /// Pieces of names: camera prefixes, digits with and without leading zeros, case, accents,
    /// punctuation that collates in other orders than its bytes, a combining mark after a digit,
    /// wide digits, and letters some locales place elsewhere (`ch` in Czech, `å` in Swedish).
    private static let pieces = [
        "IMG_", "img_", "DSC", "0", "00", "1", "9", "10", "01", "99", "100", "2023-", "-", "_", ".", " ", ".jpg",
        ".JPG", "a", "A", "é",
        "e\u{301}", "\u{301}", "ch", "h", "å", "z", "Ä", "１", "٣", "12345678901234567890"
    ]

    private static func name(_ rng: inout SeededGenerator) -> String {
        (0..<rng.int(1...5)).map { _ in pieces[rng.int(0...(pieces.count - 1))] }.joined()
    }

    /// 1 to 20 digits, with leading zeros now and then.
    private static func digits(_ rng: inout SeededGenerator) -> String {
        (0..<rng.int(1...20)).map { _ in String(rng.int(0...2) == 0 ? 0 : rng.int(0...9)) }.joined()
    }

    @Test(arguments: ["en", "sv", "cs", "da", "ja", "de_DE"])
    func theQuickAnswerIsTheCollators(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        var rng = SeededGenerator(seed: 21)
        var quick = 0
        for _ in 0..<6000 {
            var a = Self.name(&rng), b: String
            // Pairs as the names in one folder are: any two, two with the same start, and two
            // with the same start and then a number each.
            switch rng.int(0...2) {
            case 0: b = Self.name(&rng)
            case 1: b = String(a.unicodeScalars.prefix(rng.int(0...a.unicodeScalars.count))) + Self.name(&rng)
            default:
                let start = a
                a = start + Self.digits(&rng) + Self.name(&rng)
                b = start + Self.digits(&rng) + (rng.int(0...1) == 0 ? Self.name(&rng) : "")
            }
            let collator = a.compare(
                b, options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering], range: nil, locale: locale
            )
            if let answer = FinderOrder.byNumber(a, b) {
                quick += 1
                #expect(answer == collator, "\(a) against \(b) in \(identifier)")
            }
        }
        // Enough pairs took the quick way for the check to mean something.
        #expect(quick > 800)
    }

    @Test func numbersGoByValueAndTheRestByTheCollator() {
        let order = FinderOrder(locale: Locale(identifier: "en"))
        let names = [
            "IMG_10.jpg", "IMG_9.jpg", "IMG_0100.jpg", "IMG_011.jpg", "img_2.jpg", "IMG_1.jpg", "IMG_01.jpg",
            "beach 2.png", "Beach 10.png"
        ]
        #expect(
            names.sorted(by: order.precedes)
                == [
                    "beach 2.png", "Beach 10.png", "IMG_1.jpg", "IMG_01.jpg", "img_2.jpg", "IMG_9.jpg", "IMG_10.jpg",
                    "IMG_011.jpg", "IMG_0100.jpg"
                ])
        // Which of these the quick way answers: a number after the same start, and nothing else.
        #expect(FinderOrder.byNumber("IMG_0099.jpg", "IMG_0100.jpg") == .orderedAscending)
        #expect(FinderOrder.byNumber("IMG_10.jpg", "IMG_9.jpg") == .orderedDescending)
        #expect(FinderOrder.byNumber("IMG_1.jpg", "IMG_01.jpg") == nil)
        #expect(FinderOrder.byNumber("IMG_1.jpg", "img_2.jpg") == nil)
        #expect(FinderOrder.byNumber("a1\u{301}", "a2") == nil)
        #expect(FinderOrder.byNumber("a", "a1") == nil)
    }

    /// A folder's photos as the walk lists them: by number, case aside (bytes would put
    /// `IMG_10` before `IMG_9`, and every capital before `img_2`).
    @Test func aFolderScansInTheFileManagersOrder() throws {
        let folder = NSTemporaryDirectory() + "gridkit-order-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images/rgb.png"
        ).path
        for name in ["IMG_10.png", "IMG_9.png", "img_2.png", "IMG_1.png", "IMG_0100.png"] {
            try FileManager.default.copyItem(atPath: png, toPath: folder + "/" + name)
        }
        let library = PhotoLibrary.scan([RawPath(folder)])
        #expect(
            library.sections.first?.items.map(\.name) == [
                "IMG_1.png", "img_2.png", "IMG_9.png", "IMG_10.png", "IMG_0100.png"
            ])
    }
}
