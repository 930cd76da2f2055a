import CImageCodecs
import CZlib
import Foundation

/// The thumbnail cache Linux desktops share (the freedesktop.org Thumbnail Managing Standard):
/// file managers and image viewers fill `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,
/// xx-large}/` with PNGs named after the MD5 of the picture's URI, each carrying the URI and the
/// picture's modification time. A photo seen before in any of them costs a small PNG decode
/// instead of a full JPEG one, and what is made here serves them in turn.
///
/// Rules kept: a thumbnail is used only when its `Thumb::URI` and `Thumb::MTime` (and
/// `Thumb::Size`, when it has one) match the file, and is decoded only once its bytes and
/// header fit its folder (see `CachedThumbnailCheck`; one that does not is removed and made
/// again); new ones are written to a temporary file in the same folder with mode 0600 and
/// renamed into place, so no reader sees half of one; pictures that cannot be decoded get an
/// entry in `fail/gridkit-1/`; nothing is written anywhere else, and never for pictures inside
/// the cache itself.
package struct SharedThumbnails: Sendable {
    /// `…/thumbnails`.
    package let root: RawPath
    /// Where relative paths are relative to, for their URIs.
    let workingDirectory: RawPath
    /// `fail/` records are per program and version (the standard's `fail/appname-version`):
    /// a later version, decoding more, tries again.
    static let failFolder = "fail/gridkit-1"

    /// What writes wait for at exit (`CacheWriteGate.shared` unless a test gives its own).
    let gate: CacheWriteGate

    /// `root` with its links followed, for pictures reached through a link into the cache.
    let resolvedRoot: RawPath

    package init(root: RawPath, workingDirectory: RawPath? = nil, gate: CacheWriteGate = .shared) {
        self.root = root.withoutTrailingSlashes
        self.workingDirectory = workingDirectory ?? Self.currentDirectory()
        self.gate = gate
        resolvedRoot = Self.resolvedAsFarAsItExists(self.root)
    }

    /// The cache the environment names (`$XDG_CACHE_HOME/thumbnails`, else
    /// `$HOME/.cache/thumbnails`), or nil when `GRIDKIT_NO_THUMBNAIL_CACHE` is set (to anything
    /// but empty or `0`) or neither variable is.
    package static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment)
        -> SharedThumbnails?
    {
        if let off = env["GRIDKIT_NO_THUMBNAIL_CACHE"], !off.isEmpty, off != "0" { return nil }
        if let cache = env["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return SharedThumbnails(root: RawPath(cache).appending("thumbnails"))
        }
        guard let home = env["HOME"], home.hasPrefix("/") else { return nil }
        return SharedThumbnails(root: RawPath(home).appending(".cache/thumbnails"))
    }

    /// The standard's sizes: the longer side of a thumbnail in each folder.
    package enum Flavor: Int, CaseIterable, Sendable {
        case normal = 128
        case large = 256
        case xLarge = 512
        case xxLarge = 1024
        var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }
        /// The smallest flavour whose thumbnails cover `pixels`; nil when none does.
        package static func covering(_ pixels: (width: Int, height: Int)) -> Flavor? {
            allCases.first { $0.rawValue >= max(pixels.width, pixels.height) }
        }
    }

    /// A picture as the cache knows it.
    package struct Original: Sendable {
        package let path: RawPath
        package let uri: String
        package let modified: Int
        package let size: Int
        var name: String { MD5.hex(Array(uri.utf8)) + ".png" }
    }

    /// The picture at `path` (a `stat` and a `realpath`), or nil when it cannot be stat'ed or lies
    /// inside the cache.
    package func original(_ path: RawPath) -> Original? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        let absolute = Self.absolute(path, in: workingDirectory)
        guard !absolute.bytes.starts(with: root.bytes + [0x2F]) else { return nil }
        // By its real place too: a link into the cache (a folder shown that holds one).
        if let real = Self.resolved(path), real.bytes.starts(with: resolvedRoot.bytes + [0x2F]) { return nil }
        return Original(
            path: path, uri: Self.uri(absolute), modified: Int(info.st_mtim.tv_sec), size: Int(info.st_size))
    }

    /// The reason recorded when `original` last failed to decode, if it has not changed since.
    package func failure(of original: Original) -> String? {
        let file = root.appending(RawPath(Self.failFolder)).appending(RawPath(original.name))
        guard let bytes = try? SafeFile.read(file, limit: 1 << 20), let text = PNGText.entries(bytes),
            Self.describes(text, original)
        else { return nil }
        return text["GridKit::Error"] ?? "cannot be decoded"
    }

    /// Stores `image` (decoded from `original`, at least the flavour's size where the picture is)
    /// shrunk to the flavour that covers `pixels`. A picture no larger than that is not stored:
    /// it is its own thumbnail. Failures to write are ignored: the cache is only a cache.
    package func store(_ image: RGBAImage, of original: Original, covering pixels: (width: Int, height: Int)) {
        guard let flavor = Flavor.covering(pixels), max(image.sourceWidth, image.sourceHeight) > flavor.rawValue else {
            return
        }
        let thumb = image.scaledToFit(flavor.rawValue)
        write(
            thumb, to: root.appending(RawPath(flavor.folder)),
            text: Self.chunks(original) + [
                ("Thumb::Image::Width", "\(image.sourceWidth)"), ("Thumb::Image::Height", "\(image.sourceHeight)")
            ],
            name: original.name)
    }

    /// Records that `original` cannot be decoded, and why, in `fail/gridkit-1/`.
    package func storeFailure(_ message: String, of original: Original) {
        write(
            RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0]), to: root.appending(RawPath(Self.failFolder)),
            text: Self.chunks(original) + [("GridKit::Error", message)], name: original.name)
    }

    private static func chunks(_ o: Original) -> [(String, String)] {
        [
            ("Thumb::URI", o.uri), ("Thumb::MTime", "\(o.modified)"), ("Thumb::Size", "\(o.size)"),
            ("Software", "GridKit griddemo")
        ]
    }

    static func describes(_ text: [String: String], _ o: Original) -> Bool {
        guard text["Thumb::URI"] == o.uri, text["Thumb::MTime"] == "\(o.modified)" else { return false }
        if let size = text["Thumb::Size"], size != "\(o.size)" { return false }
        return true
    }

    /// Writes the PNG as the standard asks: a temporary file in the same folder, mode 0600,
    /// renamed over the final name.
    private func write(_ image: RGBAImage, to folder: RawPath, text: [(String, String)], name: String) {
        // Not once the program is quitting: a write cut short would leave its temporary file.
        gate.run { writeNow(image, to: folder, text: text, name: name) }
    }

    private func writeNow(_ image: RGBAImage, to folder: RawPath, text: [(String, String)], name: String) {
        guard Self.makeFolders(folder, under: root) else { return }
        let keys = text.map { strdup(Self.latin1($0.0)) }, values = text.map { strdup(Self.latin1($0.1)) }
        defer { for p in keys + values { free(p) } }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let failed = image.pixels.withUnsafeBufferPointer { px in
            keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
                values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in
                    gk_encode_png(
                        px.baseAddress, Int32(image.width), Int32(image.height), k.baseAddress, v.baseAddress,
                        Int32(text.count), &out, &size)
                }
            }
        }
        guard failed == 0, let out else { return }
        defer { gk_free(out) }
        let final = folder.appending(RawPath(name))
        let temporary = folder.appending(RawPath(".\(name).gridkit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"))
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard fd >= 0 else { return }
        // 0600 whatever the umask, which `open` took off the mode.
        _ = fchmod(fd, 0o600)
        var written = 0
        while written < Int(size) {
            let n = Foundation.write(fd, out + written, Int(size) - written)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            written += n
        }
        let closed = close(fd) == 0
        guard written == Int(size), closed, temporary.withCString({ t in final.withCString { rename(t, $0) } }) == 0
        else {
            _ = temporary.withCString { unlink($0) }
            return
        }
    }

    /// Makes `folder` and the folders between `root` and it (mode 0700, as the standard asks).
    static func makeFolders(_ folder: RawPath, under root: RawPath) -> Bool {
        var missing: [RawPath] = []
        var f = folder
        while f.bytes.count >= root.bytes.count {
            var info = stat()
            if f.withCString({ stat($0, &info) }) == 0 { break }
            missing.append(f)
            f = f.parent
        }
        if f.bytes.count < root.bytes.count {
            // The cache folder's parents ($XDG_CACHE_HOME) are the user's to make, with any mode.
            var info = stat()
            if f.withCString({ stat($0, &info) }) != 0 && !makeFolder(f) { return false }
        }
        for m in missing.reversed() where !makeFolder(m) { return false }
        return true
    }

    /// Makes `folder` with mode 0700 whatever the umask: `mkdir` takes the umask off the mode
    /// (under umask 0777 the cache would be made 0000, and then never be usable), so the mode
    /// is set again on the folder made, through a descriptor (a link swapped in after the
    /// `mkdir` is not followed). True when the folder exists, made here or already there.
    private static func makeFolder(_ folder: RawPath) -> Bool {
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 else { return errno == EEXIST }
        let fd = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return fchmod(fd, 0o700) == 0
    }

    /// PNG text is Latin-1; the URI is ASCII (escaped), and a message is turned into ASCII here.
    private static func latin1(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x80 && $0.value >= 0x20 ? Character($0) : "?" })
    }

    // MARK: URIs

    /// `path` made absolute against `cwd`, `.` and `..` and repeated slashes folded away (links
    /// are not followed: the URI names the path the user gave, as file managers do).
    static func absolute(_ path: RawPath, in cwd: RawPath) -> RawPath {
        let full = path.bytes.first == 0x2F ? path.bytes : cwd.bytes + [0x2F] + path.bytes
        var parts: [ArraySlice<UInt8>] = []
        for part in full.split(separator: 0x2F, omittingEmptySubsequences: true) {
            if part.elementsEqual([0x2E]) { continue }
            if part.elementsEqual([0x2E, 0x2E]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return RawPath(bytes: parts.isEmpty ? [0x2F] : parts.flatMap { [0x2F] + $0 })
    }

    /// The `file://` URI of an absolute path, escaped as GLib's `g_filename_to_uri` escapes
    /// it, so the name (its MD5) is the one other programs compute: letters, digits and
    /// `!$&'()*+,-./:=@_~` stay, every other byte becomes `%XX`.
    static func uri(_ absolute: RawPath) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for b in absolute.bytes {
            if keptInURI(b) { out.append(b) } else { out += [0x25, digits[Int(b >> 4)], digits[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func keptInURI(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!$&'()*+,-./:=@_~".utf8).contains(b)
        }
    }

    /// `path` with the links of its longest existing part followed, and the rest as it is: a
    /// cache not made yet (a first run) is where its nearest existing folder really is.
    static func resolvedAsFarAsItExists(_ path: RawPath) -> RawPath {
        var head = path, rest: [RawPath] = []
        while !head.bytes.isEmpty {
            if let real = resolved(head) { return rest.reversed().reduce(real) { $0.appending($1) } }
            let up = head.parent
            if up == head { break }
            rest.append(head.lastComponent)
            head = up
        }
        return path
    }

    /// `path` with every link followed (`realpath`), or nil when it does not exist.
    static func resolved(_ path: RawPath) -> RawPath? {
        guard let real = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return RawPath(cString: real)
    }

    private static func currentDirectory() -> RawPath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return RawPath("/") }
        return buffer.withUnsafeBufferPointer { RawPath(cString: $0.baseAddress!) }
    }
}

/// The text chunks of a PNG file (`tEXt`, `zTXt` and `iTXt`, compressed or not), by keyword.
/// Qt's writer (KDE's thumbnailers, Gwenview) stores a text of 40 characters or more, as every
/// `Thumb::URI` is, as `zTXt`. A chunk whose checksum fails is left out.
package enum PNGText {
    /// Nil when `bytes` is not a PNG.
    package static func entries(_ bytes: [UInt8]) -> [String: String]? {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return nil
        }
        var out: [String: String] = [:], i = 8
        while bytes.count - i >= 12 {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length <= bytes.count - i - 12 else { break }
            let data = bytes[(i + 8)..<(i + 8 + length)]
            if type == "IEND" { break }
            if ["tEXt", "zTXt", "iTXt"].contains(type), Self.checksumHolds(bytes, chunkAt: i, length: length),
                let zero = data.firstIndex(of: 0)
            {
                let keyword = latin1(data[data.startIndex..<zero])
                switch type {
                case "tEXt":
                    out[keyword] = latin1(data[(zero + 1)...])
                case "zTXt":
                    // keyword, 0, method (0: deflate), the compressed text
                    if data.endIndex - zero > 2, data[zero + 1] == 0, let text = inflated(data[(zero + 2)...]) {
                        out[keyword] = latin1(text[...])
                    }
                case "iTXt":
                    // keyword, 0, compressed (0 or 1), method, language tag, 0, translated keyword, 0, text
                    guard data.endIndex - zero > 3 else { break }
                    let compressed = data[zero + 1], rest = data[(zero + 3)...]
                    guard let langEnd = rest.firstIndex(of: 0), let transEnd = rest[(langEnd + 1)...].firstIndex(of: 0)
                    else { break }
                    let text = rest[(transEnd + 1)...]
                    if compressed == 0 {
                        out[keyword] = String(decoding: text, as: UTF8.self)
                    } else if compressed == 1, data[zero + 2] == 0, let plain = inflated(text) {
                        out[keyword] = String(decoding: plain, as: UTF8.self)
                    }
                default: break
                }
            }
            i += 12 + length
        }
        return out
    }

    /// Whether the chunk at `i` (its data `length` bytes long) has the CRC its type and data
    /// add up to: a damaged text chunk is left out, not read with the damage in it (as libpng
    /// leaves out an ancillary chunk whose CRC is wrong).
    private static func checksumHolds(_ bytes: [UInt8], chunkAt i: Int, length: Int) -> Bool {
        let end = i + 8 + length
        let stored =
            UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8
            | UInt32(bytes[end + 3])
        return bytes.withUnsafeBufferPointer { gk_crc32(0, $0.baseAddress! + i + 4, 4 + length) } == stored
    }

    /// A zlib stream's bytes, up to 64 KB: nil when damaged or longer.
    private static func inflated(_ stream: ArraySlice<UInt8>) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: 64 << 10)
        let n = stream.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { gk_inflate(src.baseAddress, src.count, $0.baseAddress, $0.count) }
        }
        guard n >= 0 else { return nil }
        out.removeSubrange(n...)
        return out
    }

    private static func latin1(_ b: ArraySlice<UInt8>) -> String { String(b.map { Character(Unicode.Scalar($0)) }) }
}
