import Foundation
import GRDB
import Testing
@testable import StrokeAudit

/// Tamperings that try to make a later, legitimate-looking command cover them
/// (issue 29): a later erasure, an edited clear-text column, a file from a
/// newer version. Each on a real SQLite file, as an attacker with file access.
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
}
