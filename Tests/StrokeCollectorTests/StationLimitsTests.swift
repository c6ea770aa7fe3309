import CLITestSupport
import Foundation
@testable import PostgresServerKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The station's limits that are not its data directory's links (issue 34, item 11), in process:
/// the free space `/healthz` needs, the account its PostgreSQL runs as, and a `--data` too long for
/// PostgreSQL's Unix socket. No PostgreSQL is started.
@Suite("station limits")
struct StationLimitsTests {
    @Test("the disk check: a real file system with less room than the minimum is a shortage naming both; enough room, or minimum 0, is none")
    func diskSpace() throws {
        let directory = NSTemporaryDirectory()
        let space = try DiskSpace.of(directory)
        #expect(space.available > 0)
        let above = space.available + (1 << 30)
        let shortage = try #require(DiskSpace.shortage(at: directory, minimum: above))
        #expect(shortage.contains("MiB free, below the minimum of \(above >> 20) MiB"), "\(shortage)")
        #expect(DiskSpace.shortage(at: directory, minimum: 1) == nil)
        #expect(DiskSpace.shortage(at: directory, minimum: 0) == nil)
        #expect(DiskSpace(available: 1 << 30, availableFiles: 0).shortage(minimum: 1) == "no inode free")
        #expect(DiskSpace(available: 100 << 20, availableFiles: 9).shortage(minimum: 256 << 20) == "100 MiB free, below the minimum of 256 MiB")
        // A path that cannot be looked at is not known to have room.
        #expect(DiskSpace.shortage(at: "/nonexistent-\(UUID().uuidString)", minimum: 1)?.contains("statvfs") == true)
        // The minimum: 256 MiB, or STROKE_TRIAGE_MIN_FREE_MB in whole MiB (0 turns the check off); anything else is
        // refused naming the variable, the range and the value (issue 46: 9,999,999 was silently the default).
        #expect(try DiskSpace.minimumFree(environment: [:]) == 256 << 20)
        #expect(try DiskSpace.minimumFree(environment: ["STROKE_TRIAGE_MIN_FREE_MB": "1024"]) == 1 << 30)
        #expect(try DiskSpace.minimumFree(environment: ["STROKE_TRIAGE_MIN_FREE_MB": "0"]) == 0)
        for text in ["-1", "0x10", "1.5", "", "99999999", "9999999"] {
            do {
                _ = try DiskSpace.minimumFree(environment: ["STROKE_TRIAGE_MIN_FREE_MB": text])
                Issue.record("accepted '\(text)'")
            } catch {
                #expect(error.code == "collector.configurationInvalid" || error.code.hasSuffix("configurationInvalid"), "\(error.code)")
                #expect("\(error.detail ?? "")".contains("STROKE_TRIAGE_MIN_FREE_MB") && "\(error.detail ?? "")".contains("'\(text)'"))
            }
        }
    }

    @Test("as root, the cluster's account is pgdata's owner, else stroke-triage (made when missing), never Debian's shared postgres")
    func account() throws {
        let postgres = try #require(StationAccount(uid: 0)).renamed("postgres")
        let made = try #require(StationAccount(uid: 0)).renamed(StationCluster.accountName)
        var created = false
        // Only postgres exists: stroke-triage is made, and used.
        let chosen = try StationCluster.account(pgdataOwner: nil, named: { name in
            name == "postgres" ? postgres : (created && name == StationCluster.accountName ? made : nil)
        }) { () throws(CollectorError) in created = true }
        #expect(chosen.name == "stroke-triage" && created)
        // It cannot be made: refused, naming what to do, rather than falling back to postgres.
        let refused = try #require(throws: CollectorError.self) {
            _ = try StationCluster.account(pgdataOwner: nil, named: { $0 == "postgres" ? postgres : nil }) { () throws(CollectorError) in
                throw .stationDatabaseFailed("useradd failed (exit 1)")
            }
        }
        #expect(refused.code == "collector.stationAccountMissing" && refused.category.exitStatus == 69)
        #expect(refused.recoverySuggestion.contains("systemd-sysusers") && refused.detail == "useradd failed (exit 1)")
        // An existing cluster keeps its owner (a data directory made by an older station as postgres).
        #expect(try StationCluster.account(pgdataOwner: postgres, named: { _ in nil }) { () throws(CollectorError) in
            Issue.record("nothing is made")
        } == postgres)
    }

    @Test("a --data whose socket path exceeds 107 bytes: its own error (64) naming the length and the limit, before anything is made")
    func socketPathLimit() async throws {
        let scratch = try StationScratch()
        defer { scratch.remove() }
        // 98 bytes: DIR/.s.PGSQL.5432 would have 112.
        let data = scratch.root + "/" + String(repeating: "d", count: 98 - scratch.root.utf8.count - 1)
        #expect(data.utf8.count == 98)
        let error = try #require(throws: CollectorError.self) { try StationCluster(directory: data) }
        #expect(error.code == "collector.dataDirectoryTooLong" && error.category.exitStatus == 64)
        #expect(error.englishMessage.contains("112 bytes, at most 107"), "\(error.englishMessage)")
        let run = await InProcessServerCLI.run(["collector", "list-devices", "--data", data])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("[collector.dataDirectoryTooLong]") && run.stderr.contains("112 bytes, at most 107"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data))
        // 93 bytes is the longest that fits.
        let longest = scratch.root + "/" + String(repeating: "e", count: 93 - scratch.root.utf8.count - 1)
        #expect(throws: Never.self) { _ = try StationCluster(directory: longest) }
    }
}

extension StationAccount {
    /// The same ids under another name (the account choice's fakes).
    func renamed(_ name: String) -> StationAccount { StationAccount(name: name, uid: uid + (name == "postgres" ? 101 : 102), gid: gid) }
}
