import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one child process run cost.
struct ChildRun {
    var wallNanos: UInt64
    var peakRSSKiB: Int
    var cpuNanos: UInt64
    var exitStatus: Int32
}

/// Runs a program to completion with stdout and stderr sent to /dev/null (or stdout to a file) and returns its wall
/// time and its own peak RSS and CPU time (from `wait4`).
func runChild(_ path: String, _ arguments: [String], stdoutPath: String = "/dev/null") -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = wallNanoseconds()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { return ChildRun(wallNanos: 0, peakRSSKiB: 0, cpuNanos: 0, exitStatus: -1) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = wallNanoseconds() - start
    let cpu =
        (UInt64(usage.ru_utime.tv_sec) + UInt64(usage.ru_stime.tv_sec)) * 1_000_000_000
        + (UInt64(usage.ru_utime.tv_usec) + UInt64(usage.ru_stime.tv_usec)) * 1_000
    return ChildRun(wallNanos: wall, peakRSSKiB: Int(usage.ru_maxrss), cpuNanos: cpu, exitStatus: status)
}

/// This executable's path, for re-running it in child mode.
func ownExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments[0]
}

/// This process's peak resident set size (`VmHWM` in `/proc/self/status`), in KiB.
func peakRSSKiBOfThisProcess() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
    return 0
}
