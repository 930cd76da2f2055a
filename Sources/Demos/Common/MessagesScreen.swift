import GridKit

/// The messages a screen keeps for the user (files skipped, cards and lines left out), listed
/// while the app runs (`!`), not only once it quits: a row each, long ones wrapped.
package final class MessagesScreen: Screen, GridDataSource, GridDelegateFlowLayout {
    let subject: String
    let messages: [String]

    package init(_ subject: String, messages: [String]) {
        self.subject = subject
        self.messages = messages
    }

    package var title: String { "\(subject) · \(messages.count.formatted)" }
    package var keyHints: [KeyHint] { [.moveUpDown, .back] }

    package func makeLayout() -> any GridLayout {
        FlowLayout(
            itemSize: Size(width: FlowLayout.fullLine, height: 1),
            sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    package func registerCells(in gridView: GridView) { gridView.register(MessageCell.self) }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { messages.count }

    package func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(
            width: FlowLayout.fullLine,
            height: max(
                1,
                TextWrap.lines(messages[indexPath.item], width: MessageCell.textWidth(in: gridView.layoutSize.width))
                    .count))
    }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(MessageCell.self, for: indexPath)
        cell.text = messages[indexPath.item]
        return cell
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        if case .resize = event { gridView.reloadData() } // wrapped heights depend on the width
        return .ignored
    }
}

/// One message, wrapped under a two-column indent.
final class MessageCell: GridCell {
    var text = ""

    static func textWidth(in width: Int) -> Int { max(1, width - 3) }

    override func prepareForReuse() { text = "" }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        let style = Palette.body(state)
        context.fill(style: style)
        for (i, line) in TextWrap.lines(text, width: Self.textWidth(in: bounds.width)).enumerated() {
            context.text(line, at: Point(x: 2, y: i), style: style)
        }
    }
}
