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
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                loaded.problems.append("\(path): no such file or directory")
                continue
            }
            let files = isDir.boolValue ? vcardFiles(in: path) : [path]
            if isDir.boolValue && files.isEmpty { loaded.problems.append("\(path): no .vcf files in this folder") }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    loaded.problems.append("\(file): cannot be read")
                    continue
                }
                let result = VCardParser.parse([UInt8](data), file: file)
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
