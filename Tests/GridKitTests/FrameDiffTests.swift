import GridKit
import GridKitPresenting
import Testing

@Suite struct FrameDiffTests {
    func canvas(_ rows: [String], width: Int = 6) -> Canvas {
        let c = Canvas(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { c.drawText(row, at: Point(x: 0, y: y), style: .plain) }
        return c
    }

    @Test func firstFrameReportsEveryCellThenOnlyWhatChanged() {
        var diff = FrameDiff()
        let a = canvas(["abc", "def"])
        #expect(diff.reportsEverything(for: a))
        var seen: [String] = []
        #expect(diff.update(to: a) { x, y, _ in seen.append("\(x),\(y)") } == 12)
        #expect(seen.first == "0,0" && seen.last == "5,1", "reading order")
        #expect(!diff.reportsEverything(for: a))
        #expect(diff.update(to: a) { _, _, _ in } == 0)
        let b = canvas(["abX", "def"])
        var changed: [(Int, Int, String)] = []
        diff.update(to: b) { x, y, cell in changed.append((x, y, cell.text)) }
        #expect(changed.count == 1 && changed[0] == (2, 0, "X"))
    }

    /// A destination that writes a run of cells at once (a row of a picture sent as its prepared
    /// bytes) says where the run ends: the cells up to there are remembered as written, not
    /// reported one by one, and a run said to reach past the row's end stops there (the next
    /// row's changes are still reported).
    @Test func aRunWrittenAtOnceIsRememberedNotReported() {
        var diff = FrameDiff()
        diff.update(to: canvas(["......", "......", "......"])) { _, _, _ in }
        let b = canvas(["abcdef", "ghijkl", "mnopqr"])
        var seen: [String] = []
        let reported = diff.updateWritingRuns(to: b) { x, y, _ in
            seen.append("\(x),\(y)")
            // Asked for column 1 of the first row, it writes columns 1 to 3; at column 4, the
            // rest of the row and (it says) a row beyond; at column 4 of the last row, far past.
            switch (x, y) {
            case (1, 0): return 4
            case (4, 0): return 12
            case (4, 2): return 99
            default: return x + 1
            }
        }
        #expect(seen == ["0,0", "1,0", "4,0"] + (0..<6).map { "\($0),1" } + (0..<5).map { "\($0),2" })
        #expect(reported == seen.count)
        #expect(diff.update(to: b) { _, _, _ in } == 0, "every cell written, by run or alone, is remembered")
        var changed: [Int] = []
        diff.update(to: canvas(["abXdef", "ghijkl", "mnopqr"])) { x, _, _ in changed.append(x) }
        #expect(changed == [2])
    }

    @Test func styleAloneIsAChange() {
        var diff = FrameDiff()
        let a = canvas(["abc"])
        diff.update(to: a) { _, _, _ in }
        a.fill(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(attributes: .bold), character: "b")
        var columns: [Int] = []
        #expect(diff.update(to: a) { x, _, _ in columns.append(x) } == 1)
        #expect(columns == [1])
    }

    @Test func wideCharactersAreReportedByTheirLeftHalfOnly() {
        var diff = FrameDiff()
        diff.update(to: canvas(["abcd"])) { _, _, _ in }
        var changed: [(Int, String, UInt8)] = []
        diff.update(to: canvas(["a漢d"])) { x, _, cell in changed.append((x, cell.text, cell.width)) }
        // 漢 covers columns 1–2; 'd' moved from 3 to 3 (same), so columns 1 and 2 changed and
        // only column 1 is sent: drawing it draws both halves.
        #expect(changed.count == 1)
        #expect(changed[0] == (1, "漢", 2))
        // Back to narrow text: both columns are sent again.
        changed = []
        diff.update(to: canvas(["abcd"])) { x, _, cell in changed.append((x, cell.text, cell.width)) }
        #expect(changed.map(\.0) == [1, 2])
    }

    @Test func invalidateAndResizeReportEverything() {
        var diff = FrameDiff()
        let a = canvas(["ab"])
        diff.update(to: a) { _, _, _ in }
        diff.invalidate()
        #expect(diff.reportsEverything(for: a))
        #expect(diff.update(to: a) { _, _, _ in } == 6)
        let wider = canvas(["ab"], width: 8)
        #expect(diff.reportsEverything(for: wider))
        #expect(diff.update(to: wider) { _, _, _ in } == 8)
    }

    @Test func canvasChangesSinceAnotherFrameMatchTheRunningDiff() {
        var rng = SystemRandomNumberGenerator()
        let words = ["a", "漢", "é", "🙂", "xyz", " ", "ß"]
        for _ in 0..<200 {
            let before = canvas(
                (0..<3).map { _ in (0..<4).map { _ in words.randomElement(using: &rng)! }.joined() }, width: 7)
            let after = canvas(
                (0..<3).map { _ in (0..<4).map { _ in words.randomElement(using: &rng)! }.joined() }, width: 7)
            var diff = FrameDiff()
            diff.update(to: before) { _, _, _ in }
            var running: [Int] = []
            diff.update(to: after) { x, y, _ in running.append(y * 7 + x) }
            let oneShot = after.changes(since: before).map { $0.y * 7 + $0.x }
            #expect(running == oneShot)
            // Replaying the changes onto the old frame gives the new one.
            let replay = before.copy()
            for change in oneShot.map({ (x: $0 % 7, y: $0 / 7) }) {
                let cell = after[change.x, change.y]
                replay.put(cell.text, width: Int(cell.width), at: Point(x: change.x, y: change.y), style: cell.style)
            }
            #expect(replay.text == after.text)
        }
    }
}
