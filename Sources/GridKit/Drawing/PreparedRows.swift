/// What a host makes of a `CellBlock`'s rows ahead of drawing, on the thread that made the block
/// (its `CellPreparer`): a terminal keeps there the bytes that draw each row, so the thread that
/// draws sends them as they are rather than working them out cell by cell.
///
/// GridKit only carries it. Where a row of the block is drawn whole (`DrawContext.draw(_:at:)`),
/// the canvas notes which row of which block it put there (`Canvas.preparedRows(ofRow:)`). Cells
/// drawn over it later do not undo the note, so whoever uses it checks first that the canvas
/// still holds the row's cells.
public protocol PreparedRows: AnyObject, Sendable {
    /// Does the work the host left for later: called on a worker thread once it has nothing
    /// more urgent (the terminal makes the rows' bytes here, so decoding what the screen waits
    /// for is not slowed by it). Until then the block is drawn as if it had none. Does nothing
    /// once done; safe from any thread.
    func complete()

    /// The bytes it holds once complete, as far as it can tell when it is made: fixed from then
    /// on, so a cache that counts it when an entry comes in counts the same when it goes.
    var byteCount: Int { get }
}

/// A row of a block drawn whole: columns `x..<(x + width)` of a canvas row hold row `row` of the
/// block that `rows` was made for (unless something was drawn over them since).
package struct PreparedRowPlace {
    package let x: Int, width: Int
    package let rows: any PreparedRows
    package let row: Int
}

/// The notes, by the canvas row's storage: a scroll moves rows by trading their storage, and
/// the notes go with it.
struct PreparedRowNotes {
    private var places: [[PreparedRowPlace]] = []

    /// Notes `place` for storage row `storage`, in place of any note it overlaps; kept by column.
    mutating func note(_ place: PreparedRowPlace, storage: Int, rows: Int) {
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

    func places(storage: Int) -> [PreparedRowPlace] { storage < places.count ? places[storage] : [] }

    mutating func removeAll() { places.removeAll() }
}
