import GridKitPresenting
import Testing

@testable import GridKit
@testable import GridKitTerminal

/// A frame of text written while it is made (`FrameStream`): the terminal gets the bytes the
/// frame has whole, in writes of a chunk's worth that each end where a row does, inside one
/// synchronized update where the terminal knows them.
@MainActor
@Suite struct FrameStreamTests {
    static let begin = Terminal.beginFrame, end = Terminal.endFrame

    /// A screen of coloured text, every row different from a blank screen's.
    static func busyCanvas(_ size: Size, shade: Int = 0) -> Canvas {
        let canvas = Canvas(size: size, colorMode: .palette256)
        for y in 0..<size.height {
            for x in stride(from: 0, to: size.width, by: 8) {
                let style = Style(
                    foreground: .palette(UInt8((x + y + shade) % 200 + 16)),
                    background: .palette(UInt8((x * 3 + y + shade) % 200 + 16)))
                _ = canvas.drawText("r\(y)c\(x)      ", at: Point(x: x, y: y), style: style, maxWidth: 8)
            }
        }
        return canvas
    }

    /// The frame after `first` as one buffer (what `Terminal` sent before), and as the writes
    /// a stream makes of it.
    static func play(
        _ canvas: Canvas, after first: Canvas? = nil, synchronizes: Bool, chunk: Int = 2048,
        largestUpdate: Int = Terminal.largestUpdate, cursor: Point? = Point(x: 0, y: 0)
    ) -> (whole: [UInt8], writes: [[UInt8]]) {
        func frame(_ stream: inout FrameStream?) -> [UInt8] {
            var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
            var diff = FrameDiff()
            if let first {
                writer.begin(size: first.size, cleared: true)
                var none: FrameStream? = nil
                _ = Terminal.send(
                    first, diff: &diff, into: &writer, stream: &none, trackingDamage: false, placeholders: nil,
                    colorMode: .palette256)
                _ = writer.finish(cursor: nil)
            }
            writer.begin(size: canvas.size, cleared: first == nil)
            _ = Terminal.send(
                canvas, diff: &diff, into: &writer, stream: &stream, trackingDamage: false, placeholders: nil,
                colorMode: .palette256)
            return writer.finish(cursor: cursor)
        }
        var none: FrameStream? = nil
        let whole = frame(&none)
        var writes: [[UInt8]] = []
        var stream: FrameStream? = FrameStream(synchronizes: synchronizes, chunk: chunk, largestUpdate: largestUpdate) {
            writes.append(Array($0))
        }
        let rest = frame(&stream)
        stream!.finish(rest)
        return (whole, writes)
    }

