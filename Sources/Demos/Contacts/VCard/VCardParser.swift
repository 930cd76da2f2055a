import Foundation
import Synchronization

/// A card that could not be read, and why: printed as `file:line: message`.
package struct VCardProblem: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var message: String
    package var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// What reading one file gave: the cards that loaded and the problems with the rest.
package struct VCardParseResult: Sendable {
    package var contacts: [Contact] = []
    package var problems: [VCardProblem] = []
}

/// Reads vCard 4.0 (RFC 6350), 3.0 (RFC 2426) and 2.1 as phones and desktop address books export
/// them: folded lines, groups, parameters, escapes, BOM, lines ended by CRLF, LF, CR or LF CR, quoted-printable with soft
/// line breaks and CHARSET, several cards per file. A malformed card is skipped with a problem
/// naming its line; every other card loads.
package enum VCardParser {
    package static func parse(_ data: [UInt8], file: String) -> VCardParseResult {
        var result = VCardParseResult()
        let bytes = normalizedUTF8(data)
        if let problem = fileProblem(bytes, file: file) {
            result.problems.append(problem)
            return result
        }
        // Big files are cut at card boundaries and read on every core; results keep file order.
        let chunks = chunkStarts(bytes, parts: bytes.count > 1 << 20 ? ProcessInfo.processInfo.activeProcessorCount : 1)
        // One lock per chunk (a handful per file) keeps the parallel writes provably safe.
        let parts = Mutex([VCardParseResult](repeating: VCardParseResult(), count: chunks.count))
        DispatchQueue.concurrentPerform(iterations: chunks.count) { i in
            let end = i + 1 < chunks.count ? chunks[i + 1].offset : bytes.count
            let part = parseCards(bytes[chunks[i].offset..<end], firstLine: chunks[i].line, file: file)
            parts.withLock { $0[i] = part }
        }
        // Taken out of the lock and emptied there, so each part's cards exist once while joined.
        var taken = parts.withLock { p -> [VCardParseResult] in
            defer { p.removeAll() }; return p
        }
        result.contacts.reserveCapacity(taken.reduce(0) { $0 + $1.contacts.count })
        for i in taken.indices {
            result.contacts += taken[i].contacts
            result.problems += taken[i].problems
            taken[i] = VCardParseResult()
        }
        if result.contacts.isEmpty && result.problems.isEmpty { result.problems.append(noCards(file)) }
        return result
    }

    /// Why normalized bytes (from `start` on) are not a vCard file at all, or nil.
    static func fileProblem(_ bytes: [UInt8], from start: Int = 0, file: String) -> VCardProblem? {
        if bytes.count <= start { return VCardProblem(file: file, line: 0, message: "empty file, no cards") }
        let hasNUL = bytes.withUnsafeBufferPointer { memchr($0.baseAddress!, 0, $0.count) != nil }
        if hasNUL || !containsBegin(bytes) {
            return VCardProblem(file: file, line: 0, message: "not a vCard file (no BEGIN:VCARD line)")
        }
        return nil
    }

    /// The problem of a file in which no card was found at all.
    static func noCards(_ file: String) -> VCardProblem { VCardProblem(file: file, line: 0, message: "no cards found") }

    /// Where to cut: offsets of lines starting `BEGIN:VCARD`, about evenly spaced, with their
    /// line numbers.
    static func chunkStarts(_ bytes: [UInt8], parts: Int) -> [(offset: Int, line: Int)] {
        var line = 1, scanned = 0
        return cardBoundaries(bytes, parts: parts).map { offset in
            line += newlines(in: bytes, scanned..<offset)
            scanned = offset
            return (offset, line)
        }
    }

    /// Offsets of lines starting `BEGIN:VCARD`, about evenly spaced, to cut a file into
    /// `parts` pieces of whole cards (the first is 0). A line starts after an LF or a CR: a file
    /// whose lines end in CR is cut as one whose lines end in LF.
    static func cardBoundaries(_ bytes: [UInt8], from start: Int = 0, parts: Int) -> [Int] {
        var cuts = [start]
        guard parts > 1 else { return cuts }
        let marker = Array("BEGIN:VCARD".utf8)
        bytes.withUnsafeBufferPointer { b in
            for k in 1..<parts {
                var i = max(b.count * k / parts, cuts.last! + 2)
                while i + marker.count <= b.count,
                    b[i - 1] != 10 && b[i - 1] != 13 || memcmp(b.baseAddress! + i, marker, marker.count) != 0
                {
                    i += 1
                }
                guard i + marker.count <= b.count else { break }
                cuts.append(i)
            }
        }
        return cuts
    }

    /// How many lines end in `range` (which starts at a line's start), as the line cursor
    /// counts them.
    static func newlines(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { LogicalLineCursor.lineEnds(in: $0, range) }
    }

    /// Reads the cards of one chunk; `firstLine` is the file line the chunk starts on.
    static func parseCards(_ bytes: ArraySlice<UInt8>, firstLine: Int, file: String) -> VCardParseResult {
        var result = VCardParseResult()
        var card: CardBuilder?
        var outside = OutsideLines(file: file)
        bytes.withUnsafeBufferPointer { buffer in
            var lines = LogicalLineCursor(buffer, range: 0..<buffer.count)
            while let l = lines.next() {
                let number = l.number + firstLine - 1
                let line = l.joined?[...] ?? bytes[(bytes.startIndex + l.start)..<(bytes.startIndex + l.end)]
                let isBlank = line.allSatisfy { $0 == 32 || $0 == 9 }
                if isBlank { continue }
                guard let parsed = VCardLine.parse(line, lineNumber: number) else {
                    if card != nil {
                        card!.skip(number, noColonMessage(line))
                    } else {
                        outside.met(number, into: &result.problems)
                    }
                    continue
                }
                switch delimiter(parsed) {
                case .begin:
                    if let open = card { result.problems.append(open.missingEnd) }
                    card = CardBuilder(file: file, startLine: number)
                    outside.cardBegins()
                case .end:
                    guard let done = card else {
                        outside.met(number, into: &result.problems)
                        continue
                    }
                    result.problems += done.skipped
                    switch done.build() {
                    case .success(let c): result.contacts.append(c)
                    case .failure(let p): result.problems.append(p)
                    }
                    card = nil
                case nil:
                    if card != nil { card!.add(parsed) } else { outside.met(number, into: &result.problems) }
                }
            }
        }
        if let open = card { result.problems.append(open.missingEnd) }
        return result
    }

    enum Delimiter { case begin, end }

    /// BEGIN:VCARD or END:VCARD (any case, spaces around the value allowed), else nil.
    static func delimiter(_ line: VCardLine) -> Delimiter? {
        guard line.name == "BEGIN" || line.name == "END" else { return nil }
        guard line.value.utf8String.trimming(" \t").uppercased() == "VCARD" else { return nil }
        return line.name == "BEGIN" ? .begin : .end
    }

    /// The problem with a line that has no `:` outside quotes.
    static func noColonMessage(_ line: ArraySlice<UInt8>) -> String {
        "line has no ':' (\"\(line.prefix(40).utf8String)\")"
    }

    /// UTF-8 without a byte-order mark; UTF-16 files (with a BOM) are converted.
    static func normalizedUTF8(_ data: [UInt8]) -> [UInt8] {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(data.dropFirst(3)) }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            let encoding: String.Encoding = data[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            if let s = String(data: Data(data.dropFirst(2)), encoding: encoding) { return Array(s.utf8) }
        }
        return data
    }

    private static func containsBegin(_ bytes: [UInt8]) -> Bool {
        let needle = Array("BEGIN:VCARD".utf8)
        func upper(_ b: UInt8) -> UInt8 { b >= 97 && b <= 122 ? b - 32 : b }
        guard bytes.count >= needle.count else { return false }
        for i in 0...(bytes.count - needle.count) where upper(bytes[i]) == needle[0] {
            if (1..<needle.count).allSatisfy({ upper(bytes[i + $0]) == needle[$0] }) { return true }
        }
        return false
    }
}
