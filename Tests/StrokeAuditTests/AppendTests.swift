import AuditFormat
import Crypto
import Foundation
import GRDB
import Testing
@testable import StrokeAudit

@Suite("Appending and verifying")
struct AppendTests {
    @Test("sequence numbers run 1…n without gaps and the log verifies")
    func sequential() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        let receipts = try fixture.withLog { log in
            try (1...20).map { _ in try log.append(.disclaimerAccepted, payload: Data("{}".utf8)) }
        }
        #expect(receipts.map(\.sequence) == Array(1...20))
        #expect(zip(receipts, receipts.dropFirst()).allSatisfy { $0.timestampMs <= $1.timestampMs })
        let result = try fixture.verify()
        #expect(result.isIntact)
        #expect(result.records == 20)
        #expect(result.headSequence == 20)
    }

    @Test("synchronous stays FULL and the journal is WAL")
    func pragmas() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.withLog { log in
            try log.append(.loggedIn, payload: Data("{}".utf8))
            #expect(try log.synchronousSetting() == 2)
            let mode = try log.queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
    }

    @Test("a checkpoint is signed with the key that `public-key` prints")
    func checkpoint() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(3, checkpoint: false)
        try fixture.withLog { log in
            let checkpoint = try log.checkpoint()
            #expect(checkpoint.sequence == 3)
            #expect(checkpoint.publicKey.base64EncodedString() == log.publicKeyBase64)
            #expect(checkpoint.isValid(publicKey: checkpoint.publicKey))
            #expect(try log.verify().checkpoints == 1)
        }
    }

    @Test("the key file is created with mode 0600")
    func keyFileMode() throws {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(1)
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.location.keyFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("the byte layout matches the documented example")
    func layout() {
        // sequence 1, timestamp 0, type "t", ciphertext 0x00, previous = 32 zero bytes.
        let hash = AuditLayout.recordHash(sequence: 1, timestamp: 0, type: "t", ciphertext: Data([0]), previousHash: AuditLayout.genesisHash)
        var bytes = Data([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0x74, 0, 0, 0, 1, 0])
        bytes.append(AuditLayout.genesisHash)
        #expect(hash == Data(SHA256.hash(data: bytes)))
    }
}
