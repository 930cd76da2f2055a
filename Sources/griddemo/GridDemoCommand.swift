import Demos
import Foundation
import GridKit
import GridKitTerminal

/// `griddemo`'s command line: parses arguments, picks a screen, opens the terminal, runs.
@MainActor
enum GridDemoCommand {
    static let version = GridKit.version

    static var usage: String { usageHead + keys }

    /// The keys every screen has, from the key map itself; `?` in the app lists a screen's own.
    static var keys: String {
        "\nKeys (every screen; ? lists a screen's own):\n"
            + KeyBindings.standard.help.map {
                "  " + $0.keys.padding(toLength: 30, withPad: " ", startingAt: 0) + $0.action
            }.joined(separator: "\n")
    }

    static let usageHead = """
        usage: griddemo [SCREEN] [OPTIONS]

        Screens:
          (none)                        the Home screen: pick a demo
          contacts [FILE.vcf | DIR]... [--cards]
                                        contacts from vCard files (a built-in sample without arguments)
          photos [DIR | FILE]... [--view albums|grid] [--no-thumbnail-cache]
                                        PNG and JPEG thumbnails (a built-in sample album without
                                        arguments), kept in the desktop's shared thumbnail cache
                                        ($XDG_CACHE_HOME/thumbnails; GRIDKIT_NO_THUMBNAIL_CACHE=1
                                        also turns it off); opens on albums (a row per folder,
                                        then all photos) or on the grid by folder
          numbers [--count N] [--layout grid|list|compositional]
                                        N numbered tiles (default 1,000,000) in sections of 1,000
          processes [--interval SECONDS]
                                        this machine's processes from /proc, sampled every second
                                        (or as given): search, sort, details, send a signal

        Options:
          --graphics MODE               pictures as auto (ask the terminal), kitty, kitty-direct,
                                        sixel, iterm or blocks (half blocks); GRIDKIT_GRAPHICS sets
                                        the same
          -h, --help                    show this help
          --version                     show the version

        Environment:
          GRIDKIT_COLORS=MODE           colours as auto (the default: direct where terminfo's RGB,
                                        COLORTERM=truecolor or 24bit, or the terminal's answer
                                        says so, inside tmux where tmux says its client has it;
                                        else terminfo's number), direct (24-bit), 256, 16, 8 or
                                        none; NO_COLOR set to anything means none unless this is
                                        set
          GRIDKIT_GRAPHICS=MODE         the same as --graphics
          GRIDKIT_PICTURE_COLORS=N      half blocks in 256 colours: how far a cell may keep a
                                        colour already in effect instead of the nearest one
                                        (exact or 0 for the nearest; 200 the default; larger
                                        sends fewer bytes in coarser colours)
          GRIDKIT_SIXEL_DITHER=off      sixel pictures in flat colours, without dithering
          GRIDKIT_QUERY_TIMEOUT=MS      how long the questions to the terminal at start may take
                                        (1 to 10,000 ms; the default is 100)
          GRIDKIT_NO_THUMBNAIL_CACHE=1  photos keep no thumbnails in $XDG_CACHE_HOME/thumbnails
          GRIDKIT_SYMBOLS=SET           block elements for pictures drawn in text: auto (the
                                        default: sextants where the terminal draws them itself,
                                        as kitty does, else quadrants; half blocks below 256
                                        colours), half, quadrant or sextant
          GRIDKIT_FRAME_STEPS=FILE      at exit, write to FILE how long each step of every
                                        frame that answered a key took (see
                                        scripts/framesteps.py)

        The manual, with the demos' keys and the graphics modes: Sources/griddemo/README.md

        """

    /// A parse failure: the message is printed after "griddemo: ".
    struct UsageError: Error { let message: String }

    /// Every path given is unreadable: one line each, like `ls`, and no screen.
    struct UnreadablePaths: Error { let lines: [String] }

    /// Checks the paths before any screen opens; throws when not one of them can be read.
    static func requireSomeReadable(_ paths: [RawPath]) throws {
        let problems = paths.compactMap { p in SafeFile.problem(with: p).map { "\(p): \($0)" } }
        if !paths.isEmpty, problems.count == paths.count { throw UnreadablePaths(lines: problems) }
    }

