import Synchronization

/// A flag one thread sets and another reads: the photo walk checks it between folders.
package final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    package var isSet: Bool { value.load(ordering: .relaxed) }
    package func set() { value.store(true, ordering: .relaxed) }
}
