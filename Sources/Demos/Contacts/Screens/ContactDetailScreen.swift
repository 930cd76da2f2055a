import GridKit

/// Every field of one contact, a row each; long values wrap, and a very long one shows its
/// start, `…` and its size (`LongValue`), wrapped once per width. An inline photo is decoded and
/// drawn at the top, as the terminal shows pictures (sixel, kitty) or in half blocks, in its
/// own shape on the terminal's cells; one that does not decode says why.
package final class ContactDetailScreen: Screen, GridDataSource, GridDelegateFlowLayout {
    struct Row {
        let label: String
        /// The value as shown (cut when very long), with its lines at the width last drawn.
        let value: WrappedText
    }

    /// The most a photo takes: 16 columns by 8 rows (a square at the usual 1:2 cells).
    static let photoSize = Size(width: 16, height: 8)

    let contact: Contact
    let rows: [Row]
    /// The decoded inline photo (decoded at about the size shown: a camera's 3000 × 2000 JPEG
    /// is scaled down while it decodes, and does not hold up the screen).
    private let image: RGBAImage?
    /// The photo made for this terminal's cells once the screen knows them (`attach`).
    private(set) var photo: Thumbnail?

    package init(contact: Contact) {
        self.contact = contact
        var rows: [Row] = []
        func add(_ label: String, _ value: String) {
            if !value.isEmpty { rows.append(Row(label: label, value: WrappedText(LongValue.shown(value)))) }
        }
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
        var image: RGBAImage?
        switch contact.photo {
        case .uri(let uri)?: add("photo", uri)
        case .data(let bytes, let type)?:
            do {
                // Enough pixels for the box at a large font's cells (20 × 40).
                let decoded = try ImageDecoder.decode(
                    bytes, minSize: (Self.photoSize.width * 20, Self.photoSize.height * 40))
                image = decoded
                add("photo", "\(type.isEmpty ? "image" : type), \(decoded.sourceWidth)×\(decoded.sourceHeight)")
            } catch {
                add("photo", "⚠ \(error)")
            }
        case nil: break
        }
        add("source", contact.source)
        self.rows = rows
        self.image = image
        photo = image.map {
            Self.photo(of: $0, cell: Size(width: 10, height: 20), mode: .blocks, prepare: nil, tone: .dark)
        }
    }

    package func attach(to gridView: GridView, context: ScreenContext) {
        guard let image else { return }
        photo = Self.photo(
            of: image, cell: context.cellPixelSize, mode: context.graphicsMode, prepare: context.prepareImage,
            tone: context.backgroundTone)
    }

    /// The photo in as many cells as its shape needs within `photoSize`, on cells of `cell`
    /// pixels: in half blocks, and at the terminal's resolution where it shows pictures. What
    /// the cells hold beyond the photo's shape (less than a cell) is near the terminal's
    /// background, white or black (`tone`), as is transparency.
    static func photo(
        of image: RGBAImage, cell: Size, mode: GraphicsMode, prepare: ImagePreparer?, tone: BackgroundTone
    ) -> Thumbnail {
        let box = cells(for: image, cell: cell)
        let matte: (UInt8, UInt8, UInt8) = tone == .light ? (255, 255, 255) : (0, 0, 0)
        var t = Thumbnail(image: image, columns: box.width, rows: box.height, cell: cell, matte: matte)
        t.addPicture(from: image, cell: cell, mode: mode, prepare: prepare, matte: matte)
        return t
    }

    /// The columns and rows an image of this shape fills within `photoSize` on cells of `cell`
    /// pixels (a square photo: 16 × 8 at 10 × 20 pixels, 16 × 7 at 6 × 13).
    static func cells(for image: RGBAImage, cell: Size) -> Size {
        let cw = max(1, cell.width), ch = max(1, cell.height), w = max(1, image.width), h = max(1, image.height)
        let boxW = photoSize.width * cw, boxH = photoSize.height * ch
        // The largest size of the image's shape in the box, then the cells that hold it.
        let (pw, ph) = w * boxH > h * boxW ? (boxW, max(1, h * boxW / w)) : (max(1, w * boxH / h), boxH)
        return Size(
            width: min(photoSize.width, max(1, (pw + cw / 2) / cw)),
            height: min(photoSize.height, max(1, (ph + ch / 2) / ch)))
    }

    package var title: String { LongValue.shown(contact.formattedName, keep: LongValue.keptInLists) }
    package var keyHints: [KeyHint] { [.moveUpDown, .back] }

    package func makeLayout() -> any GridLayout {
        FlowLayout(
            itemSize: Size(width: FlowLayout.fullLine, height: 1),
            sectionInset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))
    }

    package func registerCells(in gridView: GridView) {
        gridView.register(DetailRowCell.self)
        gridView.register(ContactPhotoView.self, forSupplementaryViewOfKind: .header)
    }

    package func gridView(_ gridView: GridView, numberOfItemsInSection section: Int) -> Int { rows.count }

    /// The photo sits in the section header, above the fields.
    package func gridView(_ gridView: GridView, layout: FlowLayout, referenceSizeForHeaderInSection section: Int)
        -> Size?
    {
        photo.map { Size(width: 0, height: $0.rows + 1) } ?? .zero
    }

    package func gridView(
        _ gridView: GridView, viewForSupplementaryElementOfKind kind: ElementKind, at indexPath: IndexPath
    ) -> GridCell? {
        guard let photo else { return nil }
        let view = gridView.dequeueSupplementary(ContactPhotoView.self, ofKind: kind, for: indexPath)
        view.thumbnail = photo
        return view
    }

    package func gridView(_ gridView: GridView, layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        let width = max(1, gridView.layoutSize.width - DetailRowCell.valueColumn)
        return Size(width: FlowLayout.fullLine, height: max(1, rows[indexPath.item].value.lines(width: width).count))
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
        context.text(
            "  " + row.label, at: .zero, style: state.isFocused ? style : Palette.dim, maxWidth: Self.valueColumn - 1)
        for (i, line) in row.value.lines(width: max(1, bounds.width - Self.valueColumn)).enumerated() {
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
        guard let t = thumbnail else { return }
        let area = Rect(x: DetailRowCell.valueColumn, y: 1, width: t.columns, height: t.rows)
        if let picture = t.picture, context.placeImage(picture, in: area) { return }
        t.draw(in: context, at: area.origin, background: .plain)
    }
}
