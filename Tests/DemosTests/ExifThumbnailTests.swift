import CImageCodecs
import Foundation
import Testing

@testable import Demos

/// A camera-style JPEG made in the test: a solid red 400×300 main image whose EXIF APP1 (first
/// segment after SOI) holds IFD0 with the orientation and IFD1 pointing at a solid green 160×120
/// JPEG, so a result's colour tells which image was used and its shape whether it was turned.
/// Positions are file offsets, for tests that damage one field.
struct ExifThumbnailJpeg {
    static let red: (UInt8, UInt8, UInt8) = (220, 30, 30)
    static let green: (UInt8, UInt8, UInt8) = (30, 200, 30)

    var bytes: [UInt8]
    let littleEndian: Bool
    /// Where the TIFF header starts: EXIF offsets count from here.
    let tiff: Int
    let ifd0: Int
    let ifd1: Int
    let thumbnail: Int
    let thumbnailLength: Int
    /// The APP1 segment's length field.
    let app1Length = 4
    /// How many bytes the TIFF data has (the APP1 payload less "Exif\0\0").
    var tiffLength: Int { thumbnail + thumbnailLength - tiff }
    /// The value fields of the JPEGInterchangeFormat (offset) and ...Length entries.
    var offsetValue: Int { ifd1 + 2 + 8 }
    var lengthValue: Int { ifd1 + 2 + 12 + 8 }
    /// IFD0's link to IFD1.
    var nextLink: Int { ifd1 - 4 }

    /// `type` is that of the thumbnail's two entries: 3 SHORT or 4 LONG. No orientation tag
    /// when `orientation` is nil.
    init(
        littleEndian: Bool, orientation: UInt16? = 6, type: UInt16 = 4, mainSize: (Int, Int) = (400, 300),
        thumbnailSize: (Int, Int) = (160, 120)
    ) {
        self.littleEndian = littleEndian
        let main = solidJpeg(mainSize.0, mainSize.1, Self.red)
        let thumb = solidJpeg(thumbnailSize.0, thumbnailSize.1, Self.green)
        func u16(_ v: UInt16) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            return littleEndian ? b.reversed() : b
        }
        // A SHORT value takes the first two bytes of the four-byte value field.
        func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt32) -> [UInt8] {
            u16(tag) + u16(type) + u32(1) + (type == 3 ? u16(UInt16(value)) + [0, 0] : u32(value))
        }
        let ifd0Entries = orientation.map { [entry(0x0112, 3, UInt32($0))] } ?? []
        let ifd1At = 8 + 2 + 12 * ifd0Entries.count + 4
        let thumbAt = ifd1At + 2 + 24 + 4
        var tiffData = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
        tiffData += u16(UInt16(ifd0Entries.count)) + ifd0Entries.joined() + u32(UInt32(ifd1At))
        tiffData += u16(2) + entry(0x0201, type, UInt32(thumbAt)) + entry(0x0202, type, UInt32(thumb.count)) + u32(0)
        tiffData += thumb
        let length = 2 + 6 + tiffData.count
        bytes =
            [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + tiffData
            + main.dropFirst(2)
        tiff = 12
        ifd0 = tiff + 8
        ifd1 = tiff + ifd1At
        thumbnail = tiff + thumbAt
        thumbnailLength = thumb.count
    }

    /// The bytes with a 32-bit value written at `at` in the block's byte order.
    func with(u32 value: UInt32, at: Int) -> [UInt8] {
        littleEndian ? bytes.patched(at: at, u32le: value) : bytes.patched(at: at, u32be: value)
    }

    /// The bytes with a 16-bit value written at `at` in the block's byte order.
    func with(u16 value: UInt16, at: Int) -> [UInt8] {
        var b = bytes
        b[at] = UInt8(littleEndian ? value & 0xFF : value >> 8)
        b[at + 1] = UInt8(littleEndian ? value >> 8 : value & 0xFF)
        return b
    }
}

