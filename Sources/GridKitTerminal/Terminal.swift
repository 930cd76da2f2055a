import CMainQueue
import CNcurses
import Foundation
import GridKit
import GridKitGraphics
import GridKitPresenting

/// A curses session on the controlling terminal: the real `ScreenHost`.
///
/// Opened with `newterm` on stdin/stdout in a UTF-8 locale; colours as `GRIDKIT_COLORS` says or
/// as the terminal has them (direct colour from terminfo, `COLORTERM` or the terminal's answer;
/// `NO_COLOR` set to anything gives monochrome); restored on `close()`, on SIGINT,
/// SIGTERM and SIGHUP (which end `run` and make `exitSignal` non-nil), and on crashes.
///
/// Three rooms: the session here (opening, what the terminal was found to show, closing); the
/// presenter (`Terminal+Presenting.swift`: a canvas's changes to bytes); the run loop
/// (`Terminal+RunLoop.swift`), with the signals it is woken by and job control in
/// `Terminal+JobControl.swift`.
@MainActor
public final class Terminal: ScreenHost {
    /// The terminal's size in cells; updated on resize.
    package internal(set) var size: Size
    /// The colours the terminal is drawn in: `GRIDKIT_COLORS` (`direct`, `256`, `16`, `8` or
    /// `none`) when set, otherwise `direct` (24-bit) where terminfo's `RGB`, `COLORTERM`
    /// (`truecolor` or `24bit`) or the terminal's answer at start says so (inside tmux, where
    /// tmux says its client has it), monochrome with `NO_COLOR`, else terminfo's number.
    package let colorMode: ColorMode
    /// Posting here wakes the run loop through a pipe.
    package let mailbox = Mailbox()
    /// How pictures are shown: asked of the terminal, or `GRIDKIT_GRAPHICS`.
    package let graphicsMode: GraphicsMode
    /// One cell in pixels (from the tty, the terminal's answer, or 10×20).
    package let cellPixelSize: Size
    /// Whether the terminal's background is dark or light (its answer to OSC 11, or `COLORFGBG`).
    package let backgroundTone: BackgroundTone
    /// Encodes pictures for this terminal on the thread that made them.
    package let imagePreparer: ImagePreparer?
    /// Pictures in half blocks get the colours the writer would decide for them where they are
    /// made (`HalfBlockPreparation`): in 256 colours, with the writer's tolerance.
    package let cellPreparer: CellPreparer?
    /// `.ascii` when the locale is not UTF-8: text is then written in the locale's codeset.
    package let glyphSet: GlyphSet
    /// Which block elements pictures in text use: `GRIDKIT_SYMBOLS`, or what the terminal is
    /// known to draw (`SymbolDetector`).
    package let pictureSymbols: PictureSymbols
    let charset: LocaleCharset?
    /// Where the locale is not UTF-8, one line saying so, for the program to print once the
    /// terminal is restored (nil in a UTF-8 locale).
    public var localeNotice: String? {
        charset.map {
            "the terminal's locale is \($0.displayName), not UTF-8: lines, arrows and pictures were drawn with ASCII stand-ins"
        }
    }
    let pictures: PictureLayer
    /// The signal that ended `run`, if one did; exit with 128 + it.
    public internal(set) var exitSignal: Int32?

