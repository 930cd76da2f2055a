import GridKit
import GridKitTesting
import Testing

@testable import Demos

/// A list of messages wraps each to the width its rows get (beside the scroll bar), so none
/// loses its last word.
@MainActor @Suite struct MessagesWrapTests {
    @Test func aMessageOneColumnTooLongTakesTwoLines() {
        // Rows get 49 columns beside the scroll bar, less a 2-column indent and 1 at the end: 46.
        // Worked out for the frame's 50 columns, this one was one line tall, and drawn in two.
        let long = String(repeating: "abcde ", count: 7) + "vwxyz"
        #expect(long.count == 47)
        let messages = [long] + (0..<40).map { "message \($0)" }
        let run = ScreenHarness(size: Size(width: 50, height: 20)).run(MessagesScreen("Problems", messages: messages))
        #expect(run.row(2).contains("abcde") && run.row(3).contains("vwxyz"), "\(run.text)")
        #expect(run.row(4).contains("message 0"), "the next message after both lines: \(run.text)")
    }
}
