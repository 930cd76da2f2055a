import GridKit

/// Cursor moves: the shortest way from where the cursor is to the next cell written.
extension PenWriter {
    /// Moves the cursor to (x, y): from a known position and a sure column, the shortest step
    /// (`appendStep`); otherwise the column (same row) or the position named.
    mutating func move(to x: Int, _ y: Int) {
        if let c = cursor, c.x == x, c.y == y { return }
        let sameRow = cursor?.y == y && caps.moveToColumn != nil
        let cursorBefore = cursor
        cursor = (x, y)
        // Every move ends at a column named or stepped to from a sure one.
        defer { columnIsSure = true }
        guard caps.movesAreANSI else {
            bytes += sameRow ? caps.moveToColumn!(x) : caps.moveTo(y, x)
            return
        }
        if columnIsSure, let from = cursorBefore {
            appendStep(from: from, to: (x, y))
            return
        }
        if relocatable { namedPosition = true }
        bytes.append(0x1B); bytes.append(UInt8(ascii: "["))
        if sameRow {
            appendDecimal(x + 1); bytes.append(UInt8(ascii: "G"))
        } else {
            appendDecimal(y + 1); bytes.append(UInt8(ascii: ";")); appendDecimal(x + 1); bytes.append(UInt8(ascii: "H"))
        }
    }

    /// The shortest way from a known cursor position to another: the position named (`CSI H`),
    /// or a step up or down (`CSI A`, `CSI B`, which never scroll) and then the column named
    /// (`CSI G`), stepped to (`CSI C`, `CSI D`, a backspace for one to the left) or reached by
    /// a carriage return (column 0).
    private mutating func appendStep(from: (x: Int, y: Int), to: (x: Int, y: Int)) {
        let dy = to.y - from.y, dx = to.x - from.x
        let (vertical, horizontal, named) = stepBytes(from: from, to: to)
        if dy != 0 && named <= vertical + horizontal {
            if relocatable { namedPosition = true }
            bytes.append(0x1B); bytes.append(UInt8(ascii: "["))
            appendDecimal(to.y + 1); bytes.append(UInt8(ascii: ";")); appendDecimal(to.x + 1);
            bytes.append(UInt8(ascii: "H"))
            return
        }
        if dy != 0 {
            bytes.append(0x1B); bytes.append(UInt8(ascii: "["))
            if abs(dy) > 1 { appendDecimal(abs(dy)) }
            bytes.append(UInt8(ascii: dy > 0 ? "B" : "A"))
        }
        if dx == 0 { return }
        if to.x == 0 && !relocatable { bytes.append(0x0D); return }
        if dx == -1 { bytes.append(0x08); return }
        bytes.append(0x1B); bytes.append(UInt8(ascii: "["))
        if caps.moveToColumn == nil || digits(abs(dx)) - (abs(dx) == 1 ? 1 : 0) < digits(to.x + 1) {
            if abs(dx) > 1 { appendDecimal(abs(dx)) }
            bytes.append(UInt8(ascii: dx > 0 ? "C" : "D"))
        } else {
            appendDecimal(to.x + 1); bytes.append(UInt8(ascii: "G"))
        }
    }

    /// What a step from `from` to `to` costs: up or down, then along the row, or named. (The
    /// column is named only where the terminal has a column move: a VT220 has no CHA.)
    @inline(__always)
    private func stepBytes(from: (x: Int, y: Int), to: (x: Int, y: Int)) -> (vertical: Int, horizontal: Int, named: Int)
    {
        let dy = to.y - from.y, dx = to.x - from.x
        let vertical = dy == 0 ? 0 : 3 + (abs(dy) > 1 ? digits(abs(dy)) : 0)
        let step = abs(dx) > 1 ? digits(abs(dx)) : 0
        let horizontal =
            dx == 0
            ? 0
            : (to.x == 0 && !relocatable) || dx == -1
                ? 1 : 3 + (caps.moveToColumn == nil ? step : min(step, digits(to.x + 1)))
        return (vertical, horizontal, 4 + digits(to.y + 1) + digits(to.x + 1))
    }

    /// The bytes a move of the cursor to (x, y) would cost now.
    @inline(__always)
    func moveBytes(to x: Int, _ y: Int) -> Int {
        guard let c = cursor else { return 4 + digits(y + 1) + digits(x + 1) }
        if c.x == x && c.y == y { return 0 }
        guard caps.movesAreANSI, columnIsSure else {
            return c.y == y && caps.moveToColumn != nil ? 3 + digits(x + 1) : 4 + digits(y + 1) + digits(x + 1)
        }
        let (v, h, named) = stepBytes(from: c, to: (x, y))
        return c.y == y ? h : min(named, v + h)
    }
}
