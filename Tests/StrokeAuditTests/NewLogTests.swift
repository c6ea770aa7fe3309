import Foundation
import GRDB
import StrokeJSON
import Testing
@testable import StrokeAudit
import TestJSON

/// A key file that has signed a log never silently starts a new one (issue 29 item 4):
/// the database and the head file deleted, the key file kept, is refused until an
/// explicit `--new-log`, which the new log records and verify reports.
@Suite("New log over a deleted one")
struct NewLogTests {
    private func headURL(_ fixture: AuditFixture) -> URL {
        fixture.location.keyFile.deletingLastPathComponent().appendingPathComponent("audit.head")
    }

    /// Deletes the database (with its WAL files) and the head file; the key file stays.
    private func deleteLog(_ fixture: AuditFixture) throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fixture.location.database.path + suffix) }
        try FileManager.default.removeItem(at: headURL(fixture))
    }

    @Test("the key file records the log it signs, in the clear part of the file, and keeps it through rotate-key")
    func keyFileRecordsLog() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(2)
        let id = try fixture.withLog { try $0.logID() }
        #expect(AuditKeyFile.signedLogs(at: fixture.location.keyFile) == [id])
        _ = try AuditLog.rotateKeys(fixture.location, context: AuditFixture.context)
        #expect(AuditKeyFile.signedLogs(at: fixture.location.keyFile) == [id])
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.location.keyFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("database and head file deleted, key file kept: refused before anything is created; verify says logDeleted")
    func refused() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let id = try fixture.withLog { try $0.logID() }
        try deleteLog(fixture)
        let error = #expect(throws: AuditError.self) { try fixture.withLog { try $0.append(.test, payload: Data("{}".utf8)) } }
        #expect(error?.code == "audit.newLogRequired")
        #expect(error?.detail == "the database is missing; the key file has signed log \(id)")
        #expect(!FileManager.default.fileExists(atPath: fixture.location.database.path))
        #expect(!FileManager.default.fileExists(atPath: headURL(fixture).path))
    }

    @Test("an empty database without identity put in place is refused too (the check inside the write)")
    func emptyDatabaseRefused() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(1)
        try deleteLog(fixture)
        let queue = try DatabaseQueue(path: fixture.location.database.path)
        try queue.close()
        let error = #expect(throws: AuditError.self) { _ = try fixture.verify() }
        #expect(error?.code == "audit.newLogRequired")
    }

    @Test("--new-log starts a new log that records the old log ids and head file; verify is intact and reports it")
    func newLog() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let old = try fixture.withLog { try $0.logID() }
        try deleteLog(fixture)
        let new = try AuditLog.withLog(fixture.location, context: AuditFixture.context, newLog: true) { try $0.logID() }
        #expect(new != old)
        #expect(AuditKeyFile.signedLogs(at: fixture.location.keyFile) == [old, new])
        try fixture.seed(2)
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.newLog == NewLogStart(sequence: 1, previousLogs: [old], previousHead: "missing"))
        let type = try fixture.withLog { log in
            try log.run { try log.queue.read { try String.fetchOne($0, sql: "SELECT type FROM events WHERE sequence = 1") } }
        }
        #expect(type == "audit.newLog")
    }

    @Test("--new-log over a kept head file records that head; without --new-log that head file refuses")
    func newLogOverHeadFile() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3, checkpoint: false)
        let old = try fixture.withLog { try $0.head() }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fixture.location.database.path + suffix) }
        #expect(throws: AuditError.self) { _ = try fixture.verify() }
        try AuditLog.withLog(fixture.location, context: AuditFixture.context, newLog: true) { _ in }
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.newLog?.previousHead == "log \(old.logIDHex) at sequence \(old.sequence)")
    }

    @Test("--new-log where a log exists is refused (logExists) and changes nothing")
    func newLogWhereLogExists() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(2)
        let before = try fixture.verify().headSequence
        let error = #expect(throws: AuditError.self) {
            try AuditLog.withLog(fixture.location, context: AuditFixture.context, newLog: true) { _ in }
        }
        #expect(error?.code == "audit.logExists")
        #expect(try fixture.verify().headSequence == before)
        #expect(try fixture.verify().newLog == nil)
    }

    @Test("a key file from before this record learns the log it signs on the next open")
    func adoption() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(2)
        let id = try fixture.withLog { try $0.logID() }
        // Strip the record, as in a key file written by an older version.
        let object = try JSONValue(parsing: Data(contentsOf: fixture.location.keyFile))
        let stripped = JSONValue.object(try #require(object.objectMembers).filter { $0.0 != "signedLogs" })
        try Data(stripped.serialized().utf8).write(to: fixture.location.keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.location.keyFile.path)
        #expect(AuditKeyFile.signedLogs(at: fixture.location.keyFile).isEmpty)
        #expect(try fixture.verify().isIntact)
        #expect(AuditKeyFile.signedLogs(at: fixture.location.keyFile) == [id])
    }
}
