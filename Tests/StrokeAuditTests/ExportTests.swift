import Foundation
import Testing
@testable import StrokeAudit

@Suite("Export and verification with the public key only")
struct ExportTests {
    private func exported(_ format: AuditExportRequest.Format, fixture: AuditFixture) throws -> (URL, Data) {
        try fixture.seed(12, checkpoint: false)
        let file = fixture.directory.appendingPathComponent("export.\(format.rawValue)")
        let key = try fixture.withLog { log -> Data in
            _ = try log.export(AuditExportRequest(format: format, fromMs: nil, toMs: nil, file: file, disclaimer: "Research use only."))
            return Data(base64Encoded: log.publicKeyBase64)!
        }
        return (file, key)
    }

    @Test("an export verifies with only the public key", arguments: AuditExportRequest.Format.allCases)
    func verifies(format: AuditExportRequest.Format) throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try exported(format, fixture: fixture)
        let result = try AuditExportVerifier.verify(file: file, publicKey: key)
        #expect(result.isIntact)
        #expect(result.records == 12)
        for url in [file, AuditExportRequest.manifestURL(for: file)] {
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        let manifest = try String(contentsOf: AuditExportRequest.manifestURL(for: file), encoding: .utf8)
        #expect(manifest.contains("Research use only."))
        // The export itself was logged after the checkpoint.
        #expect(try fixture.verify().records == 13)
    }

    @Test("a changed ciphertext in an export names its sequence number")
    func tamperedCiphertext() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try exported(.jsonl, fixture: fixture)
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = "\"ciphertext\":\""
        let range = lines[6].range(of: marker)!
        let index = range.upperBound
        let original = lines[6][index]
        lines[6].replaceSubrange(index...index, with: original == "A" ? "B" : "A")
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        let result = try AuditExportVerifier.verify(file: file, publicKey: key)
        #expect(result.problem == AuditProblem(sequence: 7, reason: .hashMismatch))
    }

    @Test("a changed payload breaks the export's SHA-256")
    func tamperedPayload() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try exported(.jsonl, fixture: fixture)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"n\":3}", with: "\"n\":4}")
        try text.write(to: file, atomically: false, encoding: .utf8)
        #expect(try AuditExportVerifier.verify(file: file, publicKey: key).problem?.reason == .exportHashMismatch)
    }

    @Test("a dropped last line is a truncated export")
    func truncatedExport() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try exported(.csv, fixture: fixture)
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.removeLast()
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: false, encoding: .utf8)
        let result = try AuditExportVerifier.verify(file: file, publicKey: key)
        #expect(result.problem == AuditProblem(sequence: 12, reason: .truncated))
    }

    @Test("another public key is refused")
    func otherKey() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, _) = try exported(.jsonl, fixture: fixture)
        let other = AuditKeyring.generate(nowMs: 0).publicKey
        #expect(try AuditExportVerifier.verify(file: file, publicKey: other).problem?.reason == .checkpointSignature)
    }

    @Test("a date range exports a contiguous slice that verifies on its own")
    func range() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(6, checkpoint: false)
        let (from, to) = try fixture.withLog { log in
            try log.queue.read { db in
                let all = try Int64.fetchAll(db, sql: "SELECT timestamp_ms FROM events ORDER BY sequence")
                return (all[2], all[4])
            }
        }
        let file = fixture.directory.appendingPathComponent("range.jsonl")
        let summary = try fixture.withLog { log in
            try log.export(AuditExportRequest(format: .jsonl, fromMs: from, toMs: to, file: file, disclaimer: "d"))
        }
        #expect(summary.records >= 3)
        let key = try fixture.withLog { Data(base64Encoded: $0.publicKeyBase64)! }
        #expect(try AuditExportVerifier.verify(file: file, publicKey: key).isIntact)
    }
}
