/// One button of an `AlertController` (`UIAlertAction`).
@MainActor
public struct AlertAction {
    /// How an action looks and what Esc does (`UIAlertAction.Style`).
    public enum Style: Sendable {
        /// An ordinary choice.
        case `default`
        /// Backs out: Esc chooses it. At most one per alert.
        case cancel
        /// Changes or destroys something for good: drawn in red.
        case destructive
    }

    /// The button's label.
    public let title: String
    /// Its kind.
    public let style: Style
    /// The key that chooses it: given, or else the first letter of its title when no other
    /// action of the alert starts with that letter (case ignored).
    public let key: Character?
    let handler: ((AlertAction) -> Void)?

    /// An action titled `title`; `handler` runs after the alert is dismissed with it.
    public init(title: String, style: Style = .default, key: Character? = nil, handler: ((AlertAction) -> Void)? = nil)
    {
        self.title = title; self.style = style; self.key = key; self.handler = handler
    }
}
