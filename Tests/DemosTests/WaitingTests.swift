import Foundation
import TestSupport
import Testing

/// The shared waits fail a test that waited in vain, with what it waited for; and do not when
/// the condition comes.
@Suite struct WaitingTests {
    @Test func aWaitThatRunsOutFailsNamingWhatItWaitedFor() {
        withKnownIssue {
            #expect(!waitUntil("the moon", timeout: .milliseconds(50)) { false })
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("waiting for the moon") }
        }
    }

    @Test func aConditionThatComesEndsTheWaitEarly() {
        let start = ContinuousClock.now
        let ready = Date().addingTimeInterval(0.05)
        #expect(waitUntil("a date", timeout: .seconds(60)) { Date() >= ready })
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func whatMustHoldFailsTheFirstTimeItDoesNot() {
        let end = Date().addingTimeInterval(0.05)
        withKnownIssue {
            #expect(!holdsThroughout("before the end", for: .seconds(10)) { Date() < end })
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("before the end") }
        }
        #expect(holdsThroughout("always", for: .milliseconds(30)) { true })
    }

    @Test func settledIsTheValueThatStoppedChanging() {
        var n = 0
        let value = waitUntilSettled("a counter that stops at 5", every: .milliseconds(1), times: 3) {
            n = min(n + 1, 5)
            return n
        }
        #expect(value == 5)
    }
}
