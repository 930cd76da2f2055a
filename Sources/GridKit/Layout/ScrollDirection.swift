/// The axis along which a grid scrolls.
public enum ScrollDirection: Sendable {
    case vertical, horizontal
}
