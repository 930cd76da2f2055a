/// Which of a cell's 2 × 6 atoms (bit row * 2 + column) a block element shows in its foreground:
/// blank, full, halves, quadrants and sextants; nil for any other character. Worked out from the
/// Unicode charts, apart from GridKit's own tables, so tests can judge what it writes.
public func blockElementMask(of scalar: UInt32) -> UInt16? {
    switch scalar {
    case 0x2580: return 0x03F
    case 0x2584: return 0xFC0
    case 0x2588: return 0xFFF
    case 0x20: return 0
    case 0x258C: return 0x555
    case 0x2590: return 0xAAA
    case 0x2596...0x259F:
        let ul: UInt16 = 0x015, ur: UInt16 = 0x02A, ll: UInt16 = 0x540, lr: UInt16 = 0xA80
        return [ll, lr, ul, ul | ll | lr, ul | lr, ul | ur | ll, ul | ur | lr, ur, ur | ll, ur | ll | lr][
            Int(scalar - 0x2596)]
    case 0x1FB00...0x1FB3B:
        var n = Int(scalar - 0x1FB00) + 1
        if n >= 21 { n += 1 }
        if n >= 42 { n += 1 }
        var mask: UInt16 = 0
        for b in 0..<6 where n >> b & 1 == 1 { mask |= 1 << ((b / 2) * 4 + b % 2) | 1 << ((b / 2) * 4 + 2 + b % 2) }
        return mask
    default: return nil
    }
}
