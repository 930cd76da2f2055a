import CNcurses
import Foundation
import GridKit
import Testing

@testable import GridKitTerminal

/// The shim's reader (`gk_read_input`) fed through a pipe, and the decoder on what it read: what
/// becomes of bytes as a terminal sends them, several keys in one read included.
@Suite(.serialized) struct InputReaderTests {
    private static func clock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Writes `bytes` into a pipe, reads them in one read and decodes every event.
    private func events(_ bytes: [UInt8], keys: KeyTable = KeyTable()) -> [InputEvent] {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("pipe"); return [] }
        defer { close(fds[0]) }
        _ = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        var decoder = InputDecoder(keys: keys)
        #expect(decoder.read(from: fds[0]) == bytes.count, "everything waiting comes in one read")
        var out = decoder.events(now: t0)
        out += decoder.drain(from: t0).events
        #expect(decoder.read(from: fds[0]) == -1, "then the end of input")
        return out
    }

    @Test func keysTerminfoNamesAreDecodedAndTheRestToo() {
        let keys = KeyTable([(Array("\u{1B}OB".utf8), .down), (Array("\u{1B}[[A".utf8), .function(1))])
        // Two downs, x, F1 (the Linux console's), then Page Down, which terminfo did not name.
        let e = events(Array("\u{1B}OB\u{1B}OBx\u{1B}[[A\u{1B}[6~".utf8), keys: keys)
        #expect(e == [.key(.down), .key(.down), .char("x"), .key(.function(1)), .key(.pageDown)])
    }

    @Test func ansiFormsOfTheNavigationKeys() {
        let e = events(Array("\u{1B}[B\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[1;5A".utf8))
        #expect(e == [.key(.down), .key(.pageDown), .key(.home), .key(.end), .key(.up)])
    }

    @Test func enterBackspaceAndUTF8() {
        #expect(
            events(Array("\r\u{7F}\u{8}é漢😀".utf8)) == [
                .key(.enter), .key(.backspace), .key(.backspace), .char("é"), .char("漢"), .char("😀")
            ])
        // A stray continuation byte and a cut sequence are replaced, not lost in.
        #expect(events([0x80, 0x61, 0xE6, 0x62]) == [.char("\u{FFFD}"), .char("a"), .char("\u{FFFD}"), .char("b")])
    }

    @Test func mouseReportsInBothFormats() {
        // SGR: left press at column 10, row 5 (1-based on the wire), its release, wheel down.
        let sgr = events(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<65;3;4M".utf8))
        #expect(
            sgr == [
                .mouse(MouseEvent(action: .press, position: Point(x: 9, y: 4))),
                .mouse(MouseEvent(action: .release, position: Point(x: 9, y: 4))),
                .mouse(MouseEvent(action: .wheelDown, position: Point(x: 2, y: 3)))
            ])
        // X10: right press at (0, 0), then wheel up.
        let x10 = events([27, 0x5B, 0x4D, 32 + 2, 33, 33, 27, 0x5B, 0x4D, 32 + 64, 40, 40])
        #expect(
            x10 == [
                .mouse(MouseEvent(action: .press, position: Point(x: 0, y: 0), button: 3)),
                .mouse(MouseEvent(action: .wheelUp, position: Point(x: 7, y: 7)))
            ])
    }

    /// What the run loop does while a sequence is unfinished: waits for more on the tty until
    /// the decoder's deadline, then decodes.
    private func waitForTheRest(_ decoder: inout InputDecoder, fd: Int32) -> [InputEvent] {
        guard let deadline = decoder.deadline else { return [] }
        let now = Self.clock()
        let timeout = now >= deadline ? 0 : Int32((deadline - now + 999_999) / 1_000_000)
        #expect(decoder.read(from: fd, timeoutMilliseconds: timeout) >= 0)
        return decoder.events(now: Self.clock())
    }

    @Test func aLoneEscIsHandedOverAfterTheShortWait() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("pipe"); return }
        defer { close(fds[0]); close(fds[1]) }
        var decoder = InputDecoder()
        var b: UInt8 = 27
        _ = write(fds[1], &b, 1)
        let started = Self.clock()
        #expect(decoder.read(from: fds[0]) == 1)
        #expect(decoder.events(now: started) == [])
        var e: [InputEvent] = []
        for _ in 0..<10 where e.isEmpty { e = waitForTheRest(&decoder, fd: fds[0]) }
        #expect(e == [.key(.escape)])
        // It waited for the rest of a possible sequence, but not for long.
        let waited = Self.clock() - started
        #expect(waited >= InputDecoder.escapeDelay && waited < 5_000_000_000)
    }

    @Test func theRestOfASequenceReadWithinTheWaitCompletesIt() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("pipe"); return }
        defer { close(fds[0]); close(fds[1]) }
        var decoder = InputDecoder()
        var b: UInt8 = 27
        _ = write(fds[1], &b, 1)
        #expect(decoder.read(from: fds[0]) == 1)
        #expect(decoder.events(now: Self.clock()) == [])
        let rest = Array("[B".utf8)
        _ = rest.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        #expect(waitForTheRest(&decoder, fd: fds[0]) == [.key(.down)])
    }

    @Test func theEndOfInputIsReported() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[1])
        var decoder = InputDecoder()
        #expect(decoder.read(from: fds[0]) == -1)
        #expect(decoder.read(from: fds[0], timeoutMilliseconds: 100) == -1)
        close(fds[0])
    }

    @Test func nothingToReadWithinTheTimeoutIsZero() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(buffer.withUnsafeMutableBufferPointer { gk_read_input(fds[0], $0.baseAddress, $0.count, 10) } == 0)
    }
}