/// A baseline JPEG of one colour.
func solidJpeg(_ width: Int, _ height: Int, _ colour: (UInt8, UInt8, UInt8)) -> [UInt8] {
    let pixel = [colour.0, colour.1, colour.2, 255]
    let image = RGBAImage(
        width: width, height: height, pixels: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
    return ImageEncoder.jpeg(image, quality: 90)!
}

/// What the C locator says about `bytes`, read from behind a guard page; nil when it finds no thumbnail.
func locateThumbnail(_ bytes: [UInt8]) -> gk_exif_thumbnail_info? {
    let guarded = GuardedBytes(bytes)
    var info = gk_exif_thumbnail_info()
    return gk_exif_thumbnail(guarded.pointer, guarded.count, &info) == 0 ? info : nil
}

private func isGreen(_ p: (UInt8, UInt8, UInt8, UInt8)) -> Bool { p.1 > 150 && p.0 < 100 && p.2 < 100 }

@Suite struct ExifThumbnailTests {
    @Test(arguments: [true, false], [UInt16(3), 4])
    func theThumbnailIsUsedAndTurnedWhenItCovers(littleEndian: Bool, type: UInt16) throws {
        let jpeg = ExifThumbnailJpeg(littleEndian: littleEndian, type: type)
        // Stored 160×120, orientation 6: shown 120×160; the main image 400×300 is shown 300×400.
        let img = try #require(ImageDecoder.exifThumbnail(jpeg.bytes, minSize: (100, 150)))
        #expect(img.width == 120 && img.height == 160)
        #expect(isGreen(img.pixel(60, 80)), "the thumbnail, not the red main image")
        #expect(img.sourceWidth == 300 && img.sourceHeight == 400)
        // Like decode, a small enough target lets libjpeg scale it down.
        let half = try #require(ImageDecoder.exifThumbnail(jpeg.bytes, minSize: (50, 60)))
        #expect(half.width == 60 && half.height == 80)
    }

    @Test func withoutAnOrientationItIsShownAsStored() throws {
        let jpeg = ExifThumbnailJpeg(littleEndian: true, orientation: nil)
        let img = try #require(ImageDecoder.exifThumbnail(jpeg.bytes, minSize: (130, 100)))
        #expect(img.width == 160 && img.height == 120 && isGreen(img.pixel(80, 60)))
        #expect(img.sourceWidth == 400 && img.sourceHeight == 300)
    }

    @Test func theLocatorGivesOffsetsOrientationAndSizes() throws {
        for le in [true, false] {
            let jpeg = ExifThumbnailJpeg(littleEndian: le)
            let info = try #require(locateThumbnail(jpeg.bytes))
            #expect(info.offset == jpeg.thumbnail && info.length == jpeg.thumbnailLength)
            #expect(info.orientation == 6)
            #expect(info.width == 400 && info.height == 300)
            #expect(info.thumb_width == 160 && info.thumb_height == 120)
        }
    }

    @Test func aThumbnailTooSmallForTheTargetGivesNil() {
        let turned = ExifThumbnailJpeg(littleEndian: false)
        #expect(ImageDecoder.exifThumbnail(turned.bytes, minSize: (320, 100)) == nil, "a 320-pixel-wide tile")
        #expect(ImageDecoder.exifThumbnail(turned.bytes, minSize: (130, 100)) == nil, "120 wide once turned")
        #expect(ImageDecoder.exifThumbnail(turned.bytes, minSize: (100, 161)) == nil)
        #expect(ImageDecoder.exifThumbnail(turned.bytes, minSize: (120, 160)) != nil, "exactly covering is enough")
    }

    /// A thumbnail of another shape than the photo (a 4:3 one with bars for a 3:2 photo, or one
    /// left from before a crop or a turn) is not used; one a rounding off is.
    @Test func aThumbnailOfAnotherShapeGivesNil() {
        for (main, thumb, used) in [
            ((600, 400), (160, 120), false), ((1920, 1080), (160, 120), false), ((300, 400), (160, 120), false),
            ((640, 480), (160, 120), true), ((1920, 1080), (160, 90), true), ((1921, 1080), (160, 90), true),
            ((400, 300), (160, 121), true)
        ] {
            let j = ExifThumbnailJpeg(littleEndian: true, orientation: 1, mainSize: main, thumbnailSize: thumb)
            #expect(
                (ImageDecoder.exifThumbnail(j.bytes, minSize: (16, 12)) != nil) == used,
                "\(main) with a \(thumb) thumbnail")
        }
    }

    @Test func filesWithoutAnExifThumbnailGiveNil() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images")
        for name in ["rgb.jpg", "exif-rotated.jpg", "rgb.png"] { // the second has EXIF, but no IFD1
            let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
            #expect(ImageDecoder.exifThumbnail(bytes, minSize: (1, 1)) == nil, "\(name)")
            #expect(locateThumbnail(bytes) == nil, "\(name)")
        }
        #expect(ImageDecoder.exifThumbnail(solidJpeg(64, 48, (1, 2, 3)), minSize: (1, 1)) == nil)
        #expect(ImageDecoder.exifThumbnail([], minSize: (1, 1)) == nil)
        #expect(locateThumbnail([0xFF, 0xD8]) == nil)
    }

    @Test(arguments: [true, false])
    func damagedOffsetsAndLengthsGiveNil(littleEndian: Bool) {
        let j = ExifThumbnailJpeg(littleEndian: littleEndian)
        let cases: [(String, [UInt8])] = [
            ("offset near 4 GB", j.with(u32: 0xFFFF_FFFE, at: j.offsetValue)),
            ("offset at the end of the TIFF data", j.with(u32: UInt32(j.tiffLength), at: j.offsetValue)),
            ("offset just past it", j.with(u32: UInt32(j.tiffLength + 1), at: j.offsetValue)),
            ("offset in the TIFF header", j.with(u32: 0, at: j.offsetValue)),
            ("offset on IFD0", j.with(u32: 8, at: j.offsetValue)),
            ("offset not at SOI", j.with(u32: UInt32(j.thumbnail - j.tiff + 1), at: j.offsetValue)),
            ("zero length", j.with(u32: 0, at: j.lengthValue)),
            ("length near 4 GB", j.with(u32: 0xFFFF_FFFF, at: j.lengthValue)),
            ("one byte past the APP1 segment", j.with(u32: UInt32(j.thumbnailLength + 1), at: j.lengthValue)),
            ("offset entry with a count of 4 G", j.with(u32: 0xFFFF_FFFF, at: j.offsetValue - 4)),
            ("offset entry an ASCII string", j.with(u16: 2, at: j.offsetValue - 6)),
            ("IFD0 claiming 65,535 entries", j.with(u16: 0xFFFF, at: j.ifd0)),
            ("IFD1 claiming 65,535 entries", j.with(u16: 0xFFFF, at: j.ifd1)),
            ("no IFD1", j.with(u32: 0, at: j.nextLink)),
            ("IFD1 near 4 GB", j.with(u32: 0xFFFF_FFFF, at: j.nextLink)),
            ("IFD1 past the end", j.with(u32: UInt32(j.tiffLength - 3), at: j.nextLink)),
            ("IFD1 is IFD0", j.with(u32: 8, at: j.nextLink)),
            ("APP1 longer than the file", j.bytes.patched(at: j.app1Length, u16be: 0xFFFF)),
            (
                "APP1 ending inside the thumbnail",
                j.bytes.patched(at: j.app1Length, u16be: UInt16(j.thumbnail + j.thumbnailLength - 1 - j.app1Length))
            ),
            ("APP1 shorter than its own length field", j.bytes.patched(at: j.app1Length, u16be: 1)),
            ("file cut inside the thumbnail", Array(j.bytes.prefix(j.thumbnail + j.thumbnailLength / 2))),
            ("file cut in IFD1", Array(j.bytes.prefix(j.ifd1 + 10))),
            ("not Exif", j.bytes.patched(at: 6, u16be: 0x6578))
        ]
        for (name, bytes) in cases {
            #expect(locateThumbnail(bytes) == nil, "\(name)")
            #expect(ImageDecoder.exifThumbnail(bytes, minSize: (1, 1)) == nil, "\(name)")
        }
    }

    /// Cut right after the APP1 segment there is no frame header for the main image: the
    /// thumbnail still shows, and its own size stands in for the source size.
    @Test func withoutTheMainFrameHeaderTheSourceSizeIsTheThumbnails() throws {
        let j = ExifThumbnailJpeg(littleEndian: true)
        let cut = Array(j.bytes.prefix(j.thumbnail + j.thumbnailLength))
        let img = try #require(ImageDecoder.exifThumbnail(cut, minSize: (1, 1)))
        #expect(img.sourceWidth == 120 && img.sourceHeight == 160)
        #expect(isGreen(img.pixel(10, 10)))
    }
}

extension Array where Element == UInt8 {
    func patched(at i: Int, u16be v: UInt16) -> [UInt8] {
        var a = self
        if i + 1 < a.count { a[i] = UInt8(v >> 8); a[i + 1] = UInt8(v & 0xFF) }
        return a
    }
}
