/// A screen with messages for the user once the terminal is restored (skipped cards, files
/// that could not be read, …). The command line prints them after the run.
@MainActor
package protocol ExitReporting {
    var exitMessages: [String] { get }
}
