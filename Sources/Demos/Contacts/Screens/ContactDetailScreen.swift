import GridKit

/// Every field of one contact, a row each; long values wrap. An inline photo is decoded and
/// drawn at the top as a half-block picture; one that does not decode says why.
package final class ContactDetailScreen: Screen, GridDataSource, GridDelegateFlowLayout {
    struct Row {
        let label: String
        let value: String
    }

    static let photoSize = Size(width: 16, height: 8)

    let contact: Contact
    let rows: [Row]
    /// The decoded inline photo (small: decoding it here does not hold up the screen).
    let photo: Thumbnail?

    package init(contact: Contact) {
        self.contact = contact
        var rows: [Row] = []
        func add(_ label: String, _ value: String) { if !value.isEmpty { rows.append(Row(label: label, value: value)) } }
        add("name", contact.formattedName)
        add("organisation", contact.organization)
        add("title", contact.title)
        add("groups", contact.categories.joined(separator: ", "))
        for p in contact.phones { add(p.label.isEmpty ? "phone" : p.label, p.value) }
        for e in contact.emails { add(e.label.isEmpty ? "email" : e.label, e.value) }
        for a in contact.addresses { add(a.label.isEmpty ? "address" : a.label, a.value) }
        add("birthday", contact.birthday)
        for u in contact.urls { add("url", u) }
        add("note", contact.note)
        var photo: Thumbnail?
        switch contact.photo {
        case .uri(let uri)?: add("photo", uri)
        case .data(let bytes, let type)?:
            let size = Self.photoSize
            do {
                let image = try ImageDecoder.decode(bytes, minSize: (size.width, size.height * 2))
                photo = Thumbnail(image: image, columns: size.width, rows: size.height)
                add("photo", "\(type.isEmpty ? "image" : type), \(image.sourceWidth)×\(image.sourceHeight)")
            } catch {
                add("photo", "⚠ \(error)")
            }
        case nil: break
        }
        add("source", contact.source)
        self.rows = rows
        self.photo = photo
    }

    package var title: String { contact.formattedName }
    package var keyHints: String { "↑↓ move · Esc back" }

    package func makeLayout() -> any GridLayout {
        FlowLayout(itemSize: Size(width: FlowLayout.fullLine, height: 1), sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(DetailRowCell.self)
        gridView.register(ContactPhotoView.self, forSupplementaryViewOfKind: .header)
    }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    /// The photo sits in the section header, above the fields.
    package func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
        photo == nil ? .zero : Size(width: 0, height: Self.photoSize.height + 1)
    }

    package func gridView(_ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath) -> GridCell? {
        guard let photo else { return nil }
        let view = gridView.dequeueSupplementary(ContactPhotoView.self, ofKind: kind, for: indexPath)
        view.thumbnail = photo
        return view
    }

    package func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        let width = max(1, gridView.frame.width - 1 - DetailRowCell.valueColumn)
        return Size(width: FlowLayout.fullLine, height: max(1, TextWrap.lines(rows[indexPath.item].value, width: width).count))
    }

    package func gridView(_ gridView: GridView, cellForItemAt indexPath: IndexPath) -> GridCell {
        let cell = gridView.dequeue(DetailRowCell.self, for: indexPath)
        cell.row = rows[indexPath.item]
        return cell
    }

    package func handle(_ event: InputEvent, in gridView: GridView) -> ScreenAction {
        if case .resize = event { gridView.reloadData() } // wrapped heights depend on the width
        return .ignored
    }
}

/// A label in the left column, the value wrapped in the right.
final class DetailRowCell: GridCell {
    static let valueColumn = 16
    var row: ContactDetailScreen.Row?

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

/// The contact's photo, indented like the values.
final class ContactPhotoView: GridCell {
    var thumbnail: Thumbnail?

    override func prepareForReuse() { thumbnail = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        context.fill(style: .plain)
        thumbnail?.draw(in: context, at: Point(x: DetailRowCell.valueColumn, y: 1), background: .plain)
    }
}
