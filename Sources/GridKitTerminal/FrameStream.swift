/// A frame written while it is being made: once the writer holds `chunk` bytes, they go out at
/// the start of the next row, so the terminal (and the pty carrying the bytes to it) reads the
/// first rows while the last are still being encoded, instead of all of them after the last.
/// (A scrolling Down of the photo grid, 7.6 KB in 256 colours, goes out in three or four
/// writes, and reaches the reader about 35 µs sooner on a 2-core machine: Performance article.)
///
/// Where the terminal knows synchronized updates, the first write begins one and the last ends
/// it, so the terminal still shows the whole frame at once. An update that would grow past
/// `largestUpdate` is ended before the chunk that would take it there, and the rest shows as it
/// comes (as `Terminal.present` sends a frame too big for one update). A frame with no bytes
/// writes nothing.
struct FrameStream {
    /// The least bytes worth a write of their own.
    let chunk: Int
    /// The most bytes one synchronized update may hold.
    let largestUpdate: Int
    /// Where the bytes go (the terminal's output; a test's buffer).
    let write: (UnsafeBufferPointer<UInt8>) -> Void
    /// Whether the frame is to be one synchronized update.
    let synchronizes: Bool
    /// Whether a synchronized update is open.
    private(set) var inUpdate = false
    /// The bytes written so far in this frame.
    private(set) var sent = 0
    /// The row of the last cell put.
    private var row = -1

    init(
        synchronizes: Bool, chunk: Int = 2048, largestUpdate: Int = Terminal.largestUpdate,
        write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.synchronizes = synchronizes
        self.chunk = chunk
        self.largestUpdate = largestUpdate
        self.write = write
    }

    /// Called before a cell of row `y` is put: at a new row, what `writer` holds goes out if it
    /// is a chunk's worth. (Bytes in the writer are final; cells it holds back stay with it.)
    mutating func willPut(row y: Int, from writer: inout FrameWriter) {
        guard y != row else { return }
        row = y
        guard writer.out.bytes.count >= chunk else { return }
        send(writer.out.bytes, last: false)
        // The writer's own buffer starts again, its memory kept.
        writer.out.bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the frame with `rest`: the writer's last bytes and whatever follows them.
    mutating func finish(_ rest: [UInt8]) {
        guard !rest.isEmpty || sent > 0 else { return }
        send(rest, last: true)
    }

    private mutating func send(_ bytes: [UInt8], last: Bool) {
        let end = Terminal.endFrame, begin = Terminal.beginFrame
        if sent == 0 {
            // The frame's first write begins the update, if this much fits in one.
            if synchronizes && bytes.count + begin.count + end.count <= largestUpdate {
                inUpdate = !last
                put(last ? begin + bytes + end : begin + bytes)
                return
            }
        } else if inUpdate {
            if sent + bytes.count + end.count > largestUpdate {
                // Too big for one update: it ends before these bytes, which show as they come.
                inUpdate = false
                put(end + bytes)
                return
            }
            if last {
                inUpdate = false
                put(bytes + end)
                return
            }
        }
        put(bytes)
    }

    private mutating func put(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        sent += bytes.count
        bytes.withUnsafeBufferPointer(write)
    }
}
