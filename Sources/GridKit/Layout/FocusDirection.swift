/// A direction for focus movement.
public enum FocusDirection: Sendable {
    case up, down, left, right
}
