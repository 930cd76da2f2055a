import GridKit

/// A one-line row: name, organisation, first phone or email, each cut with `…` to its column.
final class ContactRowCell: GridCell {
    var row: ContactRow?
    /// Marked with `f`: a star before the name.
    var isFavourite = false

    override func prepareForReuse() { row = nil; isFavourite = false }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let c = row else { return }
        let base = Palette.body(state)
        context.fill(style: base)
        // Narrow, the organisation goes first: the name is what tells two rows apart.
        let narrow = bounds.width < 50
        let nameWidth = narrow ? max(10, bounds.width * 3 / 5) : max(10, bounds.width * 2 / 5),
            orgWidth = narrow ? 0 : max(0, bounds.width * 3 / 10)
        context.text(state.isFocused ? "▶" : isFavourite ? "★" : " ", at: .zero, style: base)
        context.text(c.name, at: Point(x: 2, y: 0), style: base.with(.bold), maxWidth: nameWidth - 3)
        if orgWidth > 1 {
            context.text(
                c.organization, at: Point(x: nameWidth, y: 0), style: state.isFocused ? base : Palette.dim,
                maxWidth: orgWidth - 1)
        }
        context.text(
            c.primaryContact, at: Point(x: nameWidth + orgWidth, y: 0), style: base,
            maxWidth: max(0, bounds.width - nameWidth - orgWidth))
    }
}

/// A card: name, organisation and title, then every phone and email (up to four lines, the
/// rest counted). It sizes itself: a card with more numbers is taller.
final class ContactCardCell: GridCell {
    /// The estimate, and the width of every card.
    static let size = Size(width: 30, height: 5)
    static let maxDetailLines = 4
    var contact: Contact?

    override func prepareForReuse() { contact = nil }

    /// Phones, then emails, as card lines; past the limit the last line counts the rest.
    static func detailLines(_ c: Contact) -> [String] {
        let all =
            c.phones.map { "☎ " + LongValue.shown($0.value, keep: LongValue.keptInLists) }
            + c.emails.map { "✉ " + LongValue.shown($0.value, keep: LongValue.keptInLists) }
        guard all.count > maxDetailLines else { return all }
        return Array(all.prefix(maxDetailLines - 1)) + ["+\(all.count - maxDetailLines + 1) more"]
    }

    override func preferredSize(fitting size: Size) -> Size? {
        guard let c = contact else { return nil }
        // Name, role, a blank line, the details; never shorter than the estimate.
        return Size(width: size.width, height: max(Self.size.height, 3 + Self.detailLines(c).count))
    }

    override func draw(in context: DrawContext, bounds: Rect, state: CellState) {
        guard let c = contact else { return }
        let base = state.isFocused ? Palette.focus : state.isSelected ? Palette.selected : Palette.card
        context.fill(style: base)
        let w = bounds.width - 2
        let name = LongValue.shown(c.formattedName, keep: LongValue.keptInLists)
        context.text((state.isFocused ? "▶ " : "") + name, at: Point(x: 1, y: 0), style: base.with(.bold), maxWidth: w)
        let role = [c.title, c.organization].map { LongValue.shown($0, keep: LongValue.keptInLists) }.filter {
            !$0.isEmpty
        }.joined(separator: " · ")
        context.text(role, at: Point(x: 1, y: 1), style: base, maxWidth: w)
        for (i, line) in Self.detailLines(c).enumerated() {
            context.text(line, at: Point(x: 1, y: 3 + i), style: base, maxWidth: w)
        }
    }
}
