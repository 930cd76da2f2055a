import Foundation
import Testing

/// Where the terminal says it knows synchronized output (DECRQM for private mode 2026 answered
/// "set" or "reset"), each frame goes out as one synchronized update, so the terminal shows it
/// only once all of it has come; elsewhere frames go out as they are.
@Suite struct SynchronizedOutputTests {
    static let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)

    /// griddemo's photos in half blocks, a Down, then q, in a pty that answers DA1 and, with
    /// `mode`, the question about mode 2026.
    func run(answeringModeWith mode: String?) throws -> [UInt8] {
        var answers = ["\\e[c=\\e[?62;c"]
        if let mode { answers.append("\\e[?2026$p=\\e[?2026;\(mode)$y") }
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_GRAPHICS": "blocks"], wait: "▀", keys: "down,q", answers: answers, ["photos", "--view", "grid"])
        #expect(r.status == 0)
        return r.bytes
    }

    /// Where `pattern` starts in `bytes`, in order.
    static func offsets(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    @Test(arguments: ["1", "2"])
    func everyFrameIsOneUpdateWhereTheTerminalKnowsThem(mode: String) throws {
        let bytes = try run(answeringModeWith: mode)
        let starts = Self.offsets(of: Self.begin, in: bytes), ends = Self.offsets(of: Self.end, in: bytes)
        #expect(starts.count >= 2, "the first frame and the Down's at least: \(starts.count)")
        #expect(starts.count == ends.count, "\(starts.count) begun, \(ends.count) ended")
        // Begin, end, begin, end…: no update left open, none inside another.
        let marks = (starts.map { ($0, true) } + ends.map { ($0, false) }).sorted { $0.0 < $1.0 }
        #expect(marks.enumerated().allSatisfy { $0.element.1 == ($0.offset % 2 == 0) }, "updates alternate begin and end")
        // Every picture cell and the title are inside one.
        let blocks = Self.offsets(of: Array("▀".utf8), in: bytes) + Self.offsets(of: Array("Photos".utf8), in: bytes)
        #expect(!blocks.isEmpty)
        let outside = blocks.filter { at in !zip(starts, ends).contains { $0.0 < at && at < $0.1 } }
        #expect(outside.isEmpty, "\(outside.count) of \(blocks.count) pieces of frames went out outside an update")
    }

    /// No answer, or a terminal that does not know the mode (0) or cannot change it (4): plain frames.
    @Test(arguments: [nil, "0", "4"])
    func framesArePlainWhereTheTerminalDoesNotKnowThem(mode: String?) throws {
        let bytes = try run(answeringModeWith: mode)
        #expect(Self.offsets(of: Array("▀".utf8), in: bytes).count > 0, "pictures were drawn")
        #expect(Self.offsets(of: Self.begin, in: bytes).isEmpty, "no synchronized update begun")
    }
}
