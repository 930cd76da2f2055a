/// What lives as long as one screen is on the navigation stack: the tasks it started through its
/// `ScreenContext`, cancelled when it leaves; and the way back to the controller that shows it
/// (messages, alerts).
@MainActor
package final class ScreenLifetime {
    private var tasks: [Task<Void, Never>] = []
    /// Set once the screen left the stack: work started after that is cancelled at once.
    package private(set) var hasEnded = false
    /// The controller showing the screen (nil in a context made by hand).
    package weak var presenter: (any ScreenPresenting)?

    package init() {}

    func add(_ task: Task<Void, Never>) {
        if hasEnded {
            task.cancel()
            return
        }
        // Finished tasks are let go now and then, so a screen that starts many short ones does
        // not keep them all.
        if tasks.count >= 32 { tasks.removeAll { $0.isCancelled } }
        tasks.append(task)
    }

    /// Cancels every task the screen started; later ones are cancelled as they start.
    package func end() {
        hasEnded = true
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }
}

/// What a screen's context asks of the controller that shows it.
@MainActor
package protocol ScreenPresenting: AnyObject {
    /// Shows `text` on the status line for `duration`.
    func showMessage(_ text: String, for duration: Duration)
    /// Shows `alert` over the screen, modally.
    func present(_ alert: AlertController)
}
