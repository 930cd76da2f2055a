/// Text broken into lines of a width, for cells whose height follows their text.
enum TextWrap {
    /// `text` in lines of at most `width` columns, broken at spaces; a word longer than a line
    /// is cut where it reaches the edge. No lines for text with nothing but spaces.
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word), w = TextWidth.width(of: String(word))
            if used > 0, used + 1 + w <= width {
                line += " " + word; used += 1 + w
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            // A word wider than a line fills lines of its own until the rest fits.
            while w > width, !word.isEmpty {
                var piece = "", pieceWidth = 0
                for g in word {
                    let gw = TextWidth.width(of: g)
                    // A grapheme wider than the whole line still takes a line, alone.
                    if pieceWidth > 0, pieceWidth + gw > width { break }
                    piece.append(g); pieceWidth += gw
                }
                lines.append(piece)
                word = word.dropFirst(piece.count)
                w -= pieceWidth
            }
            line = String(word); used = w
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
