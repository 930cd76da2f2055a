import Foundation
import Testing

// How tests wait for something that happens on another thread or in another process: they poll
// a condition against a deadline, never sleep a fixed time and hope, and a wait that runs out
// fails the test with what it waited for (a loaded machine makes a wait longer, never a test
// that carries on with a half-made state).

/// Polls `condition` until it holds, and returns true; or, after `timeout`, fails the current
/// test with a message that names `what` it waited for, and returns false (so a caller in a
/// closure can stop there).
@discardableResult
public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    if try poll(for: timeout, condition) { return true }
    Issue.record(Comment(rawValue: "timed out after \(timeout) waiting for \(what())"), sourceLocation: sourceLocation)
    return false
}

/// Checks `condition` for the whole of `duration`, polling it: for what must *not* happen for a
/// while (a job left alone until its delay is over, a fault that must not fire). Fails the
/// current test the first time it does not hold, naming `what`, and returns false.
@discardableResult
public func holdsThroughout(
    _ what: @autoclosure () -> String, for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    repeat {
        guard try condition() else {
            Issue.record(
                Comment(rawValue: "stopped holding before \(duration) were over: \(what())"),
                sourceLocation: sourceLocation)
            return false
        }
        Thread.sleep(forTimeInterval: 0.005)
    } while clock.now < end
    return true
}

/// Polls `condition` until it holds (true) or `timeout` passes (false), without failing: for
/// waits whose running out is an answer (a process that may be gone already, a helper that
/// throws its own error with more to say).
public func poll(for timeout: Duration, _ condition: () throws -> Bool) rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: timeout)
    // Quick at first (most waits are short), then every 20 ms at most.
    var pause = 0.001
    while try !condition() {
        if clock.now >= end { return try condition() }
        Thread.sleep(forTimeInterval: pause)
        pause = min(pause * 2, 0.02)
    }
    return true
}

/// Polls `sample` every `interval` until it gives the same value `times` times in a row, and
/// returns that value; or, after `timeout`, fails the current test naming `what` and returns
/// the last value. For "it has stopped changing": a screen whose pictures are all in, a
/// process that stopped using the CPU.
@discardableResult
public func waitUntilSettled<Value: Equatable>(
    _ what: @autoclosure () -> String, every interval: Duration = .milliseconds(100), times: Int = 3,
    timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation, _ sample: () throws -> Value
) rethrows -> Value {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: timeout)
    var last = try sample(), same = 1
    while same < times {
        if clock.now >= end {
            Issue.record(
                Comment(rawValue: "timed out after \(timeout) waiting for \(what()) to settle"),
                sourceLocation: sourceLocation)
            return last
        }
        Thread.sleep(forTimeInterval: interval / .seconds(1))
        let now = try sample()
        same = now == last ? same + 1 : 1
        last = now
    }
    return last
}
