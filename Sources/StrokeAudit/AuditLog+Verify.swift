import AuditFormat
import Crypto
import Foundation
import GRDB

extension AuditLog {
    /// Verifies the whole chain, every payload that is not erased, every
    /// checkpoint, the signed heads (database, head file and an optional
    /// external one) and every erased key, in one read snapshot. Reports the
    /// first bad sequence number (the smallest of all chain problems found);
    /// head problems are looked for only in an intact chain.
    /// - Parameter external: a head kept outside the device (`audit verify --against`).
    public func verify(against external: AuditHead? = nil) throws -> AuditVerification {
        try run {
            try queue.read { db in
                var result = AuditVerification()
                let heads = try HeadSources(db: db, file: headFile.read(), external: external)
                var scan = HeadScan(anchors: heads.sequences)
                var problems: [AuditProblem] = []
                // Checkpoints are few: keep them by sequence.
                var expectedHeads: [Int64: [Data]] = [:]
                let trusted = keyring.trustedPublicKeys
                var highestCheckpoint: Int64 = 0
                for row in try Row.fetchAll(db, sql: "SELECT * FROM checkpoints ORDER BY id") {
                    let checkpoint = Self.checkpoint(row)
                    result.checkpoints += 1
                    if !trusted.contains(checkpoint.publicKey) || !checkpoint.isValid(publicKey: checkpoint.publicKey) {
                        problems.append(AuditProblem(sequence: checkpoint.sequence, reason: .checkpointSignature))
                    }
                    expectedHeads[checkpoint.sequence, default: []].append(checkpoint.headHash)
                    highestCheckpoint = max(highestCheckpoint, checkpoint.sequence)
                }
                if let zero = expectedHeads[0], zero.contains(where: { $0 != AuditLayout.genesisHash }) {
                    problems.append(AuditProblem(sequence: 0, reason: .checkpointMismatch))
                }
                var keys: [String: SymmetricKey?] = [:]
                let keyStatement = try db.cachedStatement(sql: "SELECT master_key_id, wrapped FROM data_keys WHERE id = ?")
                var expected: Int64 = 1
                var previous = AuditLayout.genesisHash
                let cursor = try Row.fetchCursor(db, sql: """
                    SELECT sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash FROM events ORDER BY sequence
                    """)
                scan: while let row = try cursor.next() {
                    let sequence: Int64 = row[0]
                    if sequence != expected {
                        problems.append(AuditProblem(sequence: expected, reason: .missingRecord))
                        break scan
                    }
                    let timestamp: Int64 = row[1]
                    let type: String = row[2]
                    let ciphertext: Data = row[4]
                    let storedPrevious: Data = row[5]
                    let storedHash: Data = row[6]
                    if storedPrevious != previous {
                        problems.append(AuditProblem(sequence: sequence, reason: .brokenLink))
                        break scan
                    }
                    let header = AuditLayout.header(sequence: sequence, timestamp: timestamp, type: type)
                    let hash = AuditLayout.recordHash(header: header, ciphertext: ciphertext, previousHash: previous)
                    if hash != storedHash {
                        problems.append(AuditProblem(sequence: sequence, reason: .hashMismatch))
                        break scan
                    }
                    let keyID: String = row[3]
                    let key: SymmetricKey?
                    if let cached = keys[keyID] {
                        key = cached
                    } else {
                        let keyRow = try Row.fetchOne(keyStatement, arguments: [keyID])
                        let wrapped: Data? = keyRow?[1]
                        let present = keyRow != nil
                        if let keyRow, let wrapped {
                            key = unwrap(id: keyID, masterID: keyRow[0], wrapped: wrapped)
                            if key == nil {
                                problems.append(AuditProblem(sequence: sequence, reason: .payloadUnreadable))
                                break scan
                            }
                        } else if present {
                            key = nil  // erased
                        } else {
                            problems.append(AuditProblem(sequence: sequence, reason: .payloadUnreadable))
                            break scan
                        }
                        if keys.count >= 4096 { keys.removeAll(keepingCapacity: true) }  // bounded memory
                        keys[keyID] = .some(key)
                    }
                    if let key {
                        var aad = header
                        aad.append(previous)
                        guard let box = try? AES.GCM.SealedBox(combined: ciphertext),
                              let plain = try? AES.GCM.open(box, using: key, authenticating: aad) else {
                            problems.append(AuditProblem(sequence: sequence, reason: .payloadUnreadable))
                            break scan
                        }
                        scan.read(sequence: sequence, type: type, payload: plain)
                    } else {
                        result.erasedRecords += 1
                        scan.erased(key: keyID, sequence: sequence)
                    }
                    scan.passed(sequence: sequence, hash: hash)
                    if let heads = expectedHeads[sequence], heads.contains(where: { $0 != hash }) {
                        problems.append(AuditProblem(sequence: sequence, reason: .checkpointMismatch))
                        break scan
                    }
                    previous = hash
                    result.records += 1
                    result.headSequence = sequence
                    expected += 1
                }
                if problems.isEmpty, highestCheckpoint > result.headSequence {
                    problems.append(AuditProblem(sequence: result.headSequence + 1,
                                                 reason: result.headSequence == 0 ? .emptyWithHead : .truncated))
                }
                if problems.isEmpty, let problem = try checkHeads(db, heads, scan, &result) { problems.append(problem) }
                result.problem = problems.min { $0.sequence < $1.sequence }
                return result
            }
        }
    }
}
