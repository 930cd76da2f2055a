import CNcurses
import GridKit
import GridKitGraphics
import GridKitPresenting

/// The presenter: a canvas's changes become bytes (`FrameWriter`), with the pictures around
/// them (`PictureLayer`), inside a synchronized update where the terminal knows them: with
/// pictures in text symbols, written as it is made (`FrameStream`); in a graphics mode, in one
/// write.
extension Terminal {
    /// Writes the cells that differ from the last frame (`FrameDiff`) as escape sequences
    /// (`FrameWriter`): with pictures in half blocks or other text symbols (`GraphicsMode.blocks`,
    /// also every terminal without graphics), a chunk at a time while the frame is made
    /// (`FrameStream`); in the graphics modes with the pictures (`PictureLayer`) around them, in
    /// one write, new images going just before it in a write of their own. Nothing is sent
    /// when nothing changed. Curses knows the terminal (terminfo, modes); it only draws to clear
    /// the screen, and reads no keys. Where the terminal knows synchronized output, the frame is
    /// one synchronized update (begun before the clear, when there is one).
    package func present(_ canvas: Canvas) {
        let everything = diff.reportsEverything(for: canvas)
        // A frame drawn on a cleared screen holds the clear too: it goes out through curses at
        // once, and the terminal would show the blank screen while the frame is made.
        if everything {
            holdFrame()
            FrameSteps.noteWrite() // curses writes the clear
            gk_clear()
        }
        // The images the frame needs go to the terminal before its text, outside any
        // synchronized update but one holding a clear (kitty frees on a clear every image not
        // placed): storing one shows nothing, and kitty gives up an update that grows past a
        // megabyte (taking the rest as it comes, and a picture cut there is lost). Too many
        // for a held update, and the blank screen shows while they go.
        let pieces = canvas.picturePieces()
        pictures.beforeText(pieces, in: canvas, everything: everything)
        let uploads = pictures.takeUploads()
        if !uploads.isEmpty {
            if uploads.count > Self.largestUpdate / 2 { releaseFrame() }
            FrameSteps.noteWrite()
            _ = gk_write_raw(uploads, uploads.count)
        }
        let heldAlready = frameHeld ? uploads.count : 0
        writer.begin(size: canvas.size, cleared: everything)
        // Rows moved (a list by a line, a grid by a row of tiles): the terminal moves them, and
        // only what is new is sent. Not with kitty's direct placements: kitty frees every image
        // not placed yet when it scrolls, and this frame's new images are placed after its text.
        if !everything, writer.canScroll, graphicsMode != .kittyDirect, let shift = diff.rowShift(to: canvas) {
            writer.scroll(shift)
            diff.apply(shift)
            if let rows = pictures.didScroll(shift) { diff.invalidate(rows: rows) }
        }
        // A row of tiles moved sideways: the terminal moves it too, where pictures are text
        // (pictures painted over the text would stay where they were).
        if !everything, graphicsMode == .blocks, writer.canShiftColumns {
            for shift in diff.sidewaysShifts(to: canvas) {
                writer.shiftColumns(shift)
                diff.apply(shift)
            }
        }
        FrameSteps.mark(.moved)
        // Pictures in text symbols (or none to show): written while it is made, the terminal
        // reading the first rows as the last are encoded. In the graphics modes the pictures
        // have bytes that go before and after the text (placements, kitty's placeholder numbers
        // and uploads), made once it is done: those frames, and frames that began an update
        // already (a clear), go out whole.
        if graphicsMode == .blocks && !frameHeld {
            var stream: FrameStream? = FrameStream(synchronizes: synchronizesFrames) {
                FrameSteps.noteWrite()
                _ = gk_write_raw($0.baseAddress, $0.count)
            }
            _ = Self.send(
                canvas, diff: &diff, into: &writer, stream: &stream, trackingDamage: false, placeholders: nil,
                colorMode: colorMode)
            var rest = writer.finish(cursor: canvas.cursor)
            let cursor = cursorChange(for: canvas)
            if !cursor.isEmpty { rest += cursor }
            FrameSteps.mark(.encoded)
            stream!.finish(rest)
            FrameSteps.mark(.written)
            return
        }
        let paints = graphicsMode == .sixel || graphicsMode == .iterm
        var inOneWrite: FrameStream? = nil
        let spans = Self.send(
            canvas, diff: &diff, into: &writer, stream: &inOneWrite, trackingDamage: paints && !pieces.isEmpty,
            placeholders: graphicsMode == .kitty ? pictures.placeholderNumbers : nil, colorMode: colorMode)
        // The writer knows where its cursor is: a frame that changed nothing writes nothing.
        // (Joined only when the pictures have bytes: a frame of text goes out as the writer's
        // own buffer, not a copy of it in memory the key has not touched yet.)
        let picturesFirst = pictures.takeBytes()
        var bytes = writer.finish(cursor: canvas.cursor)
        if !picturesFirst.isEmpty { bytes = picturesFirst + bytes }
        pictures.afterText(pieces, in: canvas, written: spans)
        let picturesAfter = pictures.takeBytes()
        if !picturesAfter.isEmpty { bytes += picturesAfter }
        let cursor = cursorChange(for: canvas)
        if !cursor.isEmpty { bytes += cursor }
        if frameHeld {
            // A frame too big for one update (a screenful of sixels) ends it first: shown as
            // it comes rather than given up halfway.
            bytes = heldAlready + bytes.count > Self.largestUpdate ? Self.endFrame + bytes : bytes + Self.endFrame
            frameHeld = false
        } else if synchronizesFrames && !bytes.isEmpty && bytes.count <= Self.largestUpdate {
            bytes = Self.beginFrame + bytes + Self.endFrame
        }
        FrameSteps.mark(.encoded)
        if !bytes.isEmpty {
            FrameSteps.noteWrite()
            _ = gk_write_raw(bytes, bytes.count) // no closure: see `send`
        }
        FrameSteps.mark(.written)
    }

