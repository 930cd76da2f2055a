import Foundation

/// Where a photo's pixels come from.
package enum PhotoSource: Sendable {
    case file(String)
    /// A picture drawn by `SampleAlbum` from its kind and seed.
    case generated(kind: Int, seed: Int, width: Int, height: Int)
}

/// One photo: its name, the folder it is filed under, and its source.
package struct PhotoItem: Sendable {
    package let name: String
    package let folder: String
    package let source: PhotoSource
}

/// The photos of a screen, grouped into sections by folder.
package struct PhotoLibrary: Sendable {
    package let sections: [(folder: String, items: [PhotoItem])]
    /// Files that were found but could not be read, and paths that do not exist.
    package let skipped: [String]

    package init(sections: [(folder: String, items: [PhotoItem])], skipped: [String] = []) {
        self.sections = sections
        self.skipped = skipped
    }

    package var count: Int { sections.reduce(0) { $0 + $1.items.count } }

    static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Scans files and folders (recursively, any-case .png/.jpg/.jpeg). Files are only read.
    package static func scan(_ paths: [String]) -> PhotoLibrary {
        var byFolder: [String: [PhotoItem]] = [:], skipped: [String] = []
        let fm = FileManager.default
        func add(_ path: String) {
            guard extensions.contains((path as NSString).pathExtension.lowercased()) else { return }
            // A FIFO, device or socket with a photo's name is listed as skipped, not shown as a tile
            // that could never load; reading checks again on the opened file.
            if let problem = SafeFile.problem(with: path) { skipped.append("\(path): \(problem)"); return }
            let folder = (path as NSString).deletingLastPathComponent
            byFolder[folder.isEmpty ? "." : folder, default: []].append(
                PhotoItem(name: (path as NSString).lastPathComponent, folder: folder, source: .file(path)))
        }
        for path in paths {
            if let problem = SafeFile.problem(with: path) { skipped.append("\(path): \(problem)"); continue }
            var isDir: ObjCBool = false
            _ = fm.fileExists(atPath: path, isDirectory: &isDir)
            if isDir.boolValue {
                guard let e = fm.enumerator(atPath: path) else { skipped.append("\(path): cannot be read"); continue }
                while let rel = e.nextObject() as? String { add((path as NSString).appendingPathComponent(rel)) }
            } else if extensions.contains((path as NSString).pathExtension.lowercased()) {
                add(path)
            } else {
                skipped.append("\(path): not a .png, .jpg or .jpeg file")
            }
        }
        let sections = byFolder.keys.sorted().map { folder in
            (folder: folder, items: byFolder[folder]!.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending })
        }
        return PhotoLibrary(sections: sections, skipped: skipped)
    }
}
