import Foundation
import Synchronization

/// Loads contacts from files and folders given on the command line. Files are only read.
public enum ContactSources {
    /// What was loaded, and one line per problem (missing files, skipped cards).
    public struct Loaded: Sendable {
        public var contacts: [Contact] = []
        public var problems: [String] = []
        public init(contacts: [Contact] = [], problems: [String] = []) { self.contacts = contacts; self.problems = problems }
    }

    public static func load(paths: [String]) -> Loaded {
        var loaded = Loaded()
        for path in paths {
            if let problem = SafeFile.problem(with: path) {
                loaded.problems.append("\(path): \(problem)")
                continue
            }
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            let files = isDir.boolValue ? vcardFiles(in: path) : [path]
            if isDir.boolValue && files.isEmpty { loaded.problems.append("\(path): no .vcf files in this folder") }
            for part in readAll(files) {
                // The first (often only) part is taken as it is: a 100k-card file is not copied.
                if loaded.contacts.isEmpty { loaded.contacts = part.contacts } else { loaded.contacts += part.contacts }
                loaded.problems += part.problems
            }
        }
        return loaded
    }

    /// Reads and parses files on every core (a vdir holds thousands of one-card files), in
    /// slices so threads do not contend per file; results come back in file order.
    static func readAll(_ files: [String]) -> [Loaded] {
        let slices = files.count < 64 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        let per = (files.count + slices - 1) / max(1, slices)
        let parts = Mutex([Loaded](repeating: Loaded(), count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { k in
            var part = Loaded()
            for file in files[min(files.count, k * per)..<min(files.count, (k + 1) * per)] {
                let data: [UInt8]
                do { data = try SafeFile.read(file, limit: SafeFile.vcardLimit) } catch {
                    part.problems.append("\(file): \(error)")
                    continue
                }
                let result = VCardParser.parse(data, file: file)
                part.contacts += result.contacts
                part.problems += result.problems.map(\.description)
            }
            parts.withLock { $0[k] = part }
        }
        return parts.withLock { $0 }
    }

    /// `.vcf` and `.vcard` files under a folder, recursively, any case, in name order.
    /// Walked with readdir (a vdir holds tens of thousands of files, and Foundation's enumerator
    /// with its path-string work took a fifth of the load); linked folders are not followed, so
    /// a link loop cannot trap the walk.
    static func vcardFiles(in dir: String) -> [String] {
        var out: [String] = []
        var pending = [dir]
        while let folder = pending.popLast() {
            guard let d = opendir(folder) else { continue }
            defer { closedir(d) }
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
                }
                if type == Int32(DT_DIR) { pending.append(path); continue }
                if Self.hasVCardExtension(name) { out.append(path) }
            }
        }
        return out.sorted()
    }

    /// `.vcf` or `.vcard`, any case, on bytes.
    static func hasVCardExtension(_ name: String) -> Bool {
        let bytes = Array(name.utf8.suffix(6)).map { $0 | 0x20 }
        return bytes.count >= 4 && (bytes.suffix(4) == Array(".vcf".utf8) || (bytes.count == 6 && bytes == Array(".vcard".utf8)))
    }
}
