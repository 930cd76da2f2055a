/// A row of a `CellBlock` drawn whole: columns `x..<(x + width)` of a canvas row hold row `row`
/// of the block whose identity is `block` (unless something was drawn over them since).
///
/// A drawing fact, like the pictures a canvas registers: a host that keeps something of its own
/// for a block's rows (the terminal keeps the bytes that draw them) finds here where each row
/// went, and checks the cells before it trusts the note.
package struct DrawnBlockRow {
    package let x: Int, width: Int
    /// The block's `CellBlock.identity`.
    package let block: UInt64
    package let row: Int
}

/// The notes, by the canvas row's storage: a scroll moves rows by trading their storage, and
/// the notes go with it.
struct BlockRowNotes {
    private var places: [[DrawnBlockRow]] = []

    /// Notes `place` for storage row `storage`, in place of any note it overlaps; kept by column.
    mutating func note(_ place: DrawnBlockRow, storage: Int, rows: Int) {
        if places.count != rows { places = Array(repeating: [], count: rows) }
        let end = place.x + place.width
        // Mostly a tile drawn where a tile of the same size was (a row scrolled out and let in
        // again): that note is replaced where it is, the list not copied.
        var i = 0
        while i < places[storage].count && places[storage][i].x + places[storage][i].width <= place.x { i += 1 }
        if i < places[storage].count, places[storage][i].x == place.x, places[storage][i].width == place.width {
            places[storage][i] = place
            return
        }
        var j = i
        while j < places[storage].count && places[storage][j].x < end { j += 1 }
        places[storage].replaceSubrange(i..<j, with: CollectionOfOne(place))
    }

    func places(storage: Int) -> [DrawnBlockRow] { storage < places.count ? places[storage] : [] }

    mutating func removeAll() { places.removeAll() }
}
