import Foundation
import Testing
@testable import StrokeAudit

@Suite("Privacy")
struct SentinelTests {
    @Test("recognizable patient values appear neither in the database file nor in its WAL")
    func sentinels() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let sentinels = ["SENTINEL-PATIENT-QX7", "98765.4321", "Zyxwvutsrq-Operator"]
        let context = AuditLog.Context(operator: sentinels[2], appVersion: "0.0.0-test")
        let log = try AuditLog.open(fixture.location, context: context)
        let assessment = AuditLog.newAssessmentID()
        for _ in 0..<50 {
            try log.append(.predictionGenerated,
                           payload: Data("{\"name\":\"\(sentinels[0])\",\"gfap\":\(sentinels[1])}".utf8), assessment: assessment)
        }
        // The log is still open: the WAL holds the recent pages.
        let walPath = fixture.location.database.path + "-wal"
        #expect(FileManager.default.fileExists(atPath: walPath))
        func check() {
            let files = fixture.rawBytes()
            #expect(!files.isEmpty)
            for bytes in files {
                for sentinel in sentinels {
                    #expect(bytes.range(of: Data(sentinel.utf8)) == nil, "found \(sentinel) in raw bytes")
                }
            }
        }
        check()
        log.close()
        check()
    }
}
