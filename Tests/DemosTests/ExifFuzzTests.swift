import CImageCodecs
import Foundation
import Testing

@testable import Demos

/// Bytes placed so that their last byte is the last readable byte before a page that cannot be
/// read: a parser that reads even one byte too far crashes the test run instead of passing.
final class GuardedBytes {
    private let base: UnsafeMutableRawPointer
    private let mapped: Int
    let pointer: UnsafePointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = (bytes.count + page - 1) / page + 1
        mapped = (dataPages + 1) * page
        base = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        mprotect(base + dataPages * page, page, PROT_NONE)
        let start = base + dataPages * page - bytes.count
        bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        pointer = UnsafePointer(start.assumingMemoryBound(to: UInt8.self))
        count = bytes.count
    }

    deinit { munmap(base, mapped) }
}

func exifOrientation(_ bytes: [UInt8]) -> Int {
    let guarded = GuardedBytes(bytes)
    return Int(gk_exif_orientation(guarded.pointer, guarded.count))
}

/// An EXIF APP1 payload with one IFD whose entries are `tags` (tag, type, count, value).
func exifBlock(littleEndian: Bool, ifdOffset: UInt32 = 8, tags: [(UInt16, UInt16, UInt32, UInt16)]) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] {
        littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return littleEndian ? b.reversed() : b
    }
    var tiff: [UInt8] = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(ifdOffset)
    tiff += [UInt8](repeating: 0, count: max(0, Int(ifdOffset) - tiff.count))
    tiff += u16(UInt16(tags.count))
    for (tag, type, count, value) in tags { tiff += u16(tag) + u16(type) + u32(count) + u16(value) + [0, 0] }
    tiff += u32(0) // no next IFD
    return Array("Exif".utf8) + [0, 0] + tiff
}

@Suite struct ExifFuzzTests {
    @Test func validBlocksGiveTheirOrientationInBothByteOrders() {
        for le in [true, false] {
            for o in UInt16(1)...8 {
                let block = exifBlock(littleEndian: le, tags: [(0x010F, 2, 4, 0), (0x0112, 3, 1, o), (0x0131, 2, 4, 0)])
                #expect(exifOrientation(block) == Int(o), "orientation \(o), little endian \(le)")
            }
            // Further into the block, after padding, still found.
            #expect(exifOrientation(exifBlock(littleEndian: le, ifdOffset: 40, tags: [(0x0112, 3, 1, 6)])) == 6)
        }
    }

