import GridKit
import GridKitTesting
import Testing

/// The clock marks of `FrameSteps`: a record per frame that answers an event, each step's time
/// from the end of the one before. Each test turns the marks on and off again without giving
/// up the main actor, so no other test's frames land in its records.
@MainActor @Suite struct FrameStepsTests {
    /// A clock that moves 1 µs more at each reading than at the one before: the steps' lengths
    /// tell which marks were taken and in what order.
    static func countingClock() -> () -> UInt64 {
        var now: UInt64 = 0, step: UInt64 = 0
        return {
            step += 1_000
            now += step
            return now
        }
    }

    /// Runs `body` with the marks on and a counting clock; gives back the report.
    func recording(_ body: () -> Void) -> String {
        let clock = FrameSteps.clock
        FrameSteps.reset()
        FrameSteps.clock = Self.countingClock()
        FrameSteps.isOn = true
        body()
        FrameSteps.isOn = false
        FrameSteps.clock = clock
        let report = FrameSteps.report()
        FrameSteps.reset()
        return report
    }

    @Test func aFrameIsRecordedFromTheEventReadToTheLastWrite() {
        let report = recording {
            FrameSteps.mark(.layout) // no event read yet: no record
            FrameSteps.mark(.written)
            for step in FrameSteps.Step.allCases { FrameSteps.mark(step) }
        }
        let lines = report.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.count == 2, "\(report)")
        #expect(lines.first == ["total", "first"] + FrameSteps.Step.allCases.dropFirst().map { "\($0)" })
        // Marks with no record open read no clock: the read is its first reading, the next
        // comes 2 µs after it, the one after that 3 µs later… No write was noted: no "first".
        let steps = (2...FrameSteps.Step.allCases.count).map { "\($0).0" }
        let total = (2...FrameSteps.Step.allCases.count).reduce(0, +)
        #expect(lines.last == ["\(total).0", "-"] + steps)
    }

    @Test func anEventWithNoFrameLeavesNoRecord() {
        let report = recording {
            FrameSteps.mark(.read)
            FrameSteps.mark(.handled)
            FrameSteps.discard()
            FrameSteps.mark(.written) // a frame that answers no event
            FrameSteps.mark(.read)
            FrameSteps.mark(.read) // the first asked for no frame either
            FrameSteps.mark(.encoded)
            FrameSteps.mark(.written)
        }
        let lines = report.split(separator: "\n")
        #expect(lines.count == 2, "\(report)")
        // Steps not passed are "-" (and the first write, none noted); the encoding is timed
        // from the read.
        let fields = lines.last!.split(separator: "\t")
        #expect(fields.filter { $0 == "-" }.count == FrameSteps.Step.allCases.count - 2, "\(fields)")
    }

    /// The first write noted in a record is its "first": from the read to it. Later writes, and
    /// writes with no record open, change nothing.
    @Test func theFirstWriteOfAFrameIsTimedFromTheRead() throws {
        let report = recording {
            FrameSteps.noteWrite() // no record open: no reading
            FrameSteps.mark(.read) // the clock at 1 µs
            FrameSteps.mark(.moved) // 3
            FrameSteps.noteWrite() // 6: the first write
            FrameSteps.noteWrite() // a later one: no reading
            FrameSteps.mark(.encoded) // 10
            FrameSteps.noteWrite()
            FrameSteps.mark(.written) // 15
        }
        let lines = report.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(lines.count == 2 && lines[0].count == lines[1].count, "\(report)")
        func field(_ name: String) throws -> String { lines[1][try #require(lines[0].firstIndex(of: name))] }
        #expect(try field("first") == "5.0", "\(report)")
        #expect(try [field("moved"), field("encoded"), field("written")] == ["2.0", "7.0", "5.0"], "\(report)")
        #expect(try field("total") == "14.0", "\(report)")
    }

    @Test func offTakesNoMarks() {
        FrameSteps.reset()
        FrameSteps.isOn = false
        FrameSteps.mark(.read)
        FrameSteps.mark(.written)
        #expect(FrameSteps.frames.isEmpty)
    }

    /// A Down through the controller, the grid and a host: every step between the event and the
    /// writes is marked, in order. (The terminal marks the read and the writes; the host here
    /// closes the record as the terminal does after its last write.)
    @Test func aKeyThroughTheControllerPassesEveryStepInOrder() throws {
        let host = HeadlessHost(size: Size(width: 40, height: 10))
        let controller = ScreenController(host: host)
        controller.start(LoggingScreen("Rows"))
        host.afterPresent = {
            FrameSteps.mark(.moved)
            FrameSteps.mark(.encoded)
            FrameSteps.mark(.written)
        }
        let report = recording {
            FrameSteps.mark(.read)
            _ = controller.handle(.key(.down))
        }
        let lines = report.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(lines.count == 2, "\(report)")
        // Each step one reading later than the step before: each 1 µs longer than the one before.
        let lengths = lines[1].dropFirst(2).compactMap { Double($0) }
        #expect(lengths == (2...FrameSteps.Step.allCases.count).map(Double.init), "\(lines[1])")
        controller.finish()
    }

    /// A key that changes nothing draws no frame, and a frame that work draws answers no event:
    /// neither times a frame from the read.
    @Test func aKeyThatDrawsNothingIsNotTimedWithTheNextFrame() throws {
        let host = HeadlessHost(size: Size(width: 40, height: 10))
        let controller = ScreenController(host: host)
        controller.start(LoggingScreen("Rows"))
        var presents = 0
        host.afterPresent = {
            presents += 1
            FrameSteps.mark(.written)
        }
        let afterKey = recording {
            FrameSteps.mark(.read)
            _ = controller.handle(.char("z"))
            FrameSteps.mark(.written) // whatever writes next
        }
        #expect(presents == 0, "the key drew no frame")
        #expect(afterKey.split(separator: "\n").count == 1, "\(afterKey)")
        let afterWork = recording {
            FrameSteps.mark(.read) // a read that gave no event
            _ = controller.handle(nil) // work ran: a frame of its own
        }
        #expect(presents == 1)
        #expect(afterWork.split(separator: "\n").count == 1, "\(afterWork)")
        controller.finish()
    }
}
