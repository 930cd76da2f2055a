import CMainQueue
import CNcurses
import Foundation
import GridKit
import GridKitGraphics

/// A curses session on the controlling terminal: the real `ScreenHost`.
///
/// Opened with `newterm` on stdin/stdout in a UTF-8 locale; colours as `GRIDKIT_COLORS` says or
/// as the terminal has them (direct colour from terminfo, `COLORTERM` or the terminal's answer;
/// `NO_COLOR` set to anything gives monochrome); restored on `close()`, on SIGINT,
/// SIGTERM and SIGHUP (which end `run` and make `exitSignal` non-nil), and on crashes.
@MainActor
public final class Terminal: ScreenHost {
    /// The terminal's size in cells; updated on resize.
    public private(set) var size: Size
    /// The colours the terminal is drawn in: `GRIDKIT_COLORS` (`direct`, `256`, `16`, `8` or
    /// `none`) when set, otherwise `direct` (24-bit) where terminfo's `RGB`, `COLORTERM`
    /// (`truecolor` or `24bit`) or the terminal's answer at start says so (inside tmux, where
    /// tmux says its client has it), monochrome with `NO_COLOR`, else terminfo's number.
    public let colorMode: ColorMode
    /// Posting here wakes the run loop through a pipe.
    public let mailbox = Mailbox()
    /// How pictures are shown: asked of the terminal, or `GRIDKIT_GRAPHICS`.
    public let graphicsMode: GraphicsMode
    /// One cell in pixels (from the tty, the terminal's answer, or 10×20).
    public let cellPixelSize: Size
    /// Whether the terminal's background is dark or light (its answer to OSC 11, or `COLORFGBG`).
    public let backgroundTone: BackgroundTone
    /// Encodes pictures for this terminal on the thread that made them.
    public let imagePreparer: ImagePreparer?
    /// Pictures in half blocks get the colours the writer would decide for them where they are
    /// made (`HalfBlockPreparation`): in 256 colours, with the writer's tolerance.
    public let cellPreparer: CellPreparer?
    /// `.ascii` when the locale is not UTF-8: text is then written in the locale's codeset.
    public let glyphSet: GlyphSet
    /// Which block elements pictures in text use: `GRIDKIT_SYMBOLS`, or what the terminal is
    /// known to draw (`SymbolDetector`).
    public let pictureSymbols: PictureSymbols
    private let charset: LocaleCharset?
    /// Where the locale is not UTF-8, one line saying so, for the program to print once the
    /// terminal is restored (nil in a UTF-8 locale).
    public var localeNotice: String? {
        charset.map { "the terminal's locale is \($0.displayName), not UTF-8: lines, arrows and pictures were drawn with ASCII stand-ins" }
    }
    private let pictures: PictureLayer
    /// The signal that ended `run`, if one did; exit with 128 + it.
    public private(set) var exitSignal: Int32?

    private var writer: FrameWriter
    private var diff = FrameDiff()
    /// The terminal's input, decoded from the bytes read (with its terminfo keys, looked up once).
    private var decoder: InputDecoder
    private let wakeRead: Int32, wakeWrite: Int32
    /// Where the wake-up pipe is read into: once per key, so not allocated each time.
    nonisolated(unsafe) private let wakeBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    /// The tty, the wake-up pipe and the main queue's descriptor, for `poll`.
    nonisolated(unsafe) private let pollSet = UnsafeMutablePointer<pollfd>.allocate(capacity: 3)
    /// Readable when the main dispatch queue, where the main actor's jobs wait, has work; -1
    /// when `run` is not on the main thread (see `MainQueue`).
    private let mainQueue = MainQueue()
    private var isOpen = true
    /// Each frame goes out inside a synchronized update (private mode 2026), where the terminal
    /// said it knows one: it shows the frame once all of it has come.
    private let synchronizesFrames: Bool
    /// terminfo's whole `sgr0`, character set choice and all: frames reset with `CSI m` alone
    /// (`TerminalCapabilities.withoutCharsetChoice`), and a repaint, how a user mends a garbled
    /// screen, also takes back the ASCII set should anything else writing to the terminal (a
    /// background job, `wall`) have changed it. curses' own repaint sends no `sgr0`.
    private let fullReset = gk_string_cap("sgr0").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    /// A synchronized update was begun before something curses writes at once (a clear), and
    /// the next frame ends it.
    private var frameHeld = false
    nonisolated private static let beginFrame = Array("\u{1B}[?2026h".utf8), endFrame = Array("\u{1B}[?2026l".utf8)
    nonisolated private static let pasteOn = Array("\u{1B}[?2004h".utf8), pasteOff = Array("\u{1B}[?2004l".utf8)
    /// terminfo's strings that show and hide the cursor: shown while a text field has the keys
    /// (`Canvas.showsCursor`), hidden otherwise.
    private let showCursor = gk_string_cap("cnorm").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    private let hideCursor = gk_string_cap("civis").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    /// Whether the cursor shows now (curses hides it at the start and on every resume).
    private var cursorShown = false
    /// The most bytes sent as one synchronized update: kitty abandons one past 1 MiB.
    nonisolated static let largestUpdate = 512 * 1024
    /// Bytes are `0` for a wake-up, a signal number otherwise.
    nonisolated private static let wakeByte: UInt8 = 0

