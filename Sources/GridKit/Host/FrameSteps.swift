import Glibc

/// Where the time of answering an input event goes: a clock mark at the end of each step, from
/// reading the event to the frame's last write, kept for each frame that answers the first event
/// of a read (a repaint's, Ctrl-L's, is left out: its steps include the terminal's set-up).
///
/// Off unless a host turns it on (`Terminal` does when `GRIDKIT_FRAME_STEPS` names a file, and
/// writes the frames there as it closes; `scripts/framesteps.py` sums them up). Off, a mark is
/// one test of a flag. Measured in the process, the steps show what a harness outside cannot:
/// which part of the work a key's time is, with no tracer slowing the system calls.
package enum FrameSteps {
    /// The steps, in the order a frame passes them; each mark ends the step it names.
    package enum Step: Int, CaseIterable, Sendable {
        /// The event read: the mark that opens a frame's record.
        case read
        /// The event handled: the focus moved, the offset set, the screen's own handling.
        case handled
        /// The screen's title bar and key hints found unchanged, or drawn again.
        case chrome
        /// The layout's elements for the visible rectangle.
        case layout
        /// Cells brought on screen and handed back.
        case cells
        /// The frame's state: its views, their states, what covers what.
        case state
        /// What is drawn again: the plan against the last frame, or a clear.
        case plan
        /// Cells, headers, footers, separators and the indicator drawn into the canvas.
        case drawn
        /// The frame remembered for the next one's plan, prefetching updated.
        case recorded
        /// The screen's overlays, search bar, table header and alert drawn.
        case overlays
        /// The terminal's rows moved and the pictures placed (with a clear or new images, their
        /// writes too).
        case moved
        /// The frame's bytes made, its earlier chunks written.
        case encoded
        /// The last write done: the mark that closes the record.
        case written
    }

    /// Whether marks are taken. Read at every mark, on every frame: not checked for exclusive
    /// access at run time (set only as a host opens and closes, and by tests on the main actor).
    @exclusivity(unchecked) @usableFromInline package nonisolated(unsafe) static var isOn = false
    /// Nanoseconds of a monotonic clock (a test's own clock in tests).
    package nonisolated(unsafe) static var clock: () -> UInt64 = {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
    /// The closed records: for each frame that answered an event, the clock at each step's end,
    /// nil for a step the frame did not pass (the grid's, on a terminal too small to draw it),
    /// then the clock as its first write began (`noteWrite`).
    package nonisolated(unsafe) private(set) static var frames: [[UInt64?]] = []
    private nonisolated(unsafe) static var open: [UInt64?]? = nil

    /// Marks the end of `step`, when marks are taken. (Inlinable: in the other modules too a
    /// mark is the test of the flag, not a call.)
    @inlinable package static func mark(_ step: Step) {
        if isOn { take(step) }
    }

    /// Notes that a write of the frame begins: the first one of a record is kept. Where a frame
    /// goes out in chunks, the first leaves long before the last, and what reads the terminal's
    /// side (a terminal, a harness) starts when it comes: the time until then is what an answer's
    /// latency follows most closely (Performance article).
    @inlinable package static func noteWrite() {
        if isOn { takeWrite() }
    }

    /// Drops the open record: the event asked for no frame, and the next frame answers no event.
    @inlinable package static func discard() {
        if isOn { drop() }
    }

    /// Forgets the records taken.
    package static func reset() {
        frames = []
        open = nil
    }

    /// The records as text, in microseconds: a line of names, then a line a frame of its whole
    /// time (from the event read to the last write), the time until its first write began
    /// (`first`), and each step's after the read (from the end of the last step the frame passed;
    /// "-" for a step it did not).
    package static func report() -> String {
        let names = ["total", "first"] + Step.allCases.dropFirst().map { "\($0)" }
        var text = names.joined(separator: "\t") + "\n"
        func micro(_ ns: UInt64) -> String { "\(ns / 1000).\(ns / 100 % 10)" }
        for frame in frames {
            guard let read = frame[0], let written = frame[Step.written.rawValue] else { continue }
            var fields = [micro(written - read), frame[firstWrite].map { micro($0 - read) } ?? "-"], last = read
            for time in frame[1..<firstWrite] {
                guard let time else {
                    fields.append("-")
                    continue
                }
                // A step marked twice (two grids drawn) may end before the one that follows.
                fields.append(micro(time >= last ? time - last : 0))
                last = max(last, time)
            }
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// A record's slot for the clock as its first write began, after the steps' slots.
    private static let firstWrite = Step.allCases.count

    @usableFromInline static func takeWrite() {
        guard open != nil, open![firstWrite] == nil else { return }
        open![firstWrite] = clock()
    }

    @usableFromInline static func drop() {
        open = nil
    }

    @usableFromInline static func take(_ step: Step) {
        // A new event opens a new record; one still open asked for no frame.
        if step == .read { open = Array(repeating: nil, count: firstWrite + 1) }
        guard open != nil else { return }
        open![step.rawValue] = clock()
        if step == .written {
            frames.append(open!)
            open = nil
        }
    }
}