    /// The sequence that shows or hides the cursor, when the canvas changed whether it shows.
    private func cursorChange(for canvas: Canvas) -> [UInt8] {
        guard canvas.showsCursor != cursorShown, !showCursor.isEmpty, !hideCursor.isEmpty else { return [] }
        cursorShown = canvas.showsCursor
        return cursorShown ? showCursor : hideCursor
    }

    /// Puts the cells that changed into the writer, and with a `stream`, writes what the writer
    /// holds as rows are done; returns the columns changed per row when asked to track damage
    /// (as runs). Picture cells go out as kitty placeholders (with `placeholders`,
    /// the images' numbers) or as blanks the pictures cover. Not on the main actor: a closure
    /// made there checks on every call that it runs on it, and this one runs once per changed cell.
    nonisolated static func send(
        _ canvas: Canvas, diff: inout FrameDiff, into writer: inout FrameWriter, stream: inout FrameStream?,
        trackingDamage: Bool, placeholders: [UInt32: Int]?, colorMode: ColorMode
    ) -> [Int: [ClosedRange<Int>]] {
        var spans: [Int: [ClosedRange<Int>]] = [:]
        diff.updateWritingRuns(to: canvas) { x, y, cell -> Int in
            stream?.willPut(row: y, from: &writer)
            let next: Int
            if cell.isPicture {
                if let placeholders, let p = cell.picture, let n = placeholders[p.image] {
                    next = writer.put(
                        KittyGraphics.cell(row: p.row, column: p.column, number: n, mode: colorMode), x: x, y: y,
                        in: canvas)
                } else {
                    next = writer.put(.blank, x: x, y: y, in: canvas)
                }
            } else {
                next = writer.put(cell, x: x, y: y, in: canvas)
            }
            guard trackingDamage else { return next }
            // Runs of columns, not one span: a row's scroll bar and its caption must not mark
            // the pictures between them as written over.
            if let last = spans[y]?.last, last.upperBound + 1 >= x {
                spans[y]![spans[y]!.count - 1] = last.lowerBound...max(last.upperBound, next - 1)
            } else {
                spans[y, default: []].append(x...(next - 1))
            }
            return next
        }
        return spans
    }

    /// Begins a synchronized update now, where the terminal knows them, unless one is begun.
    func holdFrame() {
        guard synchronizesFrames, !frameHeld else { return }
        FrameSteps.noteWrite()
        _ = gk_write_raw(Self.beginFrame, Self.beginFrame.count)
        frameHeld = true
    }

    /// Ends an update begun by `holdFrame` that no frame ended.
    func releaseFrame() {
        guard frameHeld else { return }
        FrameSteps.noteWrite()
        _ = gk_write_raw(Self.endFrame, Self.endFrame.count)
        frameHeld = false
    }
}