    /// Checks that stdin and stdout are terminals and TERM is usable, then starts curses.
    /// `graphics` overrides `GRIDKIT_GRAPHICS`; with neither (or `auto`) the terminal is asked
    /// what it can show (see `GraphicsDetector`). Throws `TerminalError.badColorMode` when
    /// `GRIDKIT_COLORS` names no colour mode.
    public static func open(graphics: GraphicsMode? = nil) throws -> Terminal {
        if isatty(STDIN_FILENO) == 0 { throw TerminalError.notATerminal(stream: "stdin") }
        if isatty(STDOUT_FILENO) == 0 { throw TerminalError.notATerminal(stream: "stdout") }
        let env = ProcessInfo.processInfo.environment
        guard let term = env["TERM"], !term.isEmpty else { throw TerminalError.termUnset }
        let colors = try ColorDetector.requested(env["GRIDKIT_COLORS"])
        let symbols = try SymbolDetector.requested(env["GRIDKIT_SYMBOLS"])
        switch gk_check_terminal(term) {
        case 1: break
        case -1: throw TerminalError.noTerminfoDatabase
        case -2: throw TerminalError.cannotAddressCursor(term)
        default: throw TerminalError.unknownTerm(term)
        }
        _ = gk_use_utf8_locale()
        let charset = LocaleCharset(codeset: String(cString: gk_environment_codeset()))
        let decision: GraphicsDetector.Decision
        // Whether direct colour shows is asked only where it could change the colours.
        decision = GraphicsDetector.probe(
            environment: env, forced: try graphics ?? GraphicsDetector.requested(env["GRIDKIT_GRAPHICS"]), utf8: charset == nil,
            asksColors: colors == nil && (env["NO_COLOR"] ?? "").isEmpty)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError.openFailed(term) }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Handlers go in before newterm so curses does not install its own for these signals.
        gk_install_signal_handlers(fds[1])
        guard gk_open() == 0 else { throw TerminalError.openFailed(term) }
        return Terminal(
            wakeRead: fds[0], wakeWrite: fds[1], graphics: decision, colors: colors, symbols: symbols, environment: env, charset: charset)
    }

    private init(
        wakeRead: Int32, wakeWrite: Int32, graphics: GraphicsDetector.Decision, colors: ColorMode?, symbols: PictureSymbols?,
        environment env: [String: String],
        charset: LocaleCharset?
    ) {
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.charset = charset
        glyphSet = charset == nil ? .unicode : .ascii
        decoder = InputDecoder(keys: .fromTerminfo(), charset: charset)
        decoder.feed(graphics.typeahead)
        size = Size(width: Int(gk_cols()), height: Int(gk_rows()))
        var pw: Int32 = 0, ph: Int32 = 0
        gk_window_pixels(&pw, &ph)
        let knowsCellPixels: Bool
        if pw > 0, ph > 0, size.width > 0, size.height > 0 {
            cellPixelSize = Size(width: Int(pw) / size.width, height: Int(ph) / size.height)
            knowsCellPixels = true
        } else {
            cellPixelSize = graphics.cellPixelSize ?? Size(width: 10, height: 20)
            knowsCellPixels = graphics.cellPixelSize != nil
        }
        backgroundTone = graphics.background
        colorMode = ColorDetector.decide(
            environment: env, forced: colors, terminfoColors: Int(gk_colors()), terminfoDirect: gk_has_direct_color() != 0,
            answeredDirect: graphics.directColor)
        pictureSymbols = SymbolDetector.decide(
            forced: symbols, colorMode: colorMode, utf8: charset == nil, terminalName: graphics.terminalName, environment: env)
        writer = FrameWriter(capabilities: .fromTerminfo(), colors: ColorMapper(mode: colorMode), charset: charset) { Int(gk_wcwidth($0)) }
        if let widths = graphics.sequenceWidths { writer.sequenceWidths = widths }
        synchronizesFrames = graphics.synchronizedOutput
        // A crash or a signal in the middle of a frame must not leave the terminal holding it.
        if synchronizesFrames { gk_restore_also("\u{1B}[?2026l") }
        // Bracketed paste: a paste arrives marked, as one event (`InputEvent.paste`), so pasted
        // text is never read as keys. Terminals that do not know the mode ignore it.
        _ = gk_write_raw(Self.pasteOn, Self.pasteOn.count)
        gk_restore_also("\u{1B}[?2004l")
        if let tolerance = HalfBlockChoice.tolerance(setting: ProcessInfo.processInfo.environment["GRIDKIT_PICTURE_COLORS"]) {
            writer.halfBlocks.tolerance = tolerance
        }
        // Placeholders carry image numbers in colours, and are characters only UTF-8 has:
        // without a palette or UTF-8, place pictures directly.
        var mode = graphics.mode
        if mode == .kitty && (colorMode < .palette256 || charset != nil) { mode = graphics.tmuxPassthrough ? .blocks : .kittyDirect }
        graphicsMode = mode
        // Pictures drawn over the cells by a graphics protocol are not in what the writer knows it shows.
        writer.skipsShownPictureCells = mode == .blocks
        // A sixel covers its cells exactly, opaque, so one picture replaces another without the
        // cells being blanked first (which showed as a flash of empty tiles on a Page Down in
        // xterm). Only where the cells' size in pixels is the terminal's own: one guessed
        // smaller would leave a strip of the old picture showing.
        diff.picturesCoverPictures = mode == .sixel && knowsCellPixels
        pictures = PictureLayer(
            mode: mode, passthrough: graphics.tmuxPassthrough, sixelColors: graphics.sixelColors,
            cellPixels: cellPixelSize, colorMode: colorMode)
        imagePreparer = PictureEncoding.preparer(for: mode, sixelColors: graphics.sixelColors)
        if charset == nil, mode == .blocks, colorMode == .palette256 {
            writer.preparedRowProfile = PreparedRowBytes.Profile(
                capabilities: writer.caps, colors: ColorMapper(mode: colorMode), tolerance: writer.halfBlocks.tolerance)
        }
        cellPreparer =
            charset == nil
            ? HalfBlockPreparation.preparer(
                colorMode: colorMode, tolerance: writer.halfBlocks.tolerance, blocksAreNarrow: writer.blocksAreNarrow,
                rowBytes: writer.preparedRowProfile)
            : nil
        let fd = wakeWrite
        mailbox.setWaker {
            var b = Terminal.wakeByte
            _ = write(fd, &b, 1)
        }
        GridKitFailure.willTerminate = { _ in gk_close() }
    }

    /// Ends curses and restores the terminal. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        frameHeld = false // gk_close releases it
        mailbox.setWaker(nil)
        pictures.deleteAll()
        let bytes = pictures.takeBytes()
        if !bytes.isEmpty { _ = gk_write_raw(bytes, bytes.count) }
        gk_close()
    }

    // A terminal dropped without close() still gives the screen back.
    deinit {
        if isOpen { gk_close() }
        wakeBuffer.deallocate()
        pollSet.deallocate()
    }

    // MARK: Output

    /// Writes the cells that differ from the last frame (`FrameDiff`) as one buffer of escape
    /// sequences (`FrameWriter`), with the pictures (`PictureLayer`) around them, in one write;
    /// new images for the pictures go just before it, in a write of their own. Nothing is sent
    /// when nothing changed. Curses knows the terminal (terminfo, modes); it only draws to clear
    /// the screen, and reads no keys. Where the terminal knows synchronized output, the frame is
    /// one synchronized update (begun before the clear, when there is one).
    public func present(_ canvas: Canvas) {
        let everything = diff.reportsEverything(for: canvas)
        // A frame drawn on a cleared screen holds the clear too: it goes out through curses at
        // once, and the terminal would show the blank screen while the frame is made.
        if everything {
            holdFrame()
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
        let paints = graphicsMode == .sixel || graphicsMode == .iterm
        let spans = Self.send(
            canvas, diff: &diff, into: &writer, trackingDamage: paints && !pieces.isEmpty,
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
        if canvas.showsCursor != cursorShown, !showCursor.isEmpty, !hideCursor.isEmpty {
            cursorShown = canvas.showsCursor
            bytes += cursorShown ? showCursor : hideCursor
        }
        if frameHeld {
            // A frame too big for one update (a screenful of sixels) ends it first: shown as
            // it comes rather than given up halfway.
            bytes = heldAlready + bytes.count > Self.largestUpdate ? Self.endFrame + bytes : bytes + Self.endFrame
            frameHeld = false
        } else if synchronizesFrames && !bytes.isEmpty && bytes.count <= Self.largestUpdate {
            bytes = Self.beginFrame + bytes + Self.endFrame
        }
        if !bytes.isEmpty { _ = gk_write_raw(bytes, bytes.count) } // no closure: see `send`
    }

    /// Puts the cells that changed into the writer; returns the columns changed per row when
    /// asked to track damage (as runs). Picture cells go out as kitty placeholders (with `placeholders`,
    /// the images' numbers) or as blanks the pictures cover. Not on the main actor: a closure
    /// made there checks on every call that it runs on it, and this one runs once per changed cell.
    private nonisolated static func send(
        _ canvas: Canvas, diff: inout FrameDiff, into writer: inout FrameWriter,
        trackingDamage: Bool, placeholders: [UInt32: Int]?, colorMode: ColorMode
    ) -> [Int: [ClosedRange<Int>]] {
        var spans: [Int: [ClosedRange<Int>]] = [:]
        diff.updateWritingRuns(to: canvas) { x, y, cell -> Int in
            let next: Int
            if cell.isPicture {
                if let placeholders, let p = cell.picture, let n = placeholders[p.image] {
                    next = writer.put(KittyGraphics.cell(row: p.row, column: p.column, number: n, mode: colorMode), x: x, y: y, in: canvas)
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

    // MARK: Input and the run loop

    /// Monotonic nanoseconds, from the C library directly (Dispatch's clock goes through more code, once per key).
    private static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Sleeps in `poll()` on the tty, the wake-up pipe and the main dispatch queue; no timers, no
    /// busy waiting. Input is read in one `read` for all that is waiting (`gk_read_input`) and
    /// decoded by `InputDecoder`; a sequence left unfinished by a read is waited for no longer
    /// than its escape delay. The main actor's jobs (`Task {}` on it, `Task.sleep` ending,
    /// `await MainActor.run`, `DispatchQueue.main.async`) run between events, each batch
    /// followed by a frame.
    public func run(_ handler: (InputEvent?) -> Bool) {
        while isOpen {
            let now = Self.now()
            while let event = decoder.next(now: now) {
                // Ctrl-L repaints everything, as in every full-screen program.
                if event == .key(.control("l")) {
                    if !repaintEverything(handler) { return }
                    continue
                }
                if !handler(event) { return }
            }
            // The pipe is read only when poll said so (and once at the start): a key costs one
            // read of the terminal, not a second read that finds the pipe empty.
            let wake = wakePipeReadable ? drainWakePipe() : .nothing
            wakePipeReadable = false
            switch wake {
            case .quit: return
            case .resized:
                guard gk_resize() != 0 else { break }
                size = currentSize()
                diff.invalidate()
                if !handler(.resize(size)) { return }
            case .suspend:
                // Job control as vim and less do it: the terminal goes back to the shell, and on
                // `fg` (or any SIGCONT) the screen is taken again at whatever size it has now.
                _ = gk_write_raw(Self.pasteOff, Self.pasteOff.count) // the shell's own again
                _ = gk_suspend()
                continuedBySuspend = true // the SIGCONT that woke us is this repaint's
                if !repaintEverything(handler) { return }
            case .resume:
                if !repaintEverything(handler) { return }
            case .nothing: break
            }
            if mailbox.drain() > 0, !handler(nil) { return }
            if mainQueueReadable {
                mainQueueReadable = false
                mainQueue.drain()
                if !handler(nil) { return }
            }
            var timeout: Int32 = -1
            if let deadline = decoder.deadline {
                let t = Self.now()
                timeout = t >= deadline ? 0 : Int32((deadline - t + 999_999) / 1_000_000)
            }
            let fds = pollSet
            fds[0] = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            fds[2] = pollfd(fd: mainQueue.fd, events: Int16(POLLIN), revents: 0)
            let r = poll(fds, mainQueue.fd >= 0 ? 3 : 2, timeout)
            if r < 0 && errno != EINTR { return }
            // Interrupted (a signal's byte may be in the pipe) or told so: read it next time round.
            wakePipeReadable = r < 0 || fds[1].revents != 0
            mainQueueReadable = mainQueue.fd >= 0 && fds[2].revents != 0
            if fds[0].revents & Int16(POLLIN) != 0 {
                // Known to be readable: read at once, with no second poll.
                if decoder.read(from: STDIN_FILENO) < 0 { exitSignal = SIGHUP; return }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                exitSignal = SIGHUP
                return
            }
        }
    }

    private func currentSize() -> Size { Size(width: Int(gk_cols()), height: Int(gk_rows())) }

    /// Takes the screen again (after a suspend, Ctrl-L, or a SIGCONT from outside): the program's
    /// modes, the size as it is now, and a frame that forgets what it thought was on screen.
    private func repaintEverything(_ handler: (InputEvent?) -> Bool) -> Bool {
        holdFrame() // resuming clears the screen: the repainted frame ends the update
        gk_resume()
        cursorShown = false
        _ = gk_write_raw(Self.pasteOn, Self.pasteOn.count)
        if !fullReset.isEmpty { _ = gk_write_raw(fullReset, fullReset.count) }
        _ = gk_resize()
        size = currentSize()
        diff.invalidate()
        pictures.forgetScreen()
        let goOn = handler(.resize(size))
        releaseFrame()
        return goOn
    }

    /// Begins a synchronized update now, where the terminal knows them, unless one is begun.
    private func holdFrame() {
        guard synchronizesFrames, !frameHeld else { return }
        _ = gk_write_raw(Self.beginFrame, Self.beginFrame.count)
        frameHeld = true
    }

    /// Ends an update begun by `holdFrame` that no frame ended.
    private func releaseFrame() {
        guard frameHeld else { return }
        _ = gk_write_raw(Self.endFrame, Self.endFrame.count)
        frameHeld = false
    }

    private enum Wake { case nothing, resized, suspend, resume, quit }
    /// Whether the wake-up pipe may hold bytes: at the start, and when poll reports it.
    private var wakePipeReadable = true
    /// Whether the main queue may hold jobs: at the start (jobs queued before the run), and when
    /// poll reports its descriptor.
    private var mainQueueReadable = true
    /// Set once a suspend returned: the SIGCONT that continued it needs no repaint of its own.
    private var continuedBySuspend = false

    /// Reads the wake-up pipe: posted work, a resize (SIGWINCH), or a quit signal.
    private func drainWakePipe() -> Wake {
        var wake = Wake.nothing
        while true {
            let n = read(wakeRead, wakeBuffer, 64)
            if n <= 0 { return wake }
            for byte in UnsafeBufferPointer(start: wakeBuffer, count: n) where byte != Terminal.wakeByte {
                if Int32(byte) == SIGWINCH { if wake == .nothing { wake = .resized }; continue }
                if Int32(byte) == SIGTSTP { wake = .suspend; continue }
                if Int32(byte) == SIGCONT {
                    if continuedBySuspend { continuedBySuspend = false } else if wake != .suspend { wake = .resume }
                    continue
                }
                exitSignal = Int32(byte)
                return .quit
            }
            // A short read emptied the pipe: what comes later wakes poll again (no second read
            // that finds it empty, a syscall for every batch of thumbnails landed).
            if n < 64 { return wake }
        }
    }
}
