import Testing

@testable import GridKit

/// What a frame drawn from the last one draws again (`DrawnFrame.plan`).
@Suite struct RedrawPlanTests {
    /// A cell whose state changed is drawn again, and its area cleared; a cell that area meets
    /// is drawn again whole, and its area cleared too; so a header over that cell, which the
    /// first area did not meet, is drawn again as well (else the cell drawn again covers it).
    @Test func whatMeetsAnElementDrawnAgainIsDrawnAgainInTurn() {
        let canvas = Canvas(size: Size(width: 10, height: 6))
        let frame = Rect(x: 0, y: 0, width: 10, height: 6)
        let elements = [
            LayoutAttributes(
                indexPath: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 3), kind: .cell),
            LayoutAttributes(
                indexPath: IndexPath(item: 1, section: 0), frame: Rect(x: 0, y: 2, width: 10, height: 2), kind: .cell),
            LayoutAttributes(
                indexPath: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 1), kind: .header,
                isPinned: true),
            LayoutAttributes(
                indexPath: IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 4, width: 10, height: 2), kind: .cell)
        ]
        func drawn(focusing item: Int) -> DrawnFrame {
            var f = DrawnFrame(canvas: canvas.identity, frame: frame, offset: .zero, elements: elements)
            for a in elements {
                f.states.append(CellState(isFocused: a.kind == .cell && a.indexPath.item == item))
                f.drawers.append(nil)
            }
            f.recordRows(of: canvas)
            return f
        }
        let last = drawn(focusing: 2), next = drawn(focusing: 1)
        var scratch = RenderScratch()
        let plan = last.plan(for: next, on: canvas, background: .plain, scratch: &scratch)
        #expect(plan == .incremental)
        // Item 1 (its state changed), item 0 (its area meets item 1's), the header (it meets
        // item 0's), and item 2 (it lost the focus); nothing else.
        #expect(scratch.redraw == [true, true, true, true])
        // Item 0's area is cleared whole, and the header's: drawn again over what was cleared.
        #expect(scratch.dirty.contains(elements[0].frame) && scratch.dirty.contains(elements[2].frame))
        let unfocusedOnly = drawn(focusing: 2)
        var still = RenderScratch()
        _ = last.plan(for: unfocusedOnly, on: canvas, background: .plain, scratch: &still)
        #expect(still.redraw == [false, false, false, false], "nothing changed, nothing drawn")
    }
}
