import Foundation
import Synchronization

/// Loads contacts from files and folders given on the command line. Files are only read.
package enum ContactSources {
    /// What was loaded, and one line per problem (missing files, skipped cards).
    package struct Loaded: Sendable {
        package var store: ContactStore
        package var problems: [String] = []
        /// Every contact, parsed whole (for tests and small books; the list reads `store`).
        package var contacts: [Contact] { store.allContacts }
    }

    /// Reads the cards of every file and folder in `paths`, in order, keeping each card's bytes
    /// and only what the list needs of it (see `ContactStore`).
    package static func load(paths: [RawPath]) -> Loaded {
        var all = ContactStoreBuilder(), blobs: [ContactStore.Blob] = [], files: [String] = [], problems: [String] = []
        for path in paths {
            if let problem = SafeFile.problem(with: path) {
                problems.append("\(path): \(problem)")
                continue
            }
            var info = stat()
            let isDir = path.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
            let names = isDir ? vcardFiles(in: path) : [path]
            if isDir && names.isEmpty { problems.append("\(path): no .vcf files in this folder") }
            for part in names.count == 1 ? [readLarge(names[0])] : readMany(names) {
                all.append(part.cards, blobBase: blobs.count, fileBase: files.count)
                blobs += part.blobs
                files += part.files
                problems += part.problems
            }
        }
        return Loaded(
            store: ContactStore(
                text: all.text, ends: all.ends,
                backing: .cards(blobs: blobs, places: all.places, files: files)),
            problems: problems)
    }

    /// Cards read from some files: their bytes, the files' names, and the problems met.
    struct Part: Sendable {
        var cards = ContactStoreBuilder()
        var blobs: [ContactStore.Blob] = []
        var files: [String] = []
        var problems: [String] = []
    }

    /// One file, perhaps of a hundred thousand cards: cut at card boundaries and scanned on
    /// every core, the pieces joined in file order (their lines renumbered then).
    static func readLarge(_ path: RawPath) -> Part {
        let file = path.description
        var part = Part(files: [file])
        var bytes: [UInt8], identity: SafeFile.Identity
        do { (bytes, identity) = try SafeFile.readIdentified(path, limit: SafeFile.vcardLimit) } catch {
            part.problems.append("\(file): \(error)")
            return part
        }
        // Offsets stay the file's own, so a card can be read again from the file: a UTF-8
        // byte-order mark is stepped over, not cut off. A UTF-16 file is converted and kept.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var converted = false
        if start == 0, bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            bytes = VCardParser.normalizedUTF8(bytes)
            converted = true
        }
        if let problem = VCardParser.fileProblem(bytes, from: start, file: file) {
            part.problems.append(problem.description)
            return part
        }
        var taken = scanPieces(bytes, from: start, file: file)
        if !converted { bytes = [] } // cards are read again from the file when opened
        var linesBefore = 0
        part.cards.reserve(taken.map(\.cards))
        for i in taken.indices {
            // Each piece is let go once copied: resident memory stays near one copy of the list.
            var piece = taken[i]
            taken[i] = (ContactStoreBuilder(), [], 0)
            if linesBefore > 0 {
                for k in piece.cards.places.indices { piece.cards.places[k].line += UInt32(linesBefore) }
                for k in piece.problems.indices where piece.problems[k].line > 0 {
                    piece.problems[k].line += linesBefore
                }
            }
            part.cards.append(piece.cards, blobBase: 0, fileBase: 0)
            part.problems += piece.problems.map(\.description)
            linesBefore += piece.lines
        }
        if part.cards.places.isEmpty && part.problems.isEmpty {
            part.problems.append(VCardParser.noCards(file).description)
        }
        part.blobs = [converted ? .bytes(bytes) : .file(path, identity)]
        return part
    }

    /// Scans a file's bytes in pieces cut at card boundaries, on every core: more pieces than
    /// cores, so a core that finishes early takes another. Each piece numbers its lines from 1.
    private static func scanPieces(_ bytes: [UInt8], from start: Int, file: String)
        -> [(cards: ContactStoreBuilder, problems: [VCardProblem], lines: Int)]
    {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let cuts = VCardParser.cardBoundaries(bytes, from: start, parts: bytes.count > 1 << 20 ? cores * 4 : 1)
        let pieces = Mutex(
            [(cards: ContactStoreBuilder, problems: [VCardProblem], lines: Int)](
                repeating: (ContactStoreBuilder(), [], 0), count: cuts.count))
        DispatchQueue.concurrentPerform(iterations: cuts.count) { i in
            var cards = ContactStoreBuilder()
            let end = i + 1 < cuts.count ? cuts[i + 1] : bytes.count
            let scanned = VCardScanner.scan(bytes, cuts[i]..<end, firstLine: 1, file: file, fileIndex: 0, into: &cards)
            pieces.withLock { $0[i] = (cards, scanned.problems, scanned.lines) }
        }
        return pieces.withLock { p in
            defer { p.removeAll() }; return p
        }
    }

    /// Many files (a vdir holds thousands of one-card files): read and scanned on every core in
    /// slices, so threads do not contend per file; each slice keeps its files' bytes in one
    /// array, and results come back in file order.
    static func readMany(_ names: [RawPath]) -> [Part] {
        let slices = names.count < 64 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        let per = (names.count + slices - 1) / max(1, slices)
        let parts = Mutex([Part](repeating: Part(), count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { k in
            var part = Part()
            var blob: [UInt8] = []
            for path in names[min(names.count, k * per)..<min(names.count, (k + 1) * per)] {
                let bytes: [UInt8], file = path.description
                do { bytes = VCardParser.normalizedUTF8(try SafeFile.read(path, limit: SafeFile.vcardLimit)) } catch {
                    part.problems.append("\(file): \(error)")
                    continue
                }
                if let problem = VCardParser.fileProblem(bytes, file: file) {
                    part.problems.append(problem.description)
                    continue
                }
                let offset = blob.count, index = part.files.count
                blob += bytes
                part.files.append(file)
                let before = part.cards.places.count
                let problems = VCardScanner.scan(
                    blob, offset..<blob.count, firstLine: 1, file: file,
                    fileIndex: index, into: &part.cards
                ).problems
                part.problems += problems.map(\.description)
                if part.cards.places.count == before && problems.isEmpty {
                    part.problems.append(VCardParser.noCards(file).description)
                }
            }
            part.blobs = [.bytes(blob)]
            parts.withLock { $0[k] = part }
        }
        return parts.withLock { $0 }
    }

    /// `.vcf` and `.vcard` files under a folder, recursively, any case, in name order
    /// (a vdir holds tens of thousands of files: walked on bytes, see `FolderWalk`).
    static func vcardFiles(in dir: RawPath) -> [RawPath] {
        var out: [RawPath] = []
        FolderWalk.walk(dir.withoutTrailingSlashes) { _, files, _ in
            // a FIFO is refused by the read, and said
            out += files.lazy.filter { hasVCardExtension($0.name) }.map(\.path)
            return true
        }
        return out.sorted()
    }

    /// `.vcf` or `.vcard`, any case, on bytes.
    static func hasVCardExtension(_ name: RawPath) -> Bool {
        let bytes = Array(name.bytes.suffix(6)).map { $0 | 0x20 }
        return bytes.count >= 4
            && (bytes.suffix(4) == Array(".vcf".utf8) || (bytes.count == 6 && bytes == Array(".vcard".utf8)))
    }
}
