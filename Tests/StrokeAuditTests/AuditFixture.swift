import Foundation
import GRDB
@testable import StrokeAudit
import TestScratch

/// A fresh audit log in its own temporary directory, plus raw access to the
/// SQLite file for tampering (as an attacker with file access would).
struct AuditFixture {
    let directory: URL
    let location: AuditLog.Location
    static let context = AuditLog.Context(operator: "tester", appVersion: "0.0.0-test")

    init(passphrase: String? = nil) {
        directory = TestScratch.directory("audit")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        location = AuditLog.Location(database: directory.appendingPathComponent("data/audit.sqlite"),
                                     keyFile: directory.appendingPathComponent("state/audit-keys.json"),
                                     passphrase: passphrase)
    }

    /// Opens the log, runs `body`, closes it.
    func withLog<T>(_ body: (AuditLog) throws -> T) throws -> T {
        try AuditLog.withLog(location, context: Self.context, body)
    }

    /// Appends `count` events (one assessment) and a checkpoint at the end if asked.
    func seed(_ count: Int, checkpoint: Bool = true) throws {
        try withLog { log in
            let assessment = AuditLog.newAssessmentID()
            for index in 1...count {
                try log.append(.predictionGenerated, payload: Data("{\"n\":\(index)}".utf8), assessment: assessment)
            }
            if checkpoint { try log.checkpoint() }
        }
    }

    /// Verifies the log with its key.
    func verify() throws -> AuditVerification { try withLog { try $0.verify() } }

    /// Raw write access to the database file (no audit logic).
    func tamper(_ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: location.database.path)
        try queue.writeWithoutTransaction { db in try body(db) }
        try queue.close()
    }

    /// Every byte of the database file and its WAL (if present).
    func rawBytes() -> [Data] {
        ["", "-wal"].compactMap { try? Data(contentsOf: URL(fileURLWithPath: location.database.path + $0)) }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
