import AuditFormat
import Crypto
import Foundation
import GRDB
import Testing
@testable import StrokeAudit

/// Each tamper case on a real SQLite file: 10 events, a checkpoint at 10.
@Suite("Tamper evidence")
struct TamperTests {
    private func tampered(_ change: (Database) throws -> Void) throws -> AuditVerification {
        let fixture = AuditFixture()
        defer { fixture.remove() }
        try fixture.seed(10)
        #expect(try fixture.verify().isIntact)
        try fixture.tamper(change)
        return try fixture.verify()
    }

    private func flipFirstByte(_ column: String, sequence: Int) -> (Database) throws -> Void {
        { db in
            var value = try Data.fetchOne(db, sql: "SELECT \(column) FROM events WHERE sequence = ?", arguments: [sequence])!
            value[value.startIndex + 20 % value.count] ^= 0x01
            try db.execute(sql: "UPDATE events SET \(column) = ? WHERE sequence = ?", arguments: [value, sequence])
        }
    }

    @Test("a flipped byte in a ciphertext names its sequence number")
    func ciphertext() throws {
        let result = try tampered(flipFirstByte("ciphertext", sequence: 5))
        #expect(result.problem == AuditProblem(sequence: 5, reason: .hashMismatch))
    }

    @Test("a flipped byte in a stored hash names its sequence number")
    func hash() throws {
        let result = try tampered(flipFirstByte("hash", sequence: 6))
        #expect(result.problem == AuditProblem(sequence: 6, reason: .hashMismatch))
    }

    @Test("a deleted middle record names the missing sequence number")
    func deleted() throws {
        let result = try tampered { try $0.execute(sql: "DELETE FROM events WHERE sequence = 4") }
        #expect(result.problem == AuditProblem(sequence: 4, reason: .missingRecord))
    }

    @Test("two swapped records name the first of them")
    func swapped() throws {
        let result = try tampered { db in
            try db.execute(sql: "UPDATE events SET sequence = -1 WHERE sequence = 7")
            try db.execute(sql: "UPDATE events SET sequence = 7 WHERE sequence = 8")
            try db.execute(sql: "UPDATE events SET sequence = 8 WHERE sequence = -1")
        }
        #expect(result.problem?.sequence == 7)
        #expect(result.problem?.reason == .brokenLink)
    }

    @Test("an inserted forged record with a recomputed chain is caught at its sequence number")
    func inserted() throws {
        let result = try tampered { db in
            // Shift 5…10 up by one, forge 5, and recompute every hash after it (the best an attacker without the key can do).
            for sequence in stride(from: 10, through: 5, by: -1) {
                try db.execute(sql: "UPDATE events SET sequence = sequence + 1 WHERE sequence = ?", arguments: [sequence])
            }
            let keyID = try String.fetchOne(db, sql: "SELECT data_key_id FROM events WHERE sequence = 4")!
            try db.execute(sql: "INSERT INTO events VALUES (5, 0, 'prediction.generated', ?, ?, x'', x'')",
                           arguments: [keyID, Data(repeating: 0xAB, count: 60)])
            var previous = try Data.fetchOne(db, sql: "SELECT hash FROM events WHERE sequence = 4")!
            for row in try Row.fetchAll(db, sql: "SELECT * FROM events WHERE sequence >= 5 ORDER BY sequence") {
                let sequence: Int64 = row["sequence"]
                let timestamp: Int64 = row["timestamp_ms"]
                let hash = AuditLayout.recordHash(sequence: sequence, timestamp: timestamp, type: row["type"],
                                                  ciphertext: row["ciphertext"], previousHash: previous)
                try db.execute(sql: "UPDATE events SET prev_hash = ?, hash = ? WHERE sequence = ?", arguments: [previous, hash, sequence])
                previous = hash
            }
        }
        #expect(result.problem == AuditProblem(sequence: 5, reason: .payloadUnreadable))
    }

    @Test("a truncated tail is caught against the latest checkpoint")
    func truncated() throws {
        let result = try tampered { try $0.execute(sql: "DELETE FROM events WHERE sequence >= 9") }
        #expect(result.problem == AuditProblem(sequence: 9, reason: .truncated))
    }

    @Test("a forged checkpoint signature is caught")
    func forgedCheckpoint() throws {
        let result = try tampered { db in
            try db.execute(sql: "UPDATE checkpoints SET signature = ?", arguments: [Data(repeating: 1, count: 64)])
        }
        #expect(result.problem == AuditProblem(sequence: 10, reason: .checkpointSignature))
    }
}
