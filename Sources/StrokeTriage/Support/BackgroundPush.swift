#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TriageEngine

/// Starts `stroke-triage audit push --quiet` detached after an assessment,
/// when a collector is configured: a new session, standard input and output
/// on /dev/null, never waited for. The assessment's result is already written
/// and flushed; nothing here can delay it or change its exit status, and a
/// push that fails only leaves records pending for the next one.
enum BackgroundPush {
    /// Spawns the push for the log of `audit` (its `--audit-db` and `--key-file` are passed on).
    static func start(_ audit: AuditOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let config = (try? AppConfig.load(StateDirectories(environment: environment))) ?? AppConfig()
        guard CollectorSettings.isConfigured(config: config, environment: environment),
              let executable = currentExecutable() else { return }
        var arguments = [executable, "audit", "push", "--quiet"]
        if let db = audit.auditDb { arguments += ["--audit-db", db] }
        if let keyFile = audit.keyFile { arguments += ["--key-file", keyFile] }
        spawnDetached(arguments)
    }

    /// This process's executable (`/proc/self/exe`), nil when it cannot be read.
    static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// posix_spawn in a new session with stdio on /dev/null and default signal handling; not waited for.
    /// Failures are ignored: the records stay pending.
    static func spawnDetached(_ arguments: [String]) {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return }
        defer { posix_spawnattr_destroy(&attributes) }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID (glibc 2.26, 0x80): the push leaves the terminal's session and process group.
        let setsid: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        _ = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    }
}
