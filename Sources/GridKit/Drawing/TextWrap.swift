/// Text broken into lines of a width, for cells whose height follows their text: help, alerts,
/// list subtitles, the demos' messages. The one word wrap in the package.
package enum TextWrap {
    /// `text` in lines of at most `width` columns (at least 1). A line break in the text starts
    /// a new line, and an empty line between paragraphs is kept. Within a paragraph lines break
    /// at spaces, where runs of spaces count as one and spaces at either end go. A word longer
    /// than a line is cut where it reaches the edge. Text with nothing but spaces and line
    /// breaks has no lines.
    package static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var sawWords = false
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let before = lines.count
            wrap(paragraph, width: width, into: &lines)
            if lines.count == before { lines.append("") } else { sawWords = true }
        }
        guard sawWords else { return [] }
        // A paragraph break at the very end (text ending in a newline) adds no empty line.
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func wrap(_ paragraph: Substring, width: Int, into lines: inout [String]) {
        var line = "", used = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
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
    }
}
