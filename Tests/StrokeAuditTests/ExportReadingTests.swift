import Foundation
import Testing
@testable import StrokeAudit

/// The export verifier reads through the shared line reader (BatchStreaming's
/// `LineReader`): lines across read chunks, lines over the reader's limit, and
/// carriage returns kept as part of a line, as the verifier always did.
@Suite("Export reading through the shared line reader")
struct ExportReadingTests {
    /// Seeds `payloads` as events, exports them as JSON Lines and returns the file and the public key.
    private func export(_ payloads: [Data], fixture: AuditFixture) throws -> (URL, Data) {
        let file = fixture.directory.appendingPathComponent("export.jsonl")
        let key = try fixture.withLog { log -> Data in
            let assessment = AuditLog.newAssessmentID()
            for payload in payloads { try log.append(.predictionGenerated, payload: payload, assessment: assessment) }
            _ = try log.export(AuditExportRequest(format: .jsonl, fromMs: nil, toMs: nil, file: file, disclaimer: "Research use only."))
            return Data(base64Encoded: log.publicKeyBase64)!
        }
        return (file, key)
    }

    private func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("an export whose records are longer than a read chunk verifies, and its file hash covers every chunk")
    func recordsAcrossChunks() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let pad = String(repeating: "x", count: 300_000)
        let payloads = (1...3).map { Data("{\"n\":\($0),\"pad\":\"\(pad)\"}".utf8) } + [Data("{\"n\":4}".utf8)]
        let (file, key) = try export(payloads, fixture: fixture)
        #expect(try Data(contentsOf: file).count > 3 * 300_000)
        let result = try AuditExportVerifier.verify(file: file, publicKey: key)
        #expect(result.isIntact)
        #expect(result.records == 4)
        // One changed byte of the payload in the last chunk: the hash over all chunks catches it.
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"n\":4}", with: "\"n\":5}")
        try text.write(to: file, atomically: false, encoding: .utf8)
        #expect(try AuditExportVerifier.verify(file: file, publicKey: key).problem?.reason == .exportHashMismatch)
    }

    @Test("a line over the reader's limit is a malformed record at its sequence, read past, never a crash")
    func overLongLine() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try export((1...6).map { Data("{\"n\":\($0)}".utf8) }, fixture: fixture)
        var lines = try lines(file)
        lines[3] = String(repeating: "z", count: 3 << 20)
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        let result = try AuditExportVerifier.verify(file: file, publicKey: key)
        #expect(result.problem == AuditProblem(sequence: 4, reason: .malformedRecord))
        #expect(result.records == 3)
    }

    @Test("a line holding only a carriage return is a malformed record, not a blank line")
    func carriageReturnIsKept() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try export((1...4).map { Data("{\"n\":\($0)}".utf8) }, fixture: fixture)
        var lines = try lines(file)
        lines.insert("\r", at: 2)
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        #expect(try AuditExportVerifier.verify(file: file, publicKey: key).problem == AuditProblem(sequence: 3, reason: .malformedRecord))
    }

    @Test("an export that cannot be opened is exportUnreadable")
    func unreadable() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let (file, key) = try export([Data("{\"n\":1}".utf8)], fixture: fixture)
        try FileManager.default.removeItem(at: file)
        #expect(throws: AuditError.exportUnreadable(file.path)) { _ = try AuditExportVerifier.verify(file: file, publicKey: key) }
    }
}
