import Foundation
import Glibc

/// What a finished child process left behind.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program with stdin from /dev/null and its output captured in temporary files, via
/// posix_spawn and waitpid. The files are opened in the child only: pipes held by this process
/// could leak into a tmux server started at the same moment by another test, which would then
/// keep them open for its whole life. (Foundation's Process also missed child exits when tests
/// ran on many threads.)
@discardableResult
func spawnAndWait(_ arguments: [String], captureOutput: Bool = true) throws -> ProcessResult {
    let base = NSTemporaryDirectory() + "gridkit-spawn-\(getpid())-\(UUID().uuidString.prefix(8))"
    let outPath = captureOutput ? base + ".out" : "/dev/null", errPath = captureOutput ? base + ".err" : "/dev/null"
    defer { if captureOutput { unlink(outPath); unlink(errPath) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    guard rc == 0 else { throw SpawnError.failed("\(arguments[0]): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let read = { (path: String) in captureOutput ? ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "") : "" }
    return ProcessResult(status: code, stdout: read(outPath), stderr: read(errPath))
}

enum SpawnError: Error { case failed(String) }
