import CNcurses
import GridKit

/// Turns the shim's events into terminal-independent `InputEvent`s, and counts clicks.
struct InputDecoder {
    private var lastPress: (position: Point, time: UInt64)?
    static let doubleClickNanoseconds: UInt64 = 400_000_000

    mutating func decode(_ e: gk_event, size: () -> Size, now: UInt64) -> InputEvent? {
        switch Int(e.kind) {
        case Int(GK_CHAR):
            guard let scalar = Unicode.Scalar(e.ch) else { return nil }
            switch e.ch {
            case 9: return .key(.tab)
            case 27: return .key(.escape)
            case 1...26: return .key(.control(Character(Unicode.Scalar(e.ch + 96)!)))
            case 0..<32: return nil
            default: return .key(.character(Character(scalar)))
            }
        case Int(GK_UP): return .key(.up)
        case Int(GK_DOWN): return .key(.down)
        case Int(GK_LEFT): return .key(.left)
        case Int(GK_RIGHT): return .key(.right)
        case Int(GK_PGUP): return .key(.pageUp)
        case Int(GK_PGDN): return .key(.pageDown)
        case Int(GK_HOME): return .key(.home)
        case Int(GK_END): return .key(.end)
        case Int(GK_ENTER): return .key(.enter)
        case Int(GK_BACKSPACE): return .key(.backspace)
        case Int(GK_DELETE): return .key(.delete)
        case Int(GK_BACKTAB): return .key(.backTab)
        case Int(GK_FUNCTION): return .key(.function(Int(e.ch)))
        case Int(GK_RESIZE): return .resize(size())
        case Int(GK_MOUSE): return decodeMouse(e, now: now)
        default: return nil
        }
    }

    private mutating func decodeMouse(_ e: gk_event, now: UInt64) -> InputEvent? {
        let p = Point(x: Int(e.x), y: Int(e.y))
        switch Int(e.mouse_action) {
        case Int(GK_MOUSE_WHEEL_UP): return .mouse(MouseEvent(action: .wheelUp, position: p))
        case Int(GK_MOUSE_WHEEL_DOWN): return .mouse(MouseEvent(action: .wheelDown, position: p))
        case Int(GK_MOUSE_RELEASE): return .mouse(MouseEvent(action: .release, position: p, button: Int(e.mouse_button)))
        case Int(GK_MOUSE_PRESS):
            var count = 1
            if let last = lastPress, last.position == p, now - last.time < Self.doubleClickNanoseconds { count = 2 }
            lastPress = count == 2 ? nil : (p, now)
            return .mouse(MouseEvent(action: .press, position: p, button: Int(e.mouse_button), clickCount: count))
        default: return nil
        }
    }
}
