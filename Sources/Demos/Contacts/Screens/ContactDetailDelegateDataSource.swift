import GridKit

/// Every field of one contact, a row each; long values wrap. The photo, when the card has one
/// that decodes, is drawn at the top.
public final class ContactDetailDelegateDataSource: Screen {
    struct Row {
        let label: String
        let value: String
    }

    let contact: Contact
    let rows: [Row]

    public init(contact: Contact) {
        self.contact = contact
        var rows: [Row] = []
        func add(_ label: String, _ value: String) { if !value.isEmpty { rows.append(Row(label: label, value: value)) } }
        add("name", contact.formattedName)
        add("organisation", contact.organization)
        add("title", contact.title)
        for p in contact.phones { add(p.label.isEmpty ? "phone" : p.label, p.value) }
        for e in contact.emails { add(e.label.isEmpty ? "email" : e.label, e.value) }
        for a in contact.addresses { add(a.label.isEmpty ? "address" : a.label, a.value) }
        add("birthday", contact.birthday)
        for u in contact.urls { add("url", u) }
        add("note", contact.note)
        switch contact.photo {
        case .uri(let uri)?: add("photo", uri)
        case .data(let bytes, let type)?: add("photo", "\(type.isEmpty ? "image" : type), \(bytes.count.formatted) bytes")
        case nil: break
        }
        add("source", contact.source)
        self.rows = rows
    }

    public var title: String { contact.formattedName }
    public var keyHints: String { "↑↓ move · Esc back · q quit" }

    public func makeLayout() -> FlowLayout {
        FlowLayout(itemSize: Size(width: 10_000, height: 1), sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    public func registerCells(in gridView: GridView) {
        gridView.register(DetailRowCell.self, forCellWithReuseIdentifier: DetailRowCell.identifier)
    }

    public func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    public func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        let width = max(1, gridView.frame.width - 1 - DetailRowCell.valueColumn)
        return Size(width: 10_000, height: max(1, TextWrap.lines(rows[indexPath.item].value, width: width).count))
    }

    public func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeueReusableCell(withReuseIdentifier: DetailRowCell.identifier, for: indexPath) as! DetailRowCell
        cell.row = rows[indexPath.item]
        return cell
    }

    public func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        if case .resize = event { gridView.reloadData() } // wrapped heights depend on the width
        return .ignored
    }
}

/// A label in the left column, the value wrapped in the right.
final class DetailRowCell: GridCell {
    static let identifier = "DetailRow"
    static let valueColumn = 16
    var row: ContactDetailDelegateDataSource.Row?

    override func prepareForReuse() { row = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let row else { return }
        let style = Palette.body(state)
        context.fill(style: style)
        context.text("  " + row.label, at: .zero, style: state.isFocused ? style : Palette.dim, maxWidth: Self.valueColumn - 1)
        for (i, line) in TextWrap.lines(row.value, width: max(1, bounds.width - Self.valueColumn)).enumerated() {
            context.text(line, at: Point(x: Self.valueColumn, y: i), style: style)
        }
    }
}
