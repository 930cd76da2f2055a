import Foundation
import GridKit

/// Text snapshots of canvases, stored as files under a `Snapshots/` folder beside the test.
///
/// A missing snapshot, or any snapshot when `RECORD_SNAPSHOTS=1`, is written and the check
/// *fails* with `SnapshotError.recorded`, so a recording is never mistaken for a pass.
public struct Snapshot {
    /// The `Snapshots/` folder in use.
    package let directory: URL

    /// Snapshots live in `Snapshots/` next to the test source file given as `testFile` (#filePath).
    public init(testFile: String = #filePath) {
        directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// Compares the canvas's text with `<name>.txt`.
    public func verify(_ canvas: Canvas, named name: String) throws {
        try verify(text: Snapshot.frame(canvas), named: name)
    }

    /// Compares a screen run's last frame with `<name>.txt`; with `markingFocus`, rows holding
    /// the focused item (`▶`) and selected items (`●`) are marked in a gutter.
    @MainActor
    public func verify(_ run: ScreenRun, named name: String, markingFocus: Bool = false) throws {
        try verify(text: markingFocus ? run.markedText : Snapshot.frame(run.frame), named: name)
    }

    /// A canvas as snapshot text: a ruler-free frame with `|` at both edges so trailing
    /// spaces are visible in diffs.
    package static func frame(_ canvas: Canvas) -> String {
        (0..<canvas.size.height).map { "|" + canvas.row($0) + "|" }.joined(separator: "\n") + "\n"
    }

    /// Compares any text with `<name>.txt` (recording it when missing, and failing then).
    public func verify(text: String, named name: String) throws {
        let file = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if record || !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            throw SnapshotError.recorded(file.path)
        }
        let stored = try String(contentsOf: file, encoding: .utf8)
        if stored != text {
            throw SnapshotError.mismatch(name: name, diff: Snapshot.diff(expected: stored, actual: text))
        }
    }

    /// The first differing lines, for the failure message.
    static func diff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) where out.count < 12 {
            let l = i < e.count ? String(e[i]) : "<none>", r = i < a.count ? String(a[i]) : "<none>"
            if l != r { out.append("line \(i + 1):\n  expected \(l)\n  actual   \(r)") }
        }
        return out.joined(separator: "\n")
    }
}

/// Why a snapshot check did not pass.
public enum SnapshotError: Error, CustomStringConvertible {
    case recorded(String)
    case mismatch(name: String, diff: String)

    /// What to tell the person running the tests.
    public var description: String {
        switch self {
        case .recorded(let path): return "snapshot recorded at \(path); check it and run again"
        case .mismatch(let name, let diff): return "snapshot '\(name)' differs:\n\(diff)"
        }
    }
}
