import Glibc

/// What a finished child process left behind.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program with stdin from /dev/null and both outputs captured, via posix_spawn and
/// waitpid. (Foundation's Process can miss a child's exit when tests run on many threads.)
@discardableResult
func spawnAndWait(_ arguments: [String], captureOutput: Bool = true) throws -> ProcessResult {
    var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
    if captureOutput { guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError.failed("pipe") } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if captureOutput {
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    if captureOutput { close(outPipe[1]); close(errPipe[1]) }
    guard rc == 0 else { throw SpawnError.failed("\(arguments[0]): \(String(cString: strerror(rc)))") }
    var out = "", err = ""
    if captureOutput {
        out = readAll(outPipe[0]); err = readAll(errPipe[0])
        close(outPipe[0]); close(errPipe[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ProcessResult(status: code, stdout: out, stderr: err)
}

private func readAll(_ fd: Int32) -> String {
    var data = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n > 0 { data += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
    }
    return String(decoding: data, as: UTF8.self)
}

enum SpawnError: Error { case failed(String) }
