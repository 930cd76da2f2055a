/// Lines that are in no card: between an END:VCARD (or the file's start) and the next
/// BEGIN:VCARD. They are what is left of a card whose BEGIN line was damaged or split by line
/// ends the reader did not see, so each run of them is reported once, at its first line: a
/// card is never lost without a word. The parser and the scanner both keep one.
struct OutsideLines {
    let file: String
    /// Whether the lines since the last card are already reported.
    private var reported = false

    init(file: String) { self.file = file }

    /// A non-blank line `line` outside any card: reported when it starts a run.
    mutating func met(_ line: Int, into problems: inout [VCardProblem]) {
        guard !reported else { return }
        reported = true
        problems.append(
            VCardProblem(file: file, line: line, message: "not in a card (no BEGIN:VCARD before it); left out"))
    }

    /// A card begins: lines after it are a new run.
    mutating func cardBegins() { reported = false }
}
