import GridKit
import GridKitTesting
import Testing

@MainActor @Suite struct SnapshotTests {
    let snapshot = Snapshot()

    @Test func gridWithHeadersFootersAndFocus() throws {
        let content = TestContent(counts: [7, 0, 3])
        content.header = Size(width: 0, height: 1)
        content.footer = Size(width: 0, height: 1)
        let layout = FlowLayout(
            itemSize: Size(width: 6, height: 1), lineSpacing: 1, interitemSpacing: 1,
            sectionInset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
        let h = GridHarness(content, layout: layout, size: Size(width: 30, height: 14))
        try snapshot.verify(h.press(InputEvent.script("right, down")), named: "grid-headers-focus")
    }

    @Test func stickyHeaderWhileScrolled() throws {
        let content = TestContent(counts: [12, 12])
        content.header = Size(width: 0, height: 1)
        let layout = FlowLayout(itemSize: Size(width: 100, height: 1))
        layout.sectionHeadersPinToVisibleBounds = true
        let h = GridHarness(content, layout: layout, size: Size(width: 16, height: 6))
        try snapshot.verify(h.press(InputEvent.script("down*8")), named: "sticky-header-pinned")
        try snapshot.verify(h.press(InputEvent.script("down*5")), named: "sticky-header-pushed")
    }

    @Test func horizontalGrid() throws {
        let layout = FlowLayout(itemSize: Size(width: 5, height: 1), scrollDirection: .horizontal, lineSpacing: 1, interitemSpacing: 1)
        let h = GridHarness(TestContent(counts: [20]), layout: layout, size: Size(width: 24, height: 6))
        try snapshot.verify(h.press(InputEvent.script("down*2, right*4")), named: "horizontal")
    }

    @Test func recordingFailsTheCheck() throws {
        let scratch = Snapshot(testFile: "/tmp/gridkit-snapshot-\(UInt32.random(in: 0...UInt32.max))/Test.swift")
        let canvas = Canvas(size: Size(width: 3, height: 1))
        #expect(throws: SnapshotError.self) { try scratch.verify(canvas, named: "new") }
        try scratch.verify(canvas, named: "new") // now stored: passes
        canvas.drawText("x", at: .zero, style: .plain)
        #expect(throws: SnapshotError.self) { try scratch.verify(canvas, named: "new") }
    }
}
