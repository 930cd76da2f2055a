import Synchronization

/// Programmer errors (dequeuing an unregistered identifier, …) stop the program with a message.
/// A terminal backend sets `willTerminate` to restore the screen first, so the message is readable.
package enum GridKitFailure {
    private static let hook = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Runs just before the program stops, with the message.
    package static var willTerminate: (@Sendable (String) -> Void)? {
        get { hook.withLock { $0 } }
        set { hook.withLock { $0 = newValue } }
    }

    /// Stops the program with `message`, after giving the backend a chance to clean up.
    package static func fail(_ message: String) -> Never {
        willTerminate?(message)
        fatalError(message)
    }
}
