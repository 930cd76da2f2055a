import Foundation

/// A file system path as the bytes the kernel knows it by.
///
/// Linux file names are bytes, not text: a folder copied from an old disk can be called
/// `dir\xE9` (Latin-1 é), which no Swift `String` holds. Converting such a name to a `String`
/// replaces the byte with U+FFFD, and opening that names another file, one that does not exist.
/// So paths from the command line and from directory listings stay bytes until they are opened,
/// and become text only to be shown (`description`), with what is not UTF-8 escaped as `ls` does.
package struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating zero.
    package var bytes: [UInt8]

    package init(bytes: [UInt8]) { self.bytes = bytes }
    package init(_ text: String) { bytes = Array(text.utf8) }
    package init(stringLiteral text: String) { self.init(text) }
    package init(cString: UnsafePointer<CChar>) {
        bytes = Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
    }

    package static func < (a: RawPath, b: RawPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    /// Calls `body` with the path as a C string, for `open`, `stat` and `opendir`.
    package func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path for people: UTF-8 as it is; bytes that are not UTF-8, control characters
    /// (which a hostile name uses to move the cursor or ring the bell) and bidirectional
    /// overrides (which make a name read as another) as `\xHH`, and a backslash as `\\`, so
    /// no two paths look alike (as `ls -b` shows them).
    package var description: String {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) { return String(decoding: bytes, as: UTF8.self) }
        var out = "", i = 0
        while i < bytes.count {
            let length = Self.validSequenceLength(bytes, at: i)
            if length > 0 {
                let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
                let scalar = text.unicodeScalars.first!.value
                if scalar < 0x20 || scalar == 0x7F || (0x80..<0xA0).contains(scalar) || Self.isBidiControl(scalar) {
                    for b in bytes[i..<(i + length)] { out += Self.escaped(b) }
                } else if scalar == 0x5C {
                    out += "\\\\"
                } else {
                    out += text
                }
                i += length
            } else {
                out += Self.escaped(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// True when the bytes are UTF-8 (and so `description` shows them unchanged but for controls).
    package var isUTF8: Bool {
        var i = 0
        while i < bytes.count {
            let n = Self.validSequenceLength(bytes, at: i)
            if n == 0 { return false }
            i += n
        }
        return true
    }

    /// Marks and overrides that reorder text (`U+202E` shows `gpj.exe` as `exe.jpg`).
    private static func isBidiControl(_ s: UInt32) -> Bool {
        (0x202A...0x202E).contains(s) || (0x2066...0x2069).contains(s) || s == 0x200E || s == 0x200F || s == 0x061C
    }

    private static func escaped(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// How many bytes the well-formed UTF-8 sequence at `i` takes, or 0 when there is none
    /// (overlong forms, surrogates and values past U+10FFFF are not UTF-8).
    static func validSequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let lead = b[i]
        if lead < 0x80 { return 1 }
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return 0
        }
        guard i + length <= b.count, (low...high).contains(b[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(b[i + k]) { return 0 }
        return length
    }

    /// The path with `name` added as its last component.
    package func appending(_ name: RawPath) -> RawPath {
        if bytes.isEmpty { return name }
        return RawPath(bytes: bytes.last == 0x2F ? bytes + name.bytes : bytes + [0x2F] + name.bytes)
    }

    /// The path without slashes at its end (but `/` itself).
    package var withoutTrailingSlashes: RawPath {
        var end = bytes.count
        while end > 1 && bytes[end - 1] == 0x2F { end -= 1 }
        return RawPath(bytes: Array(bytes[..<end]))
    }

    /// The last component (`photo.jpg` of `a/b/photo.jpg`).
    package var lastComponent: RawPath {
        var end = bytes.count
        while end > 1 && bytes[end - 1] == 0x2F { end -= 1 }
        if end == 1 && bytes[0] == 0x2F { return self.withoutTrailingSlashes }
        let start = bytes[..<end].lastIndex(of: 0x2F).map { $0 + 1 } ?? 0
        return RawPath(bytes: Array(bytes[start..<end]))
    }

    /// Everything before the last component, without the slash; empty for a bare name.
    package var parent: RawPath {
        var end = bytes.count
        while end > 1 && bytes[end - 1] == 0x2F { end -= 1 }
        guard let slash = bytes[..<end].lastIndex(of: 0x2F) else { return RawPath(bytes: []) }
        return RawPath(bytes: slash == 0 ? [0x2F] : Array(bytes[..<slash]))
    }

    /// The extension of the last component in ASCII lower case (`jpg` of `IMG.JPG`), or "".
    package var lowercasedExtension: String {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: 0x2E), dot > 0 else { return "" }
        return String(decoding: name[(dot + 1)...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The arguments the process was started with, as given (`CommandLine.arguments` has
    /// replaced what is not UTF-8 already).
    package static var processArguments: [RawPath] {
        (0..<Int(CommandLine.argc)).compactMap { i in CommandLine.unsafeArgv[i].map { RawPath(cString: $0) } }
    }
}
