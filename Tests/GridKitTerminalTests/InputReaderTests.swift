import CNcurses
import Foundation
import Testing

/// The shim's input reader (input.c) fed through a pipe: what it makes of bytes as a terminal
/// sends them, several keys in one read included.
@Suite(.serialized) struct InputReaderTests {
    /// Writes `bytes` into a pipe the reader reads, and decodes every event.
    private func events(_ bytes: [UInt8], keys: [(String, Int32, UInt32)] = []) -> [gk_event] {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("pipe"); return [] }
        defer { close(fds[0]) }
        gk_input_reset(fds[0])
        for (seq, kind, ch) in keys { _ = gk_input_add_key(seq, kind, ch) }
        _ = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        var out: [gk_event] = []
        #expect(gk_input_fill(-2) == Int32(bytes.count), "everything waiting comes in one read")
        while true {
            let e = gk_input_next()
            if e.kind == Int32(GK_NONE) { break }
            out.append(e)
        }
        gk_input_reset(STDIN_FILENO)
        return out
    }

    private func kinds(_ events: [gk_event]) -> [Int32] { events.map(\.kind) }

    @Test func keysTerminfoNamesAreDecodedAndTheRestPassesThrough() {
        let keys: [(String, Int32, UInt32)] = [("\u{1B}OB", Int32(GK_DOWN), 0), ("\u{1B}[[A", Int32(GK_FUNCTION), 1)]
        let e = events(Array("\u{1B}OB\u{1B}OBx\u{1B}[[A\u{1B}[5~".utf8), keys: keys)
        // Two downs, x, F1 (the Linux console's), then an unknown-to-terminfo CSI byte by byte.
        #expect(kinds(Array(e.prefix(4))) == [Int32(GK_DOWN), Int32(GK_DOWN), Int32(GK_CHAR), Int32(GK_FUNCTION)])
        #expect(e[2].ch == UInt32(UInt8(ascii: "x")) && e[3].ch == 1)
        #expect(e.dropFirst(4).map(\.ch) == [27, 0x5B, 0x35, 0x7E])
    }

    @Test func ansiFormsOfTheNavigationKeysAreDecodedInTheShim() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { Issue.record("pipe"); return }
        defer { close(fds[0]); gk_input_reset(STDIN_FILENO) }
        gk_input_reset(fds[0])
        gk_input_add_ansi_keys()
        let bytes = Array("\u{1B}[B\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[1;5A".utf8)
        _ = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        _ = gk_input_fill(-2)
        var e: [gk_event] = []
        while case let next = gk_input_next(), next.kind != Int32(GK_NONE) { e.append(next) }
        #expect(kinds(Array(e.prefix(4))) == [Int32(GK_DOWN), Int32(GK_PGDN), Int32(GK_HOME), Int32(GK_END)])
        // With a modifier it is not one of them: byte by byte, for the Swift decoder.
        #expect(e.dropFirst(4).map(\.ch) == Array("\u{1B}[1;5A".unicodeScalars.map(\.value)))
    }

    @Test func enterBackspaceAndUTF8() {
        let e = events(Array("\r\u{7F}\u{8}é漢😀".utf8))
        #expect(kinds(Array(e.prefix(3))) == [Int32(GK_ENTER), Int32(GK_BACKSPACE), Int32(GK_BACKSPACE)])
        #expect(e.dropFirst(3).map(\.ch) == [0xE9, 0x6F22, 0x1F600])
        // A stray continuation byte and a cut sequence are replaced, not lost in.
        let bad = events([0x80, 0x61, 0xE6, 0x62])
        #expect(bad.map(\.ch) == [0xFFFD, 0x61, 0xFFFD, 0x62])
    }

    @Test func mouseReportsInBothFormats() {
        // SGR: left press at column 10, row 5 (1-based on the wire), its release, wheel down.
        let sgr = events(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<65;3;4M".utf8))
        #expect(kinds(sgr) == [Int32(GK_MOUSE), Int32(GK_MOUSE), Int32(GK_MOUSE)])
        #expect(sgr[0].mouse_action == Int32(GK_MOUSE_PRESS) && sgr[0].mouse_button == 1 && sgr[0].x == 9 && sgr[0].y == 4)
        #expect(sgr[1].mouse_action == Int32(GK_MOUSE_RELEASE))
        #expect(sgr[2].mouse_action == Int32(GK_MOUSE_WHEEL_DOWN) && sgr[2].x == 2 && sgr[2].y == 3)
        // X10: right press at (0, 0), then wheel up.
        let x10 = events([27, 0x5B, 0x4D, 32 + 2, 33, 33, 27, 0x5B, 0x4D, 32 + 64, 40, 40])
        #expect(x10.count == 2)
        #expect(x10[0].mouse_action == Int32(GK_MOUSE_PRESS) && x10[0].mouse_button == 3 && x10[0].x == 0 && x10[0].y == 0)
        #expect(x10[1].mouse_action == Int32(GK_MOUSE_WHEEL_UP))
    }

    @Test func aLoneEscIsHandedOverAfterTheShortWait() {
        let started = Date()
        let e = events([27])
        #expect(kinds(e) == [Int32(GK_CHAR)] && e[0].ch == 27)
        // It waited for the rest of a possible sequence, but not for long.
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func theEndOfInputIsReported() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        gk_input_reset(fds[0])
        close(fds[1])
        #expect(gk_input_fill(-2) == -1)
        close(fds[0])
        gk_input_reset(STDIN_FILENO)
    }
}
