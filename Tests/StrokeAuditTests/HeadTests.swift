import AuditFormat
import Foundation
import GRDB
import Testing
@testable import StrokeAudit

/// The signed head against deletion, rollback, forks and unrecorded erasure,
/// on real SQLite files and a real head file (no checkpoints unless said).
@Suite("Signed heads")
struct HeadTests {
    private func headURL(_ fixture: AuditFixture) -> URL {
        fixture.location.keyFile.deletingLastPathComponent().appendingPathComponent("audit.head")
    }

    @Test("every write leaves the same signed head in the database and in the head file")
    func headAfterEveryWrite() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(5, checkpoint: false)
        let head = try fixture.withLog { try $0.head() }
        #expect(head.sequence == 5)
        #expect(head.logID.count == 16)
        #expect(head.keyEpoch == 1)
        let file = try AuditHead.load(headURL(fixture))
        #expect(file == head)
        #expect(try fixture.withLog { head.isSigned(byOneOf: $0.keyring.trustedPublicKeys) })
        #expect(PosixFile.mode(headURL(fixture).path) == 0o600)
    }

    @Test("deleting every record with no checkpoint is emptyWithHead")
    func deleteAll() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(20, checkpoint: false)
        try fixture.tamper { try $0.execute(sql: "DELETE FROM events") }
        #expect(try fixture.verify().problem == AuditProblem(sequence: 1, reason: .emptyWithHead))
    }

    @Test("deleting records 2–41 of 41 is truncated at 2")
    func deleteTail() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(41, checkpoint: false)
        try fixture.tamper { try $0.execute(sql: "DELETE FROM events WHERE sequence >= 2") }
        #expect(try fixture.verify().problem == AuditProblem(sequence: 2, reason: .truncated))
    }

    @Test("a tail cut after the last checkpoint, with or without the checkpoints, is truncated")
    func tailAfterCheckpoint() throws {
        for dropCheckpoints in [false, true] {
            let fixture = AuditFixture()
            defer { fixture.remove() }
            try fixture.seed(10)
            try fixture.seed(5, checkpoint: false)
            try fixture.tamper { db in
                try db.execute(sql: "DELETE FROM events WHERE sequence > 12")
                if dropCheckpoints { try db.execute(sql: "DELETE FROM checkpoints") }
            }
            #expect(try fixture.verify().problem == AuditProblem(sequence: 13, reason: .truncated))
        }
    }

    @Test("an older copy of the database alone is truncated; a writer refuses to write on it")
    func rollbackDatabase() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(5, checkpoint: false)
        let copy = fixture.directory.appendingPathComponent("old.sqlite")
        try fixture.withLog { log in try log.run { try log.queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM INTO ?", arguments: [copy.path]) } } }
        try fixture.seed(3)
        try FileManager.default.removeItem(at: fixture.location.database)
        try? FileManager.default.removeItem(atPath: fixture.location.database.path + "-wal")
        try? FileManager.default.removeItem(atPath: fixture.location.database.path + "-shm")
        try FileManager.default.copyItem(at: copy, to: fixture.location.database)
        #expect(try fixture.verify().problem == AuditProblem(sequence: 6, reason: .truncated))
        #expect(throws: AuditError.logBehindHead("head file at sequence 8, database ends at 5")) {
            try fixture.withLog { try $0.append(.test, payload: Data()) }
        }
        #expect(try fixture.verify().headSequence == 5)
    }

    @Test("older copies of the database and the head file pass locally but are rolledBack against an external head")
    func rollbackBoth() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(4, checkpoint: false)
        let saved = fixture.directory.appendingPathComponent("saved")
        try FileManager.default.copyItem(at: fixture.directory.appendingPathComponent("data"), to: saved.appendingPathComponent("data"))
        try FileManager.default.copyItem(at: headURL(fixture), to: saved.appendingPathComponent("audit.head"))
        try fixture.seed(3, checkpoint: true)
        let witness = try fixture.withLog { try $0.head() }
        try FileManager.default.removeItem(at: fixture.directory.appendingPathComponent("data"))
        try FileManager.default.copyItem(at: saved.appendingPathComponent("data"), to: fixture.directory.appendingPathComponent("data"))
        try FileManager.default.removeItem(at: headURL(fixture))
        try FileManager.default.copyItem(at: saved.appendingPathComponent("audit.head"), to: headURL(fixture))
        #expect(try fixture.verify().isIntact)  // what no local check can see
        let against = try fixture.withLog { try $0.verify(against: witness) }
        #expect(against.problem == AuditProblem(sequence: 5, reason: .rolledBack))
    }

    @Test("a log that does not contain an external head at its sequence is forked")
    func forked() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3, checkpoint: false)
        let head = try fixture.withLog { try $0.head() }
        // Same keys and log id, another history: record 3 deleted, the head file reset, a different record 3.
        try fixture.tamper { try $0.execute(sql: "DELETE FROM events WHERE sequence = 3") }
        try FileManager.default.removeItem(at: headURL(fixture))
        try fixture.withLog { log in
            try log.resetHead()
            try log.append(.test, payload: Data("{\"other\":true}".utf8))
        }
        let result = try fixture.withLog { try $0.verify(against: head) }
        #expect(result.problem == AuditProblem(sequence: 3, reason: .forked))
    }

    @Test("a key destroyed without an audit.erased event is unrecordedErasure; a real erasure verifies")
    func fakeErasure() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let real = try fixture.withLog { log in
            let id = AuditLog.newAssessmentID()
            try log.append(.assessmentStarted, payload: Data("{}".utf8), assessment: id)
            return id
        }
        try fixture.withLog { _ = try $0.erase(assessment: real) }
        let erased = try fixture.verify()
        #expect(erased.isIntact)
        #expect(erased.head?.erasedKeys == 1)
        try fixture.tamper { try $0.execute(sql: "UPDATE data_keys SET wrapped = NULL, erased_ms = 1 WHERE kind = 'assessment' AND id != ?", arguments: [real]) }
        #expect(try fixture.verify().problem == AuditProblem(sequence: 1, reason: .unrecordedErasure))
    }

    @Test("erase --before names every destroyed key, even after the erasing session's own key is erased later")
    func eraseBeforeTwice() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        try fixture.withLog { _ = try $0.erase(beforeMs: Int64.max) }
        try fixture.seed(2)
        try fixture.withLog { _ = try $0.erase(beforeMs: Int64.max) }
        #expect(try fixture.verify().isIntact)
    }

    @Test("a key file from before a rotation is refused and writes nothing; after the rotation verify is intact")
    func staleKeyFile() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let old = fixture.directory.appendingPathComponent("old-keys.json")
        try FileManager.default.copyItem(at: fixture.location.keyFile, to: old)
        _ = try AuditLog.rotateKeys(fixture.location, context: AuditFixture.context)
        let stale = AuditLog.Location(database: fixture.location.database, keyFile: old)
        #expect(throws: AuditError.staleKeyFile("key file epoch 1, log epoch 2")) {
            try AuditLog.withLog(stale, context: AuditFixture.context) { try $0.append(.test, payload: Data()) }
        }
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.headSequence == 4)
        #expect(result.head?.keyEpoch == 2)
    }

    @Test("a database of another log is refused as foreignLog before anything is written")
    func foreignDatabase() throws {
        let mine = AuditFixture(), theirs = AuditFixture()
        defer { mine.remove(); theirs.remove() }
        try mine.seed(2)
        try theirs.seed(7)
        try FileManager.default.removeItem(at: mine.directory.appendingPathComponent("data"))
        try FileManager.default.copyItem(at: theirs.directory.appendingPathComponent("data"), to: mine.directory.appendingPathComponent("data"))
        for attempt in [{ try mine.withLog { _ = try $0.append(.test, payload: Data()) } }, { _ = try mine.verify() }] {
            let error = #expect(throws: AuditError.self) { try attempt() }
            #expect(error?.code == "audit.foreignLog")
        }
        #expect(try theirs.verify().headSequence == 7)
    }

    @Test("a missing head file is headMissing for verify and for writers; a reset is recorded and verifies")
    func headMissing() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3, checkpoint: false)
        try FileManager.default.removeItem(at: headURL(fixture))
        #expect(try fixture.verify().problem == AuditProblem(sequence: 0, reason: .headMissing))
        #expect(throws: AuditError.headMissing(headURL(fixture).path)) { try fixture.withLog { try $0.append(.test, payload: Data()) } }
        let reset = try fixture.withLog { try $0.resetHead() }
        #expect(reset?.sequence == 4)
        #expect(try fixture.withLog { try $0.resetHead() } == nil)
        #expect(try fixture.verify().isIntact)
    }

    @Test("a log from before signed heads is upgraded on first open, with an audit.upgraded event")
    func migration() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(6)
        // Turn it back into a schema-1 log: no identity, no head, no head file.
        try fixture.tamper { db in
            try db.execute(sql: "DROP TABLE log_identity; DROP TABLE log_head; DELETE FROM data_keys WHERE kind = 'log'; PRAGMA user_version = 1")
        }
        try FileManager.default.removeItem(at: headURL(fixture))
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.upgradedAtSequence == 6)
        #expect(result.headSequence == 7)
        #expect(try AuditHead.load(headURL(fixture)).sequence == 7)
        let type = try fixture.withLog { log in
            try log.run { try log.queue.read { try String.fetchOne($0, sql: "SELECT type FROM events WHERE sequence = 7") } }
        }
        #expect(type == "audit.upgraded")
    }
}
