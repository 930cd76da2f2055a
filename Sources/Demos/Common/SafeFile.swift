import Foundation

/// Why a file was not read, said the way `ls` and friends say it.
package struct FileReadError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// Reading files given by the user without trusting them: a photo folder or an address book
/// can hold anything a file system can.
package enum SafeFile {
    /// Images bigger than this are refused before reading: no real photo is, and reading one
    /// would only hold memory that a decode would then refuse anyway (see `ImageDecoder.maxPixels`).
    package static let imageLimit = 256 << 20
    /// vCard files bigger than this are refused: 1 GB is millions of cards, far past any real
    /// address book, and keeps a runaway file from taking all memory.
    package static let vcardLimit = 1 << 30

    /// What a path is, when it is not something we read.
    package static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// The whole file at `path`, if it is a regular file of at most `limit` bytes.
    ///
    /// - It is opened with O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer,
    ///   forever, and a decode thread would hang on a file named `p.jpg`.
    /// - The type and size are checked on the opened descriptor (fstat), not on the path, so a
    ///   file swapped after the check cannot slip through; a symlink to /dev/zero is a device
    ///   here and is refused before a byte is read.
    /// - Reading stops one byte past the limit, so a file that grows while being read cannot
    ///   take more memory than that.
    /// - O_RDONLY only: input files are never written.
    package static func read(_ path: RawPath, limit: Int) throws -> [UInt8] {
        try readIdentified(path, limit: limit).bytes
    }

    /// Which version of a file was read: a later read of a part of it checks it is the same.
    package struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
    }

    /// `read`, and the identity of the version read.
    package static func readIdentified(_ path: RawPath, limit: Int) throws -> (bytes: [UInt8], identity: Identity) {
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileReadError(message: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(message: String(cString: strerror(errno)).lowercased()) }
        if let kind = kind(of: info.st_mode) { throw FileReadError(message: "not a regular file (\(kind))") }
        let identity = Identity(info)
        let size = Int(info.st_size)
        if size > limit {
            throw FileReadError(message: "too large (\(megabytes(size)), the limit is \(megabytes(limit)))")
        }
        // Read straight into uninitialized memory: zeroing 30 MB first costs as much as the read.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            var filled = 0
            while filled < buffer.count {
                let n = Foundation.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                filled += n
            }
            count = filled
        }
        if failure != 0 { throw FileReadError(message: String(cString: strerror(failure)).lowercased()) }
        if bytes.count > size { return (try readGrown(fd, bytes, limit: limit), identity) }
        return (bytes, identity)
    }

    /// `start` and the rest of a file that grew while it was read, while under the limit.
    private static func readGrown(_ fd: Int32, _ start: [UInt8], limit: Int) throws -> [UInt8] {
        var bytes = start
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            if bytes.count + n > limit {
                throw FileReadError(message: "too large (grew past \(megabytes(limit)) while being read)")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// `count` bytes at `offset` of the file at `path`, if it is still the version `identity`
    /// names: a part of a changed file could be anything.
    package static func readPart(_ path: RawPath, offset: Int, count: Int, identity: Identity) throws -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileReadError(message: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Identity(info) == identity else {
            throw FileReadError(message: "changed since it was read")
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let n = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno; break }
                if n == 0 { break }
                filled += n
            }
        }
        if failure != 0 { throw FileReadError(message: String(cString: strerror(failure)).lowercased()) }
        guard bytes.count == count else { throw FileReadError(message: "changed since it was read") }
        return bytes
    }

    /// Why `path` cannot be read as a file or folder, or nil when it can (checked without
    /// opening it, so nothing blocks).
    package static func problem(with path: RawPath) -> String? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            return errno == ENOENT ? "no such file or directory" : String(cString: strerror(errno)).lowercased()
        }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        if !isDirectory, let kind = kind(of: info.st_mode) { return "not a regular file (\(kind))" }
        guard path.withCString({ access($0, isDirectory ? (R_OK | X_OK) : R_OK) }) == 0 else {
            return "permission denied"
        }
        return nil
    }

    static func megabytes(_ n: Int) -> String { n >= 1 << 30 ? "\(n >> 30) GB" : "\(max(1, n >> 20)) MB" }
}

extension SafeFile.Identity {
    init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
    }
}
