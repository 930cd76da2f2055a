/// Which block elements a picture drawn in text (`GraphicsMode.blocks`) may use for a cell.
/// Each finer set also has the coarser sets' symbols.
///
/// Half blocks (`▀ ▄`) split a cell into a top and a bottom half. Quadrants add the left and
/// right halves (`▌ ▐`) and the quarters (`▖ ▗ ▘ ▝`, their complements and diagonals, U+2596–
/// U+259F), which every font with block elements draws. Sextants (U+1FB00–U+1FB3B, Unicode 13)
/// split a cell into two columns of three: finer still, but drawn only by some terminals (kitty
/// draws them itself; where the font lacks them a terminal shows a substitute or nothing).
public enum PictureSymbols: String, Sendable, CaseIterable, Comparable {
    /// Upper and lower half blocks only: two colours stacked in a cell.
    case halfBlocks = "half"
    /// Half blocks, left and right halves and quadrants.
    case quadrants = "quadrant"
    /// All of the above and the sextants.
    case sextants = "sextant"

    /// Finer sets compare greater.
    public static func < (a: PictureSymbols, b: PictureSymbols) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
