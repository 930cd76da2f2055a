import Demos
import Foundation
import GridKitTerminal

// A closed pipe on stdout or stderr is a failed write (reported as an exit status), not a signal.
signal(SIGPIPE, SIG_IGN)
// The locale is read once, here, before any thread starts (setlocale is not thread-safe).
Diagnostics.prepare()
let status = GridDemoCommand.main(
    Array(CommandLine.arguments.dropFirst()), raw: Array(RawPath.processArguments.dropFirst()))
exit(status)
