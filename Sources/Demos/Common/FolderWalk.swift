import Foundation

/// Walks a folder tree on bytes with `readdir`: names that are not UTF-8 stay openable, the
/// entry's type comes from `d_type` (a `stat` only for links and file systems that do not fill
/// it), and linked folders are not entered, so a link loop cannot trap the walk.
package enum FolderWalk {
    /// A file found in a folder.
    package struct File: Sendable {
        package var path: RawPath
        package var name: RawPath
        /// Why it is not a file to read (a FIFO, a device, a link to nothing), or nil.
        package var problem: String?
    }

    /// The folder being visited, open: a file's status is read relative to it, so the kernel
    /// does not resolve the folder's path again for each file (in a library of 20,000 photos,
    /// half of each `stat`'s time went to that).
    package struct OpenFolder {
        fileprivate let fd: Int32

        /// `stat` of the file `name` in this folder, following a link; or the error.
        package func status(of name: RawPath) -> Result<stat, Errno> {
            var info = stat()
            guard name.withCString({ fstatat(fd, $0, &info, 0) }) == 0 else { return .failure(Errno(errno)) }
            return .success(info)
        }
    }

    /// A system call's error number.
    package struct Errno: Error {
        package let code: Int32
        init(_ code: Int32) { self.code = code }
        /// As `strerror` says it, in lower case.
        package var message: String { String(cString: strerror(code)).lowercased() }
    }

    /// Calls `visit` once per folder under `root` (root first, then its folders depth first in
    /// name order) with the folder's files in name order and the folder open; stops when `visit`
    /// returns false. `problem` hears folders that cannot be opened below the root.
    package static func walk(
        _ root: RawPath, problem: (RawPath, String) -> Void = { _, _ in },
        visit: (_ folder: RawPath, _ files: [File], _ open: OpenFolder) -> Bool
    ) {
        var pending = [root]
        while let folder = pending.popLast() {
            guard let d = folder.withCString({ opendir($0) }) else {
                if folder != root { problem(folder, Errno(errno).message) }
                continue
            }
            var files: [File] = [], folders: [RawPath] = []
            let fd = dirfd(d)
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { RawPath(bytes: Array($0.prefix { $0 != 0 })) }
                if name.bytes == [0x2E] || name.bytes == [0x2E, 0x2E] { continue }
                let path = folder.appending(name)
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): folders.append(path)
                case Int32(DT_REG): files.append(File(path: path, name: name, problem: nil))
                case Int32(DT_LNK), Int32(DT_UNKNOWN):
                    // Follow a link to see what it names; a real folder of unknown type is entered.
                    var info = stat()
                    let followed = name.withCString { fstatat(fd, $0, &info, 0) } == 0
                    if !followed {
                        files.append(File(path: path, name: name, problem: Errno(errno).message))
                    } else if info.st_mode & S_IFMT == S_IFDIR {
                        var own = stat()
                        let isLink =
                            name.withCString { fstatat(fd, $0, &own, AT_SYMLINK_NOFOLLOW) } == 0
                            && own.st_mode & S_IFMT == S_IFLNK
                        if !isLink { folders.append(path) }
                    } else {
                        files.append(
                            File(
                                path: path, name: name,
                                problem: SafeFile.kind(of: info.st_mode).map { "not a regular file (\($0))" }))
                    }
                default:
                    var info = stat()
                    let kind =
                        name.withCString { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
                        ? SafeFile.kind(of: info.st_mode) : nil
                    files.append(
                        File(path: path, name: name, problem: "not a regular file (\(kind ?? "unknown type"))"))
                }
            }
            files.sort { $0.name < $1.name }
            let going = visit(folder, files, OpenFolder(fd: fd))
            closedir(d)
            if !going { return }
            pending += folders.sorted(by: >)
        }
    }
}
