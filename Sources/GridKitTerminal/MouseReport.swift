import GridKit

/// What one mouse report from the terminal says, before the decoder counts clicks: read from
/// SGR (`ESC [ < b ; x ; y M|m`) or X10 (`ESC [ M` and three bytes) encodings.
enum MouseReport: Equatable {
    case press(Point, button: Int)
    case release(Point, button: Int)
    case wheel(MouseAction, Point)

    /// An SGR report's fields, `b ; x ; y` (1-based cells); nil for motion and for fields that
    /// are not a report.
    static func sgr(_ fields: ArraySlice<UInt8>, release: Bool) -> MouseReport? {
        var v0 = 0, v1 = 0, v2 = 0, field = 0
        for b in fields {
            if b == 0x3B {
                guard field < 2 else { return nil }
                field += 1
            } else if b >= 0x30 && b <= 0x39 {
                let d = Int(b - 0x30)
                switch field {
                case 0: if v0 < 100_000 { v0 = v0 * 10 + d }
                case 1: if v1 < 100_000 { v1 = v1 * 10 + d }
                default: if v2 < 100_000 { v2 = v2 * 10 + d }
                }
            } else {
                return nil
            }
        }
        guard field == 2 else { return nil }
        let p = Point(x: v1 - 1, y: v2 - 1)
        // xterm reports the release of a sideways wheel's buttons (6 and 7) too: one turn, one event.
        if v0 & 64 != 0 { return release ? nil : .wheel(wheel(v0), p) }
        if v0 & 32 != 0 || v0 & 3 == 3 { return nil } // motion; a release without its button
        return release ? .release(p, button: v0 & 3 + 1) : .press(p, button: v0 & 3 + 1)
    }

    /// An X10 report's three bytes, each offset by 32 (cells 1-based, so 33 is the first).
    static func x10(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> MouseReport? {
        let button = Int(b0) - 32
        let p = Point(x: Int(b1) - 33, y: Int(b2) - 33)
        if button & 64 != 0 { return .wheel(wheel(button), p) }
        if button & 32 != 0 { return nil } // motion
        if button & 3 == 3 { return .release(p, button: 1) } // X10 does not say which
        return .press(p, button: button & 3 + 1)
    }

    /// A wheel report's direction: buttons 4 and 5 (codes 64, 65) turn it, 6 and 7 (66, 67) tilt
    /// it sideways; turned with Shift (bit 4) it goes sideways too.
    static func wheel(_ code: Int) -> MouseAction {
        switch (code & 3, code & 4 != 0) {
        case (0, false): return .wheelUp
        case (1, false): return .wheelDown
        case (0, true), (2, _): return .wheelLeft
        default: return .wheelRight
        }
    }
}
