import GridKit
import Testing

@testable import Demos

/// A section header too narrow for its title and detail cuts the title at its start: a deep
/// folder keeps its own name and its count in view.
@MainActor @Suite struct SectionHeaderCellTests {
    func drawn(title: String, detail: String, width: Int) -> String {
        let canvas = Canvas(size: Size(width: width, height: 1))
        let cell = SectionHeaderCell()
        cell.title = title
        cell.detail = detail
        let context = DrawContext(canvas: canvas, frame: Rect(x: 0, y: 0, width: width, height: 1))
        cell.draw(in: context, bounds: context.bounds, state: CellState())
        return canvas.row(0)
    }

    @Test func aLongPathGivesUpItsStart() {
        let path = "/home/me/Photographs from the summer holiday in the mountains/2023/Day three - the lake"
        let row = drawn(title: path, detail: "1,000 photos · Enter opens", width: 80)
        #expect(row.hasPrefix(" …") && row.contains("Day three - the lake  1,000 photos · Enter opens"), "\(row)")
        #expect(TextWidth.width(of: row) <= 80)
    }

    @Test func whatFitsIsLeftAsItIs() {
        #expect(drawn(title: "/tmp/photos", detail: "12 photos", width: 40).hasPrefix(" /tmp/photos  12 photos"))
    }

    @Test func tooNarrowForBothTheTitleComesFirst() {
        let row = drawn(title: "/a/rather/long/path/to/photos", detail: "1,000 photos · Enter opens", width: 30)
        #expect(row.hasPrefix(" /a/rather/long/path"), "the detail gives way: \(row)")
    }
}
