import GridKit

/// Word wrapping by display width (wide characters count double; words longer than a line break).
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let w = TextWidth.width(of: word)
                if used > 0 && used + 1 + w > width {
                    out.append(line); line = ""; used = 0
                }
                if w > width {
                    // Break a long word by characters.
                    for ch in word {
                        let cw = TextWidth.width(of: ch)
                        if used + cw > width { out.append(line); line = ""; used = 0 }
                        line.append(ch); used += cw
                    }
                    continue
                }
                if used > 0 { line += " "; used += 1 }
                line += word; used += w
            }
            out.append(line)
        }
        return out
    }
}

/// A text and its lines at the width last asked for: a row's height and its drawing ask on
/// every layout and frame, and wrapping is then done once per width, not once per key.
/// Used on the main actor only.
final class WrappedText {
    let text: String
    private var width = -1
    private var wrapped: [String] = []

    init(_ text: String) { self.text = text }

    /// `text` wrapped to `width` (see `TextWrap.lines`).
    func lines(width: Int) -> [String] {
        if width != self.width {
            wrapped = TextWrap.lines(text, width: width)
            self.width = width
        }
        return wrapped
    }
}
