import Foundation

/// Walks the logical lines of vCard bytes: physical lines (LF or CRLF) joined where a line
/// starting with a space or tab continues the previous one, and where a quoted-printable line
/// ending in `=` continues on the next (a soft line break wins over folding: the next line is
/// content, spaces and all). Works on a buffer pointer: a 100,000-card file has a million lines,
/// and this is the loop they all go through. Bytes are copied only for lines that were joined.
struct LogicalLineCursor {
    /// One logical line: where it starts and ends in the buffer, and its bytes when it was
    /// joined from several physical lines.
    struct Line {
        /// The 1-based number, counted from the cursor's start, of its first physical line.
        var number: Int
        /// Offset of its first byte.
        var start: Int
        /// Offset just past its last physical line's content (before CR LF).
        var end: Int
        /// The joined bytes, when the line was folded; nil when `start..<end` is the line.
        var joined: [UInt8]?
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let limit: Int
    private var position: Int
    /// Physical lines read so far.
    private(set) var physicalLines = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.buffer = buffer
        position = range.lowerBound
        limit = range.upperBound
    }

    /// The next physical line's content range (CR LF or LF stripped), advancing past it.
    private mutating func nextPhysical() -> Range<Int>? {
        guard position < limit else { return nil }
        let start = position
        var end = start
        if let base = buffer.baseAddress, let hit = memchr(base + start, 10, limit - start) {
            end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            position = end + 1
        } else {
            end = limit
            position = limit
        }
        if end > start && buffer[end - 1] == 13 { end -= 1 }
        physicalLines += 1
        return start..<end
    }

    mutating func next() -> Line? {
        guard let first = nextPhysical() else { return nil }
        var line = Line(number: physicalLines, start: first.lowerBound, end: first.upperBound, joined: nil)
        var qp: Bool?
        while position < limit {
            let lastByte = line.joined?.last ?? (line.end > line.start ? buffer[line.end - 1] : nil)
            if lastByte == UInt8(ascii: "=") {
                if qp == nil { qp = Self.isQuotedPrintableHead(UnsafeBufferPointer(rebasing: buffer[first])) }
                if qp! {
                    if line.joined == nil { line.joined = Array(buffer[first]) }
                    line.joined!.removeLast()
                    let more = nextPhysical()!
                    line.joined! += buffer[more]
                    line.end = more.upperBound
                    continue
                }
            }
            guard buffer[position] == 32 || buffer[position] == 9 else { break }
            if line.joined == nil { line.joined = Array(buffer[line.start..<line.end]) }
            let more = nextPhysical()!
            line.joined! += buffer[(more.lowerBound + 1)..<max(more.lowerBound + 1, more.upperBound)]
            line.end = more.upperBound
        }
        return line
    }

    private static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8)

    /// Whether the part before the first `:` names QUOTED-PRINTABLE (any case).
    static func isQuotedPrintableHead(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return line.contains(uppercaseWord: quotedPrintable, in: 0..<colon)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `word` (upper-case ASCII) occurs in `range`, letters compared without case:
    /// parameter names in a line's head are case-insensitive.
    func contains(uppercaseWord word: [UInt8], in range: Range<Int>) -> Bool {
        guard let first = word.first, range.count >= word.count else { return false }
        for start in range.lowerBound...(range.upperBound - word.count) where self[start] & 0xDF == first {
            var j = 1
            while j < word.count && (self[start + j] >= 97 && self[start + j] <= 122 ? self[start + j] - 32 : self[start + j]) == word[j] { j += 1 }
            if j == word.count { return true }
        }
        return false
    }
}
