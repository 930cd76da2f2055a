/// What lives as long as one screen is on the navigation stack: the tasks it started through its
/// `ScreenContext`, cancelled when it leaves; and the way back to the controller that shows it
/// (messages, alerts).
@MainActor
package final class ScreenLifetime {
    /// The tasks still running, by number: each takes itself out when it ends.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    /// Set once the screen left the stack: work started after that is cancelled at once.
    package private(set) var hasEnded = false
    /// The controller showing the screen (nil in a context made by hand).
    package weak var presenter: (any ScreenPresenting)?

    package init() {}

    /// How many of the screen's tasks are still running (for tests).
    var runningTasks: Int { tasks.count }

    /// Starts `work` on the main actor, kept until it ends or the screen leaves.
    func start(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = nextTask
        nextTask += 1
        let task = Task { @MainActor [weak self] in
            await work()
            self?.tasks[id] = nil
        }
        if hasEnded { task.cancel() } else { tasks[id] = task }
        return task
    }

    /// Cancels every task the screen started; later ones are cancelled as they start.
    package func end() {
        hasEnded = true
        for task in tasks.values { task.cancel() }
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
