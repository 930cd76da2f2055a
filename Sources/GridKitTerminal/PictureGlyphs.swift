import GridKit

/// The block elements a picture's cells are drawn in beside the half blocks (the vertical halves,
/// quadrants and sextants `CellSymbolChoice` chooses among), each with its complement: the
/// character that shows the same cell with its two colours swapped. Written after a cell whose
/// colours are the other way round, the complement keeps the pen as it is.
enum PictureGlyphs {
    /// The complement of `scalar`, nil for a character that is none of these (the half blocks
    /// are `HalfBlockChoice`'s: `▀` and `▄`, a space or a full block).
    static func complement(of scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x258C: return 0x2590 // ▌ ▐
        case 0x2590: return 0x258C
        case 0x2596: return 0x259C // ▖ ▜
        case 0x259C: return 0x2596
        case 0x2597: return 0x259B // ▗ ▛
        case 0x259B: return 0x2597
        case 0x2598: return 0x259F // ▘ ▟
        case 0x259F: return 0x2598
        case 0x2599: return 0x259D // ▙ ▝
        case 0x259D: return 0x2599
        case 0x259A: return 0x259E // ▚ ▞
        case 0x259E: return 0x259A
        case 0x1FB00...0x1FB3B:
            // Sextant n (its parts as bits) is 63 - n swapped; the code points skip 21 and 42,
            // the left and right halves.
            var n = Int(scalar - 0x1FB00) + 1
            if n >= 21 { n += 1 }
            if n >= 42 { n += 1 }
            return CellSymbolChoice.sextant(63 - n)
        default: return nil
        }
    }

    /// A slot for each of these characters (`slots` of them), for what is kept about
    /// them by character; nil for any other.
    static func slot(of scalar: UInt32) -> Int? {
        switch scalar {
        case 0x2580...0x259F: Int(scalar - 0x2580)
        case 0x1FB00...0x1FB3B: 32 + Int(scalar - 0x1FB00)
        default: nil
        }
    }
    static let slots = 32 + 60
}
