import Foundation
import GRDB
import Testing
@testable import StrokeAudit

/// Tamperings that try to make a later, legitimate-looking command cover them
/// (issue 29): a later erasure, an edited clear-text column. Each on a real
/// SQLite file, as an attacker with file access.
@Suite("Laundering attempts")
struct LaunderingTests {
    /// A log with three records of one assessment and one more assessment; returns that assessment's id.
    private func seeded(_ fixture: AuditFixture) throws -> String {
        try fixture.seed(3)
        return try fixture.withLog { log in
            let id = AuditLog.newAssessmentID()
            try log.append(.assessmentStarted, payload: Data("{}".utf8), assessment: id)
            return id
        }
    }

    @Test("an erase that destroys nothing does not cover a key destroyed earlier by SQL: verify keeps failing")
    func eraseAfterSQLErasure() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let id = try seeded(fixture)
        try fixture.tamper { try $0.execute(sql: "UPDATE data_keys SET wrapped = NULL WHERE id = ?", arguments: [id]) }
        #expect(try fixture.verify().problem?.reason == .unrecordedErasure)
        let destroyed = try fixture.withLog { try $0.erase(assessment: id) }
        #expect(destroyed == 0)
        let result = try fixture.verify()
        #expect(result.problem?.reason == .unrecordedErasure)
        // The signed count still holds only the erasures that were recorded.
        #expect(result.head?.erasedKeys == 0)
    }

    @Test("an erase --before after an SQL erasure counts only the keys it destroyed itself")
    func eraseBeforeAfterSQLErasure() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let id = try seeded(fixture)
        try fixture.tamper { try $0.execute(sql: "UPDATE data_keys SET wrapped = NULL WHERE id = ?", arguments: [id]) }
        try fixture.withLog { _ = try $0.erase(beforeMs: Int64.max) }
        #expect(try fixture.verify().problem?.reason == .unrecordedErasure)
    }

    @Test("a real erasure of an assessment still verifies and is counted in the signed head")
    func realErasure() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let id = try seeded(fixture)
        #expect(try fixture.withLog { try $0.erase(assessment: id) } == 1)
        #expect(try fixture.withLog { try $0.erase(assessment: id) } == 0)
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.head?.erasedKeys == 1)
    }

    @Test("an old key file put back after rotate-key with key_epoch edited to 1 is refused before anything is written")
    func staleKeyWithEditedEpoch() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let old = fixture.directory.appendingPathComponent("old-keys.json")
        try FileManager.default.copyItem(at: fixture.location.keyFile, to: old)
        _ = try AuditLog.rotateKeys(fixture.location, context: AuditFixture.context)
        let before = try fixture.verify().headSequence
        try fixture.tamper { try $0.execute(sql: "UPDATE log_identity SET key_epoch = 1") }
        // The old key file goes back in place of the current one.
        let current = fixture.directory.appendingPathComponent("current-keys.json")
        try FileManager.default.moveItem(at: fixture.location.keyFile, to: current)
        try FileManager.default.copyItem(at: old, to: fixture.location.keyFile)
        let error = #expect(throws: AuditError.self) {
            try fixture.withLog { try $0.append(.test, payload: Data("{}".utf8)) }
        }
        #expect(error?.code == "audit.staleKeyFile")
        #expect(error?.detail == "key file epoch 1, log epoch 2")
        try FileManager.default.removeItem(at: fixture.location.keyFile)
        try FileManager.default.moveItem(at: current, to: fixture.location.keyFile)
        let result = try fixture.verify()
        #expect(result.headSequence == before)
        #expect(result.isIntact)
    }
}
