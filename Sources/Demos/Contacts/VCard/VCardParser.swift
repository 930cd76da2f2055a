import Foundation
import Synchronization

/// A card that could not be read, and why: printed as `file:line: message`.
public struct VCardProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// What reading one file gave: the cards that loaded and the problems with the rest.
public struct VCardParseResult: Sendable {
    public var contacts: [Contact] = []
    public var problems: [VCardProblem] = []
}

/// Reads vCard 4.0 (RFC 6350), 3.0 (RFC 2426) and 2.1 as phones and desktop address books export
/// them: folded lines, groups, parameters, escapes, BOM, CRLF or LF, quoted-printable with soft
/// line breaks and CHARSET, several cards per file. A malformed card is skipped with a problem
/// naming its line; every other card loads.
public enum VCardParser {
    public static func parse(_ data: [UInt8], file: String) -> VCardParseResult {
        var result = VCardParseResult()
        let bytes = normalizedUTF8(data)
        if bytes.isEmpty {
            result.problems.append(VCardProblem(file: file, line: 0, message: "empty file, no cards"))
            return result
        }
        if bytes.contains(0) || !containsBegin(bytes) {
            result.problems.append(VCardProblem(file: file, line: 0, message: "not a vCard file (no BEGIN:VCARD line)"))
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
        var taken = parts.withLock { p -> [VCardParseResult] in defer { p.removeAll() }; return p }
        result.contacts.reserveCapacity(taken.reduce(0) { $0 + $1.contacts.count })
        for i in taken.indices {
            result.contacts += taken[i].contacts
            result.problems += taken[i].problems
            taken[i] = VCardParseResult()
        }
        if result.contacts.isEmpty && result.problems.isEmpty {
            result.problems.append(VCardProblem(file: file, line: 0, message: "no cards found"))
        }
        return result
    }

    /// Where to cut: offsets of lines starting `BEGIN:VCARD`, about evenly spaced, with their
    /// line numbers.
    static func chunkStarts(_ bytes: [UInt8], parts: Int) -> [(offset: Int, line: Int)] {
        var starts = [(offset: 0, line: 1)]
        guard parts > 1 else { return starts }
        let marker = Array("\nBEGIN:VCARD".utf8)
        var line = 1, scanned = 0
        for k in 1..<parts {
            var i = max(bytes.count * k / parts, starts.last!.offset + 1)
            while i + marker.count <= bytes.count, !bytes[i..<(i + marker.count)].elementsEqual(marker) { i += 1 }
            guard i + marker.count <= bytes.count else { break }
            for j in scanned...i where bytes[j] == 10 { line += 1 }
            scanned = i + 1
            starts.append((i + 1, line))
        }
        return starts
    }

    /// Reads the cards of one chunk; `firstLine` is the file line the chunk starts on.
    static func parseCards(_ bytes: ArraySlice<UInt8>, firstLine: Int, file: String) -> VCardParseResult {
        var result = VCardParseResult()
        var card: CardBuilder?
        for (relative, line) in logicalLines(bytes) {
            let number = relative + firstLine - 1
            let isBlank = line.allSatisfy { $0 == 32 || $0 == 9 }
            if isBlank { continue }
            guard let parsed = VCardLine.parse(line, lineNumber: number) else {
                let text = line.prefix(40).utf8String
                if card != nil { card!.fail(number, "line has no ':' (\"\(text)\")") }
                continue
            }
            let isDelimiter = parsed.name == "BEGIN" || parsed.name == "END"
            let value = isDelimiter ? parsed.value.utf8String.trimming(" \t").uppercased() : ""
            if parsed.name == "BEGIN" && value == "VCARD" {
                if let open = card {
                    result.problems.append(VCardProblem(file: file, line: open.startLine, message: "card has no END:VCARD"))
                }
                card = CardBuilder(file: file, startLine: number)
            } else if parsed.name == "END" && value == "VCARD" {
                guard let done = card else { continue }
                switch done.build() {
                case .success(let c): result.contacts.append(c)
                case .failure(let p): result.problems.append(p)
                }
                card = nil
            } else {
                card?.add(parsed)
            }
        }
        if let open = card {
            result.problems.append(VCardProblem(file: file, line: open.startLine, message: "card has no END:VCARD"))
        }
        return result
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

    /// Physical lines (LF or CRLF) joined into logical ones: a line starting with a space or tab
    /// continues the previous one, and a quoted-printable line ending in `=` continues on the next.
    /// Lazy: a 100,000-card file would otherwise hold a million line slices at once.
    static func logicalLines(_ bytes: ArraySlice<UInt8>) -> LogicalLines { LogicalLines(bytes: bytes) }

    /// The logical lines of a slice, one at a time, each with its first physical line's number.
    struct LogicalLines: Sequence, IteratorProtocol {
        let bytes: ArraySlice<UInt8>
        private var position: Int
        private var number = 0

        init(bytes: ArraySlice<UInt8>) { self.bytes = bytes; position = bytes.startIndex }

        /// The next physical line (CR LF or LF stripped), advancing `position`.
        private mutating func nextLine() -> ArraySlice<UInt8>? {
            guard position < bytes.endIndex else { return nil }
            let start = position
            var end = bytes[start...].firstIndex(of: 10) ?? bytes.endIndex
            position = end < bytes.endIndex ? end + 1 : end
            if end > start && bytes[end - 1] == 13 { end -= 1 }
            number += 1
            return bytes[start..<end]
        }

        mutating func next() -> (Int, ArraySlice<UInt8>)? {
            guard var line = nextLine() else { return nil }
            let lineNumber = number
            var joined: [UInt8]?
            let qp = VCardParser.isQuotedPrintableHead(line)
            while position < bytes.endIndex {
                // A soft line break wins over folding: the next line is content, spaces and all.
                if qp, (joined?.last ?? line.last) == UInt8(ascii: "=") {
                    if joined == nil { joined = Array(line) }
                    joined!.removeLast()
                    joined! += nextLine()!
                } else if bytes[position] == 32 || bytes[position] == 9 {
                    if joined == nil { joined = Array(line) }
                    joined! += nextLine()!.dropFirst()
                } else { break }
            }
            if let joined { line = joined[...] }
            return (lineNumber, line)
        }
    }

    private static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8)

    /// Whether the part before the first `:` names QUOTED-PRINTABLE (any case), on bytes.
    fileprivate static func isQuotedPrintableHead(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let head = line[..<colon], n = quotedPrintable.count
        guard head.count >= n else { return false }
        for start in head.startIndex...(colon - n) where head[start] | 0x20 == UInt8(ascii: "q") {
            var j = 1
            while j < n && (head[start + j] >= 97 ? head[start + j] - 32 : head[start + j]) == quotedPrintable[j] { j += 1 }
            if j == n { return true }
        }
        return false
    }
}
