import Foundation

/// Loads contacts from files and folders given on the command line. Files are only read.
public enum ContactSources {
    /// What was loaded, and one line per problem (missing files, skipped cards).
    public struct Loaded {
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
            for file in files {
                let data: [UInt8]
                do { data = try SafeFile.read(file, limit: SafeFile.vcardLimit) } catch {
                    loaded.problems.append("\(file): \(error)")
                    continue
                }
                let result = VCardParser.parse(data, file: file)
                loaded.contacts += result.contacts
                loaded.problems += result.problems.map(\.description)
            }
        }
        return loaded
    }

    /// `.vcf` and `.vcard` files under a folder, recursively, any case, in name order.
    static func vcardFiles(in dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            let ext = (rel as NSString).pathExtension.lowercased()
            if ext == "vcf" || ext == "vcard" { out.append((dir as NSString).appendingPathComponent(rel)) }
        }
        return out.sorted()
    }
}
