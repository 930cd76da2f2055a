/// Programmer errors (dequeuing an unregistered identifier, …) stop the program with a message.
/// A terminal backend sets `willTerminate` to restore the screen first, so the message is readable.
public enum GridKitFailure {
    nonisolated(unsafe) public static var willTerminate: ((String) -> Void)?

    /// Stops the program with `message`, after giving the backend a chance to clean up.
    public static func fail(_ message: String) -> Never {
        willTerminate?(message)
        fatalError(message)
    }
}
