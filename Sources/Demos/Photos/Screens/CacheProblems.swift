/// Cached thumbnails found unfit and made again, one line each and each once (a photo shown
/// at two sizes meets its bad thumbnail once: the first meeting removes it). Used on the main
/// actor only, by a photo screen and the albums opened from it.
package final class CacheProblems {
    private(set) var lines: [String] = []
    private var seen: Set<String> = []

    package init() {}

    /// Adds those of `problems` not listed yet.
    func add(_ problems: [String]) {
        for p in problems where seen.insert(p).inserted { lines.append(p) }
    }
}
