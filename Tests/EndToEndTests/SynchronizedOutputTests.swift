import Foundation
import Testing

/// Where the terminal says it knows synchronized output (DECRQM for private mode 2026 answered
/// "set" or "reset"), each frame goes out as one synchronized update, the clear before a whole
/// frame included, so the terminal shows it only once all of it has come; the terminal is
/// released at exit. Elsewhere frames go out as they are.
@Suite struct SynchronizedOutputTests {
    static let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)

    /// griddemo's photos in half blocks, a Down, Ctrl-L (a repaint: the screen cleared and drawn
    /// whole), then q, in a pty that answers DA1 and, with
    /// `mode`, the question about mode 2026. (A generous query deadline: a loaded machine may
    /// answer late, and the answers, not the deadline, end the wait.)
    func run(answeringModeWith mode: String?) throws -> [UInt8] {
        var answers = [(query: "\\e[c", reply: "\\e[?62;c")]
        if let mode { answers.append((query: "\\e[?2026$p", reply: "\\e[?2026;\(mode)$y")) }
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_GRAPHICS": "blocks", "GRIDKIT_QUERY_TIMEOUT": "5000"], wait: "▀", keys: "down,\u{0C},q",
            answers: answers,
            ["photos", "--view", "grid"])
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
        try #require(starts.count >= 2, "the first frame and the Down's at least: \(starts.count)")
        // Each update ends before the next begins; one more release comes at exit.
        let updates = starts.compactMap { s in ends.first { $0 > s }.map { (s, $0) } }
        #expect(
            updates.count == starts.count && zip(updates, updates.dropFirst()).allSatisfy { $0.1 < $1.0 },
            "updates end before the next begins")
        #expect(
            ends.count == starts.count + 1 && ends.last! > starts.last!,
            "released at exit: \(starts.count) begun, \(ends.count) ended")
        // Every picture cell, the title and the clears before the first frame and the repainted
        // one are inside one. (Curses clears the screen once as it starts, before any frame,
        // and the alternate screen is cleared once more as it is left, after the release: those
        // clears are not.)
        let all = Self.offsets(of: Array("\u{1B}[2J".utf8), in: bytes)
        #expect(all.contains { $0 > ends.last! }, "the alternate screen left blank at exit")
        let clears = all.filter { $0 > starts[0] && $0 < ends.last! }
        #expect(clears.contains { $0 > updates[0].1 }, "Ctrl-L cleared the screen after the first frame")
        let pieces = [Array("▀".utf8), Array("Photos".utf8)].flatMap { Self.offsets(of: $0, in: bytes) } + clears
        let outside = pieces.filter { at in !updates.contains { $0.0 < at && at < $0.1 } }
        #expect(outside.isEmpty, "\(outside.count) of \(pieces.count) pieces of frames went out outside an update")
    }

    /// No answer, or a terminal that does not know the mode (0) or cannot change it (3, 4):
    /// plain frames.
    @Test(arguments: [nil, "0", "3", "4"])
    func framesArePlainWhereTheTerminalDoesNotKnowThem(mode: String?) throws {
        let bytes = try run(answeringModeWith: mode)
        #expect(Self.offsets(of: Array("▀".utf8), in: bytes).count > 0, "pictures were drawn")
        #expect(Self.offsets(of: Self.begin, in: bytes).isEmpty, "no synchronized update begun")
        #expect(Self.offsets(of: Self.end, in: bytes).isEmpty, "nor ended, at exit either")
    }
    /// kitty gives up an update that grows past a megabyte, and a picture cut there is lost:
    /// images are sent outside the updates (but those holding a clear, which frees in kitty
    /// every image not placed), each update stays under half a megabyte, and the placements
    /// are inside them.
    @Test func imagesGoOutsideTheUpdatesAndUpdatesStaySmall() throws {
        let dir = try GraphicsEndToEndTests.jpegFolder(copies: 4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let answers = [(query: "\\e[c", reply: "\\e[?62;c"), (query: "\\e[?2026$p", reply: "\\e[?2026;2$y")]
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_GRAPHICS": "kitty-direct", "GRIDKIT_QUERY_TIMEOUT": "5000"], wait: "\\e_Ga=p", count: 6,
            keys: "down,pgdn,\u{0C},up,q", answers: answers, ["photos", "--view", "grid", dir])
        #expect(r.status == 0)
        let starts = Self.offsets(of: Self.begin, in: r.bytes), ends = Self.offsets(of: Self.end, in: r.bytes)
        let updates = starts.compactMap { s in ends.first { $0 > s }.map { (s, $0) } }
        try #require(updates.count >= 3, "updates: \(updates.count)")
        #expect(
            updates.allSatisfy { $0.1 - $0.0 <= 512 * 1024 },
            "largest update: \(updates.map { $0.1 - $0.0 }.max() ?? 0) bytes")
        let clears = Self.offsets(of: Array("\u{1B}[2J".utf8), in: r.bytes)
        let holdingAClear = updates.filter { u in clears.contains { u.0 < $0 && $0 < u.1 } }
        let sent = Self.offsets(of: Array("\u{1B}_Ga=t,".utf8), in: r.bytes)
        #expect(sent.count >= 6, "images sent: \(sent.count)")
        let inside = sent.filter { at in
            updates.contains { u in u.0 < at && at < u.1 && !holdingAClear.contains { $0 == u } }
        }
        #expect(inside.isEmpty, "\(inside.count) of \(sent.count) images sent inside an update")
        let placed = Self.offsets(of: Array("\u{1B}_Ga=p,".utf8), in: r.bytes)
        #expect(
            !placed.isEmpty && placed.allSatisfy { at in updates.contains { $0.0 < at && at < $0.1 } },
            "placements are part of the frames")
    }
}
