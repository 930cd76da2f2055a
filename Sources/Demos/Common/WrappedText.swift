import GridKit

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
