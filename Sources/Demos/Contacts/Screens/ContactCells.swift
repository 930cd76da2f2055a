import GridKit

/// A one-line row: name, organisation, first phone or email, each cut with `…` to its column.
final class ContactRowCell: GridCell {
    var contact: Contact?

    override func prepareForReuse() { contact = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let c = contact else { return }
        let base = Palette.body(state)
        context.fill(style: base)
        let nameWidth = max(10, bounds.width * 2 / 5), orgWidth = max(0, bounds.width * 3 / 10)
        context.text(state.isFocused ? "▶" : " ", at: .zero, style: base)
        context.text(c.formattedName, at: Point(x: 2, y: 0), style: base.with(.bold), maxWidth: nameWidth - 3)
        context.text(c.organization, at: Point(x: nameWidth, y: 0), style: state.isFocused ? base : Palette.dim, maxWidth: orgWidth - 1)
        context.text(c.primaryContact, at: Point(x: nameWidth + orgWidth, y: 0), style: base,
                     maxWidth: max(0, bounds.width - nameWidth - orgWidth))
    }
}

/// A card: name, organisation and title, phone, email.
final class ContactCardCell: GridCell {
    static let size = Size(width: 30, height: 5)
    var contact: Contact?

    override func prepareForReuse() { contact = nil }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let c = contact else { return }
        let base = state.isFocused ? Palette.focus : state.isSelected ? Palette.selected : Style(background: .palette(236))
        context.fill(style: base)
        let w = bounds.width - 2
        context.text((state.isFocused ? "▶ " : "") + c.formattedName, at: Point(x: 1, y: 0), style: base.with(.bold), maxWidth: w)
        let role = [c.title, c.organization].filter { !$0.isEmpty }.joined(separator: " · ")
        context.text(role, at: Point(x: 1, y: 1), style: base, maxWidth: w)
        if let phone = c.phones.first { context.text("☎ " + phone.value, at: Point(x: 1, y: 3), style: base, maxWidth: w) }
        if let email = c.emails.first { context.text("✉ " + email.value, at: Point(x: 1, y: 4), style: base, maxWidth: w) }
    }
}
