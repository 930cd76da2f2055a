import GridKit

/// xterm mouse reports, SGR and X10, as events: presses (counting double clicks), releases and
/// the wheel.
extension InputDecoder {
    /// An SGR report's fields, `b ; x ; y`; nil for motion and for one that is not a report.
    mutating func sgrMouse(fields: Range<Int>, release: Bool, now: UInt64) -> InputEvent? {
        event(MouseReport.sgr(bytes[fields], release: release), now: now)
    }

    /// An X10 report's three bytes at `i`.
    mutating func x10Mouse(at i: Int, now: UInt64) -> InputEvent? {
        event(MouseReport.x10(bytes[i], bytes[i + 1], bytes[i + 2]), now: now)
    }

    /// The event of a report: a press counts towards a double click.
    private mutating func event(_ report: MouseReport?, now: UInt64) -> InputEvent? {
        switch report {
        case nil: return nil
        case .wheel(let action, let p): return .mouse(MouseEvent(action: action, position: p))
        case .release(let p, let button): return .mouse(MouseEvent(action: .release, position: p, button: button))
        case .press(let p, let button): return press(at: p, button: button, now: now)
        }
    }

    /// A press; the second at the same cell within `doubleClickNanoseconds` is a double click.
    private mutating func press(at p: Point, button: Int, now: UInt64) -> InputEvent {
        var count = 1
        if let last = lastPress, last.position == p, now >= last.time, now - last.time < Self.doubleClickNanoseconds {
            count = 2
        }
        lastPress = count == 2 ? nil : (p, now)
        return .mouse(MouseEvent(action: .press, position: p, button: button, clickCount: count))
    }
}
