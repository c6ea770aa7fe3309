import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// PostgreSQL's server tools (`initdb`, `pg_ctl`, `createdb`, `psql`) run as child processes:
/// found in Debian's `/usr/lib/postgresql/N/bin` or on `PATH`, run as an unprivileged user
/// when this process is root (PostgreSQL refuses to run as root), every wait bounded by the
/// tool's own timeout. Shared by the station's embedded cluster (`StationCluster`) and the
/// tests' throwaway clusters.
public enum PostgresTools {
    /// The newest installed server's bin directory (Debian: /usr/lib/postgresql/N/bin), or where `initdb` is on PATH.
    /// - Throws: `CollectorError.stationDatabaseFailed` when no `initdb` is found.
    public static func binDirectory() throws(CollectorError) -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for version in versions.compactMap(Int.init).sorted(by: >) where
            FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return "\(root)/\(version)/bin"
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(dir)/initdb") {
            return String(dir)
        }
        throw .stationDatabaseFailed("PostgreSQL's initdb was not found: install the postgresql package (Scripts/setup does)")
    }

    /// The command prefix that runs a tool as `user` (`runuser -u USER --`).
    public static func asUser(_ user: String) -> [String] {
        let runuser = FileManager.default.isExecutableFile(atPath: "/sbin/runuser") ? "/sbin/runuser" : "/usr/sbin/runuser"
        return [runuser, "-u", user, "--"]
    }

    /// Runs a tool to its end with no input; throws with its output when it exits other than 0.
    @discardableResult
    public static func run(_ arguments: [String]) throws(CollectorError) -> String {
        let (status, output) = try exitStatus(arguments)
        guard status == 0 else {
            throw .stationDatabaseFailed("\(arguments.joined(separator: " ")) failed (exit \(status)): \(output.suffix(2000))")
        }
        return output
    }

    /// Runs a tool to its end with no input: its exit status (-1 if killed by a signal) and its output.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process: the server that `pg_ctl start`
    /// leaves running would inherit every open descriptor (Process's termination socket, a
    /// listening socket); every descriptor from 3 up is closed in the child, and the output
    /// goes to a file.
    public static func exitStatus(_ arguments: [String]) throws(CollectorError) -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "/stroke-triage-pgtool-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let pid = try spawn(arguments, output: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (status & 0x7f == 0 ? (status >> 8) & 0xff : -1, text)
    }

    /// Starts `arguments` with stdin from /dev/null, stdout and stderr to `output`, no other descriptor, and the
    /// default actions of SIGTERM, SIGINT, SIGHUP and SIGPIPE (none blocked).
    public static func spawn(_ arguments: [String], output: String) throws(CollectorError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        // The station ignores SIGTERM and SIGINT while it starts (StationExitGuard), and an ignored signal stays
        // ignored across exec: the tools, and the server pg_ctl leaves running, get the default actions back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&empty)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard rc == 0 else { throw .stationDatabaseFailed("cannot start \(arguments[0]): error \(rc)") }
        return pid
    }

    /// Closes descriptors 3 and up in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34+; looked up at run time, Swift's Glibc module does not export it), else each descriptor
    /// open now (`/proc/self/fd`) that is not close-on-exec already.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 && fcntl(fd, F_GETFD) & FD_CLOEXEC == 0 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
}
