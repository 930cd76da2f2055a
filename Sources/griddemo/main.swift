import Foundation
import GridKitTerminal

let status = GridDemoCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
