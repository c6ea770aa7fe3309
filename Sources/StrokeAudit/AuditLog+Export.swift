import Crypto
import Foundation
import GRDB

extension AuditLog {
    /// Exports records decrypted for the operator, streaming through a cursor
    /// (constant memory), and writes the signed manifest beside the file.
    /// Both files get mode 0600: they hold patient data. A checkpoint of the
    /// chain head is made first and the export event is logged afterwards.
    public func export(_ request: AuditExportRequest) throws -> AuditExportSummary {
        if let from = request.fromMs, let to = request.toMs, from > to { throw AuditError.invalidRange }
        let checkpoint = try self.checkpoint()
        let manifestURL = AuditExportRequest.manifestURL(for: request.file)
        let writer: HashingWriter
        do { writer = try HashingWriter(path: request.file.path) } catch { throw AuditError.exportWrite(request.file.path) }
        var count = 0
        var first: Int64 = 0, last: Int64 = 0
        var firstPrevious = AuditLayout.genesisHash, lastHash = AuditLayout.genesisHash
        try run {
            try queue.read { db in
                if request.format == .csv {
                    try writeOrFail(writer, request, "sequence,timestamp,time,type,assessment,payloadStatus,prevHash,hash,ciphertext,payload\n")
                }
                var keys: [String: SymmetricKey?] = [:]
                let cursor = try Row.fetchCursor(db, sql: """
                    SELECT e.sequence, e.timestamp_ms, e.type, e.data_key_id, e.ciphertext, e.prev_hash, e.hash,
                           k.master_key_id, k.wrapped, k.kind
                    FROM events e LEFT JOIN data_keys k ON k.id = e.data_key_id
                    WHERE e.sequence <= ? AND e.timestamp_ms >= ? AND e.timestamp_ms <= ?
                    ORDER BY e.sequence
                    """, arguments: [checkpoint.sequence, request.fromMs ?? Int64.min, request.toMs ?? Int64.max])
                while let row = try cursor.next() {
                    let sequence: Int64 = row[0]
                    let timestamp: Int64 = row[1]
                    let type: String = row[2]
                    let keyID: String = row[3]
                    let ciphertext: Data = row[4]
                    let previous: Data = row[5]
                    let hash: Data = row[6]
                    let kind: String? = row[9]
                    let key: SymmetricKey?
                    if let cached = keys[keyID] {
                        key = cached
                    } else {
                        let wrapped: Data? = row[8]
                        key = wrapped.flatMap { unwrap(id: keyID, masterID: row[7], wrapped: $0) }
                        if keys.count >= 4096 { keys.removeAll(keepingCapacity: true) }
                        keys[keyID] = .some(key)
                    }
                    var status = "erased"
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
                    let assessment = kind == "assessment" ? keyID : nil
                    let fields = ExportLine(sequence: sequence, timestamp: timestamp, type: type, assessment: assessment,
                                            status: status, previous: previous, hash: hash, ciphertext: ciphertext)
                    switch request.format {
                    case .jsonl: try writeOrFail(writer, request, fields.jsonPrefix, payload ?? Data("null".utf8), "}\n")
                    case .csv: try writeOrFail(writer, request, fields.csvPrefix, payload.map(ExportLine.csvQuoted) ?? Data(), "\n")
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
        }
        let digest: Data
        do { digest = try writer.finish() } catch { throw AuditError.exportWrite(request.file.path) }
        let message = AuditLayout.exportMessage(exportSHA256: digest, first: first, last: last, firstPreviousHash: firstPrevious,
                                                lastHash: lastHash, checkpointSequence: checkpoint.sequence,
                                                checkpointHash: checkpoint.headHash)
        let signature = try keyring.signingKey.signature(for: message)
        let manifest = AuditManifest(
            exportFormat: request.format.rawValue, file: request.file.lastPathComponent, sha256: Hex.encode(digest),
            count: count, first: first, last: last, firstPreviousHash: Hex.encode(firstPrevious), lastHash: Hex.encode(lastHash),
            fromMs: request.fromMs, toMs: request.toMs, checkpoint: checkpoint,
            exportSignature: signature, createdMs: Clock.nowMs(), disclaimer: request.disclaimer)
        do {
            let file = try PosixFile(creating: manifestURL.path, exclusive: false)
            try file.write(Data(manifest.json.utf8))
            try file.syncAndClose()
        } catch {
            throw AuditError.exportWrite(manifestURL.path)
        }
        let event = "{\"format\":\"\(request.format.rawValue)\",\"records\":\(count),\"first\":\(first),\"last\":\(last),"
            + "\"sha256\":\"\(Hex.encode(digest))\",\"checkpoint\":\(checkpoint.sequence)}"
        try append(.exported, payload: Data(event.utf8))
        return AuditExportSummary(records: count, first: first, last: last, sha256: Hex.encode(digest),
                                  manifest: manifestURL, checkpoint: checkpoint)
    }

    private func writeOrFail(_ writer: HashingWriter, _ request: AuditExportRequest, _ parts: Any...) throws {
        do {
            for part in parts {
                if let text = part as? String { try writer.write(text) } else if let data = part as? Data { try writer.write(data) }
            }
        } catch let error as PosixFile.PosixError where error.isDiskFull {
            throw AuditError.diskFull(request.file.path)
        } catch {
            throw AuditError.exportWrite(request.file.path)
        }
    }
}

/// The fixed fields of one exported record, in their documented order.
struct ExportLine {
    let sequence: Int64, timestamp: Int64
    let type: String
    let assessment: String?
    let status: String
    let previous: Data, hash: Data, ciphertext: Data

    /// `{"sequence":…,…,"ciphertext":"…","payload":` (the payload and `}` follow).
    var jsonPrefix: String {
        "{\"sequence\":\(sequence),\"timestamp\":\(timestamp),\"time\":\"\(UTCTime.iso(timestamp))\",\"type\":\(JSONText.quote(type)),"
            + "\"assessment\":\(assessment.map(JSONText.quote) ?? "null"),\"payloadStatus\":\"\(status)\","
            + "\"prevHash\":\"\(Hex.encode(previous))\",\"hash\":\"\(Hex.encode(hash))\","
            + "\"ciphertext\":\"\(ciphertext.base64EncodedString())\",\"payload\":"
    }

    /// The CSV fields up to and including the comma before the payload.
    var csvPrefix: String {
        "\(sequence),\(timestamp),\(UTCTime.iso(timestamp)),\(type),\(assessment ?? ""),\(status),"
            + "\(Hex.encode(previous)),\(Hex.encode(hash)),\(ciphertext.base64EncodedString()),"
    }

    /// A CSV field in double quotes with inner quotes doubled.
    static func csvQuoted(_ data: Data) -> Data {
        var out = Data([UInt8(ascii: "\"")])
        for byte in data {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
