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
    package private(set) var sections: [(folder: String, items: [PhotoItem])]
    /// Files that were found but could not be read, and paths that do not exist.
    package private(set) var skipped: [String]
    package private(set) var count: Int

    package init(sections: [(folder: String, items: [PhotoItem])] = [], skipped: [String] = []) {
        self.sections = sections
        self.skipped = skipped
        count = sections.reduce(0) { $0 + $1.items.count }
    }

    /// What a scan found since it last reported: folders with their photos, and what was skipped.
    package struct Found: Sendable {
        package var sections: [(folder: String, items: [PhotoItem])] = []
        package var skipped: [String] = []
        var isEmpty: Bool { sections.isEmpty && skipped.isEmpty }
    }

    /// Adds what a scan found, after what is there.
    package mutating func append(_ found: Found) {
        sections += found.sections
        skipped += found.skipped
        count += found.sections.reduce(0) { $0 + $1.items.count }
    }

    static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Scans files and folders (recursively, any-case .png/.jpg/.jpeg). Files are only read.
    package static func scan(_ paths: [RawPath]) -> PhotoLibrary {
        var library = PhotoLibrary()
        scan(paths, every: .zero) {
            library.append($0); return true
        }
        return library
    }

    /// Scans as `scan(_:)` does, handing what it found to `report` at most every `interval`
    /// (and at the end), so a grid can show the first folders while the walk goes on; stops
    /// when `report` returns false. Folders come in walk order: each path given, then its
    /// folders depth first, in name order; photos in a folder in natural name order.
    ///
    /// Paths are bytes: a name that is not UTF-8 is opened as it is and shown escaped. Each photo
    /// costs one `stat` (for its type, size and permissions), made relative to its open folder;
    /// folders are read with `readdir`.
    package static func scan(
        _ paths: [RawPath], every interval: Duration, stop: () -> Bool = { false }, report: (Found) -> Bool
    ) {
        var found = Found()
        let clock = ContinuousClock()
        let order = FinderOrder()
        // The first folder with photos goes out at once: the grid has something to show.
        var last: ContinuousClock.Instant?
        var going = true
        func flush(force: Bool) {
            guard going, !found.isEmpty,
                force || found.sections.isEmpty == false && last.map({ clock.now - $0 >= interval }) ?? true
            else { return }
            going = report(found)
            found = Found()
            last = clock.now
        }
        for path in paths where going {
            if let problem = SafeFile.problem(with: path) {
                found.skipped.append("\(path): \(problem)")
                continue
            }
            var info = stat()
            if path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
                let root = path.withoutTrailingSlashes
                FolderWalk.walk(
                    root, problem: { found.skipped.append("\($0): \($1)") },
                    visit: { folder, files, open in
                        // A tree without photos reports nothing for long: ask between folders.
                        if stop() { going = false; return false }
                        var items: [PhotoItem] = []
                        let shown = shownName(of: folder, under: root)
                        for file in files where extensions.contains(file.name.lowercasedExtension) {
                            if let problem = file.problem ?? problem(with: open.status(of: file.name)) {
                                found.skipped.append("\(file.path): \(problem)")
                            } else {
                                items.append(
                                    PhotoItem(name: file.name.description, folder: shown, source: .file(file.path)))
                            }
                        }
                        if !items.isEmpty { found.sections.append((shown, sortedByName(items, in: order))) }
                        flush(force: false)
                        return going
                    })
            } else if extensions.contains(path.lowercasedExtension) {
                let folder = path.parent.bytes.isEmpty ? "." : path.parent.description
                found.sections.append(
                    (folder, [PhotoItem(name: path.lastComponent.description, folder: folder, source: .file(path))]))
            } else {
                found.skipped.append("\(path): not a .png, .jpg or .jpeg file")
            }
            flush(force: false)
        }
        flush(force: true)
    }

    /// How a folder found under `root` (a folder given) is named on screen: from the folder
    /// given down, as a file manager names it: `Pictures/2023/Trip` for `~/Pictures/2023/Trip`
    /// under `~/Pictures`. A folder given without a name of its own (`.`, `..`, `/`) keeps the
    /// path as given.
    package static func shownName(of folder: RawPath, under root: RawPath) -> String {
        let name = root.lastComponent
        let base =
            name.bytes.isEmpty || name.bytes == [0x2E] || name.bytes == [0x2E, 0x2E] || name.bytes.first == 0x2F
            ? root : name
        guard folder.bytes.count > root.bytes.count, folder.bytes.starts(with: root.bytes) else {
            return base.description
        }
        let rest = folder.bytes[root.bytes.count...].drop { $0 == 0x2F }
        return base.appending(RawPath(bytes: Array(rest))).description
    }

    private static func sortedByName(_ items: [PhotoItem], in order: FinderOrder) -> [PhotoItem] {
        items.sorted { order.precedes($0.name, $1.name) }
    }

    /// Why a photo found in a folder will not be read, from its one `stat` (following a link):
    /// a FIFO, device or socket with a photo's name, a file too large to be a photo, or one the
    /// permissions do not let us read (judged from the mode, as `access` would, without asking
    /// the kernel a second time per file). Reading checks again on the opened file.
    static func problem(with status: Result<stat, FolderWalk.Errno>) -> String? {
        let info: stat
        switch status {
        case .success(let s): info = s
        case .failure(let error): return error.message
        }
        if let kind = SafeFile.kind(of: info.st_mode) { return "not a regular file (\(kind))" }
        if Int(info.st_size) > SafeFile.imageLimit {
            return
                "too large (\(SafeFile.megabytes(Int(info.st_size))), the limit is \(SafeFile.megabytes(SafeFile.imageLimit)))"
        }
        return mayRead(info) ? nil : "permission denied"
    }

    private static let user = geteuid(), group = getegid()
    private static let groups: Set<gid_t> = {
        var list = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
        let n = getgroups(Int32(list.count), &list)
        return Set(list.prefix(max(0, Int(n))))
    }()

    private static func mayRead(_ info: stat) -> Bool {
        if user == 0 { return true }
        if info.st_uid == user { return info.st_mode & S_IRUSR != 0 }
        if info.st_gid == group || groups.contains(info.st_gid) { return info.st_mode & S_IRGRP != 0 }
        return info.st_mode & S_IROTH != 0
    }
}
