import CLITestSupport
import Foundation
import PostgresServerKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The station's data directory as root meets it (issue 34), in process with real files and real
/// links: an administration command given a `--data` that is a link, holds a link, or belongs to
/// another account is refused (73) before it changes or reads anything outside, and a second
/// station on one directory is refused naming the first one's process. No PostgreSQL is started.
@Suite("station data directory")
struct StationDirectoryTests {
    static let isRoot = getuid() == 0

    @Test("--data a symbolic link to a root-owned directory: refused (73), the directory keeps its owner, mode and contents",
          arguments: ["", "/"])
    func dataDirectoryLink(suffix: String) async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let link = scratch.path("data")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.rootDirectory)
        let before = try FileSnapshot(scratch.rootDirectory)
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", link + suffix])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryIsLink]"), "\(run.stderr)")
        #expect(try FileSnapshot(scratch.rootDirectory) == before)
        // The station's first step, too.
        #expect(throws: CollectorError.dataDirectoryIsLink(link)) { try StationCluster(directory: link + suffix) }
    }

    @Test("a password that is a symbolic or hard link to a root-owned file: refused (73) before it is chowned or read, the file unchanged",
          arguments: [false, true])
    func passwordLink(hard: Bool) async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let data = try scratch.directory("data", mode: 0o700)
        let password = data + "/password"
        if hard { #expect(link(scratch.rootFile, password) == 0) } else { #expect(symlink(scratch.rootFile, password) == 0) }
        let before = try FileSnapshot(scratch.rootFile)
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", data])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryIsLink]") && run.stderr.contains(password), "\(run.stderr)")
        #expect(try FileSnapshot(scratch.rootFile) == before)
        #expect(!FileManager.default.fileExists(atPath: data + "/pgdata"), "initdb ran")
        // Reading the password for the database URL (a station or a command on a running cluster) is refused too.
        #expect(throws: CollectorError.self) { try StationCluster(directory: data).url() }
        #expect(try FileSnapshot(scratch.rootFile) == before)
    }

    @Test("pgdata, postgresql.log or station.lock a symbolic link to a root-owned file or directory: refused (73), the target unchanged",
          arguments: ["pgdata", "postgresql.log", "station.lock"])
    func managedNameLink(name: String) async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let data = try scratch.directory("data", mode: 0o700)
        let target = name == "pgdata" ? scratch.rootDirectory : scratch.rootFile
        #expect(symlink(target, data + "/" + name) == 0)
        let before = try FileSnapshot(target)
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", data])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryIsLink]") && run.stderr.contains(data + "/" + name), "\(run.stderr)")
        #expect(throws: CollectorError.dataDirectoryIsLink(data + "/" + name)) { _ = try StationCluster(directory: data).lock() }
        #expect(try FileSnapshot(target) == before)
    }

    @Test("a link on the way to --data in a directory the database account may write is refused; one in a root-owned directory is followed",
          .enabled(if: isRoot, "needs root to give a directory to the database account"))
    func linkOnTheWay() async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let service = try #require(getpwnam("stroke-triage") ?? getpwnam("postgres"), "no database account")
        let writable = try scratch.directory("service", mode: 0o700)
        #expect(chown(writable, service.pointee.pw_uid, service.pointee.pw_gid) == 0)
        #expect(symlink(scratch.rootDirectory, writable + "/x") == 0)
        let before = try FileSnapshot(scratch.rootDirectory)
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", writable + "/x/station"])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryIsLink]"), "\(run.stderr)")
        #expect(try FileSnapshot(scratch.rootDirectory) == before)

        // A link root made in its own directory (as /var/run → /run) is followed.
        let real = try scratch.directory("real", mode: 0o755)
        #expect(symlink(real, scratch.path("alias")) == 0)
        let lock = try StationCluster(directory: scratch.path("alias") + "/station").lock()
        #expect(FileManager.default.fileExists(atPath: real + "/station/station.lock"))
        lock.release()
    }

    @Test("--data, or its password, owned by another account: refused (73), owner and mode unchanged",
          .enabled(if: isRoot, "needs root to give files to another account"), arguments: [false, true])
    func otherAccount(passwordOnly: Bool) async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let data = try scratch.directory("data", mode: 0o755)
        let stranger: uid_t = 54_321
        let owned = passwordOnly ? data + "/password" : data
        if passwordOnly { #expect(FileManager.default.createFile(atPath: owned, contents: Data("secret\n".utf8))) }
        #expect(chown(owned, stranger, stranger) == 0)
        let before = try FileSnapshot(owned)
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", data])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryOwner]") && run.stderr.contains("uid \(stranger)"), "\(run.stderr)")
        #expect(try FileSnapshot(owned) == before)
    }

    /// Issue 46: run as root with `--data ~/station` (home 0700), the station's account may not pass the home
    /// directory; the error names that directory, the account, and a --data that works (never only "errno 13").
    @Test("a directory the station's account may not enter is named with the account and the fix (73)")
    func anUnreachableParentIsNamed() {
        let error = CollectorError.dataDirectoryNotReachable("/root")
        #expect(error.code == "collector.dataDirectoryNotReachable")
        #expect(error.category.exitStatus == 73)
        #expect(error.englishMessage.contains("may not enter /root"))
        #expect(error.recoverySuggestion.contains("/var/lib/stroke-triage"))
    }

    @Test("a second lock on one data directory is refused naming the holder's process; released, it can be taken again")
    func secondStationIsRefused() throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        let data = scratch.path("data")
        let cluster = try StationCluster(directory: data)
        let first = try cluster.lock()
        #expect(try String(contentsOfFile: first.path, encoding: .utf8) == "\(getpid())\n")
        let refused = CollectorError.dataDirectoryInUse(first.path, process: getpid())
        #expect(throws: refused) { try cluster.lock() }
        #expect(refused.category.exitStatus == 69)
        #expect(refused.englishMessage.contains("process \(getpid())"))
        first.release()
        let again = try cluster.lock()
        again.release()
    }
}

/// A root-owned scratch folder (0755: the database account may pass) with a file and a directory
/// only root may change, the targets of the links the tests plant.
struct StationScratch {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("station-dir-\(UUID().uuidString)").path
    var rootFile: String { path("root-file") }
    var rootDirectory: String { path("root-directory") }

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(atPath: rootDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        _ = FileManager.default.createFile(atPath: rootDirectory + "/keep", contents: Data())
        guard FileManager.default.createFile(atPath: rootFile, contents: Data("root:secret\n".utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
    }

    func path(_ name: String) -> String { root + "/" + name }

    /// Makes the directory `name` with `mode`; its path.
    func directory(_ name: String, mode: Int) throws -> String {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: false, attributes: [.posixPermissions: mode])
        return path(name)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// What a link's target is: owner, group, mode and contents (a directory's names).
struct FileSnapshot: Equatable {
    let owner: uid_t, group: gid_t, mode: mode_t, contents: String

    init(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        owner = info.st_uid
        group = info.st_gid
        mode = info.st_mode & 0o7777
        contents = info.st_mode & S_IFMT == S_IFDIR
            ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().joined(separator: ",")
            : try String(contentsOfFile: path, encoding: .utf8)
    }
}
