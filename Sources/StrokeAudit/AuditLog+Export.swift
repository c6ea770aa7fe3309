import AuditFormat
import Crypto
import Foundation
import GRDB
import OutputFiles
import StrokeJSON

extension AuditLog {
    /// Exports records decrypted for the operator, streaming through a cursor
    /// (constant memory), and writes the signed manifest beside the file.
    /// Both files get mode 0600: they hold patient data. Both are written as
    /// `OutputFile`s: an existing file or a symbolic link is refused unless
    /// `request.force`, and a failure leaves neither behind. A checkpoint of
    /// the chain head is made first and the export event is logged afterwards.
    /// - Throws: `OutputFileError` when a file is refused or cannot be written
    ///   (`.diskFull` when the disk is full), else `AuditError`.
    public func export(_ request: AuditExportRequest) throws -> AuditExportSummary {
        if let from = request.fromMs, let to = request.toMs, from > to { throw AuditError.invalidRange }
        let manifestURL = AuditExportRequest.manifestURL(for: request.file)
        // Both files are checked before anything is written or logged.
        try OutputFile.preflight(path: manifestURL.path, force: request.force, existing: .refuseUnlessForced)
        let writer = try HashingWriter(path: request.file.path, force: request.force)
        let (checkpoint, head) = try checkpointWithHead()
        var count = 0
        var first: Int64 = 0, last: Int64 = 0
        var firstPrevious = AuditLayout.genesisHash, lastHash = AuditLayout.genesisHash
        do {
            try queue.read { db in
                if request.format == .csv {
                    try writer.append { $0.append(contentsOf: ExportLine.csvHeader.utf8) }
                }
                /// A data key (nil when erased or missing) and whether it belongs to an assessment.
                struct CachedKey { let key: SymmetricKey?; let isAssessment: Bool; let erased: Bool }
                var keys: [String: CachedKey] = [:]
                var clock = ISOClock()
                let keyStatement = try db.cachedStatement(sql: "SELECT master_key_id, wrapped, kind FROM data_keys WHERE id = ?")
                let cursor = try Row.fetchCursor(db, sql: """
                    SELECT sequence, timestamp_ms, type, data_key_id, ciphertext, prev_hash, hash FROM events
                    WHERE sequence <= ? AND timestamp_ms >= ? AND timestamp_ms <= ? ORDER BY sequence
                    """, arguments: [checkpoint.sequence, request.fromMs ?? Int64.min, request.toMs ?? Int64.max])
                while let row = try cursor.next() {
                    let sequence: Int64 = row[0]
                    let timestamp: Int64 = row[1]
                    let type: String = row[2]
                    let keyID: String = row[3]
                    let ciphertext: Data = row[4]
                    let previous: Data = row[5]
                    let hash: Data = row[6]
                    let cached: CachedKey
                    if let hit = keys[keyID] {
                        cached = hit
                    } else {
                        let keyRow = try Row.fetchOne(keyStatement, arguments: [keyID])
                        let wrapped: Data? = keyRow?[1]
                        let kind: String? = keyRow?[2]
                        cached = CachedKey(key: wrapped.flatMap { unwrap(id: keyID, masterID: keyRow?[0] ?? "", wrapped: $0) },
                                           isAssessment: kind == "assessment", erased: keyRow != nil && wrapped == nil)
                        if keys.count >= 4096 { keys.removeAll(keepingCapacity: true) }
                        keys[keyID] = cached
                    }
                    let key = cached.key
                    var status = cached.erased ? "erased" : "unreadable"
                    var payload: Data?
                    if let key {
                        let aad = AuditLayout.associatedData(sequence: sequence, timestamp: timestamp, type: type, previousHash: previous)
                        if let box = try? AES.GCM.SealedBox(combined: ciphertext),
                           let plain = try? AES.GCM.open(box, using: key, authenticating: aad) {
                            payload = plain
                            status = "ok"
                        } else {
                            status = "unreadable"
                        }
                    }
                    let assessment = cached.isAssessment ? keyID : nil
                    let fields = ExportLine(sequence: sequence, timestamp: timestamp, type: type, assessment: assessment,
                                            status: status, previous: previous, hash: hash, ciphertext: ciphertext)
                    try writer.append { out in
                        switch request.format {
                        case .jsonl: fields.writeJSON(payload: payload, to: &out, clock: &clock)
                        case .csv: fields.writeCSV(payload: payload, to: &out, clock: &clock)
                        }
                    }
                    if count == 0 {
                        first = sequence
                        firstPrevious = previous
                    }
                    last = sequence
                    lastHash = hash
                    count += 1
                }
            }
        } catch let error as OutputFileError {
            throw error
        } catch {
            writer.discard()
            throw AuditDatabase.translate(error, path: path)
        }
        let digest = try writer.finish()
        let message = AuditLayout.exportMessageV2(exportSHA256: digest, first: first, last: last, firstPreviousHash: firstPrevious,
                                                  lastHash: lastHash, checkpointSequence: checkpoint.sequence,
                                                  checkpointHash: checkpoint.headHash, logID: head.logID, headSignature: head.signature)
        let signature = try keyring.signingKey.signature(for: message)
        let manifest = AuditManifest(
            exportFormat: request.format.rawValue, file: request.file.lastPathComponent, sha256: Hex.encode(digest),
            count: count, first: first, last: last, firstPreviousHash: Hex.encode(firstPrevious), lastHash: Hex.encode(lastHash),
            fromMs: request.fromMs, toMs: request.toMs, checkpoint: checkpoint, head: head,
            exportSignature: signature, createdMs: clock.nowMs, disclaimer: request.disclaimer)
        // Both files are complete before either is moved into place.
        let manifestFile = try OutputFile(path: manifestURL.path, force: request.force, existing: .refuseUnlessForced)
        try manifestFile.write(manifest.json)
        try writer.commit()
        try manifestFile.commit()
        let event = JSONValue.object([
            ("format", .string(request.format.rawValue)), ("records", .integer(count)), ("first", .integer(Int(first))),
            ("last", .integer(Int(last))), ("sha256", .string(Hex.encode(digest))), ("checkpoint", .integer(Int(checkpoint.sequence))),
        ])
        try append(.exported, payload: Data(event.serializedBytes()))
        return AuditExportSummary(records: count, first: first, last: last, sha256: Hex.encode(digest),
                                  manifest: manifestURL, checkpoint: checkpoint, head: head)
    }

}
