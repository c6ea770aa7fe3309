import Foundation
import GRDB
import Testing
@testable import StrokeAudit

@Suite("Erasure by crypto-shredding")
struct EraseTests {
    @Test("erasing an assessment keeps the chain verifiable, hides its payloads and is logged")
    func eraseAssessment() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (kept, erased) = (AuditLog.newAssessmentID(), AuditLog.newAssessmentID())
        try fixture.withLog { log in
            for _ in 0..<3 {
                try log.append(.predictionGenerated, payload: Data("{\"keep\":1}".utf8), assessment: kept)
                try log.append(.predictionGenerated, payload: Data("{\"erase\":1}".utf8), assessment: erased)
            }
            try log.checkpoint()
            #expect(try log.erase(assessment: erased) == 1)
            #expect(throws: AuditError.assessmentErased) {
                try log.append(.routingDecided, payload: Data("{}".utf8), assessment: erased)
            }
            #expect(throws: AuditError.unknownAssessment("a-none")) { try log.erase(assessment: "a-none") }
        }
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.records == 7)
        #expect(result.erasedRecords == 3)
        let types = try fixture.withLog { log in try log.queue.read { try String.fetchAll($0, sql: "SELECT type FROM events") } }
        #expect(types.last == AuditEventType.erased.rawValue)
        // No wrapped key of the erased assessment remains in the database file or WAL.
        let wrapped = try fixture.withLog { log in
            try log.queue.read { try Data.fetchOne($0, sql: "SELECT wrapped FROM data_keys WHERE id = ?", arguments: [kept]) }
        }
        #expect(wrapped != nil)
        let export = fixture.directory.appendingPathComponent("e.jsonl")
        _ = try fixture.withLog { try $0.export(AuditExportRequest(format: .jsonl, fromMs: nil, toMs: nil, file: export, disclaimer: "d")) }
        let text = try String(contentsOf: export, encoding: .utf8)
        #expect(!text.contains("\"erase\":1"))
        #expect(text.contains("\"keep\":1"))
        #expect(text.components(separatedBy: "\"payloadStatus\":\"erased\"").count - 1 == 3)
    }

    @Test("erase --before destroys every older key and the chain still verifies")
    func eraseBefore() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(4)
        try fixture.tamper { try $0.execute(sql: "UPDATE data_keys SET created_ms = 1000") }  // pretend they are old
        let destroyed = try fixture.withLog { try $0.erase(beforeMs: 2000) }
        #expect(destroyed == 1)
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.erasedRecords == 4)
    }
}
