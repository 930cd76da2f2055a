import Foundation
import Testing

/// `GRIDKIT_FRAME_STEPS` names a file: griddemo, run in a pty, writes there as it exits a line
/// for each frame that answered a key, every step of it timed, and the steps add up to the
/// whole, with the time until its first write (`scripts/framesteps.py` reads it).
@Suite struct FrameStepsEndToEndTests {
    @Test func eachKeysFrameIsWrittenWithEveryStepTimed() throws {
        let path = NSTemporaryDirectory() + "gridkit-steps-\(UUID().uuidString.prefix(8)).tsv"
        defer { unlink(path) }
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_FRAME_STEPS": path], wait: "Item", keys: "down,down,pgdn,q",
            ["numbers", "--count", "1000", "--layout", "list"])
        #expect(r.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(!lines.isEmpty, "nothing written")
        #expect(
            lines[0] == [
                "total", "first", "handled", "chrome", "layout", "cells", "state", "plan", "drawn",
                "recorded", "overlays", "moved", "encoded", "written"
            ])
        let frames = lines.dropFirst().map { $0.map { Double($0) } }
        // The three keys' frames (q draws none); every step passed, in microseconds.
        #expect(frames.count == 3, "\(text)")
        // The steps that do real work take time, so each was marked after the one before it
        // (a mark out of order reads as a step of no time); and none is a second long.
        let working = ["handled", "layout", "plan", "drawn", "moved", "encoded", "written"]
        for frame in frames {
            let steps = frame.dropFirst().compactMap { $0 }
            #expect(steps.count == lines[0].count - 1, "a step missing: \(frame)")
            for name in working {
                let i = try #require(lines[0].firstIndex(of: name))
                #expect((frame[i] ?? 0) > 0, "\(name) took no time: \(frame)")
            }
            #expect(steps.allSatisfy { $0 < 1_000_000 }, "\(frame)")
            // Its one write began after the encoding and before the frame's end.
            let first = try #require(frame[1]), total = try #require(frame[0])
            let upToEncoded = frame[2...(try #require(lines[0].firstIndex(of: "encoded")))].compactMap { $0 }
            #expect(first >= upToEncoded.reduce(0, +) - 0.5 && first <= total, "\(frame)")
        }
    }

    @Test func aFileThatCannotBeWrittenIsSaidAndTheRunStillEnds() throws {
        let r = try GraphicsEndToEndTests().capture(
            ["GRIDKIT_FRAME_STEPS": "/nonexistent-dir/steps.tsv"], wait: "Item", keys: "down,q",
            ["numbers", "--count", "100", "--layout", "list"])
        #expect(r.status == 0)
        let said = String(decoding: r.bytes, as: UTF8.self)
        #expect(said.contains("GRIDKIT_FRAME_STEPS: cannot write /nonexistent-dir/steps.tsv"), "\(said.suffix(300))")
    }
}
