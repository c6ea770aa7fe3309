import Foundation
import GRDB
import Testing
@testable import StrokeAudit

@Suite("Keys")
struct KeyTests {
    @Test("a key file of another log is refused with wrongKey and nothing is written")
    func wrongKey() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3)
        let before = try Data(contentsOf: fixture.location.database)
        let other = fixture.directory.appendingPathComponent("other-keys.json")
        _ = try AuditKeyFile.loadOrCreate(at: other, passphrase: nil, nowMs: 0)
        let wrong = AuditLog.Location(database: fixture.location.database, keyFile: other)
        #expect(throws: AuditError.wrongKey) { try AuditLog.open(wrong, context: AuditFixture.context) }
        #expect(try Data(contentsOf: fixture.location.database) == before)
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: fixture.location.database.path + "-wal"))) ?? Data()
        #expect(wal.isEmpty)
        #expect(try fixture.verify().records == 3)
    }

    @Test("a key file readable by group or others is refused", arguments: [0o640, 0o604, 0o660])
    func readable(mode: Int) throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(1)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: fixture.location.keyFile.path)
        #expect(throws: AuditError.keyFileUnsafe(fixture.location.keyFile.path)) {
            try AuditLog.open(fixture.location, context: AuditFixture.context)
        }
    }

    @Test("a passphrase-protected key file needs the right passphrase")
    func passphrase() throws {
        let fixture = AuditFixture(passphrase: "correct horse")
        defer { fixture.remove() }
        try fixture.seed(2)
        let text = try String(contentsOf: fixture.location.keyFile, encoding: .utf8)
        #expect(text.contains("\"protection\":\"scrypt\""))
        let none = AuditLog.Location(database: fixture.location.database, keyFile: fixture.location.keyFile)
        #expect(throws: AuditError.passphraseRequired) { try AuditLog.open(none, context: AuditFixture.context) }
        let wrong = AuditLog.Location(database: fixture.location.database, keyFile: fixture.location.keyFile, passphrase: "wrong")
        #expect(throws: AuditError.passphraseWrong) { try AuditLog.open(wrong, context: AuditFixture.context) }
        #expect(try fixture.verify().isIntact)
    }

    @Test("rotate-key keeps old records readable and old checkpoints valid")
    func rotate() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(5)
        let oldKey = try fixture.withLog { $0.publicKeyBase64 }
        let newKey = try AuditLog.rotateKeys(fixture.location, context: AuditFixture.context)
        #expect(newKey != oldKey)
        try fixture.seed(2)
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.records == 8)  // 5 + rotation event + 2
        #expect(result.erasedRecords == 0)
        let masters = try fixture.withLog { log in
            try log.queue.read { try Set(String.fetchAll($0, sql: "SELECT DISTINCT master_key_id FROM data_keys")) }
        }
        #expect(masters.count == 1)  // every data key re-wrapped under the new master
        let export = fixture.directory.appendingPathComponent("after-rotation.jsonl")
        _ = try fixture.withLog { try $0.export(AuditExportRequest(format: .jsonl, fromMs: nil, toMs: nil, file: export, disclaimer: "d")) }
        let lines = try String(contentsOf: export, encoding: .utf8).split(separator: "\n")
        #expect(lines.allSatisfy { $0.contains("\"payloadStatus\":\"ok\"") })
        #expect(try AuditExportVerifier.verify(file: export, publicKey: Data(base64Encoded: newKey)!).isIntact)
    }
}
