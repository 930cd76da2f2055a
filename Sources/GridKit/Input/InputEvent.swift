/// A key, independent of the terminal that sent it.
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// A printable character.
    case character(Character)
    /// Ctrl plus a letter, given in lower case (`.control("c")`).
    case control(Character)
    /// Alt (Meta) plus a character, which terminals send as ESC and the character (`.alt("x")`).
    case alt(Character)
    case function(Int)
}

/// What a mouse did. `wheelLeft` and `wheelRight` come from a sideways wheel or tilt, and
/// from the wheel turned with Shift held (the convention of desktop toolkits).
public enum MouseAction: Hashable, Sendable {
    case press, release, wheelUp, wheelDown, wheelLeft, wheelRight
}

/// A mouse event at a screen position; `clickCount` is 2 for the second press of a double click.
public struct MouseEvent: Equatable, Sendable {
    /// Press, release or wheel.
    public var action: MouseAction
    /// Where, in screen cells.
    public var position: Point
    /// The button: 1 left, 2 middle, 3 right.
    public var button: Int
    /// 2 for the second press of a double click.
    public var clickCount: Int
    /// A mouse event; a single left click by default.
    public init(action: MouseAction, position: Point, button: Int = 1, clickCount: Int = 1) {
        self.action = action; self.position = position; self.button = button; self.clickCount = clickCount
    }
}

/// Input delivered to screens and grids.
public enum InputEvent: Equatable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(Size)
    /// Text the user pasted, whole: terminals that know bracketed paste send it marked, so a
    /// paste arrives as one event, never as a storm of keys (GridKit turns the mode on). Only a
    /// text field takes it; a grid ignores it.
    case paste(String)

    /// True for a terminal size change.
    package var isResize: Bool { if case .resize = self { return true } else { return false } }

    /// Shorthand for a printable key.
    public static func char(_ c: Character) -> InputEvent { .key(.character(c)) }
}