    var writer: FrameWriter
    var diff = FrameDiff()
    /// The terminal's input, decoded from the bytes read (with its terminfo keys, looked up once).
    var decoder: InputDecoder
    let wakeRead: Int32, wakeWrite: Int32
    /// Where the wake-up pipe is read into: once per key, so not allocated each time.
    nonisolated(unsafe) let wakeBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    /// The tty, the wake-up pipe and the main queue's descriptor, for `poll`.
    nonisolated(unsafe) let pollSet = UnsafeMutablePointer<pollfd>.allocate(capacity: 3)
    /// Readable when the main dispatch queue, where the main actor's jobs wait, has work; -1
    /// when `run` is not on the main thread (see `MainQueue`).
    let mainQueue = MainQueue()
    var isOpen = true
    /// Each frame goes out inside a synchronized update (private mode 2026), where the terminal
    /// said it knows one: it shows the frame once all of it has come.
    let synchronizesFrames: Bool
    /// terminfo's whole `sgr0`, character set choice and all: frames reset with `CSI m` alone
    /// (`TerminalCapabilities.withoutCharsetChoice`), and a repaint, how a user mends a garbled
    /// screen, also takes back the ASCII set should anything else writing to the terminal (a
    /// background job, `wall`) have changed it. curses' own repaint sends no `sgr0`.
    let fullReset =
        gk_string_cap("sgr0").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    /// A synchronized update was begun before something curses writes at once (a clear), and
    /// the next frame ends it.
    var frameHeld = false
    nonisolated static let beginFrame = Array("\u{1B}[?2026h".utf8), endFrame = Array("\u{1B}[?2026l".utf8)
    nonisolated static let pasteOn = Array("\u{1B}[?2004h".utf8), pasteOff = Array("\u{1B}[?2004l".utf8)
    /// terminfo's strings that show and hide the cursor: shown while a text field has the keys
    /// (`Canvas.showsCursor`), hidden otherwise.
    let showCursor =
        gk_string_cap("cnorm").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    let hideCursor =
        gk_string_cap("civis").map { TerminalCapabilities.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
    /// Whether the cursor shows now (curses hides it at the start and on every resume).
    var cursorShown = false
    /// Where the frames' steps go as the terminal closes (`GRIDKIT_FRAME_STEPS`), when set.
    let frameStepsPath: String?
    /// The most bytes sent as one synchronized update: kitty abandons one past 1 MiB.
    nonisolated static let largestUpdate = 512 * 1024
    /// Bytes are `0` for a wake-up, a signal number otherwise.
    nonisolated static let wakeByte: UInt8 = 0

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
            environment: env, forced: try graphics ?? GraphicsDetector.requested(env["GRIDKIT_GRAPHICS"]),
            utf8: charset == nil,
            asksColors: colors == nil && (env["NO_COLOR"] ?? "").isEmpty)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError.openFailed(term) }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Handlers go in before newterm so curses does not install its own for these signals.
        gk_install_signal_handlers(fds[1])
        guard gk_open() == 0 else { throw TerminalError.openFailed(term) }
        return Terminal(
            wakeRead: fds[0], wakeWrite: fds[1], graphics: decision, colors: colors, symbols: symbols, environment: env,
            charset: charset)
    }

    private init(
        wakeRead: Int32, wakeWrite: Int32, graphics: GraphicsDetector.Decision, colors: ColorMode?,
        symbols: PictureSymbols?,
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
            environment: env, forced: colors, terminfoColors: Int(gk_colors()),
            terminfoDirect: gk_has_direct_color() != 0,
            answeredDirect: graphics.directColor)
        pictureSymbols = SymbolDetector.decide(
            forced: symbols, colorMode: colorMode, utf8: charset == nil, terminalName: graphics.terminalName,
            environment: env)
        writer = FrameWriter(capabilities: .fromTerminfo(), colors: ColorMapper(mode: colorMode), charset: charset) {
            Int(gk_wcwidth($0))
        }
        if let widths = graphics.sequenceWidths { writer.sequenceWidths = widths }
        synchronizesFrames = graphics.synchronizedOutput
        frameStepsPath = env["GRIDKIT_FRAME_STEPS"].flatMap { $0.isEmpty ? nil : $0 }
        FrameSteps.reset()
        FrameSteps.isOn = frameStepsPath != nil
        // A crash or a signal in the middle of a frame must not leave the terminal holding it.
        if synchronizesFrames { gk_restore_also("\u{1B}[?2026l") }
        // Bracketed paste: a paste arrives marked, as one event (`InputEvent.paste`), so pasted
        // text is never read as keys. Terminals that do not know the mode ignore it.
        _ = gk_write_raw(Self.pasteOn, Self.pasteOn.count)
        gk_restore_also("\u{1B}[?2004l")
        if let tolerance = HalfBlockChoice.tolerance(
            setting: ProcessInfo.processInfo.environment["GRIDKIT_PICTURE_COLORS"])
        {
            writer.halfBlocks.tolerance = tolerance
        }
        // Placeholders carry image numbers in colours, and are characters only UTF-8 has:
        // without a palette or UTF-8, place pictures directly.
        var mode = graphics.mode
        if mode == .kitty && (colorMode < .palette256 || charset != nil) {
            mode = graphics.tmuxPassthrough ? .blocks : .kittyDirect
        }
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
        if charset == nil, mode == .blocks, colorMode == .palette256 || colorMode == .direct,
            let profile = PreparedRowBytes.Profile(
                capabilities: writer.caps, colors: ColorMapper(mode: colorMode), tolerance: writer.halfBlocks.tolerance,
                width: { Int(gk_wcwidth($0)) })
        {
            writer.pictureRows = PictureRowCache(profile: profile)
        }
        cellPreparer =
            charset == nil
            ? HalfBlockPreparation.preparer(
                colorMode: colorMode, tolerance: writer.halfBlocks.tolerance, blocksAreNarrow: writer.blocksAreNarrow,
                rowBytes: writer.pictureRows)
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
        writeFrameSteps()
    }

    /// Writes the steps of the frames that answered events (`FrameSteps`) where
    /// `GRIDKIT_FRAME_STEPS` says, once the terminal is the shell's again.
    private func writeFrameSteps() {
        guard let path = frameStepsPath else { return }
        FrameSteps.isOn = false
        // Written in place (a pipe, /dev/stderr, a file in a folder not ours), not replaced.
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let file = fd >= 0 ? FileHandle(fileDescriptor: fd, closeOnDealloc: true) : nil
        if (try? file?.write(contentsOf: Data(FrameSteps.report().utf8))) == nil {
            try? FileHandle.standardError.write(contentsOf: Data("GRIDKIT_FRAME_STEPS: cannot write \(path)\n".utf8))
        }
    }

    // A terminal dropped without close() still gives the screen back.
    deinit {
        if isOpen { gk_close() }
        wakeBuffer.deallocate()
        pollSet.deallocate()
    }

    // MARK: The loop's state (see Terminal+RunLoop.swift, Terminal+JobControl.swift)

    /// Whether the wake-up pipe may hold bytes: at the start, and when poll reports it.
    var wakePipeReadable = true
    /// Whether the main queue may hold jobs: at the start (jobs queued before the run), and when
    /// poll reports its descriptor.
    var mainQueueReadable = true
    /// Set once a suspend returned: the SIGCONT that continued it needs no repaint of its own.
    var continuedBySuspend = false
}
