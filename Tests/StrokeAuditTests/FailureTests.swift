import Foundation
import GRDB
import StrokeModels
import Testing
@testable import StrokeAudit

@Suite("Failure behaviour")
struct FailureTests {
    @Test("a write lock held beyond the busy timeout is databaseLocked, and nothing is appended")
    func locked() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(2)
        let impatient = AuditLog.Location(database: fixture.location.database, keyFile: fixture.location.keyFile, busyTimeout: 0.05)
        let log = try AuditLog.open(impatient, context: AuditFixture.context)
        defer { log.close() }
        let other = try DatabaseQueue(path: fixture.location.database.path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            #expect {
                try log.append(.loggedIn, payload: Data("{}".utf8))
            } throws: { error in
                (error as? AuditError)?.code == "audit.databaseLocked"
            }
            try db.execute(sql: "ROLLBACK")
        }
        try other.close()
        #expect(try log.verify().records == 2)
        #expect(try log.append(.loggedIn, payload: Data("{}".utf8)).sequence == 3)
    }

    @Test("a database file from a newer version is refused as such (audit.databaseNewer, 65), not a generic failure to open")
    func newerSchema() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(1)
        try fixture.tamper { try $0.execute(sql: "PRAGMA user_version = 99") }
        let error = #expect(throws: AuditError.self) { try AuditLog.open(fixture.location, context: AuditFixture.context) }
        #expect(error?.code == "audit.databaseNewer")
        #expect(error?.category == .invalidData)
        #expect(error?.detail?.contains("schema version 99") == true)
    }

    @Test("a file that is not a database is databaseCorrupt")
    func notADatabase() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.location.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try AuditKeyFile.loadOrCreate(at: fixture.location.keyFile, passphrase: nil, nowMs: 0)
        try Data(repeating: 0x42, count: 4096).write(to: fixture.location.database)
        #expect {
            try AuditLog.open(fixture.location, context: AuditFixture.context)
        } throws: { error in
            (error as? AuditError)?.code == "audit.databaseCorrupt"
        }
    }
}
