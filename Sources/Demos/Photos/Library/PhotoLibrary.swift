import Foundation

/// Where a photo's pixels come from.
package enum PhotoSource: Sendable {
    case file(RawPath)
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
    /// Paths are bytes: a name that is not UTF-8 is opened as it is and shown escaped.
    package static func scan(_ paths: [RawPath]) -> PhotoLibrary {
        var byFolder: [RawPath: [PhotoItem]] = [:], skipped: [String] = []
        func add(_ path: RawPath, name: RawPath, folder: RawPath, problem: String?) {
            guard extensions.contains(path.lowercasedExtension) else { return }
            // A FIFO, device or socket with a photo's name is listed as skipped, not shown as a tile
            // that could never load; reading checks again on the opened file.
            if let problem = problem ?? SafeFile.problem(with: path) { skipped.append("\(path): \(problem)"); return }
            let shown = folder.bytes.isEmpty ? RawPath(".") : folder
            byFolder[shown, default: []].append(PhotoItem(name: name.description, folder: shown.description, source: .file(path)))
        }
        for path in paths {
            if let problem = SafeFile.problem(with: path) { skipped.append("\(path): \(problem)"); continue }
            var info = stat()
            if path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
                FolderWalk.walk(
                    path.withoutTrailingSlashes, problem: { skipped.append("\($0): \($1)") },
                    visit: { folder, files in
                        for file in files { add(file.path, name: file.name, folder: folder, problem: file.problem) }
                        return true
                    })
            } else if extensions.contains(path.lowercasedExtension) {
                add(path, name: path.lastComponent, folder: path.parent, problem: nil)
            } else {
                skipped.append("\(path): not a .png, .jpg or .jpeg file")
            }
        }
        let sections = byFolder.keys.sorted().map { folder in
            (folder: folder.description, items: byFolder[folder]!.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending })
        }
        return PhotoLibrary(sections: sections, skipped: skipped)
    }
}
