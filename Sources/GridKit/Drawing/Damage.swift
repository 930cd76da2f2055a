/// A band of rows whose content moved up (`distance` > 0) or down, as when a list scrolls by a
/// line: a terminal can move them itself (a scroll region) and be sent only what is new.
package struct RowShift: Equatable, Sendable {
    /// The rows of the scroll region: content moves within them, the rows it leaves are new.
    package let rows: Range<Int>
    /// Rows moved: positive up, negative down.
    package let distance: Int

    /// A move of `rows` by `distance` (positive: up).
    package init(rows: Range<Int>, distance: Int) { self.rows = rows; self.distance = distance }
}

/// Content that moved sideways within a band of rows since the last frame, as a row of tiles
/// does when it scrolls on its own: a terminal can move it itself (deleting and inserting
/// characters) and be sent only the columns let in. Only a hint: `FrameDiff` takes it where
/// what the terminal shows matches it better moved than in place.
package struct ColumnShift: Equatable, Sendable {
    /// The rows, and the columns within which the content moved.
    package let rows: Range<Int>, columns: Range<Int>
    /// Columns moved: positive left, negative right.
    package let distance: Int

    package init(rows: Range<Int>, columns: Range<Int>, distance: Int) {
        self.rows = rows; self.columns = columns; self.distance = distance
    }
}

/// The canvas's damage record: one record of what changed, which the grid (did anyone draw over
/// me?), the chrome (are my bars as I left them?) and a destination (which cells to send) all
/// read. It holds, since the damage was last taken: the columns changed per row, the rows moved
/// (`movedRows`), a version per row, and an epoch that tells a taker whether someone else took
/// the damage since.
extension Canvas {
    /// Bumped every time the damage is taken (`takeDamage()`).
    package var damageEpoch: UInt64 { changeEpoch }

    /// The rows moved since the damage was taken: full-width moves (`shiftRows`) summed into
    /// one; nil when none, or when moves could not be summed (their rows count as changed).
    package var movedRows: RowShift? { pendingShift }

    /// Sideways moves noted since the damage was taken (`noteSidewaysMove`).
    package var sidewaysMoves: [ColumnShift] { pendingSideways }

    /// Notes that what was drawn in `shift`'s band moved sideways by its distance, for a
    /// destination that can move it on its screen instead of sending it again. The drawer still
    /// draws the band as it is now; the note only says where the old content went.
    package func noteSidewaysMove(_ shift: ColumnShift) {
        // Moves of one band between two frames (keys that came together) add up to one.
        if let last = pendingSideways.last, last.rows == shift.rows, last.columns == shift.columns {
            pendingSideways.removeLast()
            let total = last.distance + shift.distance
            if total != 0 {
                pendingSideways.append(ColumnShift(rows: shift.rows, columns: shift.columns, distance: total))
            }
            return
        }
        pendingSideways.append(shift)
    }

    /// A number that changes whenever a cell of row `y` changes: a drawer that kept it can tell
    /// whether anyone drew there since.
    package func version(ofRow y: Int) -> UInt64 { rowVersion(y) }

    /// The columns of row `y` changed since the damage was taken (rows moved by `movedRows`
    /// carry their columns along; rows it left count as changed).
    package func changedColumns(ofRow y: Int) -> Range<Int> { changedSpan(y) }

    /// Starts a new record; returns the new epoch, which the taker keeps to know that nobody
    /// else took the damage since. Called by the host's `FrameDiff` (`GridKitPresenting`) once
    /// a frame is sent, and by nothing in GridKit: output flows one way.
    @discardableResult
    package func takeDamage() -> UInt64 { resetDamage() }
}
