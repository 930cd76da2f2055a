/// Which characters a destination can show for lines, arrows, blocks and shades.
///
/// A terminal whose locale is not UTF-8 (ISO-8859-1, or the C locale's ASCII) has no box
/// drawing or half blocks. Cells that draw pictures out of characters ask for this and choose
/// another way (space with a background colour, an ASCII ramp); everything else is written by
/// the terminal layer in the locale's own characters, with ASCII stand-ins for the rest.
public enum GlyphSet: Sendable, Equatable {
    /// Unicode: box drawing, arrows, half blocks and shades (a UTF-8 terminal).
    case unicode
    /// ASCII for drawing: a terminal whose locale is not UTF-8.
    case ascii
}
