import Foundation
import StrokeJSON
import Testing
import TestJSON

/// Issue 29 item 4 through the real binary: the database and the head file deleted,
/// the key file kept. The next assessment must not start a new log ("Recorded … as
/// event 2" and an intact verify was the bug); only `audit init --new-log` does, and
/// the next verify reports it.
@Suite("Audit log: no silent new log over a deleted one", .serialized)
struct AuditNewLogTests {
    @Test("database and head file deleted: assessment exits 1 unrecorded, verify exits 1 logDeleted; init --new-log is reported")
    func deletedLogAndHead() async throws {
        let home = AuditTrustTests.Home()
        defer { home.remove() }
        try await home.assess(1)
        let old = try await home.verify().report["logId"].stringValue
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: home.database.path + suffix) }
        try FileManager.default.removeItem(at: home.headFile)

        let refused = try await home.run(["coma", "--gfap", "500", "--accept-disclaimer", "--mode", "offline"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has signed another log"))
        #expect(!FileManager.default.fileExists(atPath: home.database.path))
        let (status, reason, report) = try await home.verify()
        #expect(status == 1)
        #expect(reason == "logDeleted")
        #expect(report["logId"].stringValue == old)

        let plain = try await home.run(["audit", "init"])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("audit init --new-log"))
        let started = try await home.run(["audit", "init", "--new-log", "--json"])
        #expect(started.status == 0)
        #expect(try started.json()["previousLogs"].stringArray == [old].compactMap { $0 })
        try await home.assess(1)
        let after = try await home.verify()
        #expect(after.status == 0)
        let newLog = after.report["newLog"].object
        #expect(newLog?["sequence"].intValue == 1)
        #expect(newLog?["previousLogs"].stringArray == [old].compactMap { $0 })
        let text = try await home.run(["audit", "verify"])
        #expect(text.stdout.contains("audit init --new-log"))
    }
}
