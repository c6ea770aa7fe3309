#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TriageLocalization

/// Starts `stroke-triage audit push --quiet` detached after an assessment,
/// when a collector is configured: a new session, standard input and output
/// on /dev/null, never waited for. The assessment's result is already written
/// and flushed; nothing here can delay it or change its exit status, and a
/// push that fails only leaves records pending for the next one.
/// Whether to start at all (a collector configured) is the caller's decision.
public enum BackgroundPush {
    /// Spawns this executable's `audit push --quiet` for the log at `auditDb` and `keyFile`
    /// (passed on as `--audit-db` and `--key-file` when given). Does nothing when the
    /// executable cannot be found.
    public static func start(auditDb: String?, keyFile: String?) {
        guard let executable = currentExecutable() else { return }
        spawnDetached(arguments(executable: executable, auditDb: auditDb, keyFile: keyFile))
    }

    /// The command line of the background push (`<executable> audit push --quiet …`).
    public static func arguments(executable: String, auditDb: String?, keyFile: String?) -> [String] {
        var arguments = [executable, "audit", "push", "--quiet"]
        if let auditDb { arguments += ["--audit-db", auditDb] }
        if let keyFile { arguments += ["--key-file", keyFile] }
        return arguments
    }

    /// This process's executable (`/proc/self/exe`) when it is the `stroke-triage` program; nil
    /// when it cannot be read or is another program running a command (a test, a program embedding
    /// the CLI): `audit push` is not one of its commands, so the records stay pending for the next push.
    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").last == "stroke-triage" ? path : nil
    }

    /// posix_spawn in a new session with stdio on /dev/null and default signal handling; not waited for.
    /// Failures are ignored: the records stay pending.
    public static func spawnDetached(_ arguments: [String]) {
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
