import Foundation

/// Why a file was not read, said the way `ls` and friends say it.
public struct FileReadError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reading files given by the user without trusting them: a photo folder or an address book
/// can hold anything a file system can.
public enum SafeFile {
    /// Images bigger than this are refused before reading: no real photo is, and reading one
    /// would only hold memory that a decode would then refuse anyway (see `ImageDecoder.maxPixels`).
    public static let imageLimit = 256 << 20
    /// vCard files bigger than this are refused: 1 GB is millions of cards, far past any real
    /// address book, and keeps a runaway file from taking all memory.
    public static let vcardLimit = 1 << 30

    /// What a path is, when it is not something we read.
    public static func kind(of mode: mode_t) -> String? {
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
    public static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(message: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(message: String(cString: strerror(errno)).lowercased()) }
        if let kind = kind(of: info.st_mode) { throw FileReadError(message: "not a regular file (\(kind))") }
        let size = Int(info.st_size)
        if size > limit { throw FileReadError(message: "too large (\(megabytes(size)), the limit is \(megabytes(limit)))") }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(message: String(cString: strerror(errno)).lowercased())
            }
            if n == 0 { break }
            filled += n
        }
        if filled > size {
            // It grew while we read: read the rest only while under the limit.
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                if filled + n > limit { throw FileReadError(message: "too large (grew past \(megabytes(limit)) while being read)") }
                bytes.append(contentsOf: chunk[0..<n]) // the buffer is full: filled == bytes.count
                filled += n
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Why `path` cannot be read as a file or folder, or nil when it can (checked without
    /// opening it, so nothing blocks).
    public static func problem(with path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such file or directory" : String(cString: strerror(errno)).lowercased()
        }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        if !isDirectory, let kind = kind(of: info.st_mode) { return "not a regular file (\(kind))" }
        guard access(path, isDirectory ? (R_OK | X_OK) : R_OK) == 0 else { return "permission denied" }
        return nil
    }

    static func megabytes(_ n: Int) -> String { n >= 1 << 30 ? "\(n >> 30) GB" : "\(max(1, n >> 20)) MB" }
}