    /// Runs the command and returns the process exit status. `raw` holds the arguments' bytes
    /// when they are known (the process's own), so a path that is not UTF-8 opens as given.
    static func main(_ arguments: [String], raw: [RawPath]? = nil) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { return Diagnostics.output(usage + "\n") ? 0 : 1 }
        if arguments.contains("--version") { return Diagnostics.output("griddemo \(version)\n") ? 0 : 1 }
        var arguments = zip(arguments, raw ?? arguments.map { RawPath($0) }).map { Argument(text: $0, raw: $1) }
        var graphics: GraphicsMode?
        if let i = arguments.firstIndex(where: { $0.text == "--graphics" }) {
            guard i + 1 < arguments.count else { return usageError("--graphics needs a value") }
            let value = arguments[i + 1].text
            arguments.removeSubrange(i...(i + 1))
            do { graphics = try GraphicsDetector.requested(value) } catch {
                return usageError(
                    "--graphics must be auto, kitty, kitty-direct, sixel, iterm or blocks, not '\(value)'")
            }
        }
        let screen: Screen
        do { screen = try makeScreen(arguments) } catch let e as UsageError {
            Diagnostics.error("griddemo: \(e.message)\nTry 'griddemo --help'.\n")
            return 2
        } catch let e as UnreadablePaths {
            for line in e.lines { Diagnostics.error("griddemo: \(line)\n") }
            return 2
        } catch {
            Diagnostics.error("griddemo: \(error)\n")
            return 1
        }
        let terminal: Terminal
        do { terminal = try Terminal.open(graphics: graphics) } catch let e as TerminalError {
            Diagnostics.error("griddemo: \(e.message)\n")
            return 2
        } catch { return 2 }
        TestFault.armIfAsked()
        ScreenController(host: terminal, quitsWhenRootPops: true).run(screen)
        terminal.close()
        // Thumbnails being written into the desktop's cache are finished, not cut off halfway.
        CacheWriteGate.shared.finish(within: 0.5)
        if let notice = terminal.localeNotice { Diagnostics.error("griddemo: \(notice)\n") }
        for message in (screen as? ExitReporting)?.exitMessages ?? [] {
            Diagnostics.error("griddemo: \(message)\n")
        }
        if let sig = terminal.exitSignal { return 128 + sig }
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        Diagnostics.error("griddemo: \(message)\nTry 'griddemo --help'.\n")
        return 2
    }

    static func makeScreen(_ args: [Argument]) throws -> Screen {
        guard let name = args.first?.text else { return DemoCatalog.home() }
        var options = Options(Array(args.dropFirst()))
        let screen: Screen
        switch name {
        case "numbers":
            let count = try options.int("--count") ?? 1_000_000
            guard count >= 0 else { throw UsageError(message: "--count must be 0 or more") }
            let layout = try options.value("--layout") ?? "grid"
            guard let arrangement = NumbersScreen.Arrangement(rawValue: layout) else {
                throw UsageError(message: "--layout must be grid, list or compositional, not '\(layout)'")
            }
            screen = NumbersScreen(count: count, arrangement: arrangement)
        case "photos":
            let noCache = options.flag("--no-thumbnail-cache")
            let viewName = try options.value("--view") ?? "albums"
            guard let view = ["albums": PhotosView.albums, "grid": .grid][viewName] else {
                throw UsageError(message: "--view must be albums or grid, not '\(viewName)'")
            }
            let paths = try options.positional()
            try requireSomeReadable(paths)
            screen =
                paths.isEmpty
                ? PhotosScreen(library: SampleAlbum.library(), view: view)
                : PhotosScreen(paths: paths, shared: noCache ? nil : SharedThumbnails.fromEnvironment(), view: view)
        case "processes":
            let seconds = try options.value("--interval").map { v -> Double in
                guard let s = Double(v), s >= 0.05, s <= 3600 else {
                    throw UsageError(message: "--interval must be seconds between 0.05 and 3600, not '\(v)'")
                }
                return s
            }
            screen = ProcessesScreen(interval: .milliseconds(Int((seconds ?? 1) * 1000)))
        case "contacts":
            let cards = options.flag("--cards")
            let paths = try options.positional()
            try requireSomeReadable(paths)
            screen =
                paths.isEmpty
                ? ContactsScreen(contacts: SampleAddressBook.contacts(), arrangement: cards ? .cards : .list)
                : ContactsScreen(paths: paths, arrangement: cards ? .cards : .list)
        default:
            throw UsageError(message: "unknown screen '\(name)'")
        }
        try options.finish()
        return screen
    }
}

/// A command-line argument as text (for options) and as the bytes given (for paths).
struct Argument {
    var text: String
    var raw: RawPath
}

/// A small option parser: `--name value` pairs and positional arguments.
struct Options {
    private var rest: [Argument]
    init(_ args: [Argument]) { rest = args }

    mutating func value(_ name: String) throws -> String? {
        guard let i = rest.firstIndex(where: { $0.text == name }) else { return nil }
        guard i + 1 < rest.count else { throw GridDemoCommand.UsageError(message: "\(name) needs a value") }
        let v = rest[i + 1].text
        rest.removeSubrange(i...(i + 1))
        return v
    }

    mutating func int(_ name: String) throws -> Int? {
        guard let v = try value(name) else { return nil }
        guard let n = Int(v.replacingOccurrences(of: "_", with: "")) else {
            throw GridDemoCommand.UsageError(message: "\(name) needs a number, not '\(v)'")
        }
        return n
    }

    mutating func flag(_ name: String) -> Bool {
        guard let i = rest.firstIndex(where: { $0.text == name }) else { return false }
        rest.remove(at: i)
        return true
    }

    /// The remaining positional arguments (anything starting with - is an error).
    mutating func positional() throws -> [RawPath] {
        if let bad = rest.first(where: { $0.text.hasPrefix("-") && $0.text != "-" }) {
            throw GridDemoCommand.UsageError(message: "unknown option '\(bad.raw)'")
        }
        defer { rest = [] }
        return rest.map(\.raw)
    }

    func finish() throws {
        if let extra = rest.first { throw GridDemoCommand.UsageError(message: "unexpected argument '\(extra.raw)'") }
    }
}
