/// One line of editable text (`UITextField`): a caret that moves by whole grapheme clusters
/// (an emoji family, a flag, a letter and its accents are one step), the editing keys of a
/// shell's line editor, pastes taken whole, a placeholder, and the terminal's cursor at the caret
/// while it has the keys.
///
/// Keys: ←/→ and Home/End (Ctrl-A/Ctrl-E) move; Alt-B/Alt-F move by word; Backspace and Delete
/// (Ctrl-D) delete; Ctrl-K deletes to the end, Ctrl-U to the start, Ctrl-W the word before the
/// caret. What it keeps is capped at `maxLength` characters: a paste past it is cut there and
/// `wasTruncated` says so.
@MainActor
public final class TextField {
    /// The text, as characters: the caret moves by one of them.
    private var characters: [Character] = []
    /// Where the caret is: the number of characters before it.
    public private(set) var caret = 0
    /// The first character shown when the text is wider than the field.
    private var firstShown = 0

    /// The text. Setting it puts the caret at its end (and does not call `editingChanged`).
    public var text: String {
        get { String(characters) }
        set {
            characters = Self.oneLine(newValue, limit: maxLength).characters
            caret = characters.count
        }
    }
    /// Shown dimmed while the text is empty.
    public var placeholder: String
    /// The most characters kept; more typed or pasted are dropped (`wasTruncated`).
    public var maxLength: Int
    /// True when the last insertion was cut at `maxLength`.
    public private(set) var wasTruncated = false
    /// Whether the field has the keys: it draws its caret and shows the terminal's cursor there.
    /// Whoever owns the field sets it (a `SearchController` does).
    public var isFirstResponder = false
    /// Called after each edit that changed the text (UIKit's `.editingChanged`); a paste is one
    /// edit, however long.
    public var editingChanged: ((TextField) -> Void)?
    /// The text's colours.
    public var textStyle = Style.plain
    /// The placeholder's colours.
    public var placeholderStyle = Style(foreground: .brightBlack)

    /// A field holding `text`, caret at its end.
    public init(text: String = "", placeholder: String = "", maxLength: Int = 4096) {
        self.placeholder = placeholder
        self.maxLength = max(1, maxLength)
        self.text = text
    }

    /// True when the field holds no text.
    package var isEmpty: Bool { characters.isEmpty }

    // MARK: Editing

    /// Inserts `string` at the caret, as one edit: line breaks and tabs become spaces and other
    /// control characters are dropped; what would pass `maxLength` is cut (`wasTruncated`).
    public func insert(_ string: String) {
        let (added, cut) = Self.oneLine(string, limit: max(0, maxLength - characters.count))
        wasTruncated = cut
        guard !added.isEmpty else { return }
        characters.insert(contentsOf: added, at: caret)
        caret += added.count
        editingChanged?(self)
    }

    /// Handles an editing key or a paste; false for anything else (Enter, Esc, Up, Down,
    /// Tab are the owner's).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .paste(let text): insert(text)
        case .key(let key): return handle(key)
        default: return false
        }
        return true
    }

    private func handle(_ key: Key) -> Bool {
        switch key {
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(characters.count, caret + 1)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = characters.count
        case .alt("b"): caret = wordStart(before: caret)
        case .alt("f"): caret = wordEnd(after: caret)
        case .backspace: delete(max(0, caret - 1)..<caret)
        case .delete, .control("d"): delete(caret..<min(characters.count, caret + 1))
        case .control("k"): delete(caret..<characters.count)
        case .control("u"): delete(0..<caret)
        case .control("w"): delete(wordStart(before: caret)..<caret)
        case .character(let c): insert(String(c))
        default: return false
        }
        return true
    }

    private func delete(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        characters.removeSubrange(range)
        caret = range.lowerBound
        wasTruncated = false
        editingChanged?(self)
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0 && isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count && isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    /// `string`'s first `limit` characters on one line: breaks and tabs as spaces, other
    /// controls dropped; `cut` when more were left (and not looked at: a megabyte pasted costs
    /// what is kept).
    private static func oneLine(_ string: String, limit: Int) -> (characters: [Character], cut: Bool) {
        var out: [Character] = []
        out.reserveCapacity(min(limit, string.utf8.count))
        for c in string {
            if out.count == limit { return (out, true) }
            if c == "\n" || c == "\r\n" || c == "\r" || c == "\t" {
                out.append(" ")
            } else if let s = c.unicodeScalars.first, c.unicodeScalars.count == 1,
                s.value < 0x20 || (0x7F..<0xA0).contains(s.value)
            {
                continue
            } else {
                out.append(c)
            }
        }
        return (out, false)
    }

    // MARK: Drawing

    /// Draws the field in `width` columns from `origin`: the text scrolled so the caret shows,
    /// or the placeholder. With the keys, the canvas's cursor goes to the caret and shows.
    public func draw(in canvas: Canvas, at origin: Point, width: Int) {
        guard width > 0 else { return }
        canvas.fill(Rect(x: origin.x, y: origin.y, width: width, height: 1), style: textStyle)
        if characters.isEmpty {
            canvas.drawText(placeholder, at: origin, style: placeholderStyle, maxWidth: width)
        } else {
            scrollToCaret(width: width)
            var x = origin.x
            for c in characters[firstShown...] {
                let w = TextWidth.width(of: c)
                if x + w > origin.x + width { break }
                canvas.put(String(c), width: w, at: Point(x: x, y: origin.y), style: textStyle)
                x += w
            }
        }
        guard isFirstResponder else { return }
        canvas.cursor = Point(x: origin.x + caretColumn(), y: origin.y)
        canvas.showsCursor = true
    }

    /// The caret's column in the field as last drawn.
    private func caretColumn() -> Int {
        characters.isEmpty ? 0 : characters[firstShown..<caret].reduce(0) { $0 + TextWidth.width(of: $1) }
    }

    /// Moves what shows so the caret is inside `width` columns, with a column left for it at the end.
    private func scrollToCaret(width: Int) {
        firstShown = min(firstShown, caret)
        var used = caretColumn()
        while used > width - 1, firstShown < caret {
            used -= TextWidth.width(of: characters[firstShown])
            firstShown += 1
        }
    }
}
