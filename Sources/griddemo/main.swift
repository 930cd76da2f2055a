import Demos
import Foundation
import GridKitTerminal

// A closed pipe on stdout or stderr is a failed write (reported as an exit status), not a signal.
signal(SIGPIPE, SIG_IGN)
let status = GridDemoCommand.main(Array(CommandLine.arguments.dropFirst()), raw: Array(RawPath.processArguments.dropFirst()))
exit(status)