    static func offsets(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    @Test func aBigFrameGoesOutInChunksInsideOneUpdate() throws {
        let (whole, writes) = Self.play(Self.busyCanvas(Size(width: 120, height: 40)), synchronizes: true)
        try #require(whole.count > 8 * 2048, "a frame of many chunks: \(whole.count) bytes")
        #expect(writes.count > 4, "written as it was made: \(writes.count) writes of \(whole.count) bytes")
        #expect(Array(writes.joined()) == Self.begin + whole + Self.end, "the same bytes, in one update")
        // Each write but the last a chunk's worth at least (the first also begins the update).
        #expect(writes.dropLast().allSatisfy { $0.count >= 2048 }, "\(writes.map(\.count))")
        #expect(Array(writes[0].prefix(Self.begin.count)) == Self.begin)
        #expect(Array(writes.last!.suffix(Self.end.count)) == Self.end)
        // The screen is the same as from one write.
        var one = MiniTerminal(width: 120, height: 40), many = MiniTerminal(width: 120, height: 40)
        one.feed(whole)
        for w in writes { many.feed(w) }
        #expect(one.cells.map { $0.map(\.visible) } == many.cells.map { $0.map(\.visible) })
    }

    /// A write ends where a row is done: the next begins with the move to the next row's first
    /// changed cell.
    @Test func writesEndWhereRowsDo() {
        let (_, writes) = Self.play(Self.busyCanvas(Size(width: 120, height: 40)), synchronizes: false)
        for w in writes.dropFirst() {
            let start = String(decoding: w.prefix(12), as: UTF8.self)
            #expect(start.hasPrefix("\u{1B}[") && start.contains("H"), "starts with a move: \(start.debugDescription)")
        }
    }

    /// Rows of a picture in half blocks (the writer holds a row's cells until it is done)
    /// with a caption: row `y` shows picture row `first + y`.
    static func drawPicture(_ canvas: Canvas, rows: Range<Int>, first: Int) {
        for y in rows {
            let n = first + y
            for x in 0..<(canvas.size.width - 10) {
                let top = Color.rgb(UInt8((x * 7 + n * 13) % 256), UInt8((x * 3 + n * 29) % 256), UInt8(n * 41 % 256))
                let bottom = Color.rgb(UInt8((x * 11 + n * 5) % 256), UInt8(n * 17 % 256), UInt8((x * 19) % 256))
                canvas.put("▀", width: 1, at: Point(x: x, y: y), style: Style(foreground: top, background: bottom))
            }
            _ = canvas.drawText(
                "row \(n)", at: Point(x: canvas.size.width - 9, y: y), style: Style(foreground: .palette(200)),
                maxWidth: 9)
        }
    }

    /// A Down as the photo grid makes it: the terminal moves the rows up, and the rows let in
    /// at the bottom (picture cells the writer holds back by row) go out in chunks: the same
    /// bytes as in one write, the same screen.
    @Test func aScrollOfPicturesGoesOutTheSameInChunks() throws {
        let size = Size(width: 120, height: 40), by = 12
        func frames(_ stream: inout FrameStream?) -> (first: [UInt8], second: [UInt8], scrolled: Bool) {
            let canvas = Canvas(size: size, colorMode: .palette256)
            Self.drawPicture(canvas, rows: 0..<size.height, first: 0)
            var writer = FrameWriter(capabilities: .ansi, colors: ColorMapper(mode: .palette256)) { _ in 1 }
            var diff = FrameDiff()
            var none: FrameStream? = nil
            writer.begin(size: size, cleared: true)
            _ = Terminal.send(
                canvas, diff: &diff, into: &writer, stream: &none, trackingDamage: false, placeholders: nil,
                colorMode: .palette256)
            let first = writer.finish(cursor: nil)
            canvas.shiftRows(in: Rect(origin: .zero, size: size), by: by)
            Self.drawPicture(canvas, rows: (size.height - by)..<size.height, first: by)
            writer.begin(size: size, cleared: false)
            let shift = diff.rowShift(to: canvas)
            if let shift {
                writer.scroll(shift)
                diff.apply(shift)
            }
            _ = Terminal.send(
                canvas, diff: &diff, into: &writer, stream: &stream, trackingDamage: false, placeholders: nil,
                colorMode: .palette256)
            return (first, writer.finish(cursor: nil), shift != nil)
        }
        var none: FrameStream? = nil
        let whole = frames(&none)
        var writes: [[UInt8]] = []
        var stream: FrameStream? = FrameStream(synchronizes: true) { writes.append(Array($0)) }
        let streamed = frames(&stream)
        stream!.finish(streamed.second)
        #expect(streamed.first == whole.first)
        try #require(whole.scrolled && streamed.scrolled, "the terminal moves the rows")
        try #require(whole.second.count > 3 * 2048, "rows let in worth several chunks: \(whole.second.count)")
        #expect(writes.count > 2, "\(writes.map(\.count))")
        #expect(Array(writes.joined()) == Self.begin + whole.second + Self.end)
        var one = MiniTerminal(width: size.width, height: size.height)
        var many = MiniTerminal(width: size.width, height: size.height)
        one.feed(whole.first + whole.second)
        many.feed(streamed.first)
        for w in writes { many.feed(w) }
        #expect(one.cells.map { $0.map(\.visible) } == many.cells.map { $0.map(\.visible) })
        // And the screen is the frame: the picture moved up by the scroll.
        let top = many.cells[0].map(\.text).joined()
        #expect(top.contains("row \(by)"), "\(top.suffix(12))")
    }

    @Test func withoutSynchronizedOutputTheBytesAreTheFramesAlone() {
        let (whole, writes) = Self.play(Self.busyCanvas(Size(width: 120, height: 40)), synchronizes: false)
        #expect(writes.count > 4)
        #expect(Array(writes.joined()) == whole)
    }

    /// A frame smaller than a chunk is one write, as before; a frame that changed nothing
    /// writes nothing, not even an empty update.
    @Test func aSmallFrameIsOneWriteAndAnEmptyOneNone() {
        let canvas = Self.busyCanvas(Size(width: 40, height: 3))
        let small = Self.play(canvas, synchronizes: true)
        #expect(small.whole.count < 2048)
        #expect(small.writes == [Self.begin + small.whole + Self.end])
        let nothing = Self.play(canvas, after: Self.busyCanvas(canvas.size), synchronizes: true, cursor: nil)
        #expect(nothing.whole.isEmpty)
        #expect(nothing.writes.isEmpty, "\(nothing.writes)")
    }

    /// An update kitty would give up (past `largestUpdate`) ends before the chunk that would
    /// take it there; the rest comes as it is, and the bytes are the frame's all the same.
    @Test func anUpdateTooBigForTheTerminalEndsEarly() throws {
        let (whole, writes) = Self.play(
            Self.busyCanvas(Size(width: 120, height: 40)), synchronizes: true, largestUpdate: 9000)
        let all = Array(writes.joined())
        #expect(all.count == whole.count + Self.begin.count + Self.end.count)
        let begins = Self.offsets(of: Self.begin, in: all), ends = Self.offsets(of: Self.end, in: all)
        try #require(begins == [0] && ends.count == 1, "\(begins) \(ends)")
        #expect(ends[0] <= 9000 - Self.end.count, "the update stayed small enough: ends at \(ends[0])")
        #expect(ends[0] < whole.count, "it ended before the frame did")
        var without = all
        without.removeSubrange(ends[0]..<(ends[0] + Self.end.count))
        #expect(Array(without.dropFirst(Self.begin.count)) == whole)
        // The end went out at the start of a write, before the bytes that would not fit.
        var starts: [Int] = [], offset = 0
        for w in writes {
            starts.append(offset)
            offset += w.count
        }
        #expect(starts.contains(ends[0]), "ends at \(ends[0]); writes start at \(starts)")
    }

    /// Only the last write would take the update past the limit: the update ends just before it.
    @Test func anUpdateTheLastWriteWouldOverfillEndsBeforeIt() throws {
        let canvas = { Self.busyCanvas(Size(width: 120, height: 40)) }
        let free = Self.play(canvas(), synchronizes: true)
        let total = free.writes.joined().count, last = free.writes.last!.count
        let (whole, writes) = Self.play(canvas(), synchronizes: true, largestUpdate: total - last / 2)
        let all = Array(writes.joined())
        let ends = Self.offsets(of: Self.end, in: all)
        try #require(ends.count == 1)
        #expect(ends[0] == all.count - writes.last!.count, "the end opens the last write")
        var without = all
        without.removeSubrange(ends[0]..<(ends[0] + Self.end.count))
        #expect(Array(without.dropFirst(Self.begin.count)) == whole)
    }

    /// A frame that does not fit one update even in its first write goes out with none.
    @Test func aFirstChunkTooBigForAnUpdateGoesOutPlain() {
        let (whole, writes) = Self.play(
            Self.busyCanvas(Size(width: 120, height: 40)), synchronizes: true, chunk: 4096, largestUpdate: 2000)
        #expect(Array(writes.joined()) == whole)
    }
}