    @Test func damagedBlocksGiveOneWithoutReadingOutside() {
        let good = exifBlock(littleEndian: true, tags: [(0x0112, 3, 1, 6)])
        #expect(exifOrientation(good) == 6)
        // The crash from the wild: an IFD offset of 0xFFFFFFFE wrapped a 32-bit bounds check.
        for offset: UInt32 in [0xFFFF_FFFE, 0xFFFF_FFFF, 0x8000_0000, UInt32(good.count), UInt32(good.count - 7)] {
            #expect(
                exifOrientation(
                    exifBlock(littleEndian: true, ifdOffset: 8, tags: [(0x0112, 3, 1, 6)]).patched(
                        at: 10, u32le: offset)) == 1)
        }
        // A count of 65,535 entries in a block that holds one.
        #expect(exifOrientation(good.patched(at: 14, u16le: 0xFFFF)) == 6)
        #expect(exifOrientation(exifBlock(littleEndian: true, tags: [(0x0112, 3, 1, 9)])) == 1, "9 is no orientation")
        #expect(exifOrientation(exifBlock(littleEndian: true, tags: [(0x0112, 4, 1, 6)])) == 1, "not a SHORT")
        #expect(
            exifOrientation(Array("Exif".utf8) + [0, 0] + Array("XX".utf8) + [42, 0, 8, 0, 0, 0]) == 1,
            "no byte order mark")
        for cut in 0..<good.count { _ = exifOrientation(Array(good.prefix(cut))) } // every truncation
    }

    @Test func thousandsOfMutatedBlocksNeverCrash() {
        var rng = SplitMix(seed: 0x5EED_E41F)
        var valid = 0
        for round in 0..<5_000 {
            let le = Bool.random(using: &rng)
            var tags: [(UInt16, UInt16, UInt32, UInt16)] = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                (
                    UInt16.random(in: 0x0100...0x0140, using: &rng), UInt16.random(in: 1...12, using: &rng),
                    UInt32.random(in: 0...4, using: &rng), UInt16.random(in: 0...9, using: &rng)
                )
            }
            if Bool.random(using: &rng) { tags.append((0x0112, 3, 1, UInt16.random(in: 1...8, using: &rng))) }
            var block = exifBlock(littleEndian: le, ifdOffset: UInt32.random(in: 8...64, using: &rng), tags: tags)
            switch round % 5 {
            case 0: // random IFD offset, near the limits half of the time
                let offset =
                    Bool.random(using: &rng)
                    ? UInt32.max - UInt32.random(in: 0...16, using: &rng)
                    : UInt32.random(in: 0...UInt32(block.count + 8), using: &rng)
                block = le ? block.patched(at: 10, u32le: offset) : block.patched(at: 10, u32be: offset)
            case 1: // truncated anywhere
                block = Array(block.prefix(Int.random(in: 0...block.count, using: &rng)))
            case 2: // random bytes flipped
                for _ in 0..<Int.random(in: 1...8, using: &rng) where block.count > 6 {
                    block[Int.random(in: 6..<block.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            case 3: // entry count near its limit
                let at = block.count >= 16 ? 6 + Int(le ? UInt32(block[10]) : UInt32(block[13])) : 6
                if at + 1 < block.count { block[at] = 0xFF; block[at + 1] = UInt8.random(in: 0xF0...0xFF, using: &rng) }
            default:
                let result = exifOrientation(block)
                let expected =
                    tags.first { $0.0 == 0x0112 }.map { $0.1 == 3 && (1...8).contains($0.3) ? Int($0.3) : 1 } ?? 1
                #expect(result == expected, "round \(round)")
                valid += 1
                continue
            }
            let result = exifOrientation(block)
            #expect((1...8).contains(result))
        }
        #expect(valid == 1_000)
    }

    @Test func realExifFromAFixtureAndItsMutations() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images/exif-rotated.jpg")
        let jpeg = [UInt8](try Data(contentsOf: url))
        let app1 = try #require(app1Payload(jpeg))
        #expect(exifOrientation(app1) == 6)
        var rng = SplitMix(seed: 42)
        for _ in 0..<2_000 {
            var m = app1
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                m[Int.random(in: 6..<m.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            #expect((1...8).contains(exifOrientation(m)))
        }
    }

    /// Camera-style JPEGs with an IFD1 thumbnail, damaged thousands of ways, through the C
    /// locator from behind a guard page: it never reads outside, and whatever it reports lies
    /// inside the file and starts like a JPEG.
    @Test func thousandsOfMutatedThumbnailJpegsNeverReadOutside() {
        let fixtures = [true, false].map {
            ExifThumbnailJpeg(littleEndian: $0, type: $0 ? 4 : 3, mainSize: (48, 32), thumbnailSize: (24, 16))
        }
        var rng = SplitMix(seed: 0x7E0B_1F01)
        var found = 0
        for round in 0..<6_000 {
            let j = fixtures[round % 2]
            var bytes = j.bytes
            let headers = j.thumbnail + 24 // APP1 header, TIFF header, both IFDs and the thumbnail's SOI
            switch round / 2 % 6 {
            case 0: // cut anywhere
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
            case 1: // bytes of the headers replaced
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    bytes[Int.random(in: 0..<headers, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            case 2: // a field that holds an offset, length or count, set near its limits or anywhere
                let field = [j.offsetValue, j.lengthValue, j.nextLink, j.offsetValue - 4, j.lengthValue - 4]
                    .randomElement(using: &rng)!
                let value =
                    Bool.random(using: &rng)
                    ? UInt32.max - UInt32.random(in: 0...16, using: &rng)
                    : UInt32.random(in: 0...UInt32(j.tiffLength + 16), using: &rng)
                bytes = j.with(u32: value, at: field)
            case 3: // an entry count or the APP1 length anything up to 65,535
                let field = [j.ifd0, j.ifd1, j.app1Length].randomElement(using: &rng)!
                bytes =
                    field == j.app1Length
                    ? bytes.patched(at: field, u16be: UInt16.random(in: 0...0xFFFF, using: &rng))
                    : j.with(u16: UInt16.random(in: 0...0xFFFF, using: &rng), at: field)
            case 4: // damaged, then cut
                bytes[Int.random(in: 0..<headers, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
            default: // untouched: found where it was put
                let info = locateThumbnail(bytes)
                #expect(
                    info?.offset == j.thumbnail && info?.length == j.thumbnailLength && info?.orientation == 6,
                    "round \(round)")
                continue
            }
            guard let info = locateThumbnail(bytes) else { continue }
            found += 1
            let start = Int(info.offset), length = Int(info.length)
            #expect(start <= bytes.count && bytes.count - start >= length && length >= 4, "round \(round)")
            #expect(Array(bytes[start..<(start + 3)]) == [0xFF, 0xD8, 0xFF], "round \(round)")
            #expect(
                (1...8).contains(info.orientation) && info.thumb_width > 0 && info.thumb_height > 0, "round \(round)")
            // Now and then through the whole path, libjpeg included.
            if round % 10 == 0 { _ = ImageDecoder.exifThumbnail(bytes, minSize: (1, 1)) }
        }
        #expect(found > 100, "enough mutations leave a thumbnail to check what is reported")
    }

    /// The JPEG that used to crash `griddemo photos`: decoding it now gives the picture, upright.
    @Test func aJpegWithAHostileIfdOffsetDecodes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/images/rgb.jpg")
        let hostile = hostileExifJpeg([UInt8](try Data(contentsOf: url)))
        let img = try ImageDecoder.decode(hostile)
        #expect(img.width == 64 && img.height == 32)
    }
}

/// A JPEG with an EXIF block whose IFD offset is 0xFFFFFFFE inserted after its SOI marker.
func hostileExifJpeg(_ jpeg: [UInt8]) -> [UInt8] {
    let block = exifBlock(littleEndian: false, tags: [(0x0112, 3, 1, 6)]).patched(at: 10, u32be: 0xFFFF_FFFE)
    let length = block.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + block + jpeg.dropFirst(2)
}

/// The payload of the first APP1 segment of a JPEG.
func app1Payload(_ jpeg: [UInt8]) -> [UInt8]? {
    var i = 2
    while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
        let marker = jpeg[i + 1], length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
        if marker == 0xE1 { return Array(jpeg[(i + 4)..<min(jpeg.count, i + 2 + length)]) }
        i += 2 + length
    }
    return nil
}

extension Array where Element == UInt8 {
    func patched(at i: Int, u32le v: UInt32) -> [UInt8] {
        var a = self
        for k in 0..<4 where i + k < a.count { a[i + k] = UInt8((v >> (8 * UInt32(k))) & 0xFF) }
        return a
    }
    func patched(at i: Int, u32be v: UInt32) -> [UInt8] {
        var a = self
        for k in 0..<4 where i + k < a.count { a[i + k] = UInt8((v >> (8 * UInt32(3 - k))) & 0xFF) }
        return a
    }
    func patched(at i: Int, u16le v: UInt16) -> [UInt8] {
        var a = self
        if i + 1 < a.count { a[i] = UInt8(v & 0xFF); a[i + 1] = UInt8(v >> 8) }
        return a
    }
}
