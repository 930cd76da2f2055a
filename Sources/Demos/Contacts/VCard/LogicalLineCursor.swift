import Foundation

/// Walks the logical lines of vCard bytes: physical lines (ended by CR LF, LF, CR or LF CR) joined where a line
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
        /// Offset just past its last physical line's content (before its line end).
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

    /// Where the next LF and CR are, at or after `position` (`limit` when there is none): each
    /// is looked for again only once passed, so a file with one kind of line end is searched
    /// once for the other, not once per line.
    private var nextLF = -1, nextCR = -1

    /// The first `byte` at or after `start`, from `cached` while it is still ahead.
    private static func find(
        _ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, cached: inout Int
    ) {
        guard cached < start else { return }
        if let base = buffer.baseAddress, let hit = memchr(base + start, Int32(byte), limit - start) {
            cached = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        } else {
            cached = limit
        }
    }

    /// The next physical line's content range, advancing past its line end: CR LF, LF CR, LF
    /// or CR alone (old Mac exports end lines in CR; a few tools write LF CR), taken greedily.
    private mutating func nextPhysical() -> Range<Int>? {
        guard position < limit else { return nil }
        let start = position
        Self.find(10, in: buffer, from: start, limit: limit, cached: &nextLF)
        Self.find(13, in: buffer, from: start, limit: limit, cached: &nextCR)
        let end = min(nextLF, nextCR)
        position = min(limit, Self.afterLineEnd(buffer, at: end, limit: limit))
        physicalLines += 1
        return start..<end
    }

    /// Just past the line end that starts at `i` (a CR or LF, paired with the other kind right
    /// after it), or `limit` when `i` is `limit`.
    static func afterLineEnd(_ b: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Int {
        guard i < limit else { return limit }
        let other: UInt8 = b[i] == 10 ? 13 : 10
        return i + 1 < limit && b[i + 1] == other ? i + 2 : i + 1
    }

    /// How many lines end in `range` (which starts at a line's start), counted as the cursor
    /// counts them: the parallel parse numbers each piece's lines from where it starts.
    static func lineEnds(in b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var n = 0, i = range.lowerBound
        while i < range.upperBound {
            let x = b[i]
            if x == 10 || x == 13 {
                n += 1
                i = afterLineEnd(b, at: i, limit: range.upperBound)
            } else {
                i += 1
            }
        }
        return n
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
            while j < word.count
                && (self[start + j] >= 97 && self[start + j] <= 122 ? self[start + j] - 32 : self[start + j]) == word[j]
            { j += 1 }
            if j == word.count { return true }
        }
        return false
    }
}
