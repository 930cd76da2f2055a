import GridKit

/// The kitty graphics protocol: sending pictures (zlib-compressed RGBA, `o=z`), showing them
/// through Unicode placeholders (kitty 0.28 and later: a cell holding U+10EEEE with two
/// combining marks, row then column, and the image's number in its foreground colour) or by
/// placing them at the cursor (every version), and deleting them.
public enum KittyGraphics {
    /// The placeholder character.
    public static let placeholder: UInt32 = 0x10EEEE

    /// Row and column marks, from the protocol's table (combining class 230 marks of Unicode 6.0
    /// with no decomposition, in code point order). A placement spans at most this many rows
    /// and columns.
    public static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C, 0x0350, 0x0351,
        0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D,
        0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599,
        0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1, 0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611,
        0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6,
        0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
        0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743, 0x0745, 0x0747,
        0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3, 0x0816, 0x0817, 0x0818, 0x0819,
        0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822, 0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A,
        0x082B, 0x082C, 0x082D, 0x0951, 0x0953, 0x0954, 0x0F82, 0x0F83, 0x0F86, 0x0F87, 0x135D, 0x135E, 0x135F, 0x17DD,
        0x193A, 0x1A17, 0x1A75, 0x1A76, 0x1A77, 0x1A78, 0x1A79, 0x1A7A, 0x1A7B, 0x1A7C, 0x1B6B, 0x1B6D, 0x1B6E, 0x1B6F,
        0x1B70, 0x1B71, 0x1B72, 0x1B73, 0x1CD0, 0x1CD1, 0x1CD2, 0x1CDA, 0x1CDB, 0x1CE0, 0x1DC0, 0x1DC1, 0x1DC3, 0x1DC4,
        0x1DC5, 0x1DC6, 0x1DC7, 0x1DC8, 0x1DC9, 0x1DCB, 0x1DCC, 0x1DD1, 0x1DD2, 0x1DD3, 0x1DD4, 0x1DD5, 0x1DD6, 0x1DD7,
        0x1DD8, 0x1DD9, 0x1DDA, 0x1DDB, 0x1DDC, 0x1DDD, 0x1DDE, 0x1DDF, 0x1DE0, 0x1DE1, 0x1DE2, 0x1DE3, 0x1DE4, 0x1DE5,
        0x1DE6, 0x1DFE, 0x20D0, 0x20D1, 0x20D4, 0x20D5, 0x20D6, 0x20D7, 0x20DB, 0x20DC, 0x20E1, 0x20E7, 0x20E9, 0x20F0,
        0x2CEF, 0x2CF0, 0x2CF1, 0x2DE0, 0x2DE1, 0x2DE2, 0x2DE3, 0x2DE4, 0x2DE5, 0x2DE6, 0x2DE7, 0x2DE8, 0x2DE9, 0x2DEA,
        0x2DEB, 0x2DEC, 0x2DED, 0x2DEE, 0x2DEF, 0x2DF0, 0x2DF1, 0x2DF2, 0x2DF3, 0x2DF4, 0x2DF5, 0x2DF6, 0x2DF7, 0x2DF8,
        0x2DF9, 0x2DFA, 0x2DFB, 0x2DFC, 0x2DFD, 0x2DFE, 0x2DFF, 0xA66F, 0xA67C, 0xA67D, 0xA6F0, 0xA6F1, 0xA8E0, 0xA8E1,
        0xA8E2, 0xA8E3, 0xA8E4, 0xA8E5, 0xA8E6, 0xA8E7, 0xA8E8, 0xA8E9
    ]

    /// The largest image number a placeholder can carry in a 256-colour palette.
    public static let maxPaletteNumber = 255

    /// The foreground colour that carries `number`: a palette entry in 256 colours, the number
    /// itself as 24-bit colour in direct colour.
    public static func color(for number: Int, mode: ColorMode) -> Color {
        mode == .direct
            ? .rgb(UInt8((number >> 16) & 0xFF), UInt8((number >> 8) & 0xFF), UInt8(number & 0xFF))
            : .palette(UInt8(number & 0xFF))
    }

    /// The placeholder cell showing cell (`column`, `row`) of image `number`.
    public static func cell(row: Int, column: Int, number: Int, mode: ColorMode) -> CanvasCell {
        var cell = CanvasCell(scalar: placeholder, width: 1, style: Style(foreground: color(for: number, mode: mode)))
        cell.setMarks(diacritics[min(row, diacritics.count - 1)], diacritics[min(column, diacritics.count - 1)])
        return cell
    }

    /// The image's pixels as kitty takes them: RGBA, zlib-compressed at `Zlib.picturesLevel`,
    /// base64 (made once per image).
    public static func payload(_ image: TerminalImage) -> [UInt8] {
        image.encoding("kitty") { Base64.encode(Zlib.compress(image.rgba, level: Zlib.picturesLevel)) }
    }

    /// The APC sequences that send `image` as number `number`, in chunks of 4096 as the
    /// protocol asks. With `columns` and `rows` it also makes a virtual placement of that many
    /// cells for Unicode placeholders (`a=T,U=1`); without, it only stores the image (`a=t`).
    public static func transmit(
        _ image: TerminalImage, number: Int, placeholderColumns columns: Int? = nil, rows: Int? = nil
    ) -> [UInt8] {
        let payload = payload(image)
        var out: [UInt8] = []
        var offset = 0
        let head: String
        if let columns, let rows {
            head = "a=T,U=1,q=2,f=32,o=z,s=\(image.width),v=\(image.height),i=\(number),c=\(columns),r=\(rows)"
        } else {
            head = "a=t,q=2,f=32,o=z,s=\(image.width),v=\(image.height),i=\(number)"
        }
        repeat {
            let end = min(payload.count, offset + 4096)
            let more = end < payload.count ? 1 : 0
            let control = offset == 0 ? "\(head),m=\(more)" : "m=\(more),q=2"
            out += Array("\u{1B}_G\(control);".utf8) + payload[offset..<end] + Array("\u{1B}\\".utf8)
            offset = end
        } while offset < payload.count
        return out
    }

    /// The APC sequence that shows the pixels `source` (x, y, width, height) of image `number`
    /// scaled into `columns` × `rows` cells at the cursor, as placement `placement` (which it
    /// replaces when it exists), leaving the cursor where it is.
    public static func place(number: Int, placement: Int, source: Rect, columns: Int, rows: Int) -> [UInt8] {
        Array(
            ("\u{1B}_Ga=p,q=2,i=\(number),p=\(placement),x=\(source.minX),y=\(source.minY),w=\(source.width),"
                + "h=\(source.height),c=\(columns),r=\(rows),C=1\u{1B}\\").utf8)
    }

    /// The APC sequence that removes placement `placement` of image `number` (its data stays).
    public static func deletePlacement(number: Int, placement: Int) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,q=2,i=\(number),p=\(placement)\u{1B}\\".utf8)
    }

    /// The APC sequence that deletes image `number` and frees its data in the terminal.
    public static func delete(number: Int) -> [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(number),q=2\u{1B}\\".utf8) }
}
