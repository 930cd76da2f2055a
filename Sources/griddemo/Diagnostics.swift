import Foundation
import GridKitTerminal

/// Writing to the standard streams without ever trapping: `FileHandle.write` raises (and the
/// process dies of SIGILL) when stderr is full or closed; these use write(2) and report failure.
enum Diagnostics {
    /// Writes `text` to stderr; a failure is ignored (there is nowhere left to say it).
    static func error(_ text: String) { _ = put(text, to: STDERR_FILENO) }

    /// Writes `text` to stdout (`--help`, `--version`); false when it did not all arrive, so the
    /// command can exit 1 as coreutils do on a full or closed stream.
    static func output(_ text: String) -> Bool { put(text, to: STDOUT_FILENO) }

    /// The locale's codeset when it is not UTF-8: messages are written in it (a name with `é`
    /// in Latin-1, arrows as ASCII), as the screen is.
    private static let charset = LocaleCharset.environment()

    /// Reads the locale now (see `charset`), while the program has one thread.
    static func prepare() { _ = charset }

    private static func put(_ text: String, to fd: Int32) -> Bool {
        let bytes = charset.map { $0.encode(text: text) } ?? Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
